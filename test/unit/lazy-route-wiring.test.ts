import { beforeEach, describe, expect, it, vi } from 'vitest';

/*
 * The routes whose code is a lazy chunk (functions/wallets/balances.ts and creation.ts, functions/tokens/allowlist.ts,
 * functions/transactions/signing.ts, meta's readiness probe) install the capability they use when loaded, and the
 * entries no longer do: the tokens, transactions and wallets cold starts carry neither the chain client nor the chain
 * profile (ML-DSA, Keccak, the transaction format), meta's no chain client. Fresh modules in each test, so a wiring
 * imported by one does not leak into the next.
 */
describe('capabilities wired by lazily loaded routes', () => {
  beforeEach(() => {
    vi.resetModules();
  });

  const freshServices = async () => (await import('../../shared/app/services.js')).services();

  it("transactions: the entry wires no chain profile; the external-signing routes' module does", async () => {
    await import('../../functions/transactions/handler.js');
    const s = await freshServices();
    expect(() => s.profile.chainId).toThrow(/profile-wiring\.ts/);
    await import('../../functions/transactions/signing.js');
    expect(s.profile.chainId).toBe(s.config.CUSTODY_CHAIN_ID);
  });

  it("tokens: the entry wires neither chain nor profile; the allowlist read's module wires the chain", async () => {
    await import('../../functions/tokens/handler.js');
    const s = await freshServices();
    expect(() => s.profile.chainId).toThrow(/profile-wiring\.ts/);
    expect(() => 'chainId' in s.chain).toThrow(/chain-wiring\.ts/);
    await import('../../functions/tokens/allowlist.js');
    expect('chainId' in s.chain).toBe(true);
  });

  it("wallets: the entry wires neither profile nor chain; the registration routes' module wires the profile, the balances route's the chain", async () => {
    await import('../../functions/wallets/handler.js');
    const s = await freshServices();
    expect(() => s.profile.chainId).toThrow(/profile-wiring\.ts/);
    expect(() => 'chainId' in s.chain).toThrow(/chain-wiring\.ts/);
    await import('../../functions/wallets/balances.js');
    expect('chainId' in s.chain).toBe(true);
    expect(() => s.profile.chainId).toThrow(/profile-wiring\.ts/);
    await import('../../functions/wallets/creation.js');
    expect(s.profile.chainId).toBe(s.config.CUSTODY_CHAIN_ID);
  });

  it('meta: the entry wires no chain; the readiness probe installs it and answers (200 or 503, never 500)', async () => {
    const { handler } = await import('../../functions/meta/handler.js');
    const s = await freshServices();
    expect(() => 'chainId' in s.chain).toThrow(/chain-wiring\.ts/);
    const live = await handler(
      {
        httpMethod: 'GET',
        path: '/v1/health/live',
        resource: '/v1/health/live',
        headers: {},
        body: null,
        requestContext: { identity: { sourceIp: '127.0.0.1' } },
      } as never,
      {} as never,
    );
    expect(live.statusCode).toBe(200);
    expect(() => 'chainId' in s.chain).toThrow(/chain-wiring\.ts/);
    const ready = await handler(
      {
        httpMethod: 'GET',
        path: '/v1/health/ready',
        resource: '/v1/health/ready',
        headers: {},
        body: null,
        requestContext: { identity: { sourceIp: '127.0.0.1' } },
      } as never,
      {} as never,
    );
    expect([200, 503]).toContain(ready.statusCode);
    expect('chainId' in s.chain).toBe(true);
  });
});
