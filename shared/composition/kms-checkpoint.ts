import { KMSClient } from '@aws-sdk/client-kms';
import type { CheckpointSigner } from '../ports/checkpoint-signer.js';
import { KmsCheckpointSigner } from '../adapters/kms/kms-checkpoint-signer.js';

/**
 * The KMS checkpoint signer with its client (about 28 KiB with the KMS client). Loaded by shared/composition/checkpoint-signer.ts
 * at the first signature or public key asked for: a lazy chunk of the audit function, whose entry listings and proofs
 * never need it. The audit sequencer signs on every batch, so its entry imports this module statically (in its cold
 * start, and the wiring's import finds it loaded).
 */
export const kmsCheckpointSigner = (region: string, keyId: string, originPrefix: string): CheckpointSigner =>
  new KmsCheckpointSigner(new KMSClient({ region }), keyId, originPrefix);
