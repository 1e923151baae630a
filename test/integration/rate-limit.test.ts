import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.CUSTODY_RATE_LIMIT_ENABLED = 'true';
  process.env.CUSTODY_RATE_LIMIT_PER_KEY = '5';
  process.env.CUSTODY_RATE_LIMIT_PER_TENANT = '1000';
  process.env.CUSTODY_RATE_LIMIT_WINDOW_SECONDS = '60';
  process.env.CUSTODY_RATE_LIMIT_PUBLIC_PER_IP = '3';
});

import { FakeClock } from '../../shared/ports/clock.js';
import type { Store } from '../../shared/ports/store.js';
import { services } from '../../shared/composition/standalone.js';
import { RateLimiter, leaseSize } from '../../shared/domain/identity/rate-limit.js';
import { newId } from '../../shared/domain/ids.js';
import { createTenantWithAdmin, startTestApi, type TestApi } from '../support/local-api.js';

const clock = new FakeClock(new Date('2026-03-01T00:00:10.000Z').getTime());
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ clock });
});
afterAll(async () => api?.close());

describe('rate limiting', () => {
  it('answers 429 1602 with Retry-After and RateLimit headers once a key exceeds its window, and resets after it', async () => {
    const { tenant, admin } = await createTenantWithAdmin(api);
    const path = `/v1/tenants/${tenant.id}`;
    const ok = [];
    for (let i = 0; i < 5; i++) ok.push(await api.call('GET', path, { key: admin }));
    expect(ok.every((r) => r.status === 200)).toBe(true);
    expect(ok[4]!.headers.get('ratelimit')).toContain('r=0');
    const limited = await api.call('GET', path, { key: admin });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatchObject({ code: 1602, type: 'RATE_LIMITED' });
    expect(Number(limited.headers.get('retry-after'))).toBe(50);
    expect(limited.headers.get('ratelimit-policy')).toContain('q=5');
    clock.advance(60_000);
    expect((await api.call('GET', path, { key: admin })).status).toBe(200);
  });

  it('limits the public sign-in routes per source IP (they write without a credential); other public routes are not limited', async () => {
    const { tenant } = await createTenantWithAdmin(api);
    clock.advance(60_000); // a fresh window
    const login = `/v1/sso/oidc/login?tenant_id=${tenant.id}&return_to=%2Fconsole`;
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await api.call('GET', login, { key: null }));
    expect(answers.map((r) => r.status)).toEqual([404, 404, 404]); // no connection (1010), but counted
    expect(answers[2]!.headers.get('ratelimit')).toContain('"public-ip";r=0');
    const limited = await api.call('GET', login, { key: null });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatchObject({ code: 1602, type: 'RATE_LIMITED' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // The same IP on the SAML ACS shares the counter; health is not limited.
    expect(
      (
        await api.call('POST', '/v1/sso/saml/acs', {
          rawBody: 'SAMLResponse=x',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          key: null,
        })
      ).status,
    ).toBe(429);
    for (let i = 0; i < 5; i++) expect((await api.call('GET', '/v1/health/live', { key: null })).status).toBe(200);
    clock.advance(60_000);
    expect((await api.call('GET', login, { key: null })).status).toBe(404);
  });

  it('counts each credential separately', async () => {
    const a = await createTenantWithAdmin(api);
    for (let i = 0; i < 6; i++) await api.call('GET', `/v1/tenants/${a.tenant.id}`, { key: a.admin });
    const b = await createTenantWithAdmin(api);
    expect((await api.call('GET', `/v1/tenants/${b.tenant.id}`, { key: b.admin })).status).toBe(200);
  });
});

/** The table's store, counting the counter writes it makes. */
function countingIncrements(store: Store): { store: Store; increments: () => number } {
  let n = 0;
  const counting = Object.create(store) as Store;
  counting.increment = (...args) => {
    n++;
    return store.increment(...args);
  };
  return { store: counting, increments: () => n };
}

describe('rate-limit leases (container-local tokens in front of the counters)', () => {
  const settings = { windowSeconds: 60, perKey: 250, perTenant: 100_000, tenantShards: 4 };
  const now = new Date('2026-03-01T01:00:10.000Z');

  it('never lets a credential exceed its limit across containers, refuses at most (lease - 1) early per container, and writes a counter once per lease', async () => {
    const lease = leaseSize(settings.perKey);
    expect(lease).toBe(2);
    const { store, increments } = countingIncrements(services().store);
    const containers = [new RateLimiter(), new RateLimiter()];
    const tenantId = newId();
    const keyId = `pqck_${newId()}`;
    let served = 0;
    for (let i = 0; i < 300; i++) {
      try {
        await containers[i % 2]!.enforce(store, settings, tenantId, keyId, now);
        served++;
      } catch (e) {
        expect((e as { code?: number }).code).toBe(1602);
      }
    }
    expect(served).toBeLessThanOrEqual(settings.perKey);
    expect(served).toBeGreaterThanOrEqual(settings.perKey - containers.length * (lease - 1));
    // Key counter: one write per lease while under the limit, then each container learns it is spent once.
    // Tenant counter (lease 2 of its 25,000-per-shard share): one write per two requests.
    const keyWrites = Math.ceil(served / lease) + containers.length;
    const tenantWrites = 300 / 2;
    expect(increments()).toBeLessThanOrEqual(keyWrites + tenantWrites + containers.length);
    expect(increments()).toBeLessThan(2 * 300 * 0.6);
  });

  it('takes one lease for requests that find it spent at the same moment, and serves them all from it', async () => {
    const { store, increments } = countingIncrements(services().store);
    const limiter = new RateLimiter();
    const wide = { ...settings, perKey: 2000, perTenant: 2000 * settings.tenantShards }; // leases of 20
    const tenantId = newId();
    const keyId = `pqck_${newId()}`;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => limiter.enforce(store, wide, tenantId, keyId, now)),
    );
    expect(answers).toHaveLength(8);
    expect(increments()).toBe(2); // one lease of the key's counter, one of a tenant shard
    // Eight at once with a lease of 1 (a limit of 5): each waiter takes the next lease in turn, and no request is
    // refused before the limit is reached.
    const small = new RateLimiter();
    const key2 = `pqck_${newId()}`;
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => small.enforce(store, { ...settings, perKey: 5 }, tenantId, key2, now)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
  });

  it('renews a lease of 10 or more in the background once half is spent: requests go on while the counter write is held', async () => {
    let held: (() => void)[] | undefined;
    let writes = 0;
    const gated = Object.create(services().store) as Store;
    gated.increment = async (...args) => {
      writes++;
      if (held) await new Promise<void>((release) => held!.push(release));
      return services().store.increment(...args);
    };
    const limiter = new RateLimiter();
    const wide = { ...settings, perKey: 2000, perTenant: 2000 * settings.tenantShards }; // leases of 20
    const tenantId = newId();
    const keyId = `pqck_${newId()}`;
    await limiter.enforce(gated, wide, tenantId, keyId, now); // the window's first request takes both leases
    expect(writes).toBe(2);
    held = [];
    for (let i = 0; i < 9; i++) await limiter.enforce(gated, wide, tenantId, keyId, now); // 10 of 20 spent: renewals start
    expect(writes).toBe(4);
    for (let i = 0; i < 10; i++) await limiter.enforce(gated, wide, tenantId, keyId, now); // served while both writes are held
    expect(writes).toBe(4);
    const waiting = limiter.enforce(gated, wide, tenantId, keyId, now); // the lease is spent: this one waits for the renewal
    await new Promise((r) => setTimeout(r, 20));
    expect(writes).toBe(4);
    const release = held;
    held = undefined;
    release.forEach((r) => r());
    await expect(waiting).resolves.toMatchObject({ RateLimit: expect.stringContaining('"key";r=') });
    expect(writes).toBe(4);
    // Limits under 1,000 per window (leases under 10) are not renewed ahead: 3 requests of a lease of 2 write twice per counter.
    const small = new RateLimiter();
    const before = writes;
    const smallKey = `pqck_${newId()}`;
    for (let i = 0; i < 3; i++)
      await small.enforce(gated, { ...settings, perTenant: 200 * settings.tenantShards }, tenantId, smallKey, now);
    expect(writes - before).toBe(4);
  });

  it('asks the table again in the next window (a spent credential is only remembered for its window)', async () => {
    const { store, increments } = countingIncrements(services().store);
    const limiter = new RateLimiter();
    const tenantId = newId();
    const keyId = `pqck_${newId()}`;
    const small = { ...settings, perKey: 3 };
    for (let i = 0; i < 3; i++) await limiter.enforce(store, small, tenantId, keyId, now);
    await expect(limiter.enforce(store, small, tenantId, keyId, now)).rejects.toMatchObject({ code: 1602 });
    const before = increments();
    await expect(limiter.enforce(store, small, tenantId, keyId, now)).rejects.toMatchObject({ code: 1602 });
    expect(increments() - before).toBe(0); // the key's exhaustion is known locally; the tenant's token comes from its lease (20)
    const next = new Date(now.getTime() + 60_000);
    await expect(limiter.enforce(store, small, tenantId, keyId, next)).resolves.toMatchObject({
      RateLimit: expect.stringContaining('r=2'),
    });
  });
});
