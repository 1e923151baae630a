import type { TxStatus } from '../transition-table.js';

/**
 * Statuses the worker moves on by itself: exactly the statuses of the steps registered in ./index.ts, in their order
 * (test/unit/transaction-steps.test.ts checks it). A list of its own so that what only needs the statuses (the
 * transactions API's stuck view) does not load the steps, and with them the token calls and their ABIs.
 */
export const AUTOMATIC: ReadonlySet<TxStatus> = new Set<TxStatus>([
  'SUBMITTED',
  'QUEUED',
  'PENDING_AML_SCREENING',
  'APPROVED',
  'PENDING_SIGNATURE',
  'SIGNED',
  'BROADCASTING',
]);
