import { describe, expect, it } from 'vitest';
import { config } from '../../shared/config.js';
import { lazyDeps } from '../../shared/composition/deps.js';

/*
 * The routes whose code is a lazy chunk (functions/wallets/balances.ts and creation.ts, functions/tokens/allowlist.ts,
 * functions/transactions/signing.ts, meta's readiness probe) hold the port they use, which the entry declares as a
 * loader (`loadChain`, `loadProfile`: `onDemand` in shared/composition/deps.ts): the tokens, transactions and wallets
 * entries declare neither the chain client nor the chain profile (ML-DSA, Keccak, the transaction format), meta's no
 * chain client; `npm run bundle-sizes` checks their cold starts hold neither.
 */
describe('ports loaded with the routes that use them', () => {
  it("transactions: the entry declares no chain profile; the external-signing routes' module builds it", async () => {
    const { ports } = await import('../../functions/transactions/handler.js');
    expect(Object.keys(ports)).not.toContain('profile');
    const profile = await lazyDeps(ports).loadProfile();
    expect(profile.chainId).toBe(config().CUSTODY_CHAIN_ID);
  });

  it("tokens: the entry declares neither chain nor profile; the allowlist read's module builds the chain", async () => {
    const { ports } = await import('../../functions/tokens/handler.js');
    expect(Object.keys(ports)).not.toContain('profile');
    expect(Object.keys(ports)).not.toContain('chain');
    const deps = lazyDeps(ports);
    const chain = await deps.loadChain();
    expect(typeof chain.chainId).toBe('function');
    expect(await deps.loadChain()).toBe(chain); // built once
  });

  it("wallets: the entry declares neither profile nor chain; the registration routes' module builds the profile, the balances route's the chain", async () => {
    const { ports } = await import('../../functions/wallets/handler.js');
    expect(Object.keys(ports)).not.toContain('profile');
    expect(Object.keys(ports)).not.toContain('chain');
    const deps = lazyDeps(ports);
    expect(typeof (await deps.loadChain()).chainId).toBe('function');
    expect((await deps.loadProfile()).chainId).toBe(config().CUSTODY_CHAIN_ID);
  });

  it('meta: the entry declares no chain; the readiness probe loads it and answers (200 or 503, never 500)', async () => {
    const { handler, ports } = await import('../../functions/meta/handler.js');
    expect(Object.keys(ports)).not.toContain('chain');
    const get = (path: string) =>
      handler(
        {
          httpMethod: 'GET',
          path,
          resource: path,
          headers: {},
          body: null,
          requestContext: { identity: { sourceIp: '127.0.0.1' } },
        } as never,
        {} as never,
      );
    expect((await get('/v1/health/live')).statusCode).toBe(200);
    expect([200, 503]).toContain((await get('/v1/health/ready')).statusCode);
  });
});
