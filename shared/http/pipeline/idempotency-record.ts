import type { Item, WriteOp } from '../../ports/store.js';
import { keys, type Key } from '../../store/keys.js';
import { sha256Hex } from '../../crypto/hashing.js';
import { canonicalJson } from '../../crypto/canonical-json.js';
import { deflateRaw, inflateRaw } from '../../crypto/raw-deflate.js';
import { IdempotencyConflictError, ValidationError } from '../../errors/domain-errors.js';
import type { ByteBox } from '../../ports/secret-box.js';

/**
 * The stored record of an Idempotency-Key (docs/api-conventions.md, "Idempotency"; the pipeline's stage is idempotency.ts). A key is scoped to
 * its tenant and bound to the method, path and body of its first use. The stored response is written in the same
 * transaction as the change it answers, guarded by `attribute_not_exists`, so of two concurrent requests with one key
 * exactly one commits; the other finds the record and replays it (or gets 1601 when its request differs). No lock
 * item is needed, and a crash leaves either nothing or a complete record.
 *
 * The stored answer can hold a secret shown once (a new credential, a webhook's signing secret), so its body is
 * sealed at rest (AES-256-GCM under a key derived for this purpose, bound to the tenant, method and path).
 *
 * The record is written with the change it answers and pays for its size there (a write unit per started KiB, doubled
 * in a transaction), so it is kept under 1 KiB for a transfer's answer: the body deflated, then sealed, stored as
 * binary; the fingerprint as its 32 bytes; headers only when there are any; no creation time (the TTL says it).
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

/** Where the record of an idempotency key of a tenant is stored (read with authentication: idempotency.ts). */
export const idempotencyRecordKey = (tenantId: string, key: string): Key => keys.idempotency(tenantId, sha256Hex(key));
const recordKey = (s: IdempotencyScope) => idempotencyRecordKey(s.tenantId, s.key);
const bodyContext = (s: IdempotencyScope) => ({
  purpose: 'idempotency',
  tenant_id: s.tenantId,
  method: s.method,
  path: s.path,
});

/** The stored answer in a record read (consistently) at `idempotencyRecordKey`, or a 1601 when the key was used for another request. */
export function replayOf(
  item: Item | undefined,
  scope: IdempotencyScope,
  now: Date,
  box: ByteBox,
): StoredResponse | undefined {
  if (!item) return undefined;
  if (item.ttl && (item.ttl as number) * 1000 < now.getTime()) return undefined; // expired but not yet swept by TTL
  if (item.method !== scope.method || item.path !== scope.path) {
    throw new IdempotencyConflictError(`Idempotency-Key was used for ${item.method} ${item.path}`);
  }
  if (Buffer.from(item.fingerprint as Uint8Array).toString('hex') !== scope.fingerprint)
    throw new IdempotencyConflictError('Idempotency-Key was used with a different request body');
  const body = inflateRaw(box.openBytes(item.body as Uint8Array, bodyContext(scope))).toString('utf8');
  return { status: item.status as number, body, headers: (item.headers as Record<string, string>) ?? {} };
}

export function recordWrite(
  scope: IdempotencyScope,
  response: StoredResponse,
  now: Date,
  ttlSeconds: number,
  box: ByteBox,
): WriteOp {
  return {
    op: 'put',
    item: {
      ...recordKey(scope),
      entity: 'idempotency',
      method: scope.method,
      path: scope.path,
      fingerprint: new Uint8Array(Buffer.from(scope.fingerprint, 'hex')),
      status: response.status,
      body: box.sealBytes(deflateRaw(Buffer.from(response.body, 'utf8')), bodyContext(scope)),
      ...(Object.keys(response.headers).length ? { headers: response.headers } : {}),
      ttl: Math.floor(now.getTime() / 1000) + ttlSeconds,
    },
    condition: { type: 'notExists' },
  };
}
