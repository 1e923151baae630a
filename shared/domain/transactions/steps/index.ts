import type { TxStatus } from '../transition-table.js';
import type { Step } from './step.js';
import { submittedStep } from './submitted.js';
import { queuedStep } from './queued.js';
import { pendingAmlScreeningStep } from './pending-aml-screening.js';
import { approvedStep } from './approved.js';
import { signedStep } from './signed.js';
import { broadcastingStep } from './broadcasting.js';
import { pendingSignatureStep } from './pending-signature.js';

/**
 * The registry of automatic steps: the statuses the worker moves on by itself (nothing outside the service is
 * awaited). A new step (signing, broadcasting, confirming) is one file in this folder and one line here; the
 * transition table (../transition-table.ts) must already allow its moves, and test/unit/transaction-steps.test.ts
 * checks that it does.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each step has its own facts type
export const STEPS: readonly Step<any>[] = [
  submittedStep,
  queuedStep,
  pendingAmlScreeningStep,
  approvedStep,
  pendingSignatureStep,
  signedStep,
  broadcastingStep,
];

/**
 * Statuses the worker moves on by itself: the statuses of the registered steps, in their order. What must not load
 * the steps reads the same set from ./automatic.ts, which `npm run docs:steps` generates from STEPS.
 */
export const AUTOMATIC: ReadonlySet<TxStatus> = new Set(STEPS.map((s) => s.status));

const byStatus = new Map(STEPS.map((s) => [s.status, s]));
if (byStatus.size !== STEPS.length) throw new Error('two steps are registered for one status');

export function stepFor(status: TxStatus): Step<unknown> | undefined {
  return byStatus.get(status);
}

export type { Step, StepDeps, Move, Decision, DecideContext } from './step.js';
export { isWait, moveChanges } from './step.js';
