import { GetPublicKeyCommand, SignCommand, type KMSClient } from '@aws-sdk/client-kms';
import {
  DEFAULT_AUDIT_ORIGIN,
  type CheckpointPublicKey,
  type CheckpointSigner,
} from '../../ports/checkpoint-signer.js';

/**
 * Checkpoints signed by a KMS asymmetric key of spec ML_DSA_65 (algorithm ML_DSA_SHAKE_256, the message sent RAW: a
 * checkpoint note's text, well under KMS's 4,096 bytes). The public key is KMS's DER SubjectPublicKeyInfo, served as PEM.
 */
export class KmsCheckpointSigner implements CheckpointSigner {
  private pub?: Promise<CheckpointPublicKey>;

  constructor(
    private readonly kms: KMSClient,
    private readonly keyId: string,
    private readonly originPrefix: string = DEFAULT_AUDIT_ORIGIN,
  ) {}

  async sign(message: Uint8Array) {
    const out = await this.kms.send(
      new SignCommand({
        KeyId: this.keyId,
        Message: message,
        MessageType: 'RAW',
        SigningAlgorithm: 'ML_DSA_SHAKE_256',
      }),
    );
    if (!out.Signature) throw new Error('KMS returned no signature');
    return { key_id: this.keyId, algorithm: 'ml-dsa-65' as const, signature: out.Signature };
  }

  publicKey(): Promise<CheckpointPublicKey> {
    this.pub ??= this.kms.send(new GetPublicKeyCommand({ KeyId: this.keyId })).then((out) => {
      if (!out.PublicKey) throw new Error('KMS returned no public key');
      const b64 = Buffer.from(out.PublicKey)
        .toString('base64')
        .replace(/.{1,64}/g, '$&\n');
      return {
        key_id: this.keyId,
        algorithm: 'ml-dsa-65' as const,
        public_key_pem: `-----BEGIN PUBLIC KEY-----\n${b64}-----END PUBLIC KEY-----\n`,
        origin_prefix: this.originPrefix,
      };
    });
    return this.pub;
  }
}
