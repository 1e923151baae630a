import { defineStep } from './step.js';
import { approvalGate, approvalGateMoves } from './approval-gate.js';

/**
 * QUEUED -> PENDING_AML_SCREENING when a screening provider is configured (`screening.submitted`); without one,
 * straight to the approval gate (PENDING_AUTHORIZATION with `approval.required`, or APPROVED). A transaction without a
 * counterparty address (DEPLOY_TOKEN, PAUSE, BURN...) has nothing to screen and goes to the gate too.
 */
export const queuedStep = defineStep<{ provider: string | null }>({
  status: 'QUEUED',
  summary: 'Sends the transfer to screening when a provider is configured, else to the approval gate.',
  reads: ['the configured screening provider (CUSTODY_SCREENING_PROVIDER)', 'CUSTODY_APPROVAL_TTL_SECONDS'],
  moves: [{ to: 'PENDING_AML_SCREENING', trigger: 'worker' }, ...approvalGateMoves('worker')],
  emits: ['screening.submitted', 'approval.required'],
  read: async (deps) => ({ provider: deps.screening?.name ?? null }),
  decide: (tx, { provider }, ctx) =>
    provider && tx.destinationAddr !== null
      ? {
          to: 'PENDING_AML_SCREENING',
          trigger: 'worker',
          events: [{ type: 'screening.submitted', data: { transaction_id: tx.id, provider } }],
        }
      : approvalGate(tx, ctx, 'worker'),
  cases: [{ provider: 'builtin' }, { provider: null }],
});
