import { defineStep } from './step.js';

/** SUBMITTED -> QUEUED: the transfer was accepted; the worker takes it on. */
export const submittedStep = defineStep<Record<string, never>>({
  status: 'SUBMITTED',
  summary: 'Takes the accepted transfer on: QUEUED.',
  reads: [],
  moves: [{ to: 'QUEUED', trigger: 'worker' }],
  emits: [],
  read: async () => ({}),
  decide: () => ({ to: 'QUEUED', trigger: 'worker' }),
  cases: [{}],
});
