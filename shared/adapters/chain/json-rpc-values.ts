import type { Block, BlockTransaction, Log, TransactionReceipt } from '../../ports/chain.js';

/**
 * Decoding of JSON-RPC results (Ethereum JSON-RPC encoding: quantities are 0x hex without leading zeros, data is 0x
 * hex of whole bytes). A result of the wrong shape throws `UnusableAnswer`: the adapter treats that node as failing.
 * Leading zeros in quantities are tolerated (some nodes send them); anything else is not.
 */
export class UnusableAnswer extends Error {}

const QUANTITY_RE = /^0x[0-9a-fA-F]{1,64}$/;
const HASH_RE = /^0x[0-9a-fA-F]{64}$/;
const ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/;
const DATA_RE = /^0x(?:[0-9a-fA-F]{2})*$/;

export function parseQuantity(v: unknown): bigint {
  if (typeof v !== 'string' || !QUANTITY_RE.test(v))
    throw new UnusableAnswer(`expected a hex quantity, got ${preview(v)}`);
  return BigInt(v);
}

/** A quantity that must fit a JavaScript number exactly (chain ids, block numbers, nonces). */
export function parseSafeQuantity(v: unknown): number {
  const n = parseQuantity(v);
  if (n > BigInt(Number.MAX_SAFE_INTEGER)) throw new UnusableAnswer(`quantity ${preview(v)} is too large`);
  return Number(n);
}

export function parseHash(v: unknown): string {
  if (typeof v !== 'string' || !HASH_RE.test(v)) throw new UnusableAnswer(`expected a 32-byte hash, got ${preview(v)}`);
  return v.toLowerCase();
}

export function parseAddress(v: unknown): string {
  if (typeof v !== 'string' || !ADDRESS_RE.test(v)) throw new UnusableAnswer(`expected an address, got ${preview(v)}`);
  return v.toLowerCase();
}

export function parseData(v: unknown): string {
  if (typeof v !== 'string' || !DATA_RE.test(v)) throw new UnusableAnswer(`expected 0x hex data, got ${preview(v)}`);
  return v.toLowerCase();
}

function record(v: unknown, what: string): Record<string, unknown> {
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new UnusableAnswer(`expected ${what}, got ${preview(v)}`);
  return v as Record<string, unknown>;
}

function list(v: unknown, what: string): unknown[] {
  if (!Array.isArray(v)) throw new UnusableAnswer(`expected a list of ${what}, got ${preview(v)}`);
  return v;
}

export function parseLog(v: unknown): Log {
  const l = record(v, 'a log object');
  return {
    address: parseAddress(l.address),
    topics: list(l.topics, 'topics').map(parseHash),
    data: parseData(l.data),
    blockNumber: parseSafeQuantity(l.blockNumber),
    blockHash: parseHash(l.blockHash),
    transactionHash: parseHash(l.transactionHash),
    logIndex: parseSafeQuantity(l.logIndex),
    removed: l.removed === true,
  };
}

export const parseLogs = (v: unknown): Log[] => list(v, 'logs').map(parseLog);

export function parseReceipt(v: unknown): TransactionReceipt | null {
  if (v === null) return null;
  const r = record(v, 'a receipt object or null');
  const status = parseSafeQuantity(r.status);
  if (status !== 0 && status !== 1)
    throw new UnusableAnswer(`receipt status ${preview(r.status)} is neither 0x0 nor 0x1`);
  return {
    transactionHash: parseHash(r.transactionHash),
    blockNumber: parseSafeQuantity(r.blockNumber),
    blockHash: parseHash(r.blockHash),
    status: status === 1 ? 'success' : 'reverted',
    gasUsed: parseQuantity(r.gasUsed),
    effectiveGasPrice: parseQuantity(r.effectiveGasPrice),
    contractAddress:
      r.contractAddress === null || r.contractAddress === undefined ? null : parseAddress(r.contractAddress),
    logs: parseLogs(r.logs ?? []),
  };
}

function parseBlockTransaction(v: unknown): BlockTransaction {
  const t = record(v, 'a transaction object');
  return {
    hash: parseHash(t.hash),
    from: parseAddress(t.from),
    to: t.to === null || t.to === undefined ? null : parseAddress(t.to),
    value: parseQuantity(t.value),
    nonce: parseSafeQuantity(t.nonce),
  };
}

/** A block (or null); `full`: its transactions are objects, else hashes. */
export function parseBlock(full: boolean) {
  return (v: unknown): Block | null => {
    if (v === null) return null;
    const b = record(v, 'a block object or null');
    return {
      number: parseSafeQuantity(b.number),
      hash: parseHash(b.hash),
      parentHash: parseHash(b.parentHash),
      timestamp: parseSafeQuantity(b.timestamp),
      baseFeePerGas: b.baseFeePerGas === undefined || b.baseFeePerGas === null ? null : parseQuantity(b.baseFeePerGas),
      transactions: full
        ? list(b.transactions, 'transactions').map(parseBlockTransaction)
        : list(b.transactions, 'transaction hashes').map(parseHash),
    };
  };
}

/** The next block's base fee from `eth_feeHistory` (the last entry of baseFeePerGas). */
export function parseNextBaseFee(v: unknown): bigint {
  const h = record(v, 'a fee history object');
  const fees = list(h.baseFeePerGas, 'base fees');
  if (fees.length === 0) throw new UnusableAnswer('fee history without base fees');
  return parseQuantity(fees[fees.length - 1]);
}

function preview(v: unknown): string {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
}
