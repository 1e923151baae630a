import { describe, expect, it } from 'vitest';
import {
  deriveAddress,
  fromHex,
  keccak256Hex,
  keySizes,
  makeChainProfile,
  ML_DSA,
  PQ_ALGORITHMS,
  toHex,
  type PqAlgorithm,
} from '../../shared/domain/chain/chain-profile.js';
import { nativeAsset, nativeAssetId } from '../../shared/domain/assets/asset-record.js';

const NATIVE = { symbol: 'PQ', name: 'PQ Chain native coin' };
const profileFor = (algorithm: PqAlgorithm, context = '', chainId = 20803) =>
  makeChainProfile({ chainId, algorithm, context, nativeAsset: NATIVE });
const seed = (n: number) => new Uint8Array(32).fill(n);

describe('chain profile: addresses', () => {
  it('derives 0x + the last 20 bytes of Keccak-256 (not SHA3-256) of the public key bytes', () => {
    // Keccak-256("") = c5d24601...5d85a470; SHA3-256("") would be a7ffc6f8...
    expect(keccak256Hex(new Uint8Array())).toBe('0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470');
    expect(deriveAddress(new Uint8Array())).toBe('0xdcc703c0e500b653ca82273b7bfad8045d85a470');
    expect(deriveAddress('0x')).toBe('0xdcc703c0e500b653ca82273b7bfad8045d85a470');
  });

  it('gives a lowercase 40-hex address that changes with the key', () => {
    const { publicKey: a } = ML_DSA['ML-DSA-65'].keygen(seed(1));
    const { publicKey: b } = ML_DSA['ML-DSA-65'].keygen(seed(2));
    expect(deriveAddress(a)).toMatch(/^0x[0-9a-f]{40}$/);
    expect(deriveAddress(toHex(a).toUpperCase().replace('0X', '0x'))).toBe(deriveAddress(a));
    expect(deriveAddress(a)).not.toBe(deriveAddress(b));
  });

  it('round-trips hex and refuses odd or non-hex input', () => {
    expect(toHex(fromHex('0x00ff10'))).toBe('0x00ff10');
    expect(() => fromHex('0xabc')).toThrow();
    expect(() => fromHex('abcd')).toThrow();
    expect(() => fromHex('0xzz')).toThrow();
  });
});

describe('chain profile: parameter sets', () => {
  it('knows the FIPS 204 sizes of each parameter set', () => {
    expect(keySizes('ML-DSA-44')).toEqual({ publicKey: 1312, secretKey: 2560, signature: 2420 });
    expect(keySizes('ML-DSA-65')).toEqual({ publicKey: 1952, secretKey: 4032, signature: 3309 });
    expect(keySizes('ML-DSA-87')).toEqual({ publicKey: 2592, secretKey: 4896, signature: 4627 });
  });

  it('refuses a context string over 255 bytes', () => {
    expect(() => profileFor('ML-DSA-65', 'x'.repeat(256))).toThrow(/255/);
    expect(() => profileFor('ML-DSA-65', 'é'.repeat(128))).toThrow(/255/); // 256 UTF-8 bytes
  });
});

describe.each(PQ_ALGORITHMS)('ownership proof with %s', (algorithm) => {
  const profile = profileFor(algorithm);
  const { publicKey, secretKey } = ML_DSA[algorithm].keygen(seed(7));
  const pk = toHex(publicKey);
  const fields = { tenantId: 't-1', vaultId: 'v-1', address: deriveAddress(publicKey), timestamp: 1_767_225_600 };
  const message = profile.ownershipProofMessage(fields);
  const signature = profile.sign(secretKey, message);

  it('verifies a proof signed by the key', () => {
    expect((signature.length - 2) / 2).toBe(profile.sizes.signature);
    expect(profile.verify(pk, message, signature)).toBe(true);
  });

  it('rejects a tampered signature', () => {
    const bytes = fromHex(signature);
    bytes[10] = bytes[10]! ^ 0x01;
    expect(profile.verify(pk, message, toHex(bytes))).toBe(false);
  });

  it('rejects the proof for another tenant, vault, address or timestamp', () => {
    for (const other of [
      { tenantId: 't-2' },
      { vaultId: 'v-2' },
      { address: '0x' + '1'.repeat(40) },
      { timestamp: fields.timestamp + 1 },
    ]) {
      expect(profile.verify(pk, profile.ownershipProofMessage({ ...fields, ...other }), signature)).toBe(false);
    }
  });

  it('rejects another key, a truncated signature and malformed hex without throwing', () => {
    const other = toHex(ML_DSA[algorithm].keygen(seed(8)).publicKey);
    expect(profile.verify(other, message, signature)).toBe(false);
    expect(profile.verify(pk, message, signature.slice(0, -2))).toBe(false);
    expect(profile.verify(pk, message, 'not hex')).toBe(false);
    expect(profile.verify('0x1234', message, signature)).toBe(false);
  });

  it('binds the FIPS 204 context string: a proof made under another context does not verify', () => {
    const withContext = profileFor(algorithm, 'pq-chain-v2');
    const sigWithContext = withContext.sign(secretKey, message);
    expect(withContext.verify(pk, message, sigWithContext)).toBe(true);
    expect(profile.verify(pk, message, sigWithContext)).toBe(false);
    expect(withContext.verify(pk, message, signature)).toBe(false);
  });
});

describe('chain profile: messages and the native asset', () => {
  it('spells the ownership-proof message exactly, with the address in lowercase', () => {
    const profile = profileFor('ML-DSA-65', '', 31337);
    const msg = profile.ownershipProofMessage({
      tenantId: 'T',
      vaultId: 'V',
      address: '0xABCDEF0123456789ABCDEF0123456789ABCDEF01',
      timestamp: 1700000000,
    });
    expect(new TextDecoder().decode(msg)).toBe(
      'custody-ownership-proof:v1:31337:T:V:0xabcdef0123456789abcdef0123456789abcdef01:1700000000',
    );
  });

  it('rejects a key of another parameter set', () => {
    const { publicKey, secretKey } = ML_DSA['ML-DSA-44'].keygen(seed(3));
    const msg = new TextEncoder().encode('m');
    const sig44 = profileFor('ML-DSA-44').sign(secretKey, msg);
    expect(profileFor('ML-DSA-65').verify(toHex(publicKey), msg, sig44)).toBe(false);
  });

  it('gives the native asset one id per chain, the same in every tenant, with 18 decimals', () => {
    // Pinned: stored transactions and policies refer to this id, so it must never change between releases.
    expect(nativeAssetId(20803)).toBe('9ac20ac0-27c4-525b-bdec-022619f9e3f9');
    expect(nativeAssetId(20803)).not.toBe(nativeAssetId(1));
    expect(nativeAssetId(1)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(nativeAsset(profileFor('ML-DSA-65'), '2026-01-01T00:00:00.000Z')).toMatchObject({
      type: 'native',
      symbol: 'PQ',
      decimals: 18,
      chain_id: 20803,
      contract_address: null,
    });
  });
});
