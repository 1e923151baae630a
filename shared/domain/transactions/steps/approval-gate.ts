import type { TransactionRecord } from '../transaction.js';
import { approvalsRequired, complianceReviewRequired } from '../transaction.js';
import type { DecideContext, Move } from './step.js';

/**
 * After screening (or without it): approvals required (by policy, or a flagged screening's compliance review) ->
 * PENDING_AUTHORIZATION with `approval.required` and the approval window; else APPROVED. `tx` carries the screening
 * result, if any. Shared by the QUEUED and PENDING_AML_SCREENING steps.
 */
export function approvalGate(tx: TransactionRecord, ctx: DecideContext, trigger: 'worker' | 'screening'): Move {
  const flagged = complianceReviewRequired(tx);
  if (approvalsRequired(tx) > 0 || flagged) {
    const expiresAt = new Date(ctx.now.getTime() + ctx.approvalTtlSeconds * 1000).toISOString();
    return {
      to: 'PENDING_AUTHORIZATION',
      trigger,
      changes: { approvalExpiresAt: expiresAt, screening: tx.screening },
      events: [
        {
          type: 'approval.required',
          data: {
            transaction_id: tx.id,
            approvals_required: approvalsRequired(tx),
            compliance_review_required: flagged,
            reasons: [
              ...tx.policyDecision.reasons,
              ...(flagged ? [`screening flagged: ${tx.screening?.reason ?? ''}`.trim()] : []),
            ],
            expires_at: expiresAt,
          },
        },
      ],
    };
  }
  return { to: 'APPROVED', trigger, changes: { screening: tx.screening } };
}

/** The moves and events of `approvalGate`, for the declarations of the steps that use it. */
export const approvalGateMoves = (trigger: 'worker' | 'screening') =>
  [
    { to: 'PENDING_AUTHORIZATION', trigger },
    { to: 'APPROVED', trigger },
  ] as const;
