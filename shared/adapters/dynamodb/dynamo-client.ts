import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { Config } from '../../config.js';

/**
 * The DynamoDB client. Its logger middleware goes: no logger is configured, yet the middleware walked every request
 * and response through the schema's sensitive-data filter for the no-op logger (about 20 ms of a verification of
 * 2,000 audit records, on every call of the service). `cacheMiddleware` resolves each command's middleware stack once
 * per command class instead of once per call (about 50 KB less garbage per submission; the store sends the low-level
 * commands, so nothing adds middleware after the first call).
 */
export function makeDynamoClient(cfg: Pick<Config, 'CUSTODY_REGION' | 'CUSTODY_DYNAMODB_ENDPOINT'>): DynamoDBClient {
  const client = new DynamoDBClient({
    region: cfg.CUSTODY_REGION,
    ...(cfg.CUSTODY_DYNAMODB_ENDPOINT
      ? { endpoint: cfg.CUSTODY_DYNAMODB_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {}),
    maxAttempts: 4,
    cacheMiddleware: true,
  });
  client.middlewareStack.remove('loggerMiddleware');
  return client;
}
