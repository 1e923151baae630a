import type { OutgoingMessage, QueueName } from '../../ports/queue.js';

/**
 * Which queue each change of the table goes to: the pure half of the stream router. The events an inserted audit
 * record carries (written in the same transaction as the change they describe) go to the webhook queue; a
 * transaction whose status changed goes to the transactions FIFO queue, grouped by transaction, to drive the state
 * machine; a reactivated tenant sends one message that resumes its transactions; a replayed webhook delivery sends
 * its first attempt to the webhook queue. Everything else is ignored.
 */
export type StreamChange = {
  eventName: 'INSERT' | 'MODIFY' | 'REMOVE';
  newImage?: Record<string, unknown>;
  oldImage?: Record<string, unknown>;
};

export type Routed = { queue: QueueName; message: OutgoingMessage };

type Image = Record<string, unknown>;

/**
 * The changes the router acts on, as data: the match (event names, attribute values of the new and old images) is
 * also what the deployed stream's event-source filters are built from (lib/stream-router-construct.ts), so the
 * function is never invoked for a change it ignores, and never filtered away from one it routes.
 */
export const ROUTES = [
  {
    name: 'audit record',
    events: ['INSERT'],
    newImage: { entity: 'audit' },
    // The sequencer learns of the record (FIFO, one group per tenant, deduplicated by record id), and each event the
    // record carries becomes one webhook-queue message (deduplicated by event id).
    route: (img: Image): Routed[] => [
      {
        queue: 'audit',
        message: { body: JSON.stringify({ kind: 'audit', tenant_id: img.tenant_id, record_id: img.id }), groupId: `tenant-${String(img.tenant_id)}`, deduplicationId: `audit-${String(img.id)}` },
      },
      ...(Array.isArray(img.events) ? (img.events as Image[]) : []).map((e) => ({
        queue: 'webhooks' as const,
        message: {
          body: JSON.stringify({ kind: 'event', tenant_id: img.tenant_id, event_id: e.id, type: e.type }),
          groupId: String(e.group ?? img.tenant_id),
          deduplicationId: `event-${String(e.id)}`,
        },
      })),
    ],
  },
  {
    name: 'delivery replay',
    events: ['MODIFY'],
    newImage: { entity: 'webhook_delivery', status: 'replaying' },
    // `POST /v1/webhooks/{id}/replay` moved a delivery into a new cycle: its first attempt goes to the queue.
    route: (img: Image): Routed[] => [
      {
        queue: 'webhooks',
        message: {
          body: JSON.stringify({ kind: 'attempt', tenant_id: img.tenant_id, webhook_id: img.webhook_id, delivery_id: img.id, cycle: img.cycle, attempt: 1 }),
          groupId: String(img.tenant_id),
          deduplicationId: `replay-${String(img.id)}-${String(img.cycle)}`,
        },
      },
    ],
  },
  {
    name: 'transaction change',
    events: ['INSERT', 'MODIFY'],
    newImage: { entity: 'transaction' },
    // Only status changes drive the state machine; other updates (an approval recorded) need no worker step. A
    // stream filter cannot compare old and new images, so this part of the rule lives here only.
    route: (img: Image, old?: Image): Routed[] =>
      old && old.status === img.status
        ? []
        : [
            {
              queue: 'transactions',
              message: {
                body: JSON.stringify({ kind: 'transaction', tenant_id: img.tenant_id, transaction_id: img.id, status: img.status, version: img.version }),
                groupId: String(img.id),
                deduplicationId: `tx-${String(img.id)}-${String(img.version)}`,
              },
            },
          ],
  },
  {
    name: 'tenant reactivated',
    events: ['MODIFY'],
    newImage: { entity: 'tenant', status: 'active' },
    oldImage: { status: 'suspended' },
    // Reactivation: the worker picks up the tenant's transactions where they stopped.
    route: (img: Image): Routed[] => [
      {
        queue: 'transactions',
        message: {
          body: JSON.stringify({ kind: 'tenant_resumed', tenant_id: img.id }),
          groupId: `tenant-${String(img.id)}`,
          deduplicationId: `tenant-${String(img.id)}-${String(img.version)}`,
        },
      },
    ],
  },
] as const satisfies readonly {
  name: string;
  events: readonly StreamChange['eventName'][];
  newImage: Record<string, string>;
  oldImage?: Record<string, string>;
  route: (img: Image, old?: Image) => Routed[];
}[];

const has = (img: Image | undefined, want: Record<string, string> | undefined) => !want || (!!img && Object.entries(want).every(([k, v]) => img[k] === v));

export function routeChange(change: StreamChange): Routed[] {
  const rule = ROUTES.find(
    (r) => (r.events as readonly string[]).includes(change.eventName) && has(change.newImage, r.newImage) && has(change.oldImage, 'oldImage' in r ? r.oldImage : undefined),
  );
  return rule ? rule.route(change.newImage!, change.oldImage) : [];
}
