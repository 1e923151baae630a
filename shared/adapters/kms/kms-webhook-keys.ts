import { createHash } from 'node:crypto';
import { GetPublicKeyCommand, SignCommand, type KMSClient } from '@aws-sdk/client-kms';
import type { AkpPublicJwk, WebhookKeySet, WebhookSigner, WebhookSigningKey } from '../../ports/webhook-signer.js';
import { akpPublicJwk, ML_DSA_65_PUBLIC_KEY_BYTES } from '../../domain/webhooks/jws.js';

/**
 * The webhook key on KMS: an asymmetric key of spec ML_DSA_65, algorithm `ML_DSA_SHAKE_256` (pure ML-DSA with an
 * empty context, what JOSE's `ML-DSA-65` is). A signing input of up to 4,096 bytes (a delivery body up to about 2.9
 * KiB, base64url, after the protected header) is sent as it is (`MessageType: RAW`); a longer one as its FIPS 204
 * message representative μ (`EXTERNAL_MU`, computed here from the public key, read once per container), since KMS
 * takes no longer raw message. The `kid` is the key's id (the UUID of its ARN), known without asking KMS. The API
 * reads the public keys (`GetPublicKey`, DER SubjectPublicKeyInfo) once per container and publishes the raw keys.
 */
export function kmsKeyId(arnOrId: string): string {
  return arnOrId.slice(arnOrId.lastIndexOf('/') + 1);
}

/** DER SubjectPublicKeyInfo of an ML-DSA-65 key (RFC 9881): algorithm id-ml-dsa-65 (2.16.840.1.101.3.4.3.18), no parameters, the key as a BIT STRING. */
const ML_DSA_65_SPKI_PREFIX = Buffer.from('308207b2300b0609608648016503040312038207a100', 'hex');

export function mlDsa65PublicKeyFromSpki(der: Uint8Array): Uint8Array {
  const bytes = Buffer.from(der);
  if (bytes.length !== ML_DSA_65_SPKI_PREFIX.length + ML_DSA_65_PUBLIC_KEY_BYTES || !bytes.subarray(0, ML_DSA_65_SPKI_PREFIX.length).equals(ML_DSA_65_SPKI_PREFIX)) {
    throw new Error('KMS returned a public key that is not an ML-DSA-65 SubjectPublicKeyInfo');
  }
  return new Uint8Array(bytes.subarray(ML_DSA_65_SPKI_PREFIX.length));
}

/** KMS's largest `RAW` message for ML-DSA keys. */
export const KMS_RAW_MESSAGE_LIMIT = 4096;

/** FIPS 204 μ of pure ML-DSA with an empty context: SHAKE256(SHAKE256(pk, 64) || 0x00 || 0x00 || M, 64). */
export function externalMu(publicKey: Uint8Array, message: Uint8Array): Uint8Array {
  const tr = createHash('shake256', { outputLength: 64 }).update(publicKey).digest();
  return new Uint8Array(createHash('shake256', { outputLength: 64 }).update(tr).update(Uint8Array.of(0, 0)).update(message).digest());
}

export class KmsWebhookKeys implements WebhookSigner, WebhookKeySet {
  private readonly key: WebhookSigningKey;
  private readonly published = new Map<string, Promise<AkpPublicJwk>>();

  constructor(
    private readonly kms: KMSClient,
    private readonly signingKeyId: string,
    private readonly otherKeyIds: readonly string[] = [],
  ) {
    this.key = {
      kid: kmsKeyId(signingKeyId),
      sign: async (message) => {
        const raw = message.length <= KMS_RAW_MESSAGE_LIMIT;
        const mu = raw ? message : externalMu(Buffer.from((await this.publicKey(this.signingKeyId)).pub, 'base64url'), message);
        const out = await this.kms.send(new SignCommand({ KeyId: this.signingKeyId, Message: mu, MessageType: raw ? 'RAW' : 'EXTERNAL_MU', SigningAlgorithm: 'ML_DSA_SHAKE_256' }));
        if (!out.Signature) throw new Error('KMS returned no signature');
        return out.Signature;
      },
    };
  }

  async signingKey(): Promise<WebhookSigningKey> {
    return this.key;
  }

  publicKeys(): Promise<AkpPublicJwk[]> {
    const ids = [this.signingKeyId, ...this.otherKeyIds.filter((k) => kmsKeyId(k) !== kmsKeyId(this.signingKeyId))];
    return Promise.all(ids.map((id) => this.publicKey(id)));
  }

  /** A key's public half, read once per container; a failed read is not kept. */
  private publicKey(keyId: string): Promise<AkpPublicJwk> {
    let p = this.published.get(keyId);
    if (!p) {
      p = this.kms.send(new GetPublicKeyCommand({ KeyId: keyId })).then((out) => {
        if (out.KeySpec !== 'ML_DSA_65' || !out.PublicKey) throw new Error(`KMS key ${kmsKeyId(keyId)} is not an ML_DSA_65 key`);
        return akpPublicJwk(kmsKeyId(keyId), mlDsa65PublicKeyFromSpki(out.PublicKey));
      });
      p.catch(() => this.published.delete(keyId));
      this.published.set(keyId, p);
    }
    return p;
  }
}
