/**
 * The key that signs the tenant audit checkpoints: a KMS asymmetric key on AWS (ML-DSA-65), a local Ed25519 key
 * derived from the local key file otherwise. It signs a checkpoint's 32-byte hash; anyone holding the public key
 * (`GET /v1/audit/public-key`) can verify a checkpoint outside the service.
 */
export type CheckpointAlgorithm = 'ed25519' | 'ml-dsa-65' | 'ecdsa-p256-sha256';

export type CheckpointPublicKey = { key_id: string; algorithm: CheckpointAlgorithm; public_key_pem: string };

export interface CheckpointSigner {
  sign(message: Uint8Array): Promise<{ key_id: string; algorithm: CheckpointAlgorithm; signature: Uint8Array }>;
  publicKey(): Promise<CheckpointPublicKey>;
}
