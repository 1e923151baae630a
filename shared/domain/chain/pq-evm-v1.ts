import { RLP, type NestedUint8Array } from '@ethereumjs/rlp';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';

/**
 * The transaction encoding of chain profile `pq-evm-v1` (docs/chain-profile.md): an EIP-2718 typed
 * transaction of type 0x50 whose payload is RLP, like EIP-1559, but authenticated by an ML-DSA public key and
 * signature carried in the transaction instead of (v, r, s).
 *
 *   unsigned_tx = 0x50 || RLP([chainId, nonce, maxPriorityFeePerGas, maxFeePerGas, gasLimit, to, value, data, accessList])
 *   digest      = keccak256(unsigned_tx)          (the 32 bytes the signer signs with ML-DSA, as the message)
 *   signed_tx   = 0x50 || RLP([...the 9 fields, publicKey, signature])
 *   chainTxHash = keccak256(signed_tx)
 *
 * Integers are big-endian byte strings without leading zeros (zero is the empty string), at most 32 bytes; `to` is
 * 20 bytes, or empty for a contract creation (then `data` is the init code); accessList is always the empty list.
 * Decoders accept only the canonical encoding: they decode, re-encode and compare, so one transaction has one hash.
 * Pure functions, no configuration: the parameter set and context (which key and signature sizes are valid, how the
 * digest is signed) are the chain profile's (chain-profile.ts).
 */
export const PQ_EVM_V1 = 'pq-evm-v1';
export const PQ_EVM_V1_TX_TYPE = 0x50;

/** The signed fields. Quantities are bigint; `to` is a lowercase 0x address or null; `data` is 0x hex. */
export type PqEvmTx = {
  chainId: bigint;
  nonce: bigint;
  maxPriorityFeePerGas: bigint;
  maxFeePerGas: bigint;
  gasLimit: bigint;
  to: string | null;
  value: bigint;
  data: string;
};

export type SignedPqEvmTx = { tx: PqEvmTx; publicKey: string; signature: string };

/** A byte string that is not a canonical pq-evm-v1 transaction; the message says what is wrong. */
export class TxDecodeError extends Error {}

const MAX_UINT256 = (1n << 256n) - 1n;
const ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/;
const DATA_RE = /^0x(?:[0-9a-fA-F]{2})*$/;
const INT_FIELDS = ['chainId', 'nonce', 'maxPriorityFeePerGas', 'maxFeePerGas', 'gasLimit'] as const;

const hex = (b: Uint8Array): string => `0x${bytesToHex(b)}`;
const bytesOf = (h: string): Uint8Array => hexToBytes(h.slice(2));

function intBytes(name: string, v: bigint): Uint8Array {
  if (typeof v !== 'bigint' || v < 0n || v > MAX_UINT256)
    throw new RangeError(`${name} must be a bigint from 0 to 2^256-1`);
  if (v === 0n) return new Uint8Array();
  const h = v.toString(16);
  return hexToBytes(h.length % 2 ? `0${h}` : h);
}

/** The nine fields as RLP items (accessList last, always empty). Throws RangeError on a field out of range. */
function fieldItems(tx: PqEvmTx): (Uint8Array | Uint8Array[])[] {
  if (tx.to !== null && !(typeof tx.to === 'string' && ADDRESS_RE.test(tx.to)))
    throw new RangeError('to must be a 0x address of 20 bytes, or null for a contract creation');
  if (typeof tx.data !== 'string' || !DATA_RE.test(tx.data)) throw new RangeError('data must be 0x hex of whole bytes');
  return [
    ...INT_FIELDS.map((k) => intBytes(k, tx[k])),
    tx.to === null ? new Uint8Array() : bytesOf(tx.to),
    intBytes('value', tx.value),
    bytesOf(tx.data),
    [],
  ];
}

function typed(payload: Uint8Array): Uint8Array {
  const out = new Uint8Array(payload.length + 1);
  out[0] = PQ_EVM_V1_TX_TYPE;
  out.set(payload, 1);
  return out;
}

/** `0x50 || RLP([9 fields])`: the bytes whose Keccak-256 is signed. */
export function encodeUnsignedTx(tx: PqEvmTx): Uint8Array {
  return typed(RLP.encode(fieldItems(tx)));
}

/** Keccak-256 of the unsigned encoding: the 32 bytes the signer signs. */
export function txDigest(tx: PqEvmTx): Uint8Array {
  return keccak_256(encodeUnsignedTx(tx));
}

