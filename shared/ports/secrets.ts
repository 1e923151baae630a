/**
 * The secret-provider port: where the service reads secrets it presents to others (the signer's bearer token, the
 * signer's mTLS client key). On AWS, Secrets Manager (shared/adapters/secrets/aws-secrets-manager.ts); locally, the
 * environment (shared/adapters/secrets/env-secrets.ts). Values are never logged; adapters may cache them, and
 * `forget` drops a cached value (after the other side refused it: the secret may have been rotated).
 */
export interface SecretProvider {
  /** The secret's current value; throws `SecretUnavailableError` when it cannot be read. */
  getSecret(id: string): Promise<string>;
  forget(id: string): void;
}

/** The secret could not be read. The message names the secret id and the cause, never a value. */
export class SecretUnavailableError extends Error {}
