import { describe, expect, it } from 'vitest';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import vectors from '../../shared/domain/chain/pq-evm-v1.vectors.json' with { type: 'json' };
import {
  decodeSignedTx,
  decodeUnsignedTx,
  deriveAddress,
  encodeSignedTx,
  encodeUnsignedTx,
  fromHex,
  InvalidTxSignatureError,
  makeChainProfile,
  ML_DSA,
  signingPayload,
  toHex,
  TxDecodeError,
  txHash,
  type PqAlgorithm,
  type PqEvmTx,
} from '../../shared/domain/chain/chain-profile.js';
import { buildVectors } from '../../scripts/chain-profile-vectors.js';

/** pq-evm-v1 transactions: the committed vectors, canonical decoding, and signing/verifying through the profile. */
type VectorTx = (typeof vectors.valid)[number]['tx'];
const fields = (t: VectorTx): PqEvmTx => ({
  chainId: BigInt(t.chainId),
  nonce: BigInt(t.nonce),
  maxPriorityFeePerGas: BigInt(t.maxPriorityFeePerGas),
  maxFeePerGas: BigInt(t.maxFeePerGas),
  gasLimit: BigInt(t.gasLimit),
  to: t.to,
  value: BigInt(t.value),
  data: t.data,
});
const profileFor = (algorithm: PqAlgorithm, context = '') =>
  makeChainProfile({ chainId: 20803, algorithm, context, nativeAsset: { symbol: 'PQ', name: 'PQ' } });

describe('pq-evm-v1 vectors', () => {
  it('covers a contract creation (empty to, init code) and every parameter set', () => {
    expect(vectors.valid.some((v) => v.tx.to === null && v.tx.data.length > 2)).toBe(true);
    expect(new Set(vectors.valid.map((v) => v.algorithm))).toEqual(new Set(['ML-DSA-44', 'ML-DSA-65', 'ML-DSA-87']));
  });

  it('the committed file is what the generator writes (regenerate with npm run vectors:chain-profile)', () => {
    expect(JSON.parse(JSON.stringify(buildVectors()))).toEqual(vectors);
  });

  it.each(vectors.valid.map((v) => [v.name, v] as const))(
    '%s: bytes, digest, key, signature, signed bytes and hash',
    (_name, v) => {
      const tx = fields(v.tx);
      const impl = ML_DSA[v.algorithm as PqAlgorithm];
      expect(toHex(encodeUnsignedTx(tx))).toBe(v.unsigned_tx);
      expect(signingPayload(tx)).toEqual({ unsignedTx: v.unsigned_tx, digest: v.digest });
      const { publicKey, secretKey } = impl.keygen(fromHex(v.key_seed));
      expect(toHex(publicKey)).toBe(v.public_key);
      expect(deriveAddress(publicKey)).toBe(v.from);
      const opts = { ...(v.context ? { context: utf8ToBytes(v.context) } : {}), extraEntropy: false as const };
      expect(toHex(impl.sign(fromHex(v.digest), secretKey, opts))).toBe(v.signature);
      expect(toHex(encodeSignedTx(tx, v.public_key, v.signature))).toBe(v.signed_tx);
      expect(txHash(fromHex(v.signed_tx))).toBe(v.chain_tx_hash);
      expect(decodeUnsignedTx(fromHex(v.unsigned_tx))).toEqual(tx);
      expect(decodeSignedTx(fromHex(v.signed_tx))).toEqual({ tx, publicKey: v.public_key, signature: v.signature });

      const opened = profileFor(v.algorithm as PqAlgorithm, v.context).openSignedTransaction(fromHex(v.signed_tx));
      expect(opened).toEqual({
        tx,
        publicKey: v.public_key,
        signature: v.signature,
        from: v.from,
        hash: v.chain_tx_hash,
      });
    },
  );

  it.each(vectors.invalid.map((v) => [v.name, v.unsigned_tx] as const))('refuses %s', (_name, hex) => {
    expect(() => decodeUnsignedTx(fromHex(hex))).toThrow(TxDecodeError);
  });
});

