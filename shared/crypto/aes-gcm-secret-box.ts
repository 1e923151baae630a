import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { SecretBoxError, type ByteBox, type SecretBox, type SecretContext } from '../ports/secret-box.js';

/**
 * A secret box in AES-256-GCM under a 32-byte key, a fresh 12-byte nonce per value, and the context (sorted, as JSON)
 * as additional authenticated data, so a value opens only with the context it was sealed with. Stored as
 * `local:v1:<base64 nonce|tag|ciphertext>`, or as the bytes `nonce|tag|ciphertext` alone (`sealBytes`). Two users:
 * the local stack's secret box, standing in for KMS under the local key file (adapters/local/local-secret-box.ts),
 * and, on AWS too, the box that seals stored idempotent answers under a key the key provider derives
 * (http/pipeline/idempotency.ts), so no KMS call per request.
 */
/** The prefix of a value sealed as text: named for the local stack, where the box first served; kept so stored values open. */
const PREFIX = 'local:v1:';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

const aad = (context: SecretContext) =>
  Buffer.from(
    JSON.stringify(
      Object.keys(context)
        .sort()
        .map((k) => [k, context[k]]),
    ),
    'utf8',
  );

export class AesGcmSecretBox implements SecretBox, ByteBox {
  private readonly key: Buffer;

  constructor(masterKey: Uint8Array) {
    if (masterKey.length !== 32) throw new Error('the AES-256-GCM key must be 32 bytes');
    this.key = Buffer.from(masterKey);
  }

  async seal(plaintext: string, context: SecretContext): Promise<string> {
    return PREFIX + Buffer.from(this.sealBytes(Buffer.from(plaintext, 'utf8'), context)).toString('base64');
  }

  async open(sealed: string, context: SecretContext): Promise<string> {
    if (!sealed.startsWith(PREFIX)) throw new SecretBoxError('not a locally sealed value');
    return Buffer.from(this.openBytes(Buffer.from(sealed.slice(PREFIX.length), 'base64'), context)).toString('utf8');
  }

  sealBytes(plaintext: Uint8Array, context: SecretContext): Uint8Array {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    cipher.setAAD(aad(context));
    const ct = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    return new Uint8Array(Buffer.concat([nonce, cipher.getAuthTag(), ct]));
  }

  openBytes(sealed: Uint8Array, context: SecretContext): Uint8Array {
    const raw = Buffer.from(sealed);
    if (raw.length < NONCE_BYTES + TAG_BYTES) throw new SecretBoxError('sealed value is too short');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, NONCE_BYTES));
      decipher.setAAD(aad(context));
      decipher.setAuthTag(raw.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
      return new Uint8Array(Buffer.concat([decipher.update(raw.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]));
    } catch {
      throw new SecretBoxError('sealed value does not open with this key and context');
    }
  }
}
