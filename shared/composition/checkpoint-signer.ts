import type { Config } from '../config.js';
import type { CheckpointSigner } from '../ports/checkpoint-signer.js';
import type { KeyProvider } from '../ports/key-provider.js';
import { LocalCheckpointSigner } from '../adapters/keys/local-checkpoint-signer.js';
import { chosenServiceKey } from './service-key.js';

/*
 * The key that signs audit checkpoints, declared by the functions that sign or verify them: the audit sequencer
 * (`checkpointSigner`, grant checkpoint-sign) and the audit function (`checkpointKey`: the public key only, grant
 * checkpoint-public-key). Keeps the checkpoint signer (ML-DSA-65 with @noble/post-quantum locally) out of the other
 * functions' bundles.
 */

/**
 * KMS when `CUSTODY_AUDIT_KEY_ID` is set, else the local key file's ML-DSA-65 key (refused in production): chosen as
 * every service key is (./service-key.ts). The KMS signer (./kms-checkpoint.ts, with the KMS client) is loaded at the
 * first signature or public key asked for.
 */
export function makeCheckpointSigner(
  cfg: Pick<Config, 'CUSTODY_ENV' | 'CUSTODY_AUDIT_KEY_ID' | 'CUSTODY_REGION' | 'CUSTODY_AUDIT_ORIGIN'>,
  keys: KeyProvider,
): CheckpointSigner {
  const get = chosenServiceKey<CheckpointSigner>({
    env: cfg.CUSTODY_ENV,
    keyId: cfg.CUSTODY_AUDIT_KEY_ID,
    required: 'CUSTODY_AUDIT_KEY_ID is required when CUSTODY_ENV=production',
    kms: (keyId) =>
      import('./kms-checkpoint.js').then((m) =>
        m.kmsCheckpointSigner(cfg.CUSTODY_REGION, keyId, cfg.CUSTODY_AUDIT_ORIGIN),
      ),
    local: async () => new LocalCheckpointSigner(keys, cfg.CUSTODY_AUDIT_ORIGIN),
  });
  return { sign: async (message) => (await get()).sign(message), publicKey: async () => (await get()).publicKey() };
}

export const checkpointSigner = (d: { config: Config; keys: KeyProvider }): CheckpointSigner =>
  makeCheckpointSigner(d.config, d.keys);

/** The checkpoint key's public half: what the audit function serves and verifies against (it never signs). */
export const checkpointKey = (d: { config: Config; keys: KeyProvider }): Pick<CheckpointSigner, 'publicKey'> =>
  makeCheckpointSigner(d.config, d.keys);
