import { API_PORTS } from '../../shared/composition/api.js';
import { lazyDeps, onDemand, type DepsOf } from '../../shared/composition/deps.js';
import { spendAllowancesFrom } from '../../shared/composition/spend-allowances.js';
import { apiHandler, submissionContext, useCaseContext } from '../../shared/http/api-handler.js';
import { tokenRoutes } from '../../shared/http/routes/tokens.js';
import {
  createToken,
  getToken,
  listTemplates,
  listTokens,
  submitOperation,
} from '../../shared/domain/tokens/tokens.js';
import { nativeProfileFromConfig } from '../../shared/domain/assets/asset-record.js';
import type { TokenOperation } from '../../shared/domain/tokens/templates.js';
import type { SubmissionContext } from '../../shared/domain/transactions/submit-transfer.js';

/** Tokens (Beta): templates, tokens, their operations and allowlists; every change is a transaction. */
/** Submits an operation on a token and answers the transaction it became, or the error to answer once committed. */
const operate = async (
  ctx: SubmissionContext,
  tokenId: string,
  operation: Exclude<TokenOperation, 'DEPLOY_TOKEN'>,
  params: Record<string, unknown>,
) => {
  const r = await submitOperation(ctx, tokenId, operation, params);
  return { body: r.transaction ? { tokenId, operation, transaction: r.transaction } : undefined, error: r.error };
};

export const ports = {
  ...API_PORTS,
  spendAllowances: spendAllowancesFrom,
  // The allowlist read alone reads the chain: the chain client is in its lazy chunk (./allowlist.ts).
  loadChain: onDemand(async () => (await import('./allowlist.js')).chain),
};

export const makeHandler = (deps: DepsOf<typeof ports>) =>
  apiHandler(
    tokenRoutes,
    {
      listTokenTemplates: async () => ({ body: listTemplates() }),
      createToken: async (req) => {
        // The native asset's symbol from the settings (no chain profile: no ML-DSA in this function).
        const r = await createToken(submissionContext(req), nativeProfileFromConfig(req.deps.config), req.body);
        return { body: r.error ? undefined : { token: r.token, transaction: r.transaction }, error: r.error };
      },
      listTokens: async (req) => ({ body: await listTokens(useCaseContext(req), req.query) }),
      getToken: async (req) => ({ body: await getToken(useCaseContext(req), req.params.tokenId) }),
      submitTokenOperation: (req) =>
        operate(submissionContext(req), req.params.tokenId, req.body.operation, req.body.params),
      getTokenAllowlist: async (req) => {
        // A lazy chunk with the chain client and viem's log decoding (./allowlist.ts): the only route that reads the chain.
        const { readAllowlist } = await import('./allowlist.js');
        return {
          body: await readAllowlist(
            useCaseContext(req),
            await req.deps.loadChain(),
            req.deps.config.CUSTODY_CONFIRMATION_DEPTH,
            req.params.tokenId,
          ),
        };
      },
      addToAllowlist: (req) =>
        operate(submissionContext(req), req.params.tokenId, 'ALLOWLIST_ADD', { address: req.body.address }),
      removeFromAllowlist: (req) =>
        operate(submissionContext(req), req.params.tokenId, 'ALLOWLIST_REMOVE', { address: req.params.address }),
    },
    deps,
  );

export const handler = makeHandler(lazyDeps(ports));
