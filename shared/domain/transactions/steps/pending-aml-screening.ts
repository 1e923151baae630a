import type { ScreeningVerdict } from '../../../ports/screening.js';
import { defineStep } from './step.js';
import { approvalGate, approvalGateMoves } from './approval-gate.js';

/**
 * PENDING_AML_SCREENING: asks the provider about the destination. `blocked` ends the transfer (BLOCKED,
 * `screening.blocked`); `flagged` (`screening.flagged`) and `clean` (`screening.completed`) go to the approval gate,
 * a flagged one needing a compliance officer's approval. A provider that cannot answer throws
 * `ScreeningUnavailableError` from `read`: the transaction stays here and the message comes back (fail closed). With
 * the provider switched off since the transaction got here, it goes to the approval gate unscreened.
 */
export const pendingAmlScreeningStep = defineStep<{ verdict: ScreeningVerdict | null }>({
  status: 'PENDING_AML_SCREENING',
  summary: 'Screens the destination: blocked ends it, flagged or clean go to the approval gate.',
  reads: ['the screening provider (its verdict on destination, amount, asset, chain)', 'CUSTODY_APPROVAL_TTL_SECONDS'],
  moves: [{ to: 'BLOCKED', trigger: 'screening' }, ...approvalGateMoves('screening')],
  emits: ['screening.blocked', 'screening.flagged', 'screening.completed', 'approval.required'],
  read: async (deps, tx) => ({
    verdict:
      deps.screening && tx.destinationAddr !== null
        ? await deps.screening.screen({
            tenantId: tx.tenantId,
            transactionId: tx.id,
            destination: tx.destinationAddr,
            amount: tx.amount,
            assetId: tx.assetId,
            chainId: deps.chainId,
          })
        : null,
  }),
  decide: (tx, { verdict }, ctx) => {
    if (!verdict) return approvalGate(tx, ctx, 'screening');
    const screening = { ...verdict, checkedAt: ctx.now.toISOString() };
    const base = { transaction_id: tx.id, provider: verdict.provider, reason: verdict.reason };
    if (verdict.result === 'blocked') {
      return {
        to: 'BLOCKED',
        trigger: 'screening',
        changes: { screening, failureReason: `screening blocked: ${verdict.reason ?? 'no reason given'}` },
        events: [{ type: 'screening.blocked', data: { ...base, result: 'blocked' } }],
      };
    }
    const event =
      verdict.result === 'flagged'
        ? ({ type: 'screening.flagged', data: { ...base, result: 'flagged' } } as const)
        : ({ type: 'screening.completed', data: { ...base, result: 'clean' } } as const);
    const gate = approvalGate({ ...tx, screening }, ctx, 'screening');
    return { ...gate, events: [event, ...(gate.events ?? [])] };
  },
  cases: [
    { verdict: null },
    { verdict: { result: 'clean', reason: null, provider: 'builtin' } },
    { verdict: { result: 'flagged', reason: 'review', provider: 'builtin' } },
    { verdict: { result: 'blocked', reason: 'sanctioned', provider: 'builtin' } },
  ],
});
