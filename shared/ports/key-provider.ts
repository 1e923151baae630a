/**
 * Where the service's own secret keys come from: KMS on AWS, a local key file in the local stack. A derived key is
 * stable for its purpose across processes and restarts (a cursor signed by one function is checked by another), and
 * different purposes never share a key.
 */
export interface KeyProvider {
  /** 32 bytes of key material for one purpose (for example `cursor`), the same on every call and in every process. */
  derivedKey(purpose: string): Promise<Uint8Array>;
}
