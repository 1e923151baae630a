import type { ChainPort } from '../../ports/chain.js';
import type { Store } from '../../ports/store.js';
import { accessPatterns } from '../../store/access-patterns.js';
import { decodeErc20Transfer, TRANSFER_EVENT_TOPIC } from '../tokens/erc20.js';
import type { Hex } from '../tokens/call-params.js';

/**
 * Token deposits: the ERC-20 `Transfer` logs of the registered token contracts (docs/deposits.md, "Token deposits").
 * The watch list is every tenant's token assets by contract address; the logs of a block range are read with one
 * `eth_getLogs` per TOKEN_ADDRESSES_PER_QUERY contracts (Transfer topic, the contracts' addresses), never per token per
 * block.
 */

/** A token asset on the watch list: whose asset (and so whose tenant) a log of its contract is. */
export type WatchedToken = { tenant_id: string; asset_id: string };

/** Contract addresses per `eth_getLogs` (nodes bound the address list; more tokens make more queries per range). */
export const TOKEN_ADDRESSES_PER_QUERY = 100;

/** One ERC-20 Transfer of a watched contract, decoded. */
export type TokenTransfer = {
  /** The token contract, lowercase 0x. */
  contract: string;
  from: string;
  to: string;
  value: bigint;
  transactionHash: string;
  blockNumber: number;
  blockHash: string;
  /** Position of the log in its block (as the node reports it). */
  logIndex: number;
  /**
   * Position among the Transfers of the same contract to the same address in the same transaction (0, 1, ...): with
   * the transaction hash it names the transfer whatever block includes it (the block-wide log index moves when a
   * reorg mines the transaction again at another position).
   */
  ordinal: number;
};

/** Every watched token contract (lowercase) and the tenants' assets registered at it. */
export async function loadWatchedTokens(store: Store): Promise<Map<string, WatchedToken[]>> {
  const out = new Map<string, WatchedToken[]>();
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await store.query({ pattern: accessPatterns.watchedTokens(), limit: 500, startKey, consistent: true });
    for (const i of page.items) {
      const address = (i.contract_address as string).toLowerCase();
      out.set(address, [
        ...(out.get(address) ?? []),
        { tenant_id: i.tenant_id as string, asset_id: i.asset_id as string },
      ]);
    }
    startKey = page.lastKey;
  } while (startKey);
  return out;
}

/**
 * The Transfers of value above zero of the given contracts in blocks from..to (inclusive), in chain order. A log that
 * is not a standard ERC-20 Transfer (an ERC-721 Transfer has the same topic and a fourth one) is left out.
 */
export async function readTokenTransfers(
  chain: ChainPort,
  contracts: string[],
  fromBlock: number,
  toBlock: number,
): Promise<TokenTransfer[]> {
  const sorted = [...new Set(contracts.map((c) => c.toLowerCase()))].sort();
  const logs = [];
  for (let i = 0; i < sorted.length; i += TOKEN_ADDRESSES_PER_QUERY) {
    logs.push(
      ...(await chain.getLogs({
        fromBlock,
        toBlock,
        address: sorted.slice(i, i + TOKEN_ADDRESSES_PER_QUERY),
        topics: [TRANSFER_EVENT_TOPIC],
      })),
    );
  }
  logs.sort((x, y) => x.blockNumber - y.blockNumber || x.logIndex - y.logIndex);
  const watched = new Set(sorted);
  const seen = new Map<string, number>();
  const out: TokenTransfer[] = [];
  for (const log of logs) {
    const contract = log.address.toLowerCase();
    if (log.removed || !watched.has(contract)) continue;
    const decoded = decodeErc20Transfer({ topics: log.topics as Hex[], data: log.data as Hex });
    if (!decoded) continue;
    const { from, to, value } = decoded;
    // Ordinals count every Transfer of the contract to the address in the transaction, zero-value ones included, so
    // they do not depend on which are recorded.
    const key = `${log.blockHash}:${log.transactionHash}:${contract}:${to}`;
    const ordinal = seen.get(key) ?? 0;
    seen.set(key, ordinal + 1);
    if (value <= 0n) continue;
    out.push({
      contract,
      from,
      to,
      value,
      transactionHash: log.transactionHash.toLowerCase(),
      blockNumber: log.blockNumber,
      blockHash: log.blockHash,
      logIndex: log.logIndex,
      ordinal,
    });
  }
  return out;
}
