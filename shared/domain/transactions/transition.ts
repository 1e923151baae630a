import type { Store } from '../../ports/store.js';
import { keys } from '../../store/keys.js';
import { InvalidStateError } from '../../errors/domain-errors.js';
import type { UnitOfWork } from '../unit-of-work.js';
import { BEFORE_BROADCAST, TERMINAL, canTransition, type Trigger, type TxStatus } from './transition-table.js';
import { currentSubStatus, type TransactionRecord } from './transaction.js';
import type { SubStatus } from './sub-status.js';
import { stageTransactionWrite } from './transaction-store.js';
import { stageNonceRelease } from './wallet-nonce.js';

/**
 * Stages one status change of a transaction: checked against the transition table, written conditionally on the
 * version read (so a duplicated or reordered message can never apply it twice), with its audit entry and its
 * `transaction.status_changed` event (plus `transaction.failed` for FAILED) in the same unit of work. A transaction
 * that ends before broadcast releases its DAILY_LIMIT reservations in the same write, and one that ends holding a
 * nonce that never reached the chain gives it back to its wallet (./wallet-nonce.ts) in the same write.
 * The end of a token's transaction changes the token in the same write (../tokens/token-effects.ts). A transfer
 * that completes counts a payment to its destination from its vault (`keys.paidDestination`), in the same write.
 */
export async function stageTransition(
  store: Store,
  uow: UnitOfWork,
  tx: TransactionRecord,
  to: TxStatus,
  trigger: Trigger,
  now: Date,
  changes: Partial<TransactionRecord> = {},
  /** Why, for the audit entry when it is not a failure (a reorg sending the transaction back to BROADCASTING). */
  reason?: string,
): Promise<TransactionRecord> {
  if (!canTransition(tx.status, to, trigger)) {
    throw new InvalidStateError(`transaction is ${tx.status}; ${trigger} cannot move it to ${to}`, {
      status: tx.status,
    });
  }
  // A move names the sub-status it means (the poller's DROPPED_FROM_POOL...) or leaves the new status's default.
  const next: TransactionRecord = {
    ...tx,
    ...changes,
    subStatus: changes.subStatus ?? null,
    workerContinues: changes.workerContinues,
    status: to,
    updatedAt: now.toISOString(),
  };
  if (TERMINAL.has(to) && BEFORE_BROADCAST.has(tx.status) && tx.reservations.length) {
    await stageReleases(store, uow, tx);
    next.reservations = [];
  }
  // A nonce is held from PENDING_SIGNATURE on; ending before broadcast, or refused by the node (broadcast_rejected:
  // nothing of it is on chain or in a pool), it never reached the chain: give it back.
  if (
    TERMINAL.has(to) &&
    (BEFORE_BROADCAST.has(tx.status) || next.failureCode === 'broadcast_rejected') &&
    tx.nonce !== null
  ) {
    await stageNonceRelease(store, uow, tx.tenantId, tx.sourceWalletId, tx.nonce);
  }
  stageTransactionWrite(uow, next);
  // A completed transfer pays its destination: counted per vault, so a later transfer there is no longer a first.
  if (to === 'COMPLETED' && tx.operation === 'TRANSFER' && tx.destinationAddr)
    uow.add(keys.paidDestination(tx.tenantId, tx.sourceVaultId, tx.destinationAddr), 'payments', 1n);
  const op = tx.tokenId ? { operation: tx.operation, tokenId: tx.tokenId } : {};
  uow.audit({
    tenantId: tx.tenantId,
    action: 'transaction.status_changed',
    resourceType: 'transaction',
    resourceId: tx.id,
    change: {
      from: tx.status,
      to,
      trigger,
      ...op,
      ...(changes.failureReason ? { failureReason: changes.failureReason } : {}),
      ...(reason ? { reason } : {}),
      ...factsOf(tx, changes),
    },
  });
  uow.event(tx.tenantId, 'transaction.status_changed', statusChangedData(tx, next), tx.id);
  if (to === 'FAILED') {
    uow.event(
      tx.tenantId,
      'transaction.failed',
      {
        transaction_id: tx.id,
        failure_reason: next.failureReason,
        failure_code: next.failureCode,
        previous_status: tx.status,
      },
      tx.id,
    );
  }
  // A token's transaction that ends changes the token (../tokens/token-effects.ts): loaded only then, so the paths
  // that never end one (the API's submissions and reads) do not carry the token code.
  if (next.tokenId && TERMINAL.has(next.status))
    await (await import('../tokens/token-effects.js')).stageTokenEffects(store, uow, tx, next, now);
  return next;
}

