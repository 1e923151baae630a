import { ApiError } from '../../errors/catalog.js';
import { ApprovalNotFoundError, ForbiddenError, InvalidStateError } from '../../errors/domain-errors.js';
import type { UseCaseContext } from '../context.js';
import { roleId } from '../permissions/matrix.js';
import { approvalsRequired, complianceReviewRequired, type Approval, type TransactionRecord } from './transaction.js';
import { transactionView } from './transaction-view.js';
import { loadTransaction, stageTransactionWrite } from './transaction-store.js';
import { stageTransition } from './transition.js';
import { REPLACEABLE, canTransition } from './transition-table.js';
import { endIfExpired } from './expiry.js';
import type { AskedFees } from './replace.js';
import type { SubmissionContext } from './submit-transfer.js';
import type { SpendAllowances } from '../policies/spend-allowance.js';

/**
 * Human decisions on a transaction: approve, reject, cancel.
 *
 * Approvals: REQUIRE_APPROVAL counts DISTINCT approvers; the initiator may not approve its own transaction; a
 * screening-flagged transaction also needs one approval from a compliance officer; one rejection ends it (REJECTED).
 * Approvals expire `CUSTODY_APPROVAL_TTL_SECONDS` after the transaction entered PENDING_AUTHORIZATION: a decision
 * after that answers 404 1202 and the transaction is moved to REJECTED in the same change (so it stops waiting).
 */
export type DecisionResult = { transaction: ReturnType<typeof transactionView>; error?: ApiError };

/** A transaction waits for decisions exactly when the transition table lets an approval move it. */
async function loadAwaitingDecision(ctx: UseCaseContext, txId: string): Promise<TransactionRecord> {
  const tx = await loadTransaction(ctx.store, ctx.principal.tenantId, txId);
  if (!canTransition(tx.status, 'APPROVED', 'approval'))
    throw new InvalidStateError(`transaction is ${tx.status}; it is not waiting for approval`, { status: tx.status });
  return tx;
}

function expired(tx: TransactionRecord, now: Date) {
  return tx.approvalExpiresAt !== null && now.getTime() >= Date.parse(tx.approvalExpiresAt);
}

async function expire(ctx: UseCaseContext, tx: TransactionRecord): Promise<DecisionResult> {
  const next = await stageTransition(ctx.store, ctx.uow, tx, 'REJECTED', 'expiry', ctx.now, {
    failureReason: 'approval window expired',
  });
  return { transaction: transactionView(next), error: new ApprovalNotFoundError() };
}

function decision(ctx: UseCaseContext, kind: Approval['decision'], reason: string | undefined): Approval {
  const compliance = ctx.principal.user.role_ids.includes(roleId('compliance_officer'));
  return {
    userId: ctx.principal.userId,
    keyId: ctx.principal.keyId,
    decision: kind,
    compliance,
    reason: reason ?? null,
    decidedAt: ctx.now.toISOString(),
  };
}

export async function approveTransaction(ctx: UseCaseContext, txId: string, reason?: string): Promise<DecisionResult> {
  const tx = await loadAwaitingDecision(ctx, txId);
  const ended = await endIfExpired(ctx, tx);
  if (ended) return ended;
  if (expired(tx, ctx.now)) return expire(ctx, tx);
  if (tx.initiator.userId === ctx.principal.userId)
    throw new ForbiddenError('the initiator cannot approve its own transaction');
  if (tx.approvals.some((a) => a.userId === ctx.principal.userId))
    throw new InvalidStateError('this user has already decided on the transaction');
  const approval = decision(ctx, 'approved', reason);
  const approvals = [...tx.approvals, approval];
  const approvers = approvals.filter((a) => a.decision === 'approved');
  const complianceDone = !complianceReviewRequired(tx) || approvers.some((a) => a.compliance);
  const enough = approvers.length >= approvalsRequired(tx) && complianceDone;
  ctx.uow.event(
    tx.tenantId,
    'approval.decision',
    {
      transaction_id: tx.id,
      decision: 'approved',
      user_id: ctx.principal.userId,
      reason: approval.reason,
      approvals_received: approvers.length,
      approvals_required: approvalsRequired(tx),
      compliance: approval.compliance,
    },
    tx.id,
  );
  if (enough)
    return {
      transaction: transactionView(
        await stageTransition(ctx.store, ctx.uow, tx, 'APPROVED', 'approval', ctx.now, { approvals }),
      ),
    };
  const next: TransactionRecord = { ...tx, approvals, updatedAt: ctx.now.toISOString() };
  stageTransactionWrite(ctx.uow, next);
  ctx.uow.audit({
    tenantId: tx.tenantId,
    action: 'transaction.approved',
    resourceType: 'transaction',
    resourceId: tx.id,
    change: { user_id: approval.userId, compliance: approval.compliance, reason: approval.reason },
  });
  return { transaction: transactionView({ ...next, version: tx.version + 1 }) };
}

