import { ApiError } from '../errors/catalog.js';

/**
 * The chain port: what the service asks of the chain's nodes (nonces and balances to build transfers, broadcasting
 * signed transactions, receipts and the head block to confirm them, the chain id for readiness). Quantities arrive
 * decoded: block numbers and nonces as numbers, balances (money) as bigint, hashes as 0x lowercase hex.
 */
export type BlockTag = 'latest' | 'pending';

export type TransactionReceipt = {
  transactionHash: string;
  blockNumber: number;
  /** `success` when the node reports status 0x1, `reverted` for 0x0. */
  status: 'success' | 'reverted';
};

export interface ChainPort {
  chainId(): Promise<number>;
  blockNumber(): Promise<number>;
  /** The account's nonce: transactions mined (`latest`) or mined plus those waiting in the node's pool (`pending`). */
  getTransactionCount(address: string, tag: BlockTag): Promise<number>;
  /** Broadcasts a signed transaction (0x hex) and answers its hash. */
  sendRawTransaction(rawTransaction: string): Promise<string>;
  /** The receipt once the transaction is in a block, else null. */
  getTransactionReceipt(hash: string): Promise<TransactionReceipt | null>;
  /** Balance in the native asset's smallest unit. */
  getBalance(address: string): Promise<bigint>;
}

/**
 * No node could answer: every endpoint failed (unreachable, timed out, HTTP error, unusable answer) or has its
 * circuit open. 503 1500; clients retry with backoff. Details never name a node URL (they may carry credentials).
 */
export class NodeUnavailableError extends ApiError {
  constructor(method: string, details: { endpoints: number; open_circuits: number }) {
    super('NODE_UNAVAILABLE', 'chain node unavailable', { upstream: 'chain', method, ...details });
  }
}

/**
 * A node answered the call with a JSON-RPC error (a revert, "nonce too low", "already known", bad parameters): the
 * node works, the request does not. 502 1501 with the node's code and message (trimmed), no failover.
 */
export class ChainError extends ApiError {
  constructor(
    method: string,
    readonly rpcCode: number,
    rpcMessage: string,
  ) {
    super('CHAIN_ERROR', `chain node rejected ${method}: ${rpcMessage}`, { upstream: 'chain', method, rpc_code: rpcCode, rpc_message: rpcMessage });
  }
}