/** `transaction.status_changed` for a change from `tx` to `next` (a status, a sub-status, or both). */
const statusChangedData = (tx: TransactionRecord, next: TransactionRecord) => ({
  transaction_id: tx.id,
  status: next.status,
  previous_status: tx.status,
  sub_status: currentSubStatus(next),
  previous_sub_status: currentSubStatus(tx),
  ...(tx.tokenId ? { operation: tx.operation, token_id: tx.tokenId } : {}),
});

/**
 * Stages a change of why an open transaction waits, its status unchanged (the poller seeing a dropped pool, a nonce
 * gap, a node down): version-guarded, with its audit entry and a `transaction.status_changed` whose `status` equals
 * `previous_status`. Nothing when the sub-status is already `to`.
 */
export function stageSubStatus(
  uow: UnitOfWork,
  tx: TransactionRecord,
  to: SubStatus | null,
  now: Date,
  reason: string,
  changes: Partial<TransactionRecord> = {},
): TransactionRecord | null {
  const next: TransactionRecord = { ...tx, ...changes, subStatus: to, updatedAt: now.toISOString() };
  if (currentSubStatus(next) === currentSubStatus(tx)) return null;
  stageTransactionWrite(uow, next);
  uow.audit({
    tenantId: tx.tenantId,
    action: 'transaction.sub_status_changed',
    resourceType: 'transaction',
    resourceId: tx.id,
    change: { status: tx.status, from: currentSubStatus(tx), to: currentSubStatus(next), reason },
  });
  uow.event(tx.tenantId, 'transaction.status_changed', statusChangedData(tx, next), tx.id);
  return next;
}

/**
 * A stalled transaction re-driven (./redrive.ts): sub-status STALLED and `updatedAt` now, with its audit entry; the
 * stream router sends the worker a fresh message for it. Its event only when the sub-status changes (a transaction
 * re-driven again stays STALLED).
 */
export function stageRedrive(uow: UnitOfWork, tx: TransactionRecord, now: Date): TransactionRecord {
  const next: TransactionRecord = { ...tx, subStatus: 'STALLED', updatedAt: now.toISOString() };
  stageTransactionWrite(uow, next);
  uow.audit({
    tenantId: tx.tenantId,
    action: 'transaction.redriven',
    resourceType: 'transaction',
    resourceId: tx.id,
    change: {
      status: tx.status,
      from: currentSubStatus(tx),
      to: 'STALLED',
      reason: `not moved for ${Math.round((now.getTime() - Date.parse(tx.updatedAt)) / 1000)} s in ${tx.status}; sent to the worker again`,
    },
  });
  if (currentSubStatus(tx) !== 'STALLED')
    uow.event(tx.tenantId, 'transaction.status_changed', statusChangedData(tx, next), tx.id);
  return next;
}

/**
 * The facts a move establishes, for its audit entry (what a transaction's history shows; the history reads nothing
 * else): the chain facts it sets (nonce and fees, hash, block, confirmations, the deployed contract) and a new
 * screening result. Only those the move changes.
 */
const FACTS = [
  'nonce',
  'gasLimit',
  'fee',
  'maxFeePerGas',
  'chainId',
  'chainTxHash',
  'blockNumber',
  'blockHash',
  'confirmations',
  'contractAddress',
] as const;
function factsOf(tx: TransactionRecord, changes: Partial<TransactionRecord>): Record<string, unknown> {
  const chain: Record<string, unknown> = {};
  for (const k of FACTS)
    if (changes[k] !== undefined && changes[k] !== null && changes[k] !== tx[k]) chain[k] = changes[k];
  const s = changes.screening;
  const screening =
    s && (s.checkedAt !== tx.screening?.checkedAt || s.result !== tx.screening?.result)
      ? { screening: { provider: s.provider, result: s.result, reason: s.reason, checkedAt: s.checkedAt } }
      : {};
  return { ...(Object.keys(chain).length ? { chain } : {}), ...screening };
}

/** Gives a transaction's reserved amounts back to their DAILY_LIMIT counters (atomic subtraction). */
async function stageReleases(store: Store, uow: UnitOfWork, tx: TransactionRecord) {
  const items = await store.getMany(tx.reservations.map((r) => keys.spendCounter(tx.tenantId, r.counterId)));
  tx.reservations.forEach((r, i) => {
    // A counter whose window ended has expired: there is nothing left to give back (and no item to recreate).
    if (items[i]) uow.add(keys.spendCounter(tx.tenantId, r.counterId), 'spent', -BigInt(r.amount));
  });
}
