import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fromHex,
  InvalidTxSignatureError,
  makeChainProfile,
  makeChainProfileLoadingMlDsa,
  ML_DSA,
  type ChainProfileValues,
  type MlDsa,
  type PqEvmTx,
} from '../../shared/domain/chain/chain-profile.js';
import { mlDsaVerifier } from '../../shared/crypto/ml-dsa.js';

/*
 * The transaction worker's chain profile (shared/composition/profile-on-demand.ts): formats, addresses and signing
 * payloads at once, ML-DSA (a lazy chunk in its bundle) loaded by `loadMlDsa`, which the signing step awaits before it
 * verifies (acceptSignature). Real ML-DSA keys and signatures; the loads are counted, and one is made to fail.
 */
const VALUES: ChainProfileValues = {
  chainId: 20803,
  algorithm: 'ML-DSA-65',
  context: 'custody-tests',
  nativeAsset: { symbol: 'PQ', name: 'PQ' },
};
const TX: PqEvmTx = {
  chainId: 20803n,
  nonce: 7n,
  maxPriorityFeePerGas: 1n,
  maxFeePerGas: 2n,
  gasLimit: 21000n,
  to: `0x${'11'.repeat(20)}`,
  value: 5n,
  data: '0x',
};
const atHand = makeChainProfile(VALUES);
const keys = ML_DSA['ML-DSA-65'].keygen(new Uint8Array(32).fill(3));
const publicKey = `0x${Buffer.from(keys.publicKey).toString('hex')}`;
const digest = fromHex(atHand.signingPayload(TX).digest);
const good = atHand.sign(keys.secretKey, digest);
const byAnotherKey = atHand.sign(ML_DSA['ML-DSA-65'].keygen(new Uint8Array(32).fill(4)).secretKey, digest);
const realLoad = async (): Promise<MlDsa> => import('../../shared/crypto/ml-dsa.js');

describe('a chain profile loading ML-DSA on demand', () => {
  it('answers formats, addresses and signing payloads before ML-DSA is loaded; its signature checks refuse to run', () => {
    const load = vi.fn(realLoad);
    const p = makeChainProfileLoadingMlDsa(VALUES, load);
    expect(p.signingPayload(TX)).toEqual(atHand.signingPayload(TX));
    expect(p.deriveAddress(publicKey)).toBe(atHand.deriveAddress(publicKey));
    expect(p.sizes).toEqual(atHand.sizes);
    expect(() => p.verify(publicKey, digest, good)).toThrow(/ML-DSA is not loaded: await profile\.loadMlDsa\(\) first/);
    expect(() => p.signedTransaction(TX, publicKey, good)).toThrow(/not loaded/);
    expect(load).not.toHaveBeenCalled();
  });

  it('once loaded (one load for concurrent callers), verifies a real signature and refuses one by another key', async () => {
    const load = vi.fn(realLoad);
    const p = makeChainProfileLoadingMlDsa(VALUES, load);
    await Promise.all([p.loadMlDsa(), p.loadMlDsa()]);
    await p.loadMlDsa();
    expect(load).toHaveBeenCalledTimes(1);
    expect(p.verify(publicKey, digest, good)).toBe(true);
    expect(p.verify(publicKey, digest, byAnotherKey)).toBe(false);
    expect(p.signedTransaction(TX, publicKey, good)).toEqual(atHand.signedTransaction(TX, publicKey, good));
    expect(() => p.signedTransaction(TX, publicKey, byAnotherKey)).toThrow(InvalidTxSignatureError);
  });

  it('does not keep a failed load: the next call loads again', async () => {
    const load = vi.fn(realLoad).mockRejectedValueOnce(new Error('chunk not readable'));
    const p = makeChainProfileLoadingMlDsa(VALUES, load);
    await expect(p.loadMlDsa()).rejects.toThrow('chunk not readable');
    expect(() => p.verify(publicKey, digest, good)).toThrow(/not loaded/);
    await p.loadMlDsa();
    expect(load).toHaveBeenCalledTimes(2);
    expect(p.verify(publicKey, digest, good)).toBe(true);
  });

  it('a profile with ML-DSA at hand verifies at once; its loadMlDsa resolves at once', async () => {
    expect(atHand.verify(publicKey, digest, good)).toBe(true);
    await atHand.loadMlDsa();
    expect(atHand.verify(publicKey, digest, byAnotherKey)).toBe(false);
  });
});

describe("the transaction worker's profile wiring", () => {
  beforeEach(() => {
    vi.resetModules();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('builds the profile without ML-DSA; the first load logs the verifier chosen, once', async () => {
    const { logger } = await import('../../shared/app/logger.js');
    const info = vi.spyOn(logger, 'info').mockImplementation(() => undefined);
    const { profile } = await import('../../shared/composition/profile-on-demand.js');
    const { config } = await import('../../shared/config.js');
    const p = profile({ config: config() });
    expect(p.chainId).toBe(config().CUSTODY_CHAIN_ID);
    expect(info.mock.calls.filter(([m]) => m === 'chain profile')).toEqual([]);
    expect(() => p.verify(publicKey, digest, good)).toThrow(/not loaded/);
    await p.loadMlDsa();
    await p.loadMlDsa();
    expect(info.mock.calls.filter(([m]) => m === 'chain profile')).toEqual([
      ['chain profile', { ml_dsa_verifier: mlDsaVerifier().name }],
    ]);
    const own = makeChainProfile({ ...VALUES, algorithm: p.algorithm, context: p.context });
    const k = ML_DSA[p.algorithm].keygen(new Uint8Array(32).fill(5));
    const pk = `0x${Buffer.from(k.publicKey).toString('hex')}`;
    expect(p.verify(pk, digest, own.sign(k.secretKey, digest))).toBe(true);
  });
});
