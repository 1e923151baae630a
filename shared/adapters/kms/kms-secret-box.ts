import { DecryptCommand, EncryptCommand, type KMSClient } from '@aws-sdk/client-kms';
import { SecretBoxError, type SecretBox, type SecretContext } from '../../ports/secret-box.js';

/**
 * The secret box on AWS KMS: `Encrypt` with the service's key (`CUSTODY_KMS_KEY_ID`) and the context as the KMS
 * encryption context (logged by CloudTrail, required again to decrypt); `Decrypt` names the key, so a ciphertext
 * of another key is refused. Stored as `kms:v1:<base64 ciphertext blob>`.
 */
const PREFIX = 'kms:v1:';

export class KmsSecretBox implements SecretBox {
  constructor(
    private readonly client: KMSClient,
    private readonly keyId: string,
  ) {}

  async seal(plaintext: string, context: SecretContext): Promise<string> {
    const out = await this.client.send(
      new EncryptCommand({
        KeyId: this.keyId,
        Plaintext: Buffer.from(plaintext, 'utf8'),
        EncryptionContext: { ...context },
      }),
    );
    if (!out.CiphertextBlob) throw new SecretBoxError('KMS returned no ciphertext');
    return PREFIX + Buffer.from(out.CiphertextBlob).toString('base64');
  }

  async open(sealed: string, context: SecretContext): Promise<string> {
    if (!sealed.startsWith(PREFIX)) throw new SecretBoxError('not a KMS-sealed value');
    let out;
    try {
      out = await this.client.send(
        new DecryptCommand({
          KeyId: this.keyId,
          CiphertextBlob: Buffer.from(sealed.slice(PREFIX.length), 'base64'),
          EncryptionContext: { ...context },
        }),
      );
    } catch (e) {
      // InvalidCiphertextException: tampered, another key, or another context. Other errors (throttling) pass on.
      if ((e as Error).name === 'InvalidCiphertextException' || (e as Error).name === 'IncorrectKeyException')
        throw new SecretBoxError('sealed value does not open with this key and context');
      throw e;
    }
    if (!out.Plaintext) throw new SecretBoxError('KMS returned no plaintext');
    return Buffer.from(out.Plaintext).toString('utf8');
  }
}
