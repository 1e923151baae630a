/**
 * The service's webhook key: it signs the `X-Webhook-JWS` of every delivery attempt (ML-DSA-65, docs/webhooks.md),
 * and its public half, with the keys kept beside it during a rotation, is published at `GET /v1/webhooks/jwks`. A KMS
 * ML_DSA_65 key on AWS (the webhook worker may only sign, the webhooks API function may only read public keys), an
 * ML-DSA-65 key derived from the local key file otherwise.
 */
export type WebhookSigningKey = {
  /** The `kid` of the protected header, the same as the key's entry in the published key set. */
  kid: string;
  /** ML-DSA-65 (FIPS 204, pure, empty context) signature of `message`: 3,309 bytes. */
  sign(message: Uint8Array): Promise<Uint8Array>;
};

/** A public key of the key set: a JWK of key type AKP (draft-ietf-cose-dilithium), `pub` the raw public key in base64url. */
export type AkpPublicJwk = { kty: 'AKP'; alg: 'ML-DSA-65'; use: 'sig'; kid: string; pub: string };

export interface WebhookSigner {
  /** The key that signs now. */
  signingKey(): Promise<WebhookSigningKey>;
}

export interface WebhookKeySet {
  /** Every key a receiver may meet: the signing key first, then the other published keys (the previous one during a rotation). */
  publicKeys(): Promise<AkpPublicJwk[]>;
}
