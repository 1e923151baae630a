import { createHash } from 'node:crypto';
import { mlDsaSigningKey, type MlDsaSigningKey } from '../../crypto/ml-dsa.js';
import type { KeyProvider } from '../../ports/key-provider.js';
import type { PolicyKeySet, PolicyPublicKey, PolicySigner } from '../../ports/policy-signer.js';

/** The local policy key's id: `local-` and the first 16 hex characters of SHA-256 of its public key. */
export const localPolicyKeyId = (publicKey: Uint8Array) =>
  `local-${createHash('sha256').update(publicKey).digest('hex').slice(0, 16)}`;

/**
 * The local policy key: ML-DSA-65 whose 32-byte seed (FIPS 204 ξ) is derived from the local key file (purpose
 * `policy-receipt`), so it survives restarts of a data folder and every process of the stack holds the same one.
 * Signed through shared/crypto/ml-dsa.ts (node:crypto when it can, else noble; pure ML-DSA, empty context). One key, never rotated (a new data folder is a new key).
 */
export class LocalPolicyKeys implements PolicySigner, PolicyKeySet {
  private key?: Promise<{ keyId: string; key: MlDsaSigningKey; pub: PolicyPublicKey }>;

  constructor(private readonly keys: KeyProvider) {}

  private load() {
    this.key ??= this.keys.derivedKey('policy-receipt').then((seed) => {
      const key = mlDsaSigningKey('ML-DSA-65', seed);
      const { publicKey } = key;
      const keyId = localPolicyKeyId(publicKey);
      const pub: PolicyPublicKey = {
        key_id: keyId,
        algorithm: 'ML-DSA-65',
        public_key: `0x${Buffer.from(publicKey).toString('hex')}`,
        status: 'active',
        retired_at: null,
        valid_until: null,
      };
      return { keyId, key, pub };
    });
    return this.key;
  }

  async sign(message: Uint8Array) {
    const { keyId, key } = await this.load();
    return { keyId, signature: key.sign(message) };
  }

  async publicKeys() {
    return [(await this.load()).pub];
  }
}
