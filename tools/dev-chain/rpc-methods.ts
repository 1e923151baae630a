import { hexToBytes } from '@noble/hashes/utils.js';
import {
  DEV_BLOCK_GAS_LIMIT,
  DEV_PRIORITY_FEE,
  isAddress,
  TxRejectedError,
  type Block,
  type CallRequest,
  type ChainState,
  type DevReceipt,
} from './chain-state.js';
import type { Faults } from './faults.js';

/**
 * The dev chain's JSON-RPC methods: the Ethereum names and encodings (quantities as 0x hex without leading zeros),
 * `anvil_setBalance` / `hardhat_setBalance` and `evm_mine` as Anvil and Hardhat name them, and `dev_*` methods for
 * faults and reorgs (docs/chain-node.md). Parameters are checked; a bad one is -32602 saying which.
 */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: string,
  ) {
    super(message);
  }
}

export const RPC = {
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL: -32603,
  SERVER: -32000,
  REVERTED: 3,
} as const;

/** Signed transactions larger than this are refused (an ML-DSA-87 signature and key are under 8 KiB). */
export const MAX_RAW_TRANSACTION_BYTES = 128 * 1024;
const BLOCK_TAGS = ['latest', 'pending', 'earliest', 'safe', 'finalized'];
const QUANTITY_RE = /^0x(?:0|[1-9a-fA-F][0-9a-fA-F]*)$/;
const HASH_RE = /^0x[0-9a-fA-F]{64}$/;
const DATA_RE = /^0x(?:[0-9a-fA-F]{2})*$/;
const MAX_LOG_RANGE = 10_000;

export const quantity = (n: number | bigint): string => `0x${n.toString(16)}`;

const bad = (message: string) => new RpcError(RPC.INVALID_PARAMS, message);

function arity(params: unknown[], min: number, max: number): void {
  if (params.length < min || params.length > max)
    throw bad(min === max ? `expected ${min} parameter(s)` : `expected ${min} to ${max} parameters`);
}
function address(v: unknown, position: number | string): string {
  if (!isAddress(v)) throw bad(`parameter ${position} must be an address (0x + 40 hex digits)`);
  return v.toLowerCase();
}
function hash(v: unknown, position: number): string {
  if (typeof v !== 'string' || !HASH_RE.test(v))
    throw bad(`parameter ${position} must be a 32-byte hash (0x + 64 hex digits)`);
  return v.toLowerCase();
}
function qty(v: unknown, name: string): bigint {
  if (typeof v !== 'string' || !QUANTITY_RE.test(v)) throw bad(`${name} must be a hex quantity`);
  return BigInt(v);
}
/** Only the head's state is kept: a block tag or number is checked, then `pending` or the current state answers. */
function blockTag(v: unknown, position: number): 'latest' | 'pending' {
  if (v === undefined) return 'latest';
  if (typeof v === 'string' && (BLOCK_TAGS.includes(v) || QUANTITY_RE.test(v)))
    return v === 'pending' ? 'pending' : 'latest';
  throw bad(`parameter ${position} must be a block tag (${BLOCK_TAGS.join(', ')}) or a block number`);
}
/** A block tag or number as a block number (of the canonical chain). */
function blockNumberOf(state: ChainState, v: unknown, name: string): number {
  if (v === undefined || v === 'latest' || v === 'pending' || v === 'safe' || v === 'finalized')
    return state.head.number;
  if (v === 'earliest') return 0;
  return Number(qty(v, name));
}
function callRequest(v: unknown): CallRequest {
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw bad('parameter 1 must be a call object');
  const c = v as Record<string, unknown>;
  const data = c.data ?? c.input;
  if (data !== undefined && (typeof data !== 'string' || !DATA_RE.test(data)))
    throw bad('data must be 0x hex of whole bytes');
  return {
    from: c.from === undefined ? undefined : address(c.from, 'from'),
    to: c.to === undefined || c.to === null ? null : address(c.to, 'to'),
    data: data as string | undefined,
    value: c.value === undefined ? undefined : qty(c.value, 'value'),
    gas: c.gas === undefined ? undefined : qty(c.gas, 'gas'),
  };
}

