import { KMSClient } from '@aws-sdk/client-kms';
import type { Config } from '../config.js';
import { KmsSecretBox } from '../adapters/kms/kms-secret-box.js';
import { LocalSecretBox, loadOrCreateLocalMasterKey } from '../adapters/local/local-secret-box.js';
import type { SecretBox } from '../ports/secret-box.js';

/**
 * The secret box the configuration chooses: KMS when `CUSTODY_KMS_KEY_ID` is set (the stack sets it on the
 * functions that handle secrets), else the local key file (`CUSTODY_LOCAL_KEY_FILE`), which production refuses.
 */
export function makeSecretBox(cfg: Pick<Config, 'CUSTODY_ENV' | 'CUSTODY_KMS_KEY_ID' | 'CUSTODY_LOCAL_KEY_FILE' | 'CUSTODY_REGION'>): SecretBox {
  if (cfg.CUSTODY_KMS_KEY_ID) return new KmsSecretBox(new KMSClient({ region: cfg.CUSTODY_REGION }), cfg.CUSTODY_KMS_KEY_ID);
  if (cfg.CUSTODY_ENV === 'production') throw new Error('CUSTODY_KMS_KEY_ID is required when CUSTODY_ENV=production (secrets are encrypted with KMS)');
  return new LocalSecretBox(loadOrCreateLocalMasterKey(cfg.CUSTODY_LOCAL_KEY_FILE));
}
