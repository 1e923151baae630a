import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { ApiError } from '../../errors/catalog.js';
import { ConcurrentModificationError } from '../../errors/domain-errors.js';
import type { Principal } from '../../domain/identity/authenticate.js';
import { commit, ExtraWriteConflictError, UnitOfWork } from '../../domain/unit-of-work.js';
import { retryAfterConflict } from '../../domain/retry.js';
import type { AuditActor } from '../../domain/audit/audit-record.js';
import type { RouteDef } from '../route.js';
import { coalescingReads } from '../request-store.js';
import { inSchemaOrder } from '../stable-order.js';
import { publicBaseUrl } from '../public-url.js';
import { cursorsFor } from './cursors.js';
import { answerRecord, storedAnswer } from './idempotency.js';
import type { StoredResponse } from './idempotency-record.js';
import { errorText, replayAnswer, serialise, textAnswer } from './respond.js';
import type { ApiContext, ApiDeps, ApiRequest, Implementation } from './types.js';

/**
 * The handler at the end of the pipeline: a replay is answered as stored; otherwise the route's use case runs and its
 * unit of work is committed with its audit entries, its events and the idempotency record of its answer, in one
 * transaction. A use case or commit that meets a concurrent change runs again (`retryAfterConflict`); past the retry
 * budget the answer is 409 TX_INVALID_STATE. A request that loses the race to commit with its Idempotency-Key answers
 * with the winner's stored answer.
 */
export const execute =
  (svc: ApiDeps, implementationOf: (route: RouteDef) => Implementation<RouteDef>) =>
  async (event: APIGatewayProxyEvent, context: ApiContext): Promise<APIGatewayProxyResult> => {
    const api = context.api;
    if (api.replay) return replayAnswer(api.replay);
    const route = api.route!;
    const impl = implementationOf(route);
    const cursors = await cursorsFor(route, api.principal?.tenantId, svc);
    // The use case reads through a store that batches the single-item reads it starts together (no item cache); its
    // other ports are the function's, each still built on its first use.
    const requestDeps = withPort(svc, 'store', coalescingReads(svc.store, api.readFirst));
    for (let attempt = 1; ; attempt++) {
      const now = svc.clock.now();
      const uow = new UnitOfWork(() => now);
      let result: Awaited<ReturnType<typeof impl>>;
      try {
        result = await impl({
          body: api.validated!.body,
          query: api.validated!.query,
          params: api.validated!.params,
          principal: api.principal,
          requestId: api.requestId,
          sourceIp: event.requestContext?.identity?.sourceIp,
          headers: lowerCaseHeaders(event),
          baseUrl: publicBaseUrl(svc.config, event),
          uow,
          deps: requestDeps,
          now,
          cursors,
        } as ApiRequest<RouteDef>);
      } catch (e) {
        uow.abandon(); // a use case that fails after reserving (a DAILY_LIMIT) gives it back
        // A use case that met a concurrent change while reading or reserving runs again, as after a failed commit.
        if (await againAfterConflict(e, attempt)) continue;
        throw e;
      }
      // The answer's text is made once, keys in the schema's order, and that text is what a replay sends.
      const answer: StoredResponse = result.error
        ? errorText(result.error, api.requestId)
        : {
            status: result.status ?? route.success.status,
            body: result.raw
              ? String(result.body)
              : serialise(inSchemaOrder(await answerSchema(route, result.status), result.body)),
            headers: result.headers ?? {},
          };
      const record = await answerRecord(svc, api, answer, now);
      try {
        if (!uow.isEmpty || record.length)
          await commit(svc, uow, { actor: actorOf(api.principal), requestId: api.requestId, now }, record);
        result.afterCommit?.();
        return textAnswer(answer, result.raw);
      } catch (e) {
        const replay = e instanceof ExtraWriteConflictError ? await storedAnswer(svc, api) : undefined;
        if (replay) return replayAnswer(replay);
        if (await againAfterConflict(e, attempt)) continue;
        throw e;
      }
    }
  };

/**
 * After a use case or its commit failed: true to build the change again (`retryAfterConflict`); a concurrent change
 * past the retry budget is answered 409 TX_INVALID_STATE; false for any other error.
 */
async function againAfterConflict(e: unknown, attempt: number): Promise<boolean> {
  if (await retryAfterConflict(e, attempt)) return true;
  if (e instanceof ConcurrentModificationError)
    throw new ApiError('TX_INVALID_STATE', 'the resource changed concurrently; refresh and retry');
  return false;
}

/**
 * The schema an answer is ordered by: a deferred governed operation answers its pending change (the governance
 * schemas, loaded by the first such answer: most functions have no governed route).
 */
const answerSchema = async (route: RouteDef, status: number | undefined) =>
  route.deferrable && status === 202
    ? (await import('../../schemas/governance.js')).deferredAnswer(route)
    : route.success.schema?.();

function actorOf(p: Principal | undefined): AuditActor {
  return p
    ? { type: 'user', user_id: p.userId, key_id: p.keyId }
    : { type: 'system', user_id: null, key_id: null, component: 'api' };
}

const lowerCaseHeaders = (event: APIGatewayProxyEvent) =>
  Object.fromEntries(
    Object.entries(event.headers ?? {}).flatMap(([k, v]) =>
      v === undefined || v === null ? [] : [[k.toLowerCase(), v]],
    ),
  );

/** `deps` with one port replaced, the others read from `deps` when first used (not built here). */
function withPort<D extends object, K extends keyof D>(deps: D, name: K, port: D[K]): D {
  return Object.defineProperty(Object.create(deps) as D, name, { value: port, enumerable: true });
}
