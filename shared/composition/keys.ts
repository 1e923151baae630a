import type { Config } from '../config.js';
import type { KeyProvider } from '../ports/key-provider.js';
import { loadOnce } from '../domain/load-once.js';
import { RECORD_MAC_PURPOSE, useRecordMacKey } from '../domain/audit/record-mac.js';

/**
 * The service's own keys (list cursors, sealed idempotent answers, the audit record MAC): KMS `GenerateMac` when
 * `CUSTODY_MAC_KEY_ID` is set (the stack sets it on the functions that hold `audit-mac`), else the local key file,
 * which production refuses when a key is first asked for. Either adapter is a lazy chunk loaded by the first key
 * asked for (the KMS client, about 27 KiB: ./kms-keys.ts), not by a read of one item. A failed load is not kept.
 */
export const keys = (d: {
  config: Pick<Config, 'CUSTODY_ENV' | 'CUSTODY_MAC_KEY_ID' | 'CUSTODY_LOCAL_KEY_FILE' | 'CUSTODY_REGION'>;
}): KeyProvider => {
  const cfg = d.config;
  const macKeyId = cfg.CUSTODY_MAC_KEY_ID;
  let get: () => Promise<KeyProvider>;
  if (macKeyId) get = loadOnce(() => import('./kms-keys.js').then((m) => m.kmsKeys(cfg.CUSTODY_REGION, macKeyId)));
  else if (cfg.CUSTODY_ENV === 'production')
    get = () => Promise.reject(new Error('CUSTODY_MAC_KEY_ID is required when CUSTODY_ENV=production'));
  else {
    const file = cfg.CUSTODY_LOCAL_KEY_FILE;
    get = loadOnce(() => import('../adapters/keys/local-key-provider.js').then((m) => new m.LocalKeyProvider(file)));
  }
  return { derivedKey: async (purpose) => (await get()).derivedKey(purpose) };
};

/**
 * `handler`, handing the audit record MAC key over from the function's keys at its first invocation (not at import:
 * the local stack builds its own handler from the same module): for every function that commits audited changes or
 * checks their MACs.
 */
export function withRecordMac<A extends unknown[], R>(
  d: { readonly keys: KeyProvider },
  handler: (...args: A) => R,
): (...args: A) => R {
  let handedOver = false;
  return (...args) => {
    if (!handedOver) {
      recordMacFrom(d);
      handedOver = true;
    }
    return handler(...args);
  };
}

/**
 * Hands the audit record MAC key (asked for by every commit of an audited change, derived once per process) to the
 * domain (shared/domain/audit/record-mac.ts), from the function's keys: called where a function that commits audited
 * changes builds its handler. The port is built at the first key asked for, not here.
 */
export function recordMacFrom(d: { readonly keys: KeyProvider }): void {
  useRecordMacKey(() => d.keys.derivedKey(RECORD_MAC_PURPOSE));
}