export function receiptJson(r: DevReceipt) {
  return {
    transactionHash: r.transactionHash,
    transactionIndex: quantity(r.transactionIndex),
    blockHash: r.blockHash,
    blockNumber: quantity(r.blockNumber),
    from: r.from,
    to: r.to,
    contractAddress: r.contractAddress,
    status: quantity(r.status),
    type: '0x50',
    gasUsed: quantity(r.gasUsed),
    cumulativeGasUsed: quantity(r.cumulativeGasUsed),
    effectiveGasPrice: quantity(r.effectiveGasPrice),
    logsBloom: `0x${'00'.repeat(256)}`,
    logs: r.logs.map((l) => ({
      ...l,
      logIndex: quantity(l.logIndex),
      blockHash: r.blockHash,
      blockNumber: quantity(r.blockNumber),
      transactionHash: r.transactionHash,
      transactionIndex: quantity(r.transactionIndex),
      removed: false,
    })),
  };
}

function transactionJson(state: ChainState, h: string) {
  const t = state.transaction(h);
  if (!t) return null;
  const { pooled, receipt } = t;
  return {
    hash: pooled.hash,
    type: '0x50',
    chainId: quantity(pooled.tx.chainId),
    nonce: quantity(pooled.tx.nonce),
    from: pooled.from,
    to: pooled.tx.to,
    value: quantity(pooled.tx.value),
    input: pooled.tx.data,
    gas: quantity(pooled.tx.gasLimit),
    maxFeePerGas: quantity(pooled.tx.maxFeePerGas),
    maxPriorityFeePerGas: quantity(pooled.tx.maxPriorityFeePerGas),
    accessList: [],
    blockHash: receipt?.blockHash ?? null,
    blockNumber: receipt ? quantity(receipt.blockNumber) : null,
    transactionIndex: receipt ? quantity(receipt.transactionIndex) : null,
    raw: pooled.raw,
  };
}

function blockJson(state: ChainState, b: Block, full: boolean) {
  return {
    number: quantity(b.number),
    hash: b.hash,
    parentHash: b.parentHash,
    timestamp: quantity(b.timestamp),
    gasLimit: quantity(DEV_BLOCK_GAS_LIMIT),
    gasUsed: quantity(b.gasUsed),
    baseFeePerGas: quantity(b.baseFeePerGas),
    miner: '0x00000000000000000000000000000000000c0ffe',
    stateRoot: `0x${Buffer.from(b.stateRoot).toString('hex')}`,
    transactions: full ? b.transactions.map((h) => transactionJson(state, h)) : b.transactions,
  };
}

function rejected(e: unknown): never {
  if (e instanceof TxRejectedError) throw new RpcError(RPC.SERVER, e.message);
  throw e;
}

export type MethodTable = Record<string, (params: unknown[]) => unknown>;

