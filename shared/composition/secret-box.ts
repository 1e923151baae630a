import { KMSClient } from '@aws-sdk/client-kms';
import type { Config } from '../config.js';
import { KmsSecretBox } from '../adapters/kms/kms-secret-box.js';
import type { SecretBox } from '../ports/secret-box.js';
import { loadOnce } from '../domain/load-once.js';

/**
 * The secret box the configuration chooses: KMS when `CUSTODY_KMS_KEY_ID` is set (the stack sets it on the
 * functions that handle secrets), else the local key file (`CUSTODY_LOCAL_KEY_FILE`), which production refuses.
 */
export function makeSecretBox(
  cfg: Pick<Config, 'CUSTODY_ENV' | 'CUSTODY_KMS_KEY_ID' | 'CUSTODY_LOCAL_KEY_FILE' | 'CUSTODY_REGION'>,
): SecretBox {
  if (cfg.CUSTODY_KMS_KEY_ID)
    return new KmsSecretBox(new KMSClient({ region: cfg.CUSTODY_REGION }), cfg.CUSTODY_KMS_KEY_ID);
  if (cfg.CUSTODY_ENV === 'production')
    throw new Error('CUSTODY_KMS_KEY_ID is required when CUSTODY_ENV=production (secrets are encrypted with KMS)');
  return lazyLocalSecretBox(cfg.CUSTODY_LOCAL_KEY_FILE);
}

/**
 * The local stack's secret box, loaded (and its key file read or made) when it first seals or opens: a lazy chunk, as
 * on AWS the box is KMS's and production refuses this one, so no function's cold start there needs it. A failure
 * (loading the module, or a key file that does not hold a key) is not kept: the next call tries again.
 */
function lazyLocalSecretBox(file: string): SecretBox {
  const get = loadOnce(() => import('../adapters/local/local-secret-box.js').then((m) => m.localSecretBox(file)));
  return {
    seal: async (plaintext, context) => (await get()).seal(plaintext, context),
    open: async (sealed, context) => (await get()).open(sealed, context),
  };
}

/** The port, for a function that opens a secret on every invocation (the webhook worker signs every delivery). */
export const secretBox = (d: { config: Config }): SecretBox => makeSecretBox(d.config);
