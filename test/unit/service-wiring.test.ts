import { describe, expect, it } from 'vitest';
import { services } from '../../shared/app/services.js';

/*
 * services() builds the chain, the chain profile and the checkpoint signer only in the functions whose entry imports
 * their wiring module (shared/app/*-wiring.ts), on first use, whatever the order of the imports. This file imports no
 * wiring until the test does (each test file has its own modules).
 */
describe('capabilities wired per function', () => {
  it('a capability without its wiring fails on first use and names the module to import', () => {
    const s = services();
    expect(() => s.chain.chainId()).toThrow(
      'no chain in this function: import shared/app/chain-wiring.ts in its entry',
    );
    expect(() => s.checkpointSigner.publicKey()).toThrow(/import shared\/app\/checkpoint-wiring\.ts/);
  });

  it('a wiring imported after services() were built is used on first use, and built once', async () => {
    const s = services();
    await import('../../shared/app/profile-wiring.js');
    expect(s.profile.chainId).toBe(s.config.CUSTODY_CHAIN_ID);
    expect(s.profile.nativeAsset.decimals).toBe(18);
    expect(s.profile.deriveAddress).toBe(s.profile.deriveAddress);
    expect(() => s.chain.chainId()).toThrow(/chain-wiring\.ts/);
  });
});
