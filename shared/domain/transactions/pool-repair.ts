import { keys } from '../../store/keys.js';
import { runInUnitOfWork } from '../unit-of-work.js';
import type { ConfirmDeps } from './confirm.js';
import { asTransaction, type TransactionRecord } from './transaction-record.js';
import { stageSubStatus } from './transition.js';

/**
 * The chain poller's repair of CONFIRMING transactions the node has lost (docs/transactions.md, "Gap repair"): one
 * with no receipt that the node no longer knows (`eth_getTransactionByHash` null: a restarted node, an evicting pool)
 * gets its signed bytes sent again and the sub-status DROPPED_FROM_POOL; once the node knows it again, its status's
 * default (AWAITING_CONFIRMATIONS). The same bytes have the same hash, so nothing is ever on chain twice; a node that
 * refuses them (its nonce used, underpriced) leaves the transaction as it is for the next run (a receipt, a reorg or a
 * replacement decides it). Each change is a version-guarded unit of work with its audit entry and event.
 */
export type PoolCheck = 'rebroadcast' | 'recovered' | 'none';

const SYSTEM = { type: 'system' as const, user_id: null, key_id: null, component: 'chain-poller' };

/** The transactions of `txs` the pool check applies to: no receipt, never seen in a block. */
export const unmined = (tx: TransactionRecord, hasReceipt: boolean) => !hasReceipt && !tx.blockHash;

/** Checks one unmined CONFIRMING transaction, `known` being what the node said of its hash. */
export async function checkPool(deps: ConfirmDeps, read: TransactionRecord, known: boolean): Promise<PoolCheck> {
  if (known) return read.subStatus === 'DROPPED_FROM_POOL' ? setSubStatus(deps, read, null, 'the node knows the transaction again') : 'none';
  if (!read.signedTx) return 'none';
  const sent = await deps.chain.broadcast(read.signedTx);
  if (sent.outcome !== 'submitted') return 'none';
  await setSubStatus(deps, read, 'DROPPED_FROM_POOL', 'the node no longer knew the transaction: its signed bytes were sent again');
  return 'rebroadcast';
}

async function setSubStatus(deps: ConfirmDeps, read: TransactionRecord, to: 'DROPPED_FROM_POOL' | null, reason: string): Promise<PoolCheck> {
  const now = deps.clock.now();
  let attempt = 0;
  return runInUnitOfWork(deps.store, { actor: SYSTEM, requestId: null, now }, async (uow) => {
    const tx = attempt++ === 0 ? read : asTransaction((await deps.store.get(keys.transaction(read.tenantId, read.id), { consistent: true }))!);
    if (tx.status !== 'CONFIRMING' || tx.chainTxHash !== read.chainTxHash) return 'none' as const;
    return stageSubStatus(uow, tx, to, now, reason) ? (to ? ('rebroadcast' as const) : ('recovered' as const)) : ('none' as const);
  });
}
