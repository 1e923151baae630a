import { runGoverned } from '../domain/governance/changes.js';
import type { ChangeCommand } from '../domain/governance/commands.js';
import { useCaseContext, type ApiRequest, type ApiResult } from './api-handler.js';
import type { RouteDef } from './route.js';

/**
 * The answer of a governed route (`deferrable`): the operation's own answer when it applied at once, or 202 with the
 * pending change when it waits for the tenant's admin quorum (`pending` adds to it what only the requester is shown
 * once, such as a credential's secret).
 */
export async function governed(
  req: ApiRequest<RouteDef & { auth: 'credential' }>,
  command: ChangeCommand,
  applied: (result: unknown) => ApiResult = (body) => ({ body }),
  pending: (change: object) => object = (change) => change,
): Promise<ApiResult> {
  const out = await runGoverned(useCaseContext(req), { config: req.deps.config }, command);
  return out.applied ? applied(out.result) : { status: 202, body: pending(out.change) };
}
