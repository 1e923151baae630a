import type { Config } from '../config.js';
import type { KeyProvider } from '../ports/key-provider.js';
import { loadOnce } from '../domain/load-once.js';

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
