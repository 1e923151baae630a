import { describe, expect, it, vi } from 'vitest';
import { loadMlDsa } from '../../shared/composition/profile-on-demand.js';
import {
  deriveAddress,
  makeChainProfile,
  makeChainProfileLoadingMlDsa,
  ML_DSA,
  toHex,
  type ChainProfileValues,
} from '../../shared/domain/chain/chain-profile.js';
import { checkOwnershipProof } from '../../shared/domain/wallets/ownership-proof.js';
import { ApiError } from '../../shared/errors/catalog.js';

const VALUES: ChainProfileValues = {
  chainId: 20803,
  algorithm: 'ML-DSA-65',
  context: '',
  nativeAsset: { symbol: 'PQ', name: 'PQ' },
};
const profile = makeChainProfile(VALUES);
const now = new Date('2026-03-01T12:00:00.000Z');
const nowSec = Math.floor(now.getTime() / 1000);
const { publicKey, secretKey } = ML_DSA['ML-DSA-65'].keygen(new Uint8Array(32).fill(9));
const address = deriveAddress(publicKey);

function proofAt(timestamp: number, over: Partial<{ address: string; publicKey: string }> = {}) {
  const addr = over.address ?? address;
  const sig = profile.sign(
    secretKey,
    profile.ownershipProofMessage({ tenantId: 'tenant', vaultId: 'vault', address: addr, timestamp }),
  );
  return {
    tenantId: 'tenant',
    vaultId: 'vault',
    address: addr,
    publicKey: over.publicKey ?? toHex(publicKey),
    proofSignature: sig,
    proofTimestamp: timestamp,
  };
}

async function codeOf(fn: () => Promise<void>): Promise<number | undefined> {
  try {
    await fn();
    return undefined;
  } catch (e) {
    if (e instanceof ApiError) return e.code;
    throw e;
  }
}

describe('ownership proof check', async () => {
  it('accepts a fresh proof, with the address in any letter case', async () => {
    expect(await codeOf(() => checkOwnershipProof(profile, proofAt(nowSec), now))).toBeUndefined();
    const upper = proofAt(nowSec);
    expect(
      await codeOf(() =>
        checkOwnershipProof(profile, { ...upper, address: '0x' + address.slice(2).toUpperCase() }, now),
      ),
    ).toBeUndefined();
  });

  it('accepts timestamps up to 300 s either side of the clock and refuses 301 s (1105)', async () => {
    expect(await codeOf(() => checkOwnershipProof(profile, proofAt(nowSec - 300), now))).toBeUndefined();
    expect(await codeOf(() => checkOwnershipProof(profile, proofAt(nowSec + 300), now))).toBeUndefined();
    expect(await codeOf(() => checkOwnershipProof(profile, proofAt(nowSec - 301), now))).toBe(1105);
    expect(await codeOf(() => checkOwnershipProof(profile, proofAt(nowSec + 301), now))).toBe(1105);
  });

  it("refuses an address that is not the key's (1105), even with a valid signature over it", async () => {
    const other = '0x' + '2'.repeat(40);
    expect(await codeOf(() => checkOwnershipProof(profile, proofAt(nowSec, { address: other }), now))).toBe(1105);
  });

  it('refuses a proof whose signature was made for another timestamp (1105)', async () => {
    const p = proofAt(nowSec);
    expect(await codeOf(() => checkOwnershipProof(profile, { ...p, proofTimestamp: nowSec - 1 }, now))).toBe(1105);
  });

  it('answers 1100 for a public key of the wrong size for the parameter set', async () => {
    const key44 = toHex(ML_DSA['ML-DSA-44'].keygen(new Uint8Array(32).fill(1)).publicKey);
    expect(
      await codeOf(() =>
        checkOwnershipProof(profile, { ...proofAt(nowSec), publicKey: key44, address: deriveAddress(key44) }, now),
      ),
    ).toBe(1100);
  });

  describe("with the wallets function's profile (ML-DSA loaded on demand: profile-wiring-on-demand.ts)", () => {
    /** A profile as the wallets function wires it, counting its loads of ML-DSA; the first `failures` loads fail. */
    const lazyProfile = (failures = 0) => {
      const load = vi.fn(loadMlDsa);
      for (let i = 0; i < failures; i++) load.mockRejectedValueOnce(new Error('chunk not readable'));
      return { lazy: makeChainProfileLoadingMlDsa(VALUES, load), load };
    };

    it('verifies a real proof and refuses a bad signature through the lazily loaded verifier, loading ML-DSA once', async () => {
      const { lazy, load } = lazyProfile();
      expect(() => lazy.verify(toHex(publicKey), new Uint8Array(1), '0x00')).toThrow(/not loaded/);
      const good = proofAt(nowSec);
      expect(await codeOf(() => checkOwnershipProof(lazy, good, now))).toBeUndefined();
      const sig = good.proofSignature;
      const flipped = `${sig.slice(0, 10)}${sig[10] === '0' ? '1' : '0'}${sig.slice(11)}`;
      expect(await codeOf(() => checkOwnershipProof(lazy, { ...good, proofSignature: flipped }, now))).toBe(1105);
      expect(await codeOf(() => checkOwnershipProof(lazy, { ...good, proofTimestamp: nowSec - 1 }, now))).toBe(1105);
      expect(load).toHaveBeenCalledTimes(1);
    });

    it('refuses a wrong-size key, a foreign address or a stale timestamp without loading ML-DSA', async () => {
      const { lazy, load } = lazyProfile();
      const key44 = toHex(ML_DSA['ML-DSA-44'].keygen(new Uint8Array(32).fill(1)).publicKey);
      expect(
        await codeOf(() =>
          checkOwnershipProof(lazy, { ...proofAt(nowSec), publicKey: key44, address: deriveAddress(key44) }, now),
        ),
      ).toBe(1100);
      expect(
        await codeOf(() => checkOwnershipProof(lazy, proofAt(nowSec, { address: '0x' + '2'.repeat(40) }), now)),
      ).toBe(1105);
      expect(await codeOf(() => checkOwnershipProof(lazy, proofAt(nowSec - 301), now))).toBe(1105);
      expect(load).not.toHaveBeenCalled();
    });

    it('a failed load fails that check (not a catalog answer) and is not kept: the next check loads and verifies', async () => {
      const { lazy, load } = lazyProfile(1);
      const good = proofAt(nowSec);
      await expect(checkOwnershipProof(lazy, good, now)).rejects.toThrow('chunk not readable');
      expect(await codeOf(() => checkOwnershipProof(lazy, good, now))).toBeUndefined();
      expect(load).toHaveBeenCalledTimes(2);
    });
  });
});