/** `0x50 || RLP([9 fields, publicKey, signature])`. Key and signature are 0x hex; their sizes are the profile's to check. */
export function encodeSignedTx(tx: PqEvmTx, publicKey: string, signature: string): Uint8Array {
  if (!DATA_RE.test(publicKey) || !DATA_RE.test(signature))
    throw new RangeError('publicKey and signature must be 0x hex of whole bytes');
  return typed(RLP.encode([...fieldItems(tx), bytesOf(publicKey), bytesOf(signature)]));
}

/** keccak256(signed_tx) as 0x lowercase hex: the hash nodes know the transaction by. */
export function txHash(signedTx: Uint8Array): string {
  return hex(keccak_256(signedTx));
}

/** The signing payload of a transaction: the unsigned encoding and its digest, both 0x hex. */
export function signingPayload(tx: PqEvmTx): { unsignedTx: string; digest: string } {
  const unsigned = encodeUnsignedTx(tx);
  return { unsignedTx: hex(unsigned), digest: hex(keccak_256(unsigned)) };
}

function decodeList(bytes: Uint8Array, fields: number): Uint8Array[] {
  if (!(bytes instanceof Uint8Array) || bytes.length < 2) throw new TxDecodeError('too short to be a transaction');
  if (bytes[0] !== PQ_EVM_V1_TX_TYPE)
    throw new TxDecodeError(`transaction type 0x${bytes[0]!.toString(16).padStart(2, '0')} is not pq-evm-v1 (0x50)`);
  const payload = bytes.subarray(1);
  let decoded: Uint8Array | NestedUint8Array;
  try {
    decoded = RLP.decode(payload);
  } catch (e) {
    throw new TxDecodeError(`not RLP: ${(e as Error).message}`);
  }
  if (!Array.isArray(decoded)) throw new TxDecodeError('the payload is not an RLP list');
  if (decoded.length !== fields) throw new TxDecodeError(`expected ${fields} fields, found ${decoded.length}`);
  // Canonical only: the re-encoding must be the same bytes (no long forms of short lengths, no prefixed single bytes).
  const again = RLP.encode(decoded);
  if (again.length !== payload.length || !again.every((b, i) => b === payload[i]))
    throw new TxDecodeError('not the canonical RLP encoding');
  const accessList = decoded[8];
  if (!Array.isArray(accessList) || accessList.length !== 0)
    throw new TxDecodeError('accessList must be the empty list');
  const items = decoded.filter((_, i) => i !== 8);
  if (items.some((x) => !(x instanceof Uint8Array)))
    throw new TxDecodeError('every field but accessList must be a byte string');
  return items as Uint8Array[];
}

function intOf(name: string, b: Uint8Array): bigint {
  if (b.length > 32) throw new TxDecodeError(`${name} is longer than 32 bytes`);
  if (b.length > 0 && b[0] === 0) throw new TxDecodeError(`${name} has leading zero bytes`);
  return b.length === 0 ? 0n : BigInt(hex(b));
}

function fieldsOf(items: Uint8Array[]): PqEvmTx {
  const [chainId, nonce, tip, maxFee, gasLimit, to, value, data] = items as [
    Uint8Array,
    Uint8Array,
    Uint8Array,
    Uint8Array,
    Uint8Array,
    Uint8Array,
    Uint8Array,
    Uint8Array,
  ];
  if (to.length !== 0 && to.length !== 20)
    throw new TxDecodeError('to must be 20 bytes, or empty for a contract creation');
  return {
    chainId: intOf('chainId', chainId),
    nonce: intOf('nonce', nonce),
    maxPriorityFeePerGas: intOf('maxPriorityFeePerGas', tip),
    maxFeePerGas: intOf('maxFeePerGas', maxFee),
    gasLimit: intOf('gasLimit', gasLimit),
    to: to.length ? hex(to) : null,
    value: intOf('value', value),
    data: hex(data),
  };
}

/** The fields of a canonical unsigned transaction; throws TxDecodeError otherwise. */
export function decodeUnsignedTx(bytes: Uint8Array): PqEvmTx {
  return fieldsOf(decodeList(bytes, 9));
}

/** The fields, public key and signature of a canonical signed transaction; throws TxDecodeError otherwise. */
export function decodeSignedTx(bytes: Uint8Array): SignedPqEvmTx {
  const items = decodeList(bytes, 11);
  return { tx: fieldsOf(items.slice(0, 8)), publicKey: hex(items[8]!), signature: hex(items[9]!) };
}
