import type { TransactionReceipt } from '../../ports/chain.js';

/**
 * Decoding of JSON-RPC results (Ethereum JSON-RPC encoding: quantities are 0x hex without leading zeros, data is 0x
 * hex of whole bytes). A result of the wrong shape throws `UnusableAnswer`: the adapter treats that node as failing.
 * Leading zeros in quantities are tolerated (some nodes send them); anything else is not.
 */
export class UnusableAnswer extends Error {}

const QUANTITY_RE = /^0x[0-9a-fA-F]{1,64}$/;
const HASH_RE = /^0x[0-9a-fA-F]{64}$/;

export function parseQuantity(v: unknown): bigint {
  if (typeof v !== 'string' || !QUANTITY_RE.test(v)) throw new UnusableAnswer(`expected a hex quantity, got ${preview(v)}`);
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

export function parseReceipt(v: unknown): TransactionReceipt | null {
  if (v === null) return null;
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new UnusableAnswer(`expected a receipt object or null, got ${preview(v)}`);
  const r = v as Record<string, unknown>;
  const status = parseSafeQuantity(r.status);
  if (status !== 0 && status !== 1) throw new UnusableAnswer(`receipt status ${preview(r.status)} is neither 0x0 nor 0x1`);
  return { transactionHash: parseHash(r.transactionHash), blockNumber: parseSafeQuantity(r.blockNumber), status: status === 1 ? 'success' : 'reverted' };
}

function preview(v: unknown): string {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
}
