/**
 * The key that signs the tenant audit checkpoints: ML-DSA-65 everywhere, a KMS asymmetric key (ML_DSA_65) on AWS, a
 * local key derived from the local key file otherwise. It signs a checkpoint note's text (pure ML-DSA, empty
 * context); anyone holding the public key (`GET /v1/audit/public-key`) can verify a checkpoint outside the service.
 * `origin_prefix` names the service's logs: a tenant's log is `<origin_prefix>/<tenant id>`.
 */
export type CheckpointAlgorithm = 'ml-dsa-65';

export type CheckpointPublicKey = {
  key_id: string;
  algorithm: CheckpointAlgorithm;
  public_key_pem: string;
  origin_prefix: string;
};

export interface CheckpointSigner {
  sign(message: Uint8Array): Promise<{ key_id: string; algorithm: CheckpointAlgorithm; signature: Uint8Array }>;
  publicKey(): Promise<CheckpointPublicKey>;
}

/** The origin prefix when none is configured (`CUSTODY_AUDIT_ORIGIN`). */
export const DEFAULT_AUDIT_ORIGIN = 'custody.local/audit';
