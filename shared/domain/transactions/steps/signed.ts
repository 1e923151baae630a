import { defineStep } from './step.js';

/**
 * SIGNED -> BROADCASTING: written before anything is sent, so a crash after sending finds the transaction in
 * BROADCASTING and sends the same bytes again (a node answers "already known": submitted, nothing twice on chain).
 */
export const signedStep = defineStep<Record<string, never>>({
  status: 'SIGNED',
  summary: 'Marks the signed transfer as being broadcast (before sending, so a retry after a crash is idempotent).',
  reads: [],
  moves: [{ to: 'BROADCASTING', trigger: 'broadcast' }],
  emits: [],
  read: async () => ({}),
  decide: () => ({ to: 'BROADCASTING', trigger: 'broadcast' }),
  cases: [{}],
});
