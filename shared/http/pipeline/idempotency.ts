import { ApiError } from '../../errors/catalog.js';
import type { ByteBox } from '../../ports/secret-box.js';
import { AesGcmSecretBox } from '../../crypto/aes-gcm-secret-box.js';
import type { WriteOp } from '../../ports/store.js';
import type { Key } from '../../store/keys.js';
import type { RouteDef } from '../route.js';
import { readKeyId } from '../request-store.js';
import {
  fingerprint,
  idempotencyRecordKey,
  parseIdempotencyKey,
  recordWrite,
  replayOf,
  type StoredResponse,
} from './idempotency-record.js';
import { errorText, replayAnswer } from './respond.js';
import type { ApiDeps, ApiMiddleware, RequestedKey, State } from './types.js';

/**
 * Idempotency-Key (docs/api-conventions.md, "Idempotency"), all of it: the key is parsed once (`requestedKey`, in the parse stage), its record
 * read in authentication's batch (`recordToRead`); this stage, after permission, refuses a malformed key, binds the
 * key to the request (tenant, method, path, body) and finds a stored answer to replay. The execute stage commits the
 * answer's record with the change (`answerRecord`); a 4xx is recorded here. The stored answer is found in one place,
 * `storedAnswer`: here, and when a request loses the race to commit with the same key.
 */

/** Routes whose requests may carry an Idempotency-Key. */
const writesWithKey = (route: RouteDef) => route.method === 'POST' || route.method === 'PUT';

/** The request's Idempotency-Key, parsed once; a malformed key is kept, to be refused in this stage's turn. */
export function requestedKey(route: RouteDef, raw: string | undefined): RequestedKey {
  if (!writesWithKey(route)) return undefined;
  try {
    const key = parseIdempotencyKey(raw);
    return key === undefined ? undefined : { key };
  } catch (refused) {
    return { refused };
  }
}

/** What authentication reads for this stage in its batch: the record of a well-formed key. */
export const recordToRead = (requested: RequestedKey, tenantId: string): Key[] =>
  requested && 'key' in requested ? [idempotencyRecordKey(tenantId, requested.key)] : [];

/** Replays a stored answer, or binds the key so the use case's commit stores its answer; records a 4xx answer. */
export const idempotency = (svc: ApiDeps): ApiMiddleware => ({
  before: async (request) => {
    const api = request.context.api;
    const requested = api.requestedKey;
    if (!requested || !api.principal) return; // public routes take no key
    if ('refused' in requested) throw requested.refused;
    api.idempotency = {
      tenantId: api.principal.tenantId,
      key: requested.key,
      method: api.route!.method,
      path: request.event.path,
      fingerprint: fingerprint(api.rawBody),
    };
    // A replay is answered by the execute stage, so the after-chain (request id, access log) still runs.
    api.replay = await storedAnswer(svc, api);
  },
  onError: async (request) => {
    // A 4xx answer is part of the key's history too (5xx are not stored, so they can be retried).
    const api = request.context.api;
    const err = request.error;
    if (!api.idempotency || !(err instanceof ApiError) || err.status >= 500 || err.type === 'IDEMPOTENCY_CONFLICT')
      return;
    try {
      await svc.store.write(await answerRecord(svc, api, errorText(err, api.requestId), svc.clock.now()));
    } catch {
      // Another request with this key committed first: answer with what it stored.
      try {
        const replay = await storedAnswer(svc, api);
        if (replay) {
          request.response = replayAnswer(replay);
          request.error = null as unknown as Error;
        }
      } catch (conflict) {
        request.error = conflict as Error;
      }
    }
  },
});

/**
 * The stored answer of the request's key (undefined when there is none, or no key; 1601 when the key was used for
 * another request): in the record read with authentication, taken once, else read now, consistently (after the
 * request lost the race to commit with its key).
 */
export async function storedAnswer(svc: ApiDeps, api: State): Promise<StoredResponse | undefined> {
  const scope = api.idempotency;
  if (!scope) return undefined;
  const key = idempotencyRecordKey(scope.tenantId, scope.key);
  const id = readKeyId(key);
  const item = api.readFirst.has(id) ? api.readFirst.get(id) : await svc.store.get(key, { consistent: true });
  api.readFirst.delete(id);
  return replayOf(item, scope, svc.clock.now(), await replayBox(svc));
}

/** The write that stores the answer with the request's key (none without a key): committed with what it answers. */
export async function answerRecord(svc: ApiDeps, api: State, answer: StoredResponse, now: Date): Promise<WriteOp[]> {
  if (!api.idempotency) return [];
  return [recordWrite(api.idempotency, answer, now, svc.config.CUSTODY_IDEMPOTENCY_TTL_SECONDS, await replayBox(svc))];
}

/**
 * The box that seals stored answers at rest: AES-256-GCM (crypto/aes-gcm-secret-box.ts) under a key the key provider
 * derives for this purpose (KMS GenerateMac on AWS, the local key file locally), so no KMS call per request.
 */
async function replayBox(svc: { keys: { derivedKey(purpose: string): Promise<Uint8Array> } }): Promise<ByteBox> {
  return new AesGcmSecretBox(await svc.keys.derivedKey('idempotency'));
}
