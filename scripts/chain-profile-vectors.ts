import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { RLP } from '@ethereumjs/rlp';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import {
  deriveAddress,
  encodeSignedTx,
  encodeUnsignedTx,
  fromHex,
  ML_DSA,
  signingPayload,
  toHex,
  txHash,
  type PqAlgorithm,
  type PqEvmTx,
} from '../shared/domain/chain/chain-profile.js';

/**
 * Writes the pq-evm-v1 test vectors (shared/domain/chain/pq-evm-v1.vectors.json), checked by
 * test/unit/chain-profile-tx.test.ts. Keys come from fixed 32-byte seeds (FIPS 204 ML-DSA.KeyGen_internal) and
 * signatures use the deterministic variant (no randomness), so another implementation can reproduce every byte.
 *
 *   npm run vectors:chain-profile
 */
type Case = { name: string; algorithm: PqAlgorithm; context: string; seedByte: number; tx: PqEvmTx };

const GWEI = 10n ** 9n;
// A contract whose runtime code returns 42: the init code copies the 10 runtime bytes to memory and returns them.
const INIT_CODE = '0x600a600c600039600a6000f3602a60005260206000f3';

const cases: Case[] = [
  {
    name: 'native transfer, ML-DSA-65, no context',
    algorithm: 'ML-DSA-65',
    context: '',
    seedByte: 0x01,
    tx: {
      chainId: 20803n,
      nonce: 0n,
      maxPriorityFeePerGas: 1n * GWEI,
      maxFeePerGas: 30n * GWEI,
      gasLimit: 21000n,
      to: '0x3535353535353535353535353535353535353535',
      value: 10n ** 18n,
      data: '0x',
    },
  },
  {
    name: 'contract creation (empty to, init code as data), ML-DSA-65, no context',
    algorithm: 'ML-DSA-65',
    context: '',
    seedByte: 0x01,
    tx: {
      chainId: 20803n,
      nonce: 7n,
      maxPriorityFeePerGas: 0n,
      maxFeePerGas: 2n * GWEI,
      gasLimit: 100000n,
      to: null,
      value: 0n,
      data: INIT_CODE,
    },
  },
  {
    name: 'contract call with data, ML-DSA-44, context "pq-evm-v1-vectors"',
    algorithm: 'ML-DSA-44',
    context: 'pq-evm-v1-vectors',
    seedByte: 0x02,
    tx: {
      chainId: 20803n,
      nonce: 1n,
      maxPriorityFeePerGas: 2n * GWEI,
      maxFeePerGas: 50n * GWEI,
      gasLimit: 60000n,
      to: '0x00000000000000000000000000000000000000ff',
      value: 0n,
      data: '0xa9059cbb',
    },
  },
  {
    name: 'large values, ML-DSA-87, no context',
    algorithm: 'ML-DSA-87',
    context: '',
    seedByte: 0x03,
    tx: {
      chainId: 1n,
      nonce: 256n,
      maxPriorityFeePerGas: 127n,
      maxFeePerGas: 128n,
      gasLimit: 30_000_000n,
      to: '0xffffffffffffffffffffffffffffffffffffffff',
      value: (1n << 256n) - 1n,
      data: '0x00',
    },
  },
];

const str = (tx: PqEvmTx) => ({
  chainId: tx.chainId.toString(),
  nonce: tx.nonce.toString(),
  maxPriorityFeePerGas: tx.maxPriorityFeePerGas.toString(),
  maxFeePerGas: tx.maxFeePerGas.toString(),
  gasLimit: tx.gasLimit.toString(),
  to: tx.to,
  value: tx.value.toString(),
  data: tx.data,
});

export function buildVectors() {
  const valid = cases.map((c) => {
    const impl = ML_DSA[c.algorithm];
    const seed = new Uint8Array(32).fill(c.seedByte);
    const { publicKey, secretKey } = impl.keygen(seed);
    const { unsignedTx, digest } = signingPayload(c.tx);
    const opts = { ...(c.context ? { context: utf8ToBytes(c.context) } : {}), extraEntropy: false as const };
    const signature = toHex(impl.sign(fromHex(digest), secretKey, opts));
    const signed = encodeSignedTx(c.tx, toHex(publicKey), signature);
    return {
      name: c.name,
      algorithm: c.algorithm,
      context: c.context,
      key_seed: toHex(seed),
      public_key: toHex(publicKey),
      from: deriveAddress(publicKey),
      tx: str(c.tx),
      unsigned_tx: unsignedTx,
      digest,
      signature,
      signed_tx: toHex(signed),
      chain_tx_hash: txHash(signed),
    };
  });

  // Encodings a decoder must refuse, built from the first valid unsigned transaction's fields.
  const t = cases[0]!.tx;
  const items = RLP.decode(encodeUnsignedTx(t).subarray(1)) as (Uint8Array | Uint8Array[])[];
  const typed = (payload: Uint8Array, type = 0x50) => toHex(new Uint8Array([type, ...payload]));
  const withItem = (i: number, v: Uint8Array | Uint8Array[]) =>
    typed(RLP.encode(items.map((x, j) => (j === i ? v : x))));
  const canonical = RLP.encode(items);
  // The list's length (under 56 bytes) in its long form: 0xf8 <len> instead of 0xc0+len.
  const longForm = new Uint8Array([0xf8, canonical.length - 1, ...canonical.subarray(1)]);
  const invalid = [
    { name: 'wrong type byte (0x02)', unsigned_tx: typed(canonical, 0x02) },
    { name: 'nonce with a leading zero byte', unsigned_tx: withItem(1, new Uint8Array([0, 1])) },
    { name: 'zero encoded as 0x00 instead of the empty string', unsigned_tx: withItem(1, new Uint8Array([0])) },
    { name: 'eight fields', unsigned_tx: typed(RLP.encode(items.slice(0, 8))) },
    { name: 'list length in the long form', unsigned_tx: typed(longForm) },
    { name: 'to of 19 bytes', unsigned_tx: withItem(5, new Uint8Array(19).fill(0x35)) },
    { name: 'non-empty accessList', unsigned_tx: withItem(8, [new Uint8Array([1])]) },
    { name: 'trailing byte after the list', unsigned_tx: toHex(new Uint8Array([0x50, ...canonical, 0x00])) },
  ];
  return {
    profile: 'pq-evm-v1',
    tx_type: '0x50',
    note: 'Keys: ML-DSA.KeyGen from the 32-byte seed. Signatures: deterministic ML-DSA (no randomness) of the 32 digest bytes with the context string. Quantities are decimal strings.',
    valid,
    invalid,
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const out = fileURLToPath(new URL('../shared/domain/chain/pq-evm-v1.vectors.json', import.meta.url));
  writeFileSync(out, `${JSON.stringify(buildVectors(), null, 2)}\n`);
  console.log(`wrote ${out}`);
}
