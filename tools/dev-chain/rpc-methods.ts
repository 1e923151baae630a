import { hexToBytes } from '@noble/hashes/utils.js';
import { isAddress, KnownTransactionError, type ChainState } from './chain-state.js';

/**
 * The dev chain's JSON-RPC methods: the Ethereum names and encodings the custody service uses (quantities as 0x hex
 * without leading zeros), plus two `dev_` methods for tests and local work. Parameters are checked; a bad one is
 * -32602 with a message saying which.
 */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export const RPC = { PARSE_ERROR: -32700, INVALID_REQUEST: -32600, METHOD_NOT_FOUND: -32601, INVALID_PARAMS: -32602, INTERNAL: -32603, SERVER: -32000 } as const;

/** Signed transactions larger than this are refused (an ML-DSA-87 signature and key are under 8 KiB). */
export const MAX_RAW_TRANSACTION_BYTES = 128 * 1024;
const BLOCK_TAGS = ['latest', 'pending', 'earliest', 'safe', 'finalized'];
const QUANTITY_RE = /^0x(?:0|[1-9a-fA-F][0-9a-fA-F]*)$/;
const HASH_RE = /^0x[0-9a-fA-F]{64}$/;
const DATA_RE = /^0x(?:[0-9a-fA-F]{2})+$/;

export const quantity = (n: number | bigint): string => `0x${n.toString(16)}`;

const bad = (message: string) => new RpcError(RPC.INVALID_PARAMS, message);

function arity(params: unknown[], min: number, max: number): void {
  if (params.length < min || params.length > max) throw bad(min === max ? `expected ${min} parameter(s)` : `expected ${min} to ${max} parameters`);
}
function address(v: unknown, position: number): string {
  if (!isAddress(v)) throw bad(`parameter ${position} must be an address (0x + 40 hex digits)`);
  return v;
}
/** Only the head's state is kept: a block tag or number is checked, then `pending` or the current state answers. */
function blockTag(v: unknown, position: number): 'latest' | 'pending' {
  if (v === undefined) return 'latest';
  if (typeof v === 'string' && (BLOCK_TAGS.includes(v) || QUANTITY_RE.test(v))) return v === 'pending' ? 'pending' : 'latest';
  throw bad(`parameter ${position} must be a block tag (${BLOCK_TAGS.join(', ')}) or a block number`);
}

export type MethodTable = Record<string, (params: unknown[]) => unknown>;

export function rpcMethods(state: ChainState): MethodTable {
  return {
    eth_chainId: (p) => (arity(p, 0, 0), quantity(state.chainId)),
    net_version: (p) => (arity(p, 0, 0), String(state.chainId)),
    eth_blockNumber: (p) => (arity(p, 0, 0), quantity(state.head.number)),
    eth_getBalance: (p) => {
      arity(p, 1, 2);
      const a = address(p[0], 1);
      blockTag(p[1], 2);
      return quantity(state.balanceOf(a));
    },
    eth_getTransactionCount: (p) => {
      arity(p, 1, 2);
      return quantity(state.transactionCount(address(p[0], 1), blockTag(p[1], 2)));
    },
    eth_sendRawTransaction: (p) => {
      arity(p, 1, 1);
      const raw = p[0];
      if (typeof raw !== 'string' || !DATA_RE.test(raw)) throw bad('parameter 1 must be the signed transaction as 0x hex of whole bytes');
      if ((raw.length - 2) / 2 > MAX_RAW_TRANSACTION_BYTES) throw bad(`the transaction is larger than ${MAX_RAW_TRANSACTION_BYTES} bytes`);
      try {
        return state.submit(hexToBytes(raw.slice(2)));
      } catch (e) {
        if (e instanceof KnownTransactionError) throw new RpcError(RPC.SERVER, 'already known');
        throw e;
      }
    },
    eth_getTransactionReceipt: (p) => {
      arity(p, 1, 1);
      if (typeof p[0] !== 'string' || !HASH_RE.test(p[0])) throw bad('parameter 1 must be a transaction hash (0x + 64 hex digits)');
      const r = state.receipt(p[0]);
      if (!r) return null;
      return {
        transactionHash: r.transactionHash,
        transactionIndex: quantity(r.transactionIndex),
        blockHash: r.blockHash,
        blockNumber: quantity(r.blockNumber),
        from: r.from,
        status: quantity(r.status),
        gasUsed: '0x0',
        cumulativeGasUsed: '0x0',
        logs: [],
      };
    },
    /** Seals blocks now (default 1): tests advance the chain without waiting for the block timer. */
    dev_mine: (p) => {
      arity(p, 0, 1);
      const n = p[0] === undefined ? 1 : typeof p[0] === 'string' && QUANTITY_RE.test(p[0]) ? Number(BigInt(p[0])) : p[0];
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 10_000) throw bad('parameter 1 must be a block count from 1 to 10000');
      return quantity(state.mine(n));
    },
    /** Sets an account's balance (a hex quantity). */
    dev_setBalance: (p) => {
      arity(p, 2, 2);
      const a = address(p[0], 1);
      if (typeof p[1] !== 'string' || !QUANTITY_RE.test(p[1])) throw bad('parameter 2 must be a hex quantity');
      state.setBalance(a, BigInt(p[1]));
      return true;
    },
  };
}
