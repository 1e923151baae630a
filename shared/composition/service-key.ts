import type { Config } from '../config.js';
import { loadOnce } from '../domain/load-once.js';

/**
 * A service key's adapter as the configuration chooses it: the KMS key when its key id setting is set; refused in
 * production without one (`required` says which setting and why); else the local one, derived from the local key
 * file. The chosen adapter is loaded at its first use (each caller's imports are lazy chunks); a failed load is not
 * kept, so the next call tries again. The policy, webhook and checkpoint keys are chosen this way.
 */
export function chosenServiceKey<T>(o: {
  env: Config['CUSTODY_ENV'];
  keyId: string | undefined;
  required: string;
  kms: (keyId: string) => Promise<T>;
  local: () => Promise<T>;
}): () => Promise<T> {
  const { keyId } = o;
  if (keyId) return loadOnce(() => o.kms(keyId));
  if (o.env === 'production') return () => Promise.reject(new Error(o.required));
  return loadOnce(o.local);
}
