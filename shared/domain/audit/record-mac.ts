import { hash, timingSafeEqual } from 'node:crypto';
import type { KeyProvider } from '../../ports/key-provider.js';
import type { Store } from '../../ports/store.js';

/**
 * The audit record MAC: the writer's proof that a record was written by the service, not by whoever can write to the
 * table. Every record item carries `mac`, the HMAC-SHA-256 of its hash under a key the table never holds:
 *
 *   mac = hex(HMAC-SHA-256(key, "custody-audit-record-mac-v1\n" || hash))   (hash: the record's 64 hex characters)
 *
 * The hash already covers the record's id, tenant, chain, previous hash and body (audit-record.ts), so the MAC over
 * the hash binds all of it. The key is the service key of purpose `audit-record-mac` (the key provider port): on AWS
 * derived once per container from the KMS HMAC key (`GenerateMac` of `custody/audit-record-mac`), then used locally,
 * so a commit makes no KMS call; locally derived from the local key file (HKDF). Who can derive it is who may call
 * `GenerateMac` on that KMS key: the functions that write changes, and those that verify (docs/audit.md).
 *
 * The domain asks the service keys it is given for it (`recordMacKeyOf`): whatever writes or checks records takes an
 * `AuditedStore`, the table together with the function's keys (its `keys` port, shared/composition/keys.ts), so a
 * caller without them does not compile, and the domain makes no AWS call.
 */
export const RECORD_MAC_PURPOSE = 'audit-record-mac';
const TAG = 'custody-audit-record-mac-v1\n';

/** The table audit records are written to or read from, and the service keys their MAC key is derived from. */
export type AuditedStore = { readonly store: Store; readonly keys: KeyProvider };

/** The record MAC key (the key provider caches it: one derivation per process). */
export const recordMacKeyOf = (d: { readonly keys: KeyProvider }): Promise<Uint8Array> =>
  d.keys.derivedKey(RECORD_MAC_PURPOSE);

/** The MAC of a record's hash, hex. */
export function recordMac(key: Uint8Array, hash: string): string {
  return macBytes(key, hash).toString('hex');
}

/**
 * HMAC-SHA-256 (RFC 2104) over the tag and the hash, from the key's two padded blocks computed once per key and two
 * one-shot SHA-256 calls: `createHmac` builds an OpenSSL key object per call (about 30 us a record, the cost of
 * verifying a record three times over); this is a few us. The same MAC (test/unit/audit-record-mac.test.ts).
 */
const pads = new WeakMap<Uint8Array, { inner: Buffer; outer: Buffer }>();
const BLOCK = 64;
function padsOf(key: Uint8Array): { inner: Buffer; outer: Buffer } {
  let p = pads.get(key);
  if (!p) {
    const k = Buffer.alloc(BLOCK);
    k.set(key.length > BLOCK ? hash('sha256', key, 'buffer') : key);
    p = { inner: Buffer.from(k.map((b) => b ^ 0x36)), outer: Buffer.from(k.map((b) => b ^ 0x5c)) };
    pads.set(key, p);
  }
  return p;
}
const TAG_BYTES = Buffer.from(TAG, 'ascii');
function macBytes(key: Uint8Array, recordHash: string): Buffer {
  const { inner, outer } = padsOf(key);
  const inside = hash('sha256', Buffer.concat([inner, TAG_BYTES, Buffer.from(recordHash, 'latin1')]), 'buffer');
  return hash('sha256', Buffer.concat([outer, inside]), 'buffer');
}

/** Whether `mac` is the MAC of `hash` under `key` (constant-time comparison). */
export function recordMacValid(key: Uint8Array, hash: string, mac: unknown): boolean {
  if (typeof mac !== 'string' || mac.length !== 64) return false;
  const given = Buffer.from(mac, 'hex');
  return given.length === 32 && timingSafeEqual(given, macBytes(key, hash));
}
