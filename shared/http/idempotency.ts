import type { Item, Store, WriteOp } from '../ports/store.js';
import { keys, type Key } from '../store/keys.js';
import { sha256Hex } from '../crypto/hashing.js';
import { canonicalJson } from '../crypto/canonical-json.js';
import { IdempotencyConflictError, ValidationError } from '../errors/domain-errors.js';
import type { SecretBox } from '../ports/secret-box.js';

/**
 * Idempotency (interface 5.9): a key is scoped to its tenant and bound to the method, path and body of its first
 * use. The stored response is written in the same transaction as the change it answers, guarded by
 * `attribute_not_exists`, so of two concurrent requests with one key exactly one commits; the other finds the
 * record and replays it (or gets 1601 when its request differs). No lock item is needed, and a crash leaves either
 * nothing or a complete record.
 *
 * The stored answer can hold a secret shown once (a new credential, a webhook's signing secret), so its body is
 * sealed at rest (AES-256-GCM under a key derived for this purpose, bound to the tenant, method and path).
 */
export type IdempotencyScope = { tenantId: string; key: string; method: string; path: string; fingerprint: string };

/** `body` is the exact text of the first answer ('' for none), so a replay is byte-identical to it. */
export type StoredResponse = { status: number; body: string; headers: Record<string, string> };

/** Accepts a plain token or an RFC 8941 structured-field string (`"abc"`). */
export function parseIdempotencyKey(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  let key = raw.trim();
  if (key.length >= 2 && key.startsWith('"') && key.endsWith('"')) key = key.slice(1, -1).replace(/\\(["\\])/g, '$1');
  if (key.length === 0 || key.length > 255 || !/^[\x20-\x7e]+$/.test(key)) {
    throw new ValidationError('Idempotency-Key must be 1-255 printable ASCII characters');
  }
  return key;
}

export const fingerprint = (body: unknown) => sha256Hex(canonicalJson(body ?? null));

/** Where the record of an idempotency key of a tenant is stored (read with authentication, see api-handler.ts). */
export const idempotencyRecordKey = (tenantId: string, key: string): Key => keys.idempotency(tenantId, sha256Hex(key));
const recordKey = (s: IdempotencyScope) => idempotencyRecordKey(s.tenantId, s.key);
const bodyContext = (s: IdempotencyScope) => ({ purpose: 'idempotency', tenant_id: s.tenantId, method: s.method, path: s.path });

/** The stored answer for this key, or a 1601 when the key was used for another request. */
export async function findReplay(store: Store, scope: IdempotencyScope, now: Date, box: SecretBox): Promise<StoredResponse | undefined> {
  return replayOf(await store.get(recordKey(scope), { consistent: true }), scope, now, box);
}

/** `findReplay` of a record already read (consistently) at `idempotencyRecordKey`. */
export async function replayOf(item: Item | undefined, scope: IdempotencyScope, now: Date, box: SecretBox): Promise<StoredResponse | undefined> {
  if (!item) return undefined;
  if (item.ttl && (item.ttl as number) * 1000 < now.getTime()) return undefined; // expired but not yet swept by TTL
  if (item.method !== scope.method || item.path !== scope.path) {
    throw new IdempotencyConflictError(`Idempotency-Key was used for ${item.method} ${item.path}`);
  }
  if (item.fingerprint !== scope.fingerprint) throw new IdempotencyConflictError('Idempotency-Key was used with a different request body');
  // Records written before bodies were stored as text hold a map: serialised as before.
  const text = typeof item.body === 'string' ? item.body : item.body === undefined ? '' : JSON.stringify(item.body);
  const body = item.body_sealed === true ? await box.open(text, bodyContext(scope)) : text;
  return { status: item.status as number, body, headers: (item.headers as Record<string, string>) ?? {} };
}

export async function recordWrite(scope: IdempotencyScope, response: StoredResponse, now: Date, ttlSeconds: number, box: SecretBox): Promise<WriteOp> {
  const body = await box.seal(response.body, bodyContext(scope));
  return {
    op: 'put',
    item: {
      ...recordKey(scope),
      entity: 'idempotency',
      method: scope.method,
      path: scope.path,
      fingerprint: scope.fingerprint,
      status: response.status,
      body,
      body_sealed: true,
      headers: response.headers,
      created_at: now.toISOString(),
      ttl: Math.floor(now.getTime() / 1000) + ttlSeconds,
    },
    condition: { type: 'notExists' },
  };
}
