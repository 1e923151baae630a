import { apiHandler, useCaseContext } from '../../shared/http/api-handler.js';
import { tokenRoutes } from '../../shared/http/routes/tokens.js';
import { loadOnce } from '../../shared/domain/load-once.js';
import { getToken, listTemplates, listTokens } from '../../shared/domain/tokens/tokens.js';
import { nativeProfileFromConfig } from '../../shared/domain/assets/asset-record.js';
import type { TokenOperation } from '../../shared/domain/tokens/templates.js';
import type { ApiError } from '../../shared/errors/catalog.js';

/*
 * Two lazy chunks, each loaded by the first request of its routes (a failed load fails that request and is not kept):
 *  - ./submissions.ts, the writes (create, operations, allowlist changes): each submits a transaction;
 *  - ./allowlist.ts, the chain client and viem's log decoding: the only route that reads the chain.
 * The templates and the token reads load neither.
 */
const submissions = loadOnce(() => import('./submissions.js'));
const allowlist = loadOnce(() => import('./allowlist.js'));

/** Tokens (Beta): templates, tokens, their operations and allowlists; every change is a transaction. */
const accepted = (tokenId: string, operation: TokenOperation, r: { transaction?: unknown; error?: ApiError }) => ({
  body: r.transaction ? { tokenId, operation, transaction: r.transaction } : undefined,
  error: r.error,
});

/** Submits an operation of the token (the writes' chunk) and answers it as accepted. */
async function operation(req: Parameters<typeof useCaseContext>[0], tokenId: string, op: Exclude<TokenOperation, 'DEPLOY_TOKEN'>, params: Record<string, unknown>) {
  const { submitOperation } = await submissions();
  return accepted(tokenId, op, await submitOperation(useCaseContext(req), tokenId, op, params));
}

export const handler = apiHandler(tokenRoutes, {
  listTokenTemplates: async () => ({ body: listTemplates() }),
  createToken: async (req) => {
    const { createToken } = await submissions();
    // The native asset's symbol from the settings (no chain profile: no ML-DSA in this function).
    const r = await createToken(useCaseContext(req), nativeProfileFromConfig(req.services.config), req.body);
    return { body: r.error ? undefined : { token: r.token, transaction: r.transaction }, error: r.error };
  },
  listTokens: async (req) => ({ body: await listTokens(useCaseContext(req), req.query) }),
  getToken: async (req) => ({ body: await getToken(useCaseContext(req), req.params.tokenId) }),
  submitTokenOperation: async (req) => operation(req, req.params.tokenId, req.body.operation, req.body.params),
  getTokenAllowlist: async (req) => {
    const { readAllowlist } = await allowlist();
    return { body: await readAllowlist(useCaseContext(req), req.services.chain, req.services.config.CUSTODY_CONFIRMATION_DEPTH, req.params.tokenId) };
  },
  addToAllowlist: async (req) => operation(req, req.params.tokenId, 'ALLOWLIST_ADD', { address: req.body.address }),
  removeFromAllowlist: async (req) => operation(req, req.params.tokenId, 'ALLOWLIST_REMOVE', { address: req.params.address }),
});
