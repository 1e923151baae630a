import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.CUSTODY_RATE_LIMIT_ENABLED = 'true';
  process.env.CUSTODY_RATE_LIMIT_PER_KEY = '5';
  process.env.CUSTODY_RATE_LIMIT_PER_TENANT = '1000';
  process.env.CUSTODY_RATE_LIMIT_WINDOW_SECONDS = '60';
});

import { FakeClock } from '../../shared/ports/clock.js';
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

  it('counts each credential separately', async () => {
    const a = await createTenantWithAdmin(api);
    for (let i = 0; i < 6; i++) await api.call('GET', `/v1/tenants/${a.tenant.id}`, { key: a.admin });
    const b = await createTenantWithAdmin(api);
    expect((await api.call('GET', `/v1/tenants/${b.tenant.id}`, { key: b.admin })).status).toBe(200);
  });
});
