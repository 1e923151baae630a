import { mlDsaSigningKey, type MlDsaSigningKey } from '../../crypto/ml-dsa.js';
import type { KeyProvider } from '../../ports/key-provider.js';
import {
  DEFAULT_AUDIT_ORIGIN,
  type CheckpointPublicKey,
  type CheckpointSigner,
} from '../../ports/checkpoint-signer.js';

/** The DER prefix of an ML-DSA-65 SubjectPublicKeyInfo (RFC 9881); the 1,952-byte key follows. */
const ML_DSA_65_SPKI = Buffer.from('308207b2300b0609608648016503040312038207a100', 'hex');

/**
 * The local checkpoint key: ML-DSA-65 whose 32-byte seed (FIPS 204 ξ) is derived from the local key file (purpose
 * `audit-checkpoint`), signed through shared/crypto/ml-dsa.ts (node:crypto when it can, else noble; pure ML-DSA, empty context: what KMS's ML_DSA_SHAKE_256 with
 * a RAW message signs).
 */
export class LocalCheckpointSigner implements CheckpointSigner {
  private key?: Promise<{ key: MlDsaSigningKey; pub: CheckpointPublicKey }>;

  constructor(
    private readonly keys: KeyProvider,
    private readonly originPrefix: string = DEFAULT_AUDIT_ORIGIN,
  ) {}

  private load() {
    this.key ??= this.keys.derivedKey('audit-checkpoint').then((seed) => {
      const key = mlDsaSigningKey('ML-DSA-65', seed);
      const { publicKey } = key;
      const b64 = Buffer.concat([ML_DSA_65_SPKI, publicKey])
        .toString('base64')
        .replace(/.{1,64}/g, '$&\n');
      const pem = `-----BEGIN PUBLIC KEY-----\n${b64}-----END PUBLIC KEY-----\n`;
      return {
        key,
        pub: {
          key_id: 'local-ml-dsa-65',
          algorithm: 'ml-dsa-65' as const,
          public_key_pem: pem,
          origin_prefix: this.originPrefix,
        },
      };
    });
    return this.key;
  }

  async sign(message: Uint8Array) {
    const { key, pub } = await this.load();
    return { key_id: pub.key_id, algorithm: pub.algorithm, signature: key.sign(message) };
  }

  async publicKey() {
    return (await this.load()).pub;
  }
}
