import { describe, expect, it } from 'vitest';
import { deriveAddress, makeChainProfile, ML_DSA, toHex } from '../../shared/domain/chain/chain-profile.js';
import { checkOwnershipProof } from '../../shared/domain/wallets/ownership-proof.js';
import { ApiError } from '../../shared/errors/catalog.js';

const profile = makeChainProfile({ chainId: 20803, algorithm: 'ML-DSA-65', context: '', nativeAsset: { symbol: 'PQ', name: 'PQ' } });
const now = new Date('2026-03-01T12:00:00.000Z');
const nowSec = Math.floor(now.getTime() / 1000);
const { publicKey, secretKey } = ML_DSA['ML-DSA-65'].keygen(new Uint8Array(32).fill(9));
const address = deriveAddress(publicKey);

function proofAt(timestamp: number, over: Partial<{ address: string; publicKey: string }> = {}) {
  const addr = over.address ?? address;
  const sig = profile.sign(secretKey, profile.ownershipProofMessage({ tenantId: 'tenant', vaultId: 'vault', address: addr, timestamp }));
  return { tenantId: 'tenant', vaultId: 'vault', address: addr, publicKey: over.publicKey ?? toHex(publicKey), proofSignature: sig, proofTimestamp: timestamp };
}

function codeOf(fn: () => void): number | undefined {
  try {
    fn();
    return undefined;
  } catch (e) {
    if (e instanceof ApiError) return e.code;
    throw e;
  }
}

describe('ownership proof check', () => {
  it('accepts a fresh proof, with the address in any letter case', () => {
    expect(codeOf(() => checkOwnershipProof(profile, proofAt(nowSec), now))).toBeUndefined();
    const upper = proofAt(nowSec);
    expect(codeOf(() => checkOwnershipProof(profile, { ...upper, address: '0x' + address.slice(2).toUpperCase() }, now))).toBeUndefined();
  });

  it('accepts timestamps up to 300 s either side of the clock and refuses 301 s (1105)', () => {
    expect(codeOf(() => checkOwnershipProof(profile, proofAt(nowSec - 300), now))).toBeUndefined();
    expect(codeOf(() => checkOwnershipProof(profile, proofAt(nowSec + 300), now))).toBeUndefined();
    expect(codeOf(() => checkOwnershipProof(profile, proofAt(nowSec - 301), now))).toBe(1105);
    expect(codeOf(() => checkOwnershipProof(profile, proofAt(nowSec + 301), now))).toBe(1105);
  });

  it('refuses an address that is not the key\'s (1105), even with a valid signature over it', () => {
    const other = '0x' + '2'.repeat(40);
    expect(codeOf(() => checkOwnershipProof(profile, proofAt(nowSec, { address: other }), now))).toBe(1105);
  });

  it('refuses a proof whose signature was made for another timestamp (1105)', () => {
    const p = proofAt(nowSec);
    expect(codeOf(() => checkOwnershipProof(profile, { ...p, proofTimestamp: nowSec - 1 }, now))).toBe(1105);
  });

  it('answers 1100 for a public key of the wrong size for the parameter set', () => {
    const key44 = toHex(ML_DSA['ML-DSA-44'].keygen(new Uint8Array(32).fill(1)).publicKey);
    expect(codeOf(() => checkOwnershipProof(profile, { ...proofAt(nowSec), publicKey: key44, address: deriveAddress(key44) }, now))).toBe(1100);
  });
});
