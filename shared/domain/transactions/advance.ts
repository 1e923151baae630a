import type { Store } from '../../ports/store.js';
import type { Clock } from '../../ports/clock.js';
import type { ScreeningPort } from '../../ports/screening.js';
import { keys } from '../../store/keys.js';
import { ConcurrentModificationError } from '../../errors/domain-errors.js';
import { commit, UnitOfWork } from '../unit-of-work.js';
import { asRecord, type TenantRecord } from '../identity/records.js';
import { approvalsRequired, asTransaction, complianceReviewRequired, type TransactionRecord } from './transaction-record.js';
import { stageTransition } from './transition.js';
import { conflictBackoffMs, sleep } from '../retry.js';

/**
 * The state-machine worker's one step: read the transaction as it is now, and make the single automatic move its
 * status allows (SUBMITTED -> QUEUED -> [PENDING_AML_SCREENING] -> PENDING_AUTHORIZATION | APPROVED ->
 * PENDING_SIGNATURE). The queue message is only a nudge: a duplicated, late or reordered one finds the transaction
 * already moved and does nothing, and the version-guarded write makes a concurrent double move impossible. A
 * suspended tenant's transactions are left exactly where they are.
 */
export type AdvanceDeps = {
  store: Store;
  clock: Clock;
  screening: ScreeningPort | null;
  chainId: number;
  approvalTtlSeconds: number;
};

export type AdvanceOutcome = { outcome: 'moved'; from: string; to: string } | { outcome: 'idle' | 'suspended' | 'missing' };

const SYSTEM = { type: 'system' as const, user_id: null, key_id: null };

export async function advanceTransaction(deps: AdvanceDeps, tenantId: string, txId: string): Promise<AdvanceOutcome> {
  for (let attempt = 1; ; attempt++) {
    const [txItem, tenantItem] = await deps.store.getMany([keys.transaction(tenantId, txId), keys.tenant(tenantId)]);
    if (!txItem) return { outcome: 'missing' };
    if (asRecord<TenantRecord>(tenantItem)?.status !== 'active') return { outcome: 'suspended' };
    const tx = asTransaction(txItem);
    const now = deps.clock.now();
    const uow = new UnitOfWork(() => now);
    const next = await planStep(deps, uow, tx, now);
    if (!next) return { outcome: 'idle' };
    try {
      await commit(deps.store, uow, { actor: SYSTEM, requestId: null, now });
      return { outcome: 'moved', from: tx.status, to: next.status };
    } catch (e) {
      // Someone else (an approver, a cancel, another delivery) changed it first: look again.
      if (e instanceof ConcurrentModificationError && attempt < 3) {
        await sleep(conflictBackoffMs(attempt));
        continue;
      }
      if (e instanceof ConcurrentModificationError) return { outcome: 'idle' };
      throw e;
    }
  }
}

async function planStep(deps: AdvanceDeps, uow: UnitOfWork, tx: TransactionRecord, now: Date): Promise<TransactionRecord | undefined> {
  const { store } = deps;
  switch (tx.status) {
    case 'SUBMITTED':
      return stageTransition(store, uow, tx, 'QUEUED', 'worker', now);
    case 'QUEUED':
      if (deps.screening) {
        uow.event(tx.tenantId, 'screening.submitted', { transaction_id: tx.id, provider: deps.screening.name }, tx.id);
        return stageTransition(store, uow, tx, 'PENDING_AML_SCREENING', 'worker', now);
      }
      return afterScreening(deps, uow, tx, now, 'worker');
    case 'PENDING_AML_SCREENING': {
      if (!deps.screening) return afterScreening(deps, uow, tx, now, 'screening');
      // May throw ScreeningUnavailableError: the transaction stays here and the message comes back (fail closed).
      const verdict = await deps.screening.screen({ tenantId: tx.tenantId, transactionId: tx.id, destination: tx.destinationAddr, amount: tx.amount, assetId: tx.assetId, chainId: deps.chainId });
      const screening = { ...verdict, checkedAt: now.toISOString() };
      const data = { transaction_id: tx.id, provider: verdict.provider, result: verdict.result, reason: verdict.reason };
      if (verdict.result === 'blocked') {
        uow.event(tx.tenantId, 'screening.blocked', data, tx.id);
        return stageTransition(store, uow, tx, 'BLOCKED', 'screening', now, { screening, failureReason: `screening blocked: ${verdict.reason ?? 'no reason given'}` });
      }
      if (verdict.result === 'flagged') {
        uow.event(tx.tenantId, 'screening.flagged', data, tx.id);
        return afterScreening(deps, uow, { ...tx, screening }, now, 'screening');
      }
      uow.event(tx.tenantId, 'screening.completed', data, tx.id);
      return afterScreening(deps, uow, { ...tx, screening }, now, 'screening');
    }
    case 'APPROVED':
      return stageTransition(store, uow, tx, 'PENDING_SIGNATURE', 'worker', now);
    default:
      return undefined;
  }
}

/**
 * After screening (or without it): approvals required (by policy, or a flagged screening's compliance review) ->
 * PENDING_AUTHORIZATION with `approval.required`; else APPROVED. `tx` carries the screening result, if any.
 */
function afterScreening(deps: AdvanceDeps, uow: UnitOfWork, tx: TransactionRecord, now: Date, trigger: 'worker' | 'screening') {
  const flagged = complianceReviewRequired(tx);
  if (approvalsRequired(tx) > 0 || flagged) {
    const expiresAt = new Date(now.getTime() + deps.approvalTtlSeconds * 1000).toISOString();
    uow.event(
      tx.tenantId,
      'approval.required',
      {
        transaction_id: tx.id,
        approvals_required: approvalsRequired(tx),
        compliance_review_required: flagged,
        reasons: [...tx.policyDecision.reasons, ...(flagged ? [`screening flagged: ${tx.screening?.reason ?? ''}`.trim()] : [])],
        expires_at: expiresAt,
      },
      tx.id,
    );
    return stageTransition(deps.store, uow, tx, 'PENDING_AUTHORIZATION', trigger, now, { approvalExpiresAt: expiresAt, screening: tx.screening });
  }
  return stageTransition(deps.store, uow, tx, 'APPROVED', trigger, now, { screening: tx.screening });
}
