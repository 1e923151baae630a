import { InvalidStateError } from '../../errors/domain-errors.js';
import type { UseCaseContext } from '../context.js';
import type { Move } from './steps/step.js';
import type { TransactionRecord } from './transaction.js';
import { transactionView } from './transaction-view.js';
import { stageTransition } from './transition.js';
import type { TxStatus } from './transition-table.js';

/**
 * Transaction expiry (docs/transactions.md, "Expiry"): a transaction with `expiresAt` that has not been signed by
 * then ends FAILED with `failureCode` EXPIRED, its DAILY_LIMIT and VELOCITY_COUNT reservations released and its nonce
 * given back (the move to FAILED does both, ./transition.ts), with `transaction.failed`. Like the approval window, it
 * is checked at each step rather than by a sweep: the worker before it runs a step (./advance.ts,
 * ./assign-nonces.ts), and the approve, reject and signature requests before they act, so nothing an expired
 * transaction was waiting for can move it on. Approvals given before it expired end with it.
 */
export const EXPIRED = 'expired';

/** Not signed yet: the statuses an expiry ends. */
const UNSIGNED: ReadonlySet<TxStatus> = new Set([
  'SUBMITTED',
  'QUEUED',
  'PENDING_AML_SCREENING',
  'PENDING_AUTHORIZATION',
  'APPROVED',
  'PENDING_SIGNATURE',
]);

export function hasExpired(tx: Pick<TransactionRecord, 'status' | 'expiresAt'>, now: Date): boolean {
  return tx.expiresAt !== null && UNSIGNED.has(tx.status) && now.getTime() >= Date.parse(tx.expiresAt);
}

/** The move that ends an expired transaction. */
export function expiryMove(tx: Pick<TransactionRecord, 'expiresAt'>): Move {
  return {
    to: 'FAILED',
    trigger: 'failure',
    failureCode: EXPIRED,
    changes: { failureCode: EXPIRED, failureReason: `expired: not signed by ${tx.expiresAt}` },
  };
}

/**
 * For a request acting on `tx` (approve, reject, signature): when it has expired, stages its end in the request's
 * unit of work and returns the answer (the transaction, FAILED, with 409 1301); else null.
 */
export async function endIfExpired(ctx: UseCaseContext, tx: TransactionRecord) {
  if (!hasExpired(tx, ctx.now)) return null;
  const move = expiryMove(tx);
  const next = await stageTransition(ctx.store, ctx.uow, tx, move.to, move.trigger, ctx.now, move.changes);
  return {
    transaction: transactionView(next),
    error: new InvalidStateError(`transaction expired at ${tx.expiresAt} before it was signed`, {
      status: next.status,
      failure_code: EXPIRED,
    }),
  };
}
