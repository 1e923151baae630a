import { KMSClient } from '@aws-sdk/client-kms';
import type { KeyProvider } from '../ports/key-provider.js';
import { KmsKeyProvider } from '../adapters/keys/kms-key-provider.js';

/** The KMS key provider with its client: a lazy chunk of the API functions' bundles (shared/composition/keys.ts). */
export const kmsKeys = (region: string, macKeyId: string): KeyProvider =>
  new KmsKeyProvider(new KMSClient({ region }), macKeyId);
