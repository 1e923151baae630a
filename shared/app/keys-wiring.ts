import type { KeyProvider } from '../ports/key-provider.js';
import { provideKmsKeys } from './services.js';
import { loadOnce } from '../domain/load-once.js';

/**
 * Imported (for its effect) by `shared/http/api-handler.ts`, so by every API function, and by the entries of the
 * background functions that write audited changes or check their MACs (`auditMac` in shared/background/manifest.ts):
 * the service's keys on AWS (`CUSTODY_MAC_KEY_ID`) come from KMS `GenerateMac`. The KMS client (about 27 KiB) is a
 * lazy chunk (shared/app/kms-keys.ts), loaded when a key is first needed: a list (its cursors), a write with an
 * `Idempotency-Key` (its sealed answer), or the first audited change of the container (the audit record MAC key),
 * not a read of one item. The stream router derives no keys and carries no KMS client (`npm run bundle-sizes`).
 */
provideKmsKeys((region, macKeyId): KeyProvider => {
  const get = loadOnce(() => import('../composition/kms-keys.js').then((m) => m.kmsKeys(region, macKeyId)));
  return { derivedKey: async (purpose) => (await get()).derivedKey(purpose) };
});
