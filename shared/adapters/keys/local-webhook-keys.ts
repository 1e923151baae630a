import { mlDsaSigningKey } from '../../crypto/ml-dsa.js';
import type { KeyProvider } from '../../ports/key-provider.js';
import type { AkpPublicJwk, WebhookKeySet, WebhookSigner, WebhookSigningKey } from '../../ports/webhook-signer.js';
import { akpPublicJwk, akpThumbprint } from '../../domain/webhooks/jws.js';

/**
 * The local webhook key: ML-DSA-65 whose 32-byte seed (FIPS 204 ξ) is derived from the local key file (purpose
 * `webhook-signing`), so it survives restarts and every process of the stack holds the same one. Its `kid` is its RFC
 * 7638 thumbprint. Signed through shared/crypto/ml-dsa.ts (node:crypto when it can, else noble; pure ML-DSA, empty context).
 */
export class LocalWebhookKeys implements WebhookSigner, WebhookKeySet {
  private key?: Promise<{ signing: WebhookSigningKey; jwk: AkpPublicJwk }>;

  constructor(private readonly keys: KeyProvider) {}

  private load() {
    this.key ??= this.keys.derivedKey('webhook-signing').then((seed) => {
      const key = mlDsaSigningKey('ML-DSA-65', seed);
      const { publicKey } = key;
      const kid = akpThumbprint(publicKey);
      return {
        signing: { kid, sign: async (message: Uint8Array) => key.sign(message) },
        jwk: akpPublicJwk(kid, publicKey),
      };
    });
    return this.key;
  }

  async signingKey() {
    return (await this.load()).signing;
  }

  async publicKeys() {
    return [(await this.load()).jwk];
  }
}
