import { GenerateMacCommand, type KMSClient } from '@aws-sdk/client-kms';
import type { KeyProvider } from '../../ports/key-provider.js';

/**
 * Keys on AWS: each purpose's key is the KMS HMAC key's MAC of the purpose's name (`GenerateMac`, HMAC_SHA_256), so
 * the root key never leaves KMS, every function derives the same key, and KMS is called once per purpose and process.
 */
export class KmsKeyProvider implements KeyProvider {
  private readonly derived = new Map<string, Promise<Uint8Array>>();

  constructor(
    private readonly kms: KMSClient,
    private readonly macKeyId: string,
  ) {}

  derivedKey(purpose: string): Promise<Uint8Array> {
    let key = this.derived.get(purpose);
    if (!key) {
      key = this.kms
        .send(
          new GenerateMacCommand({
            KeyId: this.macKeyId,
            MacAlgorithm: 'HMAC_SHA_256',
            Message: new TextEncoder().encode(`custody/${purpose}`),
          }),
        )
        .then((out) => {
          if (!out.Mac || out.Mac.length < 32) throw new Error('KMS GenerateMac returned no MAC');
          return out.Mac;
        });
      // A failed call is not cached: the next request tries again.
      key.catch(() => this.derived.delete(purpose));
      this.derived.set(purpose, key);
    }
    return key;
  }
}
