/**
 * Encryption at rest of secrets the service must read back (webhook signing secrets): KMS on AWS, a local
 * AES-256-GCM key in the local stack. Why a port: domain code stores only sealed strings and never sees a key.
 *
 * `context` binds a sealed value to what it belongs to (tenant, endpoint): opening it with another context fails,
 * so a sealed secret copied onto another record is useless. It is not secret; keys and values are short strings.
 */
export type SecretContext = Readonly<Record<string, string>>;

export interface SecretBox {
  /** Returns an opaque printable string (prefixed with the scheme that sealed it) to store. */
  seal(plaintext: string, context: SecretContext): Promise<string>;
  /** The plaintext, or `SecretBoxError` when the value is malformed, tampered with, or the context differs. */
  open(sealed: string, context: SecretContext): Promise<string>;
}

/**
 * A box over bytes, stored as binary (no scheme prefix, no base64): for values the service seals and opens itself
 * under a key derived for one purpose (the stored answers of idempotency keys), where every stored byte is paid for.
 */
export interface ByteBox {
  sealBytes(plaintext: Uint8Array, context: SecretContext): Uint8Array;
  /** The plaintext, or `SecretBoxError` as `open`. */
  openBytes(sealed: Uint8Array, context: SecretContext): Uint8Array;
}

export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretBoxError';
  }
}
