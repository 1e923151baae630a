import type { Store } from '../../ports/store.js';
import { keys } from '../../store/keys.js';
import { RateLimitedError } from '../../errors/domain-errors.js';

export type RateLimitSettings = { windowSeconds: number; perKey: number; perTenant: number; tenantShards: number };

/** Tokens a container takes from a shared counter at once: 1% of the limit, at least 1, at most 20. */
export const leaseSize = (limit: number): number => Math.min(20, Math.max(1, Math.floor(limit / 100)));

/**
 * Leases of fewer tokens are not taken ahead: under a limit of 1,000 per window a container holds at most one lease,
 * so it refuses at most (lease - 1) requests early; from it on, up to one and a half.
 */
export const PREFETCH_MIN_LEASE = 10;

/** Tokens this container holds for one counter in one window; `exhausted` once the shared count reached the limit. */
type Lease = { window: number; remaining: number; exhausted: boolean; lastCount: number; refilling?: Promise<void> };

/**
 * Fixed-window rate limits per credential and per tenant, counted in the table (API Gateway throttling is only
 * best-effort), with a container-local token bucket in front of the table's counters:
 *
 * - A container takes tokens from a counter in leases of `leaseSize(limit)` (one atomic ADD, outside any
 *   transaction) and serves requests from its lease until it is spent, so a request costs 1/lease of a counter write
 *   on average instead of two writes. A lease that crosses the limit is granted only the tokens left below it.
 * - The tenant's count is spread over `tenantShards` items: each lease is taken from one random shard and held
 *   against that shard's share of the limit, so one busy tenant never turns a single item hot.
 * - A lease of `PREFETCH_MIN_LEASE` tokens or more is renewed in the background once half of it is spent, so a
 *   steady client's requests do not wait for a counter write (only a window's first request does).
 * - Once a credential's counter reached its limit in a window, the container refuses it until the window ends without
 *   asking the table again (the shared count only grows within a window).
 *
 * The accuracy traded (docs/api-conventions.md): the limit is never exceeded, but tokens leased by one container
 * and not used are lost to the others, so a client spread over N containers may be refused up to N x (lease - 1)
 * requests before its limit (N x (1.5 x lease - 1) for leases renewed ahead: at most 1.5% of the limit per container;
 * exact for limits under 200). The `RateLimit`
 * header's remaining count is this container's view. Lambda keeps a container per concurrent request, so under
 * load the leases mostly help containers that serve bursts from one client.
 */
/** The fixed window `now` falls in, the seconds to its end, and when its counters may be dropped (TTL, epoch seconds). */
function fixedWindow(now: Date, windowSeconds: number) {
  const epoch = Math.floor(now.getTime() / 1000);
  const window = Math.floor(epoch / windowSeconds);
  return { window, resetIn: (window + 1) * windowSeconds - epoch, ttl: (window + 2) * windowSeconds };
}

export class RateLimiter {
  private readonly leases = new Map<string, Lease>();

  /** Returns the headers to attach to the answer (draft-ietf-httpapi-ratelimit-headers); throws 429 1602 over a limit. */
  async enforce(
    store: Store,
    s: RateLimitSettings,
    tenantId: string,
    keyId: string,
    now: Date,
  ): Promise<Record<string, string>> {
    const { window, resetIn, ttl } = fixedWindow(now, s.windowSeconds);
    this.forgetOldWindows(window);
    const shardLimit = Math.ceil(s.perTenant / s.tenantShards);
    const [key, tenant] = await Promise.all([
      this.take(`key#${keyId}`, window, s.perKey, true, (by) =>
        store.increment(keys.rateCounter('key', keyId, window, 0), 'count', by, ttl),
      ),
      // A full shard says nothing about the others: the tenant's exhaustion is not remembered.
      this.take(`tenant#${tenantId}`, window, shardLimit, false, (by) =>
        store.increment(
          keys.rateCounter('tenant', tenantId, window, Math.floor(Math.random() * s.tenantShards)),
          'count',
          by,
          ttl,
        ),
      ),
    ]);
    const headers = {
      'RateLimit-Policy': `"key";q=${s.perKey};w=${s.windowSeconds}, "tenant";q=${s.perTenant};w=${s.windowSeconds}`,
      RateLimit: `"key";r=${key.remaining};t=${resetIn}`,
    };
    if (!key.ok || !tenant.ok) {
      throw new RateLimitedError(resetIn, { ...headers, RateLimit: `"${key.ok ? 'tenant' : 'key'}";r=0;t=${resetIn}` });
    }
    return headers;
  }

