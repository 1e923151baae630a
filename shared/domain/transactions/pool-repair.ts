import type { ConfirmDeps } from './confirm.js';
import type { TransactionRecord } from './transaction.js';
import { writeSubStatus } from './sub-status-write.js';
import { loadSignedTx } from './transaction-store.js';

/**
 * The chain poller's repair of CONFIRMING transactions the node has lost (docs/transactions.md, "Gap repair"): one
 * with no receipt that the node no longer knows (`eth_getTransactionByHash` null: a restarted node, an evicting pool)
 * gets its signed bytes sent again and the sub-status DROPPED_FROM_POOL; once the node knows it again, its status's
 * default (AWAITING_CONFIRMATIONS). The same bytes have the same hash, so nothing is ever on chain twice; a node that
 * refuses them (its nonce used, underpriced) leaves the transaction as it is for the next run (a receipt, a reorg or a
 * replacement decides it). Each change is a version-guarded unit of work with its audit entry and event.
 */
export type PoolCheck = 'rebroadcast' | 'recovered' | 'none';

const AS_POLLER = { component: 'chain-poller', statuses: ['CONFIRMING'] } as const;

/** The transactions of `txs` the pool check applies to: no receipt, never seen in a block. */
export const unmined = (tx: TransactionRecord, hasReceipt: boolean) => !hasReceipt && !tx.blockHash;

/** Checks one unmined CONFIRMING transaction, `known` being what the node said of its hash. */
export async function checkPool(deps: ConfirmDeps, read: TransactionRecord, known: boolean): Promise<PoolCheck> {
  if (known) {
    if (read.subStatus !== 'DROPPED_FROM_POOL') return 'none';
    return (await writeSubStatus(deps, read, null, 'the node knows the transaction again', AS_POLLER))
      ? 'recovered'
      : 'none';
  }
  const signedTx = await loadSignedTx(deps.store, read);
  if (!signedTx) return 'none';
  const sent = await deps.chain.broadcast(signedTx);
  if (sent.outcome !== 'submitted') return 'none';
  const why = 'the node no longer knew the transaction: its signed bytes were sent again';
  return (await writeSubStatus(deps, read, 'DROPPED_FROM_POOL', why, AS_POLLER)) ? 'rebroadcast' : 'none';
}
