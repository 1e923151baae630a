import { accessPatterns } from '../../store/access-patterns.js';
import type { UseCaseContext } from '../context.js';
import { listPage, type PageRequest } from '../pagination.js';
import { TOKEN_TEMPLATES } from './templates.js';
import { asToken, loadToken, tokenView } from './token-record.js';

/**
 * Token use cases (Beta, DESIGN.md 11). Creating a token stores it PENDING_DEPLOYMENT with its DEPLOY_TOKEN
 * transaction; every operation is a transaction of the one state machine, signed by the token's admin wallet and
 * decided by the token's approval policy (or, without one, the admin vault's policies). What their ends do to the
 * token is ./token-effects.ts.
 *
 * The reads are here; creating a token and submitting its operations (transactions: the policies, the spend
 * allowances, the state machine) are ./token-submissions.ts, a lazy chunk of the tokens function
 * (functions/tokens/submissions.ts) that the reads never load.
 */
export const listTemplates = () => ({ templates: TOKEN_TEMPLATES.map((t) => ({ ...t, parameters: [...t.parameters], operations: [...t.operations] })) });

export async function getToken(ctx: Pick<UseCaseContext, 'store' | 'principal'>, tokenId: string) {
  return tokenView(await loadToken(ctx.store, ctx.principal.tenantId, tokenId));
}

export async function listTokens(ctx: Pick<UseCaseContext, 'store' | 'principal' | 'cursors'>, req: PageRequest) {
  const out = await listPage(ctx, { name: 'tokens', pattern: accessPatterns.tokensOfTenant(ctx.principal.tenantId) }, req);
  return { tokens: out.items.map((i) => tokenView(asToken(i))), next_cursor: out.next_cursor };
}
