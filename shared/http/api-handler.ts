import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import type { UseCaseContext } from '../domain/context.js';
import type { SubmissionContext } from '../domain/transactions/submit-transfer.js';
import type { SpendAllowances } from '../domain/policies/spend-allowance.js';
import { runWithRequestContext } from '../observability/request-context.js';
import type { RouteDef } from './route.js';
import { respond } from './pipeline/respond.js';
import { parse } from './pipeline/parse.js';
import { authenticate } from './pipeline/authenticate.js';
import { limit } from './pipeline/limit.js';
import { authorize } from './pipeline/authorize.js';
import { idempotency } from './pipeline/idempotency.js';
import { validate } from './pipeline/validate.js';
import { execute } from './pipeline/execute.js';
import type { ApiContext, ApiDeps, ApiRequest, Implementation, Implementations } from './pipeline/types.js';

export type { ApiDeps, ApiRequest, ApiResult, Implementation, Implementations } from './pipeline/types.js';
export { withOwnFragment } from './pipeline/respond.js';

/**
 * Builds the Lambda handler of one family from its route declarations and their implementations: the request pipeline
 * every API function uses, one middy chain of the stages in shared/http/pipeline/ (README.md there), in this order.
 * Idempotency comes after permission and before validation, so a validation error is part of the key's history too.
 * `deps` are the function's ports (its entry's `ports`, shared/composition/deps.ts): the stages use those of
 * `API_PORTS`, the implementations receive them all as `req.deps`.
 */
export function apiHandler<T extends Record<string, RouteDef>, D extends ApiDeps>(
  routes: T,
  impls: NoInfer<Implementations<T, D>>,
  deps: D,
) {
  const byRoute = new Map<RouteDef, Implementation<RouteDef>>(
    Object.entries(routes).map(([k, r]) => [r, impls[k] as unknown as Implementation<RouteDef>]),
  );
  const pipeline = middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, ApiContext>({ timeoutEarlyInMillis: 0 })
    .use(respond()) // request id; every answer's error shape, headers and access log line
    .use(parse(Object.values(routes))) // route, path parameters, body, Idempotency-Key
    .use(authenticate(deps)) // credential, tenant, IP allowlist (with the idempotency record and `readsFirst`)
    .use(limit(deps)) // rate limits per credential and tenant, or per IP on public writes
    .use(authorize(deps)) // permissions, platform operators
    .use(idempotency(deps)) // a malformed key refused; a replay found; a 4xx recorded
    .use(validate()) // path, query and body schemas
    .handler(execute(deps, (route) => byRoute.get(route)!)); // the use case, committed with its answer's record, retried on conflict
  // One request context per request: its id now, its tenant once authenticated (shared/observability/request-context.ts).
  return (event: APIGatewayProxyEvent, context: Context): Promise<APIGatewayProxyResult> =>
    runWithRequestContext({ requestId: `req_${randomUUID()}` }, () => pipeline(event, context as ApiContext));
}

/** The use-case context of a request that submits transfers: with the function's DAILY_LIMIT leases (its port). */
export function submissionContext<D extends ApiDeps & { readonly spendAllowances: SpendAllowances }>(
  req: ApiRequest<RouteDef & { auth: 'credential' }, D>,
): SubmissionContext {
  return { ...useCaseContext(req), spendAllowances: req.deps.spendAllowances };
}

/** The use-case context of an authenticated request. */
export function useCaseContext<D extends ApiDeps>(
  req: ApiRequest<RouteDef & { auth: 'credential' }, D>,
): UseCaseContext {
  return { store: req.deps.store, uow: req.uow, now: req.now, principal: req.principal, cursors: req.cursors };
}
