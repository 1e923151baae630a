import { defineRoutes } from '../route.js';
import { policyVersionRead } from '../../domain/transactions/submission-reads.js';
import { Allowlist, TokenIdParam, TokenAddressParam, AllowlistBody, CreateTokenBody, Token, TokenCreated, TokenList, TokenListQuery, TokenOperationAccepted, TokenOperationBody, TokenTemplateList } from '../../schemas/tokens.js';

/** Tokens (Beta, DESIGN.md 11; docs/tokens.md): every route is marked Beta in its summary and description. */
const BETA = 'Beta: token management may change in a minor version (docs/tokens.md).';
const OPERATION_ERRORS = ['VALIDATION', 'INVALID_ADDRESS', 'INVALID_AMOUNT', 'AMOUNT_OVERFLOW', 'POLICY_DENIED', 'TX_INVALID_STATE', 'VAULT_NOT_FOUND'] as const;

export const tokenRoutes = defineRoutes({
  listTokenTemplates: {
    operationId: 'listTokenTemplates', family: 'tokens', method: 'GET', path: '/v1/token-templates', tag: 'tokens', auth: 'credential',
    permissions: ['tokens:read'], summary: '(Beta) List token templates', description: `The token templates: ERC20 and ERC20_PERMISSIONED, their parameters and operations. ${BETA}`,
    success: { status: 200, schema: TokenTemplateList },
  },
  createToken: {
    operationId: 'createToken', family: 'tokens', method: 'POST', path: '/v1/tokens', tag: 'tokens', auth: 'credential',
    permissions: ['tokens:create'],
    summary: '(Beta) Deploy a token',
    description: `Create a token: stored PENDING_DEPLOYMENT with its DEPLOY_TOKEN transaction (policy, approvals, signing by the admin wallet). ${BETA}`, body: CreateTokenBody, success: { status: 202, schema: TokenCreated }, readsFirst: policyVersionRead,
    errors: ['VALIDATION', 'INVALID_AMOUNT', 'AMOUNT_OVERFLOW', 'DUPLICATE_EXTERNAL_ID', 'POLICY_DENIED', 'TX_INVALID_STATE', 'VAULT_NOT_FOUND'],
  },
  listTokens: {
    operationId: 'listTokens', family: 'tokens', method: 'GET', path: '/v1/tokens', tag: 'tokens', auth: 'credential',
    permissions: ['tokens:read'], summary: '(Beta) List tokens', description: `List the tenant's tokens, oldest first. ${BETA}`,
    query: TokenListQuery, success: { status: 200, schema: TokenList }, errors: ['INVALID_PAGINATION'],
  },
  getToken: {
    operationId: 'getToken', family: 'tokens', method: 'GET', path: '/v1/tokens/{tokenId}', tag: 'tokens', auth: 'credential',
    permissions: ['tokens:read'], summary: '(Beta) Get a token', description: `Get a token (404 1400 when unknown or another tenant's). ${BETA}`,
    params: TokenIdParam, success: { status: 200, schema: Token }, errors: ['VAULT_NOT_FOUND'],
  },
  submitTokenOperation: {
    operationId: 'submitTokenOperation', family: 'tokens', method: 'POST', path: '/v1/tokens/{tokenId}/operations', tag: 'tokens', auth: 'credential',
    permissions: ['tokens:execute'], summary: '(Beta) Submit a token operation',
    description: `Submit a token operation (MINT, BURN, TRANSFER, GRANT_ROLE, REVOKE_ROLE, PAUSE, UNPAUSE, FREEZE, UNFREEZE, UPDATE_COMPLIANCE) as a transaction. ${BETA}`, params: TokenIdParam, body: TokenOperationBody, success: { status: 202, schema: TokenOperationAccepted }, errors: OPERATION_ERRORS, readsFirst: policyVersionRead,
  },
  getTokenAllowlist: {
    operationId: 'getTokenAllowlist', family: 'tokens', method: 'GET', path: '/v1/tokens/{tokenId}/allowlist', tag: 'tokens', auth: 'credential',
    permissions: ['tokens:read'], summary: '(Beta) Get a token\'s allowlist', description: `The allowlist of a permissioned token, as its contract's AllowlistUpdated logs say (refreshed on read). ${BETA}`,
    params: TokenIdParam, success: { status: 200, schema: Allowlist }, errors: ['VALIDATION', 'TX_INVALID_STATE', 'VAULT_NOT_FOUND'],
  },
  addToAllowlist: {
    operationId: 'addToAllowlist', family: 'tokens', method: 'POST', path: '/v1/tokens/{tokenId}/allowlist', tag: 'tokens', auth: 'credential',
    permissions: ['tokens:execute'], summary: '(Beta) Add to a token\'s allowlist', description: `Allow an address: an ALLOWLIST_ADD transaction. ${BETA}`,
    params: TokenIdParam, body: AllowlistBody, success: { status: 202, schema: TokenOperationAccepted }, errors: OPERATION_ERRORS,
  },
  removeFromAllowlist: {
    operationId: 'removeFromAllowlist', family: 'tokens', method: 'DELETE', path: '/v1/tokens/{tokenId}/allowlist/{address}', tag: 'tokens', auth: 'credential',
    permissions: ['tokens:execute'], summary: '(Beta) Remove from a token\'s allowlist', description: `Remove an address: an ALLOWLIST_REMOVE transaction. ${BETA}`,
    params: TokenAddressParam, success: { status: 202, schema: TokenOperationAccepted }, errors: OPERATION_ERRORS,
  },
});
