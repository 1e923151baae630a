import type { Store } from '../../ports/store.js';
import { keys } from '../../store/keys.js';
import { RateLimitedError } from '../../errors/domain-errors.js';

export type RateLimitSettings = { windowSeconds: number; perKey: number; perTenant: number; tenantShards: number };

/**
 * Fixed-window rate limits per credential and per tenant, counted in the table (API Gateway throttling is only
 * best-effort). The tenant's count is spread over `tenantShards` items: each request adds to one random shard and is
 * held against that shard's share of the limit, so one busy tenant never turns a single item hot.
 * Returns the headers to attach to the answer (draft-ietf-httpapi-ratelimit-headers).
 */
export async function enforceRateLimit(store: Store, s: RateLimitSettings, tenantId: string, keyId: string, now: Date): Promise<Record<string, string>> {
  const epoch = Math.floor(now.getTime() / 1000);
  const window = Math.floor(epoch / s.windowSeconds);
  const resetIn = (window + 1) * s.windowSeconds - epoch;
  const ttl = (window + 2) * s.windowSeconds;
  const shard = Math.floor(Math.random() * s.tenantShards);
  const shardLimit = Math.ceil(s.perTenant / s.tenantShards);
  const [keyCount, shardCount] = await Promise.all([
    store.increment(keys.rateCounter('key', keyId, window, 0), 'count', 1, ttl),
    store.increment(keys.rateCounter('tenant', tenantId, window, shard), 'count', 1, ttl),
  ]);
  const keyRemaining = Math.max(0, s.perKey - keyCount);
  const headers = {
    'RateLimit-Policy': `"key";q=${s.perKey};w=${s.windowSeconds}, "tenant";q=${s.perTenant};w=${s.windowSeconds}`,
    RateLimit: `"key";r=${keyRemaining};t=${resetIn}`,
  };
  if (keyCount > s.perKey || shardCount > shardLimit) {
    throw new RateLimitedError(resetIn, { ...headers, RateLimit: `"${keyCount > s.perKey ? 'key' : 'tenant'}";r=0;t=${resetIn}` });
  }
  return headers;
}
