import { GetPublicKeyCommand, SignCommand, type KMSClient } from '@aws-sdk/client-kms';
import type { PolicyKeySet, PolicyPublicKey, PolicySigner } from '../../ports/policy-signer.js';
import { kmsKeyId, KMS_RAW_MESSAGE_LIMIT, mlDsa65PublicKeyFromSpki } from './kms-ml-dsa.js';

/** A key that no longer signs receipts: its ARN (or id) and when it stopped. */
export type RetiredPolicyKey = { keyId: string; retiredAt: string };

/** A `CUSTODY_POLICY_RETIRED_KEYS` entry, `<arn>@<ISO time>` (the configuration checked its shape). */
export const retiredPolicyKey = (entry: string): RetiredPolicyKey => ({
  keyId: entry.slice(0, entry.indexOf('@')),
  retiredAt: entry.slice(entry.indexOf('@') + 1),
});

/**
 * The policy key on KMS: an asymmetric key of spec ML_DSA_65, algorithm `ML_DSA_SHAKE_256` over the RAW message (pure
 * ML-DSA, empty context); a receipt's signed message is well under KMS's 4,096-byte RAW limit (larger is refused).
 * The key id is the UUID of its ARN. The published set is the active key and the retired keys (`GetPublicKey`, read
 * once per container), each retired key valid until its retirement plus the receipt lifetime.
 */
export class KmsPolicyKeys implements PolicySigner, PolicyKeySet {
  private readonly published = new Map<string, Promise<string>>();

  constructor(
    private readonly kms: KMSClient,
    private readonly activeKeyId: string,
    private readonly retired: readonly RetiredPolicyKey[],
    private readonly receiptTtlSeconds: number,
  ) {}

  async sign(message: Uint8Array) {
    if (message.length > KMS_RAW_MESSAGE_LIMIT)
      throw new Error(`a receipt of ${message.length} bytes is over KMS's RAW message limit`);
    const out = await this.kms.send(
      new SignCommand({
        KeyId: this.activeKeyId,
        Message: message,
        MessageType: 'RAW',
        SigningAlgorithm: 'ML_DSA_SHAKE_256',
      }),
    );
    if (!out.Signature) throw new Error('KMS returned no signature');
    return { keyId: kmsKeyId(this.activeKeyId), signature: out.Signature };
  }

  async publicKeys(): Promise<PolicyPublicKey[]> {
    const active = kmsKeyId(this.activeKeyId);
    const retired = this.retired.filter((k) => kmsKeyId(k.keyId) !== active);
    const keys = await Promise.all([this.activeKeyId, ...retired.map((k) => k.keyId)].map((id) => this.publicKey(id)));
    return [
      {
        key_id: active,
        algorithm: 'ML-DSA-65',
        public_key: keys[0]!,
        status: 'active',
        retired_at: null,
        valid_until: null,
      },
      ...retired.map((k, i): PolicyPublicKey => ({
        key_id: kmsKeyId(k.keyId),
        algorithm: 'ML-DSA-65',
        public_key: keys[i + 1]!,
        status: 'retired',
        retired_at: k.retiredAt,
        valid_until: new Date(Date.parse(k.retiredAt) + this.receiptTtlSeconds * 1000).toISOString(),
      })),
    ];
  }

  private publicKey(keyId: string): Promise<string> {
    let p = this.published.get(keyId);
    if (!p) {
      p = this.kms.send(new GetPublicKeyCommand({ KeyId: keyId })).then((out) => {
        if (out.KeySpec !== 'ML_DSA_65' || !out.PublicKey)
          throw new Error(`KMS key ${kmsKeyId(keyId)} is not an ML_DSA_65 key`);
        return `0x${Buffer.from(mlDsa65PublicKeyFromSpki(out.PublicKey)).toString('hex')}`;
      });
      p.catch(() => this.published.delete(keyId));
      this.published.set(keyId, p);
    }
    return p;
  }
}
