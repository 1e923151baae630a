import { KMSClient } from '@aws-sdk/client-kms';
import { KmsPolicyKeys, retiredPolicyKey } from '../adapters/kms/kms-policy-keys.js';

/** The KMS policy key with its client: loaded by shared/composition/policy-keys.ts at the first receipt signed or key set asked for. */
export const kmsPolicyKeys = (
  region: string,
  keyId: string,
  retired: readonly string[],
  receiptTtlSeconds: number,
): KmsPolicyKeys =>
  new KmsPolicyKeys(new KMSClient({ region }), keyId, retired.map(retiredPolicyKey), receiptTtlSeconds);
