import { defineRoutes } from '../route.js';
import { CreatePolicyBody, Policy, PolicyEvaluation, PolicyIdParam, PolicyList, PolicyListQuery, UpdatePolicyBody } from '../../schemas/policies.js';
import { CreateTransferBody } from '../../schemas/transactions.js';

const RULES_DOC =
  'Rules: MAX_AMOUNT {value, asset_id?}, REQUIRE_APPROVAL {value ("2" or 2, 1..10), above?, asset_id?}, WHITELIST_ADDRESS {addresses} or {entry_ids} (address-book entries), ' +
  'BLACKLIST_ADDRESS {addresses}, TIME_WINDOW {days?, start?, end?, time_zone?}, DAILY_LIMIT {value, scope? (vault|wallet), time_zone?, asset_id?}, ' +
  'VELOCITY_COUNT {value (1..1000000), window_seconds (60..604800), scope? (vault|wallet)}, ADDRESS_BOOK_ONLY {}. ' +
  'Anything wrong inside `rules` (unknown type, unknown or missing member, malformed value, an `asset_id` that is not an asset of the tenant) is 400 1100. See docs/policies.md.';

export const policyRoutes = defineRoutes({
  createPolicy: {
    operationId: 'createPolicy', family: 'policies', method: 'POST', path: '/v1/policies', tag: 'policies', auth: 'credential',
    permissions: ['policies:create'], summary: 'Create a policy',
    description: `Attach a policy (a rule set) to a vault. ${RULES_DOC} Unknown vault: 404 1400; archived vault: 409 1301.`,
    body: CreatePolicyBody, deferrable: true, success: { status: 201, schema: Policy },
    errors: ['VALIDATION', 'MISSING_FIELD', 'STRING_TOO_LONG', 'VAULT_NOT_FOUND', 'TX_INVALID_STATE'],
  },
  listPolicies: {
    operationId: 'listPolicies', family: 'policies', method: 'GET', path: '/v1/policies', tag: 'policies', auth: 'credential',
    permissions: ['policies:read'], summary: 'List policies', description: 'List the tenant\'s policies in creation order, or one vault\'s (vault_id).',
    query: PolicyListQuery, success: { status: 200, schema: PolicyList },
    errors: ['INVALID_PAGINATION', 'VAULT_NOT_FOUND'],
  },
  getPolicy: {
    operationId: 'getPolicy', family: 'policies', method: 'GET', path: '/v1/policies/{id}', tag: 'policies', auth: 'credential',
    permissions: ['policies:read'], summary: 'Get a policy', description: 'Get a policy.',
    params: PolicyIdParam, success: { status: 200, schema: Policy }, errors: ['VAULT_NOT_FOUND'],
  },
  updatePolicy: {
    operationId: 'updatePolicy', family: 'policies', method: 'PUT', path: '/v1/policies/{id}', tag: 'policies', auth: 'credential',
    permissions: ['policies:update'], summary: 'Update a policy',
    description: `Replace the rule set of a policy (and its name when given). ${RULES_DOC} Transactions already submitted keep the decision made under the old rules.`,
    params: PolicyIdParam, body: UpdatePolicyBody, deferrable: true, success: { status: 200, schema: Policy },
    errors: ['VALIDATION', 'MISSING_FIELD', 'STRING_TOO_LONG', 'VAULT_NOT_FOUND'],
  },
  evaluatePolicies: {
    operationId: 'evaluatePolicies', family: 'policies', method: 'POST', path: '/v1/policies/evaluate', tag: 'policies', auth: 'credential',
    permissions: ['policies:read'], summary: 'Dry-run a transfer',
    description: 'What a transfer would be answered now (allow, approvals, deny with its code), with every rule explained. Takes a create-transfer body. Nothing is stored and no DAILY_LIMIT or VELOCITY_COUNT is reserved; the decision is the one POST /v1/transactions would make now. See docs/policies.md, "Dry run".',
    body: CreateTransferBody, success: { status: 200, schema: PolicyEvaluation },
    errors: ['MISSING_FIELD', 'INVALID_ADDRESS', 'INVALID_AMOUNT', 'AMOUNT_OVERFLOW', 'TX_INVALID_STATE', 'VAULT_NOT_FOUND'],
  },
  deletePolicy: {
    operationId: 'deletePolicy', family: 'policies', method: 'DELETE', path: '/v1/policies/{id}', tag: 'policies', auth: 'credential',
    permissions: ['policies:delete'], summary: 'Delete a policy', description: 'Delete a policy (204); later submissions no longer see it.',
    params: PolicyIdParam, deferrable: true, success: { status: 204, schema: null }, errors: ['VAULT_NOT_FOUND'],
  },
});
