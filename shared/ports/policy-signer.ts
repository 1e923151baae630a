/**
 * The policy key: it signs the policy receipt of every transaction that passed its policies, approvals and screening
 * (docs/signer.md, "Policy receipts"), and its public half, with the keys it replaced, is published at
 * `GET /v1/keys/policy`. A KMS ML_DSA_65 key on AWS (only the transaction worker, which issues receipts, may sign; the
 * API function that publishes it may only read its public key), an ML-DSA-65 key derived from the local key file
 * otherwise. Signatures are pure ML-DSA-65 with an empty context (what KMS `ML_DSA_SHAKE_256` over a RAW message makes).
 */
export type PolicyPublicKey = {
  key_id: string;
  algorithm: 'ML-DSA-65';
  /** The raw 1,952-byte public key, 0x hex. */
  public_key: string;
  /** `active`: signs receipts now. `retired`: signed receipts before `retired_at`; they verify until `valid_until`. */
  status: 'active' | 'retired';
  retired_at: string | null;
  /** Until when a receipt signed by this key may still be presented (retired_at + the receipt lifetime); null while active. */
  valid_until: string | null;
};

export interface PolicySigner {
  /** Signs `message` with the active key: the key's id and the 3,309-byte signature. */
  sign(message: Uint8Array): Promise<{ keyId: string; signature: Uint8Array }>;
}

export interface PolicyKeySet {
  /** The active key first, then the retired keys whose receipts may still be presented. */
  publicKeys(): Promise<PolicyPublicKey[]>;
}
