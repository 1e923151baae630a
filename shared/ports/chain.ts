import { ApiError } from '../errors/catalog.js';

/**
 * The chain port: what the service asks of the chain's nodes (nonces, fees and balances to build transfers,
 * broadcasting signed transactions, receipts, blocks and logs to confirm them and find deposits, the chain id for
 * readiness). Quantities arrive decoded: block numbers and nonces as numbers, money and gas as bigint, hashes and
 * addresses as 0x lowercase hex.
 *
 * Every method throws NodeUnavailableError (1500) when no node answered, and ChainError (1501) when a node refused
 * the request with a JSON-RPC error; `broadcast` instead classifies the node's refusals (see BroadcastResult).
 */
export type BlockTag = 'latest' | 'pending';

export type Log = {
  address: string;
  topics: string[];
  data: string;
  blockNumber: number;
  blockHash: string;
  transactionHash: string;
  logIndex: number;
  /** True when a node reports the log as removed by a reorg (in filters); false from receipts and eth_getLogs. */
  removed: boolean;
};

export type TransactionReceipt = {
  transactionHash: string;
  blockNumber: number;
  /** Compare with a later read: a different hash for the same transaction is a reorg. */
  blockHash: string;
  /** `success` when the node reports status 0x1, `reverted` for 0x0. */
  status: 'success' | 'reverted';
  gasUsed: bigint;
  /** Price paid per gas (base fee + tip); the actual fee is gasUsed x effectiveGasPrice. */
  effectiveGasPrice: bigint;
  /** The created contract's address for a contract creation, else null. */
  contractAddress: string | null;
  logs: Log[];
};

/** A transaction as listed in a block (full blocks). `to` is null for a contract creation. */
export type BlockTransaction = { hash: string; from: string; to: string | null; value: bigint; nonce: number };

export type Block = {
  number: number;
  hash: string;
  parentHash: string;
  /** Unix seconds. */
  timestamp: number;
  baseFeePerGas: bigint | null;
  /** Hashes, or the transactions themselves when asked for a full block. */
  transactions: string[] | BlockTransaction[];
};

export type FullBlock = Block & { transactions: BlockTransaction[] };

/** Fee fields for an EIP-1559-style transaction, estimated now (see JsonRpcChain.estimateFees for the rule). */
export type FeeEstimate = { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint; baseFeePerGas: bigint };

/** A call or a transaction to estimate; `to` absent or null is a contract creation with `data` as init code. */
export type CallRequest = { from?: string; to?: string | null; data?: string; value?: bigint; gas?: bigint };

export type LogFilter = {
  fromBlock: number;
  toBlock: number;
  address?: string | string[];
  topics?: (string | string[] | null)[];
};

/**
 * How a node took a signed transaction:
 *   submitted      accepted, or the node already had it ("already known": the same bytes, so the same hash);
 *   nonce_too_low  the account's nonce is past this one (1304 semantics: another transaction used the nonce);
 *   rejected       refused for another reason (insufficient funds, underpriced, invalid...) (1303 semantics).
 * No node answering is NodeUnavailableError (the transaction stays BROADCASTING and is retried).
 */
export type BroadcastResult =
  | { outcome: 'submitted'; hash: string; alreadyKnown: boolean }
  | { outcome: 'nonce_too_low'; hash: string; message: string }
  | { outcome: 'rejected'; hash: string; message: string };

export interface ChainPort {
  chainId(): Promise<number>;
  blockNumber(): Promise<number>;
  /** The account's nonce: transactions mined (`latest`) or mined plus those waiting in the node's pool (`pending`). */
  getTransactionCount(address: string, tag: BlockTag): Promise<number>;
  /** The next nonce as the node sees it, pool included (`eth_getTransactionCount` pending). */
  pendingNonce(address: string): Promise<number>;
  /** Broadcasts a signed transaction (0x hex) and answers its hash; a node's refusal is ChainError. */
  sendRawTransaction(rawTransaction: string): Promise<string>;
  /** Broadcasts a signed transaction and classifies the node's answer (see BroadcastResult). */
  broadcast(rawTransaction: string): Promise<BroadcastResult>;
  /** The receipt once the transaction is in a block, else null. */
  getTransactionReceipt(hash: string): Promise<TransactionReceipt | null>;
  /**
   * The receipts of many transactions (null where not in a block), in the order asked: JSON-RPC batch requests, so a
   * node round trip serves up to 100 transactions.
   */
  getTransactionReceipts(hashes: readonly string[]): Promise<(TransactionReceipt | null)[]>;
  /**
   * Whether the node knows each transaction (pooled or mined: `eth_getTransactionByHash` not null), in the order asked,
   * batched like the receipts. A transaction with neither a receipt nor this is gone from the node (a restarted node,
   * an evicting pool).
   */
  transactionsKnown(hashes: readonly string[]): Promise<boolean[]>;
  /** Balance in the native asset's smallest unit. */
  getBalance(address: string): Promise<bigint>;
  /** Fees for a transaction sent now. */
  estimateFees(): Promise<FeeEstimate>;
  /** Gas the transaction would use (`eth_estimateGas`); a revert is ChainError. */
  estimateGas(call: CallRequest): Promise<bigint>;
  /** A block by number (or the head), with transaction hashes; null when the chain has no such block yet. */
  getBlock(block: number | 'latest'): Promise<Block | null>;
  /** A block with its transactions (deposit scanning). */
  getFullBlock(block: number | 'latest'): Promise<FullBlock | null>;
  /** `eth_call` at the head (or `pending`): the return data (0x hex); a revert is ChainError with the revert data in `rpcData`. */
  callContract(call: CallRequest, tag?: BlockTag): Promise<string>;
  getLogs(filter: LogFilter): Promise<Log[]>;
}

/**
 * No node could answer: every endpoint failed (unreachable, timed out, HTTP error, unusable answer) or has its
 * circuit open. 503 1500; clients retry with backoff. Details never name a node URL (they may carry credentials).
 */
export class NodeUnavailableError extends ApiError {
  override name = 'NodeUnavailableError';
  constructor(method: string, details: { endpoints: number; open_circuits: number }) {
    super('NODE_UNAVAILABLE', 'chain node unavailable', { upstream: 'chain', method, ...details });
  }
}

/**
 * A node answered the call with a JSON-RPC error (a revert, "nonce too low", "already known", bad parameters): the
 * node works, the request does not. 502 1501 with the node's code and message (trimmed), no failover.
 */
export class ChainError extends ApiError {
  override name = 'ChainError';
  constructor(
    method: string,
    readonly rpcCode: number,
    rpcMessage: string,
    /** The JSON-RPC error's `data` when it is hex: a revert's return data (an Error(string), a Panic, a custom error). */
    readonly rpcData?: string,
  ) {
    super('CHAIN_ERROR', `chain node rejected ${method}: ${rpcMessage}`, {
      upstream: 'chain',
      method,
      rpc_code: rpcCode,
      rpc_message: rpcMessage,
    });
  }
}