describe('pq-evm-v1 decoding', () => {
  const v = vectors.valid[0]!;
  const signed = fromHex(v.signed_tx);

  it('refuses a signed transaction with a byte changed in its length prefix, missing bytes or a trailing byte', () => {
    expect(() => decodeSignedTx(signed.subarray(0, signed.length - 1))).toThrow(TxDecodeError);
    expect(() => decodeSignedTx(new Uint8Array([...signed, 0]))).toThrow(TxDecodeError);
    expect(() => decodeSignedTx(new Uint8Array([0x02, ...signed.subarray(1)]))).toThrow(/type 0x02/);
    expect(() => decodeSignedTx(fromHex(v.unsigned_tx))).toThrow(/expected 11 fields, found 9/);
    expect(() => decodeSignedTx(new Uint8Array())).toThrow(TxDecodeError);
    expect(() => decodeSignedTx(new Uint8Array([0x50]))).toThrow(TxDecodeError);
  });

  it('refuses fields out of range when encoding', () => {
    const tx = fields(v.tx);
    expect(() => encodeUnsignedTx({ ...tx, nonce: -1n })).toThrow(RangeError);
    expect(() => encodeUnsignedTx({ ...tx, value: 1n << 256n })).toThrow(RangeError);
    expect(() => encodeUnsignedTx({ ...tx, to: '0x1234' })).toThrow(RangeError);
    expect(() => encodeUnsignedTx({ ...tx, data: '0xabc' })).toThrow(RangeError);
  });
});

describe('pq-evm-v1 through the chain profile', () => {
  const profile = profileFor('ML-DSA-65');
  const { publicKey, secretKey } = ML_DSA['ML-DSA-65'].keygen(new Uint8Array(32).fill(9));
  const pk = toHex(publicKey);
  const tx: PqEvmTx = {
    chainId: 20803n,
    nonce: 3n,
    maxPriorityFeePerGas: 1n,
    maxFeePerGas: 10n,
    gasLimit: 21000n,
    to: deriveAddress(pk),
    value: 5n,
    data: '0x',
  };

  it('signs (randomized) and opens a transaction, deriving the sender from the key', () => {
    const a = profile.signTransaction(secretKey, pk, tx);
    const b = profile.signTransaction(secretKey, pk, tx);
    expect(a.raw).not.toBe(b.raw); // hedged signatures differ; both verify
    for (const s of [a, b]) {
      const opened = profile.openSignedTransaction(fromHex(s.raw));
      expect(opened).toMatchObject({ tx, publicKey: pk, from: deriveAddress(pk), hash: s.hash });
      expect(s.hash).toBe(txHash(fromHex(s.raw)));
    }
  });

  it('assembles a signed transaction only from a signature that verifies over the digest', () => {
    const digest = fromHex(profile.signingPayload(tx).digest);
    const signature = profile.sign(secretKey, digest);
    expect(profile.signedTransaction(tx, pk, signature).raw).toBe(toHex(encodeSignedTx(tx, pk, signature)));
    expect(() => profile.signedTransaction({ ...tx, nonce: 4n }, pk, signature)).toThrow(InvalidTxSignatureError);
  });

  it('refuses a transaction whose signature does not verify, or whose key is of another parameter set', () => {
    const { raw } = profile.signTransaction(secretKey, pk, tx);
    const decoded = decodeSignedTx(fromHex(raw));
    const tampered = encodeSignedTx({ ...decoded.tx, value: 6n }, decoded.publicKey, decoded.signature);
    expect(() => profile.openSignedTransaction(tampered)).toThrow(InvalidTxSignatureError);
    expect(() => profileFor('ML-DSA-44').openSignedTransaction(fromHex(raw))).toThrow(/public key is not 1312 bytes/);
    expect(() => profileFor('ML-DSA-65', 'other context').openSignedTransaction(fromHex(raw))).toThrow(
      InvalidTxSignatureError,
    );
  });
});
