import { beforeEach, describe, expect, it, vi } from 'vitest';

/*
 * The routes whose code is a lazy chunk (functions/wallets/balances.ts, functions/tokens/allowlist.ts,
 * functions/transactions/signing.ts) install the capability they use when loaded, and the entries no longer do: the
 * tokens and transactions cold starts carry neither the chain client nor the chain profile (ML-DSA). Fresh modules in
 * each test, so a wiring imported by one does not leak into the next.
 */
describe('capabilities wired by lazily loaded routes', () => {
  beforeEach(() => {
    vi.resetModules();
  });

  const freshServices = async () => (await import('../../shared/app/services.js')).services();

  it('transactions: the entry wires no chain profile; the external-signing routes\' module does', async () => {
    await import('../../functions/transactions/handler.js');
    const s = await freshServices();
    expect(() => s.profile.chainId).toThrow(/profile-wiring\.ts/);
    await import('../../functions/transactions/signing.js');
    expect(s.profile.chainId).toBe(s.config.CUSTODY_CHAIN_ID);
  });

  it('tokens: the entry wires neither chain nor profile; the allowlist read\'s module wires the chain', async () => {
    await import('../../functions/tokens/handler.js');
    const s = await freshServices();
    expect(() => s.profile.chainId).toThrow(/profile-wiring\.ts/);
    expect(() => 'chainId' in s.chain).toThrow(/chain-wiring\.ts/);
    await import('../../functions/tokens/allowlist.js');
    expect('chainId' in s.chain).toBe(true);
  });

  it('wallets: the entry wires the profile, not the chain; the balances route\'s module wires the chain', async () => {
    await import('../../functions/wallets/handler.js');
    const s = await freshServices();
    expect(s.profile.chainId).toBe(s.config.CUSTODY_CHAIN_ID);
    expect(() => 'chainId' in s.chain).toThrow(/chain-wiring\.ts/);
    await import('../../functions/wallets/balances.js');
    expect('chainId' in s.chain).toBe(true);
  });
});
