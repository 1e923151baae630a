import * as z from '../../schemas/zod.js';
import type { OutgoingMessage } from '../../ports/queue.js';
import { AUTOMATIC } from './steps/automatic.js';
import type { TxStatus } from './transition-table.js';

/**
 * The messages of the transactions queue, in one place: what the stream router sends (../outbox/stream-routing.ts)
 * and what the transaction worker reads (functions/transaction-worker), each with its FIFO group and deduplication id.
 *
 *  - `transaction`: a transaction now in `status`, whose step the worker runs. Sent only for a status the worker does
 *    not go on from by itself: a status with a step (./steps/, AUTOMATIC), entered by a commit that ends a worker run
 *    or made outside the worker (the API, the nonce pass, the poller). A worker run commits its stretches of steps
 *    once each and goes on from each commit in the same message (the signer's call, then the broadcast), except at
 *    APPROVED: a status it goes on from is marked on the item (`worker_continues`) and is not sent (./advance.ts).
 *    APPROVED goes to the wallet's group (one nonce assignment of a wallet at a time); every other status to the
 *    transaction's own group (concurrently across a wallet's transactions).
 *  - `replacement`: a replacement newly awaiting its signature (speed-up, cancel, repricing): pushed to the signer.
 *  - `tenant_resumed`: a tenant reactivated: its transactions pick up where they stopped.
 */
export const WorkerMessage = z.lazySchema(() =>
  z.discriminatedUnion('kind', [
    z.looseObject({
      kind: z.literal('transaction'),
      tenant_id: z.string(),
      transaction_id: z.string(),
      status: z.optional(z.string()),
    }),
    z.object({ kind: z.literal('tenant_resumed'), tenant_id: z.string() }),
    z.looseObject({ kind: z.literal('replacement'), tenant_id: z.string(), transaction_id: z.string() }),
  ]),
);
export type WorkerMessage = z.infer<ReturnType<typeof WorkerMessage>>;

/** Whether a transaction's message in `status` goes to its wallet's group (its nonce pass) rather than its own. */
export const inWalletGroup = (status: string): boolean => status === 'APPROVED';

/**
 * Whether a worker run goes on by itself from a status it committed: every status whose message is in the
 * transaction's own group, so no other message of the transaction runs meanwhile. APPROVED is taken up by its
 * wallet's nonce pass instead.
 */
export const continuesInItsGroup = (status: TxStatus): boolean => !inWalletGroup(status);

/** Whether a transaction that entered `status` needs a message for the worker to go on (see above). */
export const needsWorkerMessage = (status: unknown): boolean => AUTOMATIC.has(status as TxStatus);

export function transactionMessage(t: {
  tenantId: string;
  id: string;
  status: string;
  version: unknown;
  sourceWalletId: unknown;
}): OutgoingMessage {
  const body = JSON.stringify({
    kind: 'transaction',
    tenant_id: t.tenantId,
    transaction_id: t.id,
    status: t.status,
    version: t.version,
  } satisfies WorkerMessage & { version: unknown });
  const groupId = inWalletGroup(t.status) && typeof t.sourceWalletId === 'string' ? `wallet-${t.sourceWalletId}` : t.id;
  return { body, groupId, deduplicationId: `tx-${t.id}-${String(t.version)}` };
}

export function replacementMessage(t: { tenantId: string; id: string; version: unknown }): OutgoingMessage {
  const body = JSON.stringify({
    kind: 'replacement',
    tenant_id: t.tenantId,
    transaction_id: t.id,
  } satisfies WorkerMessage);
  return { body, groupId: t.id, deduplicationId: `tx-${t.id}-${String(t.version)}` };
}

export function tenantResumedMessage(tenantId: string, version: unknown): OutgoingMessage {
  const body = JSON.stringify({ kind: 'tenant_resumed', tenant_id: tenantId } satisfies WorkerMessage);
  return { body, groupId: `tenant-${tenantId}`, deduplicationId: `tenant-${tenantId}-${String(version)}` };
}