  /**
   * One counter of its own (a public route's per-IP limit): the same leases, window and headers, no tenant counter.
   * Throws 429 1602 over the limit.
   */
  async enforceOne(
    store: Store,
    s: { windowSeconds: number; limit: number },
    scope: string,
    id: string,
    now: Date,
  ): Promise<Record<string, string>> {
    const { window, resetIn, ttl } = fixedWindow(now, s.windowSeconds);
    this.forgetOldWindows(window);
    const got = await this.take(`${scope}#${id}`, window, s.limit, true, (by) =>
      store.increment(keys.rateCounter(scope, id, window, 0), 'count', by, ttl),
    );
    const headers = {
      'RateLimit-Policy': `"${scope}";q=${s.limit};w=${s.windowSeconds}`,
      RateLimit: `"${scope}";r=${got.remaining};t=${resetIn}`,
    };
    if (!got.ok) throw new RateLimitedError(resetIn, headers);
    return headers;
  }

  /**
   * One token of a counter: from this container's lease, else a new lease from the table. Requests that find the
   * lease spent while another is taking the next one wait for it instead of each taking a lease of their own (which
   * under concurrency took up to one lease per waiting request: more counter writes, on their latency, and more tokens
   * held here unused). A waiter that finds the new lease spent by the others takes the next one.
   */
  private async take(
    id: string,
    window: number,
    limit: number,
    remember: boolean,
    add: (by: number) => Promise<number>,
  ): Promise<{ ok: boolean; remaining: number }> {
    for (;;) {
      let lease = this.leases.get(id);
      if (lease?.window !== window) {
        lease = { window, remaining: 0, exhausted: false, lastCount: 0 };
        this.leases.set(id, lease);
      }
      if (lease.remaining === 0 && !lease.exhausted) {
        if (lease.refilling) {
          await lease.refilling;
          continue;
        }
        const refill = this.refill(lease, limit, remember, add);
        lease.refilling = refill.then(() => undefined);
        const granted = await refill.finally(() => (lease.refilling = undefined));
        if (granted > 0 && lease.remaining === 0) continue; // the waiters took it all: another lease
      }
      if (lease.remaining === 0) return { ok: false, remaining: 0 };
      lease.remaining -= 1;
      this.prefetch(lease, limit, remember, add);
      return { ok: true, remaining: Math.max(0, limit - lease.lastCount + lease.remaining) };
    }
  }

  /**
   * Takes the next lease in the background once half of a lease of at least `PREFETCH_MIN_LEASE` tokens is spent, so
   * a steady client never waits for a counter write inside a window (only the window's first request does). A
   * failed prefetch is forgotten: the request that finds the lease spent takes one itself (and answers its error).
   */
  private prefetch(lease: Lease, limit: number, remember: boolean, add: (by: number) => Promise<number>): void {
    const size = leaseSize(limit);
    if (size < PREFETCH_MIN_LEASE || lease.exhausted || lease.refilling || lease.remaining > size / 2) return;
    lease.refilling = this.refill(lease, limit, remember, add).then(
      () => undefined,
      () => undefined,
    );
    void lease.refilling.finally(() => (lease.refilling = undefined));
  }

  /** Takes a lease from the table's counter into `lease`; returns the tokens granted. */
  private async refill(
    lease: Lease,
    limit: number,
    remember: boolean,
    add: (by: number) => Promise<number>,
  ): Promise<number> {
    const size = leaseSize(limit);
    const count = await add(size);
    const granted = Math.max(0, Math.min(size, limit - (count - size)));
    lease.remaining += granted;
    lease.lastCount = count - (size - granted);
    lease.exhausted = remember && count >= limit;
    return granted;
  }

  /** Leases of past windows are worth nothing: dropped when the map grows, so a long-lived container stays small. */
  private forgetOldWindows(window: number): void {
    if (this.leases.size < 1000) return;
    for (const [id, lease] of this.leases) if (lease.window !== window) this.leases.delete(id);
  }
}
