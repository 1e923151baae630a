import { createPrivateKey, createPublicKey, sign, type KeyObject } from 'node:crypto';
import type { KeyProvider } from '../../ports/key-provider.js';
import type { CheckpointPublicKey, CheckpointSigner } from '../../ports/checkpoint-signer.js';

/** PKCS#8 prefix of an Ed25519 private key; the 32-byte seed follows. */
const ED25519_PKCS8 = Buffer.from('302e020100300506032b657004220420', 'hex');

/** The local checkpoint key: Ed25519 with its seed derived from the local key file (purpose `audit-checkpoint`). */
export class LocalCheckpointSigner implements CheckpointSigner {
  private key?: Promise<{ priv: KeyObject; pub: CheckpointPublicKey }>;

  constructor(private readonly keys: KeyProvider) {}

  private load() {
    this.key ??= this.keys.derivedKey('audit-checkpoint').then((seed) => {
      const priv = createPrivateKey({ key: Buffer.concat([ED25519_PKCS8, Buffer.from(seed)]), format: 'der', type: 'pkcs8' });
      const pem = createPublicKey(priv).export({ format: 'pem', type: 'spki' }).toString();
      return { priv, pub: { key_id: 'local-ed25519', algorithm: 'ed25519' as const, public_key_pem: pem } };
    });
    return this.key;
  }

  async sign(message: Uint8Array) {
    const { priv, pub } = await this.load();
    return { key_id: pub.key_id, algorithm: pub.algorithm, signature: new Uint8Array(sign(null, message, priv)) };
  }

  async publicKey() {
    return (await this.load()).pub;
  }
}
