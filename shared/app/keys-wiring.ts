import { KMSClient } from '@aws-sdk/client-kms';
import { KmsKeyProvider } from '../adapters/keys/kms-key-provider.js';
import { provideKmsKeys } from './services.js';

/**
 * Imported (for its effect) by `shared/http/api-handler.ts`, so by every API function: the service's keys on AWS
 * (`CUSTODY_MAC_KEY_ID`) come from KMS `GenerateMac`. Every API request derives its cursor key, so the client is
 * loaded statically (at the cold start, not on the first request). The background functions derive no keys and
 * carry no KMS client for them (`npm run bundle-sizes`).
 */
provideKmsKeys((region, macKeyId) => new KmsKeyProvider(new KMSClient({ region }), macKeyId));
