import { RateLimiter } from '../../domain/identity/rate-limit.js';
import type { ApiDeps, ApiMiddleware } from './types.js';

/** One per container (module scope): its leases of the rate-limit counters (shared/domain/identity/rate-limit.ts). */
const rateLimiter = new RateLimiter();

/**
 * The rate limits (429 1602 with `Retry-After`; the `RateLimit` headers on every answer), when
 * `CUSTODY_RATE_LIMIT_ENABLED`: an authenticated request counts against its credential and its tenant; a public route
 * that writes (`limitPerIp`: a sign-in step) against its source IP, since no credential or tenant bounds it.
 */
export const limit = (svc: ApiDeps): ApiMiddleware => ({
  before: async (request) => {
    const api = request.context.api;
    const cfg = svc.config;
    if (!cfg.CUSTODY_RATE_LIMIT_ENABLED) return;
    const now = svc.clock.now();
    const principal = api.principal;
    const window = cfg.CUSTODY_RATE_LIMIT_WINDOW_SECONDS;
    const headers = principal
      ? await rateLimiter.enforce(
          svc.store,
          {
            windowSeconds: window,
            perKey: cfg.CUSTODY_RATE_LIMIT_PER_KEY,
            perTenant: cfg.CUSTODY_RATE_LIMIT_PER_TENANT,
            tenantShards: cfg.CUSTODY_RATE_LIMIT_TENANT_SHARDS,
          },
          principal.tenantId,
          principal.keyId,
          now,
        )
      : api.route!.limitPerIp
        ? await rateLimiter.enforceOne(
            svc.store,
            { windowSeconds: window, limit: cfg.CUSTODY_RATE_LIMIT_PUBLIC_PER_IP },
            'public-ip',
            request.event.requestContext?.identity?.sourceIp ?? 'unknown',
            now,
          )
        : {};
    Object.assign(api.extraHeaders, headers);
  },
});
