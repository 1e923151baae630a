import { defineStep } from './step.js';

/** APPROVED -> PENDING_SIGNATURE: the transfer waits for its signature (by the signer, or the signature API). */
export const approvedStep = defineStep<Record<string, never>>({
  status: 'APPROVED',
  summary: 'Hands the approved transfer to signing: PENDING_SIGNATURE.',
  reads: [],
  moves: [{ to: 'PENDING_SIGNATURE', trigger: 'worker' }],
  emits: [],
  read: async () => ({}),
  decide: () => ({ to: 'PENDING_SIGNATURE', trigger: 'worker' }),
  cases: [{}],
});
