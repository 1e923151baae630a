import type { KeyProvider } from '../ports/key-provider.js';
import { provideKmsKeys } from './services.js';
import { loadOnce } from '../domain/load-once.js';

/**
 * Imported (for its effect) by `shared/http/api-handler.ts`, so by every API function: the service's keys on AWS
 * (`CUSTODY_MAC_KEY_ID`) come from KMS `GenerateMac`. The KMS client (about 27 KiB) is a lazy chunk
 * (shared/app/kms-keys.ts), loaded when a request first needs a key: a list (its cursors) or a write with an
 * `Idempotency-Key` (its sealed answer), not a read of one item. The background functions derive no keys and carry
 * no KMS client for them (`npm run bundle-sizes`).
 */
provideKmsKeys((region, macKeyId): KeyProvider => {
  const get = loadOnce(() => import('./kms-keys.js').then((m) => m.kmsKeys(region, macKeyId)));
  return { derivedKey: async (purpose) => (await get()).derivedKey(purpose) };
});
