import { KMSClient } from '@aws-sdk/client-kms';
import { KmsWebhookKeys } from '../adapters/kms/kms-webhook-keys.js';

/** The KMS webhook key with its client: loaded by shared/composition/webhook-keys.ts at the first signature or key set asked for. */
export const kmsWebhookKeys = (region: string, keyId: string, published: readonly string[]): KmsWebhookKeys =>
  new KmsWebhookKeys(new KMSClient({ region }), keyId, published);
