import { GetPublicKeyCommand, SignCommand, type KMSClient } from '@aws-sdk/client-kms';
import type { AkpPublicJwk, WebhookKeySet, WebhookSigner, WebhookSigningKey } from '../../ports/webhook-signer.js';
import { akpPublicJwk } from '../../domain/webhooks/jws.js';
import { externalMu, kmsKeyId, KMS_RAW_MESSAGE_LIMIT, mlDsa65PublicKeyFromSpki } from './kms-ml-dsa.js';

export { externalMu, kmsKeyId, KMS_RAW_MESSAGE_LIMIT, mlDsa65PublicKeyFromSpki } from './kms-ml-dsa.js';

/**
 * The webhook key on KMS: an asymmetric key of spec ML_DSA_65, algorithm `ML_DSA_SHAKE_256` (pure ML-DSA with an
 * empty context, what JOSE's `ML-DSA-65` is). A signing input of up to 4,096 bytes (a delivery body up to about 2.9
 * KiB, base64url, after the protected header) is sent as it is (`MessageType: RAW`); a longer one as its FIPS 204
 * message representative μ (`EXTERNAL_MU`, computed here from the public key, read once per container), since KMS
 * takes no longer raw message. The `kid` is the key's id (the UUID of its ARN), known without asking KMS. The API
 * reads the public keys (`GetPublicKey`, DER SubjectPublicKeyInfo) once per container and publishes the raw keys.
 */
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
        const mu = raw
          ? message
          : externalMu(Buffer.from((await this.publicKey(this.signingKeyId)).pub, 'base64url'), message);
        const out = await this.kms.send(
          new SignCommand({
            KeyId: this.signingKeyId,
            Message: mu,
            MessageType: raw ? 'RAW' : 'EXTERNAL_MU',
            SigningAlgorithm: 'ML_DSA_SHAKE_256',
          }),
        );
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
        if (out.KeySpec !== 'ML_DSA_65' || !out.PublicKey)
          throw new Error(`KMS key ${kmsKeyId(keyId)} is not an ML_DSA_65 key`);
        return akpPublicJwk(kmsKeyId(keyId), mlDsa65PublicKeyFromSpki(out.PublicKey));
      });
      p.catch(() => this.published.delete(keyId));
      this.published.set(keyId, p);
    }
    return p;
  }
}
