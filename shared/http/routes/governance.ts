import { defineRoutes } from '../route.js';
import { IdParam } from '../../schemas/common.js';
import { Change, ChangeList, ChangeListQuery, DecideChangeBody, GovernanceSettings, UpdateGovernanceBody } from '../../schemas/governance.js';

/** Governance: the tenant's admin quorum and the changes waiting for it (docs/governance.md). */
export const governanceRoutes = defineRoutes({
  getGovernance: {
    operationId: 'getGovernance', family: 'governance', method: 'GET', path: '/v1/governance', tag: 'governance', auth: 'credential',
    permissions: ['tenants:read'], summary: 'Get the governance settings', description: "The tenant's governance settings: the admin quorum and how long a change waits for it.",
    success: { status: 200, schema: GovernanceSettings },
  },
  updateGovernance: {
    operationId: 'updateGovernance', family: 'governance', method: 'PUT', path: '/v1/governance', tag: 'governance', auth: 'credential',
    permissions: ['tenants:update'], summary: 'Set the quorum', description: 'Raising the quorum applies at once; anything else needs the current quorum (docs/governance.md).',
    body: UpdateGovernanceBody, success: { status: 200, schema: GovernanceSettings }, deferrable: true,
    errors: ['VALIDATION'],
  },
  listChanges: {
    operationId: 'listChanges', family: 'governance', method: 'GET', path: '/v1/changes', tag: 'governance', auth: 'credential',
    permissions: ['tenants:read'], summary: 'List governance changes', description: 'Governance changes, newest first; filter on `status`.',
    query: ChangeListQuery, success: { status: 200, schema: ChangeList }, errors: ['INVALID_PAGINATION'],
  },
  getChange: {
    operationId: 'getChange', family: 'governance', method: 'GET', path: '/v1/changes/{id}', tag: 'governance', auth: 'credential',
    permissions: ['tenants:read'], summary: 'Get a governance change', description: 'A governance change with its diff and approvals (404 when unknown).',
    params: IdParam, success: { status: 200, schema: Change }, errors: ['VAULT_NOT_FOUND'],
  },
  approveChange: {
    operationId: 'approveChange', family: 'governance', method: 'POST', path: '/v1/changes/{id}/approve', tag: 'governance', auth: 'credential',
    permissions: ['tenants:approve'],
    summary: 'Approve a change',
    description: 'Approve a pending change; the approval reaching the quorum applies it (APPLIED), or records why it could not (FAILED). Each admin counts once (the requester already has): approving twice is 409 1301. A decided or expired change is 409 1301.',
    params: IdParam, body: DecideChangeBody, success: { status: 200, schema: Change }, errors: ['VAULT_NOT_FOUND', 'TX_INVALID_STATE'],
  },
  rejectChange: {
    operationId: 'rejectChange', family: 'governance', method: 'POST', path: '/v1/changes/{id}/reject', tag: 'governance', auth: 'credential',
    permissions: ['tenants:approve'], summary: 'Reject a change', description: 'Reject a pending change (any admin, the requester included): it never applies.',
    params: IdParam, body: DecideChangeBody, success: { status: 200, schema: Change }, errors: ['VAULT_NOT_FOUND', 'TX_INVALID_STATE'],
  },
});