export async function rejectTransaction(ctx: UseCaseContext, txId: string, reason?: string): Promise<DecisionResult> {
  const tx = await loadAwaitingDecision(ctx, txId);
  const ended = await endIfExpired(ctx, tx);
  if (ended) return ended;
  if (expired(tx, ctx.now)) return expire(ctx, tx);
  const rejection = decision(ctx, 'rejected', reason);
  ctx.uow.event(
    tx.tenantId,
    'approval.decision',
    {
      transaction_id: tx.id,
      decision: 'rejected',
      user_id: ctx.principal.userId,
      reason: rejection.reason,
      compliance: rejection.compliance,
    },
    tx.id,
  );
  const next = await stageTransition(ctx.store, ctx.uow, tx, 'REJECTED', 'rejection', ctx.now, {
    approvals: [...tx.approvals, rejection],
    failureReason: `rejected${rejection.reason ? `: ${rejection.reason}` : ''}`,
  });
  return { transaction: transactionView(next) };
}

/**
 * Cancel: up to PENDING_SIGNATURE the transition table moves it to CANCELLED at once. After broadcast (BROADCASTING,
 * CONFIRMING) it asks for a cancelling replacement (./replace.ts: a zero-value self-transfer at the same nonce, fees
 * raised by the node's replacement minimum), which needs `transactions:execute` like a signature: the transaction ends
 * CANCELLED only if the chain mines the replacement, COMPLETED if it mines the original. `accepted` says which.
 * Elsewhere 409 1301.
 */
export async function cancelTransaction(
  ctx: UseCaseContext,
  txId: string,
  reason?: string,
): Promise<{ transaction: ReturnType<typeof transactionView>; accepted: boolean }> {
  const tx = await loadTransaction(ctx.store, ctx.principal.tenantId, txId);
  if (!canTransition(tx.status, 'CANCELLED', 'cancel') && REPLACEABLE.has(tx.status))
    return { transaction: await requestReplacement(ctx, tx, { reason: 'CANCEL' }, {}), accepted: true };
  const next = await stageTransition(ctx.store, ctx.uow, tx, 'CANCELLED', 'cancel', ctx.now, {
    failureReason: `cancelled${reason ? `: ${reason}` : ''}`,
  });
  return { transaction: transactionView(next), accepted: false };
}

/** POST /v1/transactions/{id}/speed-up: a replacement with the same call and higher fees (./replace.ts). */
export async function speedUpTransaction(ctx: SubmissionContext, txId: string, asked: AskedFees) {
  const tx = await loadTransaction(ctx.store, ctx.principal.tenantId, txId);
  return requestReplacement(ctx, tx, { reason: 'SPEED_UP', spendAllowances: ctx.spendAllowances }, asked);
}

/** A cancel, or a speed-up: its extra fee is taken from this container's DAILY_LIMIT leases (./speed-up-limits.ts). */
type Replacement = { reason: 'CANCEL' } | { reason: 'SPEED_UP'; spendAllowances: SpendAllowances };

async function requestReplacement(ctx: UseCaseContext, tx: TransactionRecord, r: Replacement, asked: AskedFees) {
  const { reason } = r;
  // The route of a cancel asks for transactions:update (a cancel before signing); a replacement is signed and sent.
  if (!ctx.principal.permissions.has('transactions:execute'))
    throw new ForbiddenError('a replacement after broadcast needs transactions:execute');
  // The replacement's encoding (pq-evm-v1, RLP, Keccak) is a lazy chunk: only a speed-up or a cancel after broadcast loads it.
  const { assertReplaceable, assertWithinReceipt, replacementFees, stageReplacementRequest } =
    await import('./replace.js');
  assertReplaceable(tx, reason);
  const fees = replacementFees(tx, asked, null);
  // A speed-up the signer would refuse (past the receipt's fee cap) is refused now; a cancel never is (it stops a transfer).
  if (reason === 'SPEED_UP') await assertWithinReceipt(ctx.store, tx, fees);
  // A speed-up's extra fee counts against the vault's DAILY_LIMIT rules (./speed-up-limits.ts); a cancel never is refused.
  if (r.reason === 'SPEED_UP') {
    const { reserveExtraFee } = await import('./speed-up-limits.js');
    await reserveExtraFee({ ...ctx, spendAllowances: r.spendAllowances }, tx, fees);
  }
  return transactionView(
    await stageReplacementRequest(ctx.store, ctx.uow, tx, {
      reason,
      fees,
      requestedBy: ctx.principal.userId,
      now: ctx.now,
    }),
  );
}