export function rpcMethods(state: ChainState, faults: Faults): MethodTable {
  const mine = async (p: unknown[]) => {
    arity(p, 0, 1);
    const n = p[0] === undefined ? 1 : typeof p[0] === 'string' && QUANTITY_RE.test(p[0]) ? Number(BigInt(p[0])) : p[0];
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 10_000)
      throw bad('parameter 1 must be a block count from 1 to 10000');
    return quantity(await state.mine(n));
  };
  const setBalance = async (p: unknown[]) => {
    arity(p, 2, 2);
    await state.setBalance(address(p[0], 1), qty(p[1], 'parameter 2'));
    return true;
  };
  const table: MethodTable = {
    eth_chainId: (p) => (arity(p, 0, 0), quantity(state.chainId)),
    net_version: (p) => (arity(p, 0, 0), String(state.chainId)),
    eth_blockNumber: (p) => (arity(p, 0, 0), quantity(state.head.number)),
    eth_getBalance: async (p) => {
      arity(p, 1, 2);
      const a = address(p[0], 1);
      blockTag(p[1], 2);
      return quantity(await state.balanceOf(a));
    },
    eth_getCode: async (p) => {
      arity(p, 1, 2);
      const a = address(p[0], 1);
      blockTag(p[1], 2);
      return state.codeOf(a);
    },
    eth_getTransactionCount: async (p) => {
      arity(p, 1, 2);
      return quantity(await state.transactionCount(address(p[0], 1), blockTag(p[1], 2)));
    },
    eth_gasPrice: (p) => (arity(p, 0, 0), quantity(state.baseFeePerGas + DEV_PRIORITY_FEE)),
    // A congested chain (the minTipWei knob) asks for at least the tip it mines, as a real node's suggestion rises,
    // unless the suggestedTipWei knob holds the suggestion back (a suggestion lagging a fee spike).
    eth_maxPriorityFeePerGas: (p) => (
      arity(p, 0, 0),
      quantity(faults.suggestedTipWei ?? (faults.minTipWei > DEV_PRIORITY_FEE ? faults.minTipWei : DEV_PRIORITY_FEE))
    ),
    eth_feeHistory: (p) => {
      arity(p, 2, 3);
      const count = typeof p[0] === 'number' ? p[0] : Number(qty(p[0], 'parameter 1'));
      if (!Number.isInteger(count) || count < 1 || count > 1024)
        throw bad('parameter 1 must be a block count from 1 to 1024');
      const newest = Math.min(blockNumberOf(state, p[1], 'parameter 2'), state.head.number);
      const percentiles = p[2] ?? [];
      if (!Array.isArray(percentiles) || percentiles.some((x) => typeof x !== 'number' || x < 0 || x > 100))
        throw bad('parameter 3 must be a list of percentiles from 0 to 100');
      const oldest = Math.max(0, newest - count + 1);
      const blocks = Array.from({ length: newest - oldest + 1 }, (_, i) => state.block(oldest + i)!);
      return {
        oldestBlock: quantity(oldest),
        baseFeePerGas: [...blocks.map((b) => quantity(b.baseFeePerGas)), quantity(state.baseFeePerGas)],
        gasUsedRatio: blocks.map((b) => Number(b.gasUsed) / Number(DEV_BLOCK_GAS_LIMIT)),
        ...(percentiles.length ? { reward: blocks.map(() => percentiles.map(() => quantity(DEV_PRIORITY_FEE))) } : {}),
      };
    },
    eth_estimateGas: async (p) => {
      arity(p, 1, 2);
      const c = callRequest(p[0]);
      blockTag(p[1], 2);
      return quantity(await state.estimateGas(c).catch(rejected));
    },
    eth_call: async (p) => {
      arity(p, 1, 2);
      const c = callRequest(p[0]);
      blockTag(p[1], 2);
      const r = await state.call(c);
      if (r.reverted)
        throw new RpcError(
          RPC.REVERTED,
          r.error === 'revert' ? 'execution reverted' : `execution reverted: ${r.error}`,
          r.returnValue,
        );
      return r.returnValue;
    },
    eth_sendRawTransaction: async (p) => {
      arity(p, 1, 1);
      const raw = p[0];
      if (typeof raw !== 'string' || !DATA_RE.test(raw) || raw.length < 4)
        throw bad('parameter 1 must be the signed transaction as 0x hex of whole bytes');
      if ((raw.length - 2) / 2 > MAX_RAW_TRANSACTION_BYTES)
        throw bad(`the transaction is larger than ${MAX_RAW_TRANSACTION_BYTES} bytes`);
      if (faults.nonceTooLow) throw new RpcError(RPC.SERVER, 'nonce too low');
      if (faults.reject) throw new RpcError(RPC.SERVER, faults.reject);
      return state.submit(hexToBytes(raw.slice(2))).catch(rejected);
    },
    eth_getTransactionByHash: (p) => (arity(p, 1, 1), transactionJson(state, hash(p[0], 1))),
    eth_getTransactionReceipt: (p) => {
      arity(p, 1, 1);
      const r = state.receipt(hash(p[0], 1));
      return r ? receiptJson(r) : null;
    },
    eth_getBlockByNumber: (p) => {
      arity(p, 1, 2);
      const b = state.block(blockNumberOf(state, p[0], 'parameter 1'));
      return b ? blockJson(state, b, p[1] === true) : null;
    },
    eth_getBlockByHash: (p) => {
      arity(p, 1, 2);
      const b = state.blockByHash(hash(p[0], 1));
      return b ? blockJson(state, b, p[1] === true) : null;
    },
    eth_getLogs: (p) => {
      arity(p, 1, 1);
      const f = p[0];
      if (!f || typeof f !== 'object' || Array.isArray(f)) throw bad('parameter 1 must be a filter object');
      const o = f as Record<string, unknown>;
      const fromBlock = blockNumberOf(state, o.fromBlock, 'fromBlock');
      const toBlock = Math.min(blockNumberOf(state, o.toBlock, 'toBlock'), state.head.number);
      if (!o.blockHash && toBlock - fromBlock > MAX_LOG_RANGE)
        throw new RpcError(RPC.SERVER, `query exceeds max block range ${MAX_LOG_RANGE}`);
      const addresses =
        o.address === undefined || o.address === null
          ? null
          : (Array.isArray(o.address) ? o.address : [o.address]).map((a, i) => address(a, `address[${i}]`));
      if (o.topics !== undefined && !Array.isArray(o.topics)) throw bad('topics must be a list');
      const topics = ((o.topics as unknown[] | undefined) ?? []).map((t, i) =>
        t === null ? null : (Array.isArray(t) ? t : [t]).map((x) => hash(x, i + 1)),
      );
      return state
        .logs({
          fromBlock,
          toBlock,
          blockHash: o.blockHash === undefined ? undefined : hash(o.blockHash, 1),
          addresses,
          topics,
        })
        .map((l) => ({
          ...l,
          logIndex: quantity(l.logIndex),
          blockNumber: quantity(l.blockNumber),
          transactionIndex: quantity(l.transactionIndex),
          removed: false,
        }));
    },
    /** Seals blocks now (default 1): tests advance the chain without waiting for the block timer. */
    evm_mine: mine,
    dev_mine: mine,
    anvil_setBalance: setBalance,
    hardhat_setBalance: setBalance,
    dev_setBalance: setBalance,
    /** Replaces the last N blocks (default 1) by new ones with new hashes; `{reinclude: false}` returns their transactions to the pool. */
    dev_reorg: async (p) => {
      arity(p, 0, 2);
      const depth = p[0] === undefined ? 1 : p[0];
      const opts = (p[1] ?? {}) as { reinclude?: unknown };
      if (typeof opts !== 'object' || (opts.reinclude !== undefined && typeof opts.reinclude !== 'boolean'))
        throw bad('parameter 2 must be {reinclude?: boolean}');
      if (typeof depth !== 'number' || !Number.isInteger(depth) || depth < 1 || depth >= state.head.number + 1)
        throw bad(`parameter 1 must be a depth from 1 to ${state.head.number}`);
      return quantity(await state.reorg(depth, { reinclude: opts.reinclude as boolean | undefined }));
    },
    /** Forgets the pool, as a node restart does; answers how many transactions were dropped. */
    dev_dropPending: async (p) => (arity(p, 0, 0), quantity(await state.dropPending())),
    /** Sets fault knobs (docs/chain-node.md); answers them all (`minTipWei` and `suggestedTipWei` as quantities). */
    dev_setFaults: (p) => {
      arity(p, 1, 1);
      try {
        faults.set(p[0]);
      } catch (e) {
        throw bad((e as Error).message);
      }
      const knobs = faults.snapshot();
      const suggested = knobs.suggestedTipWei;
      return {
        ...knobs,
        minTipWei: quantity(knobs.minTipWei),
        suggestedTipWei: suggested === null ? null : quantity(suggested),
      };
    },
  };
  // Knob `refuse`: the methods it names answer -32000 with its message (it cannot name a control method).
  return Object.fromEntries(
    Object.entries(table).map(([name, method]) => [
      name,
      (p: unknown[]) => {
        const message = faults.refuse[name];
        if (message !== undefined) throw new RpcError(RPC.SERVER, message);
        return method(p);
      },
    ]),
  );
}
