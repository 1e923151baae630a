import type { OutgoingMessage, QueueName } from '../../ports/queue.js';

/**
 * Which queue each change of the table goes to: the pure half of the stream router. Outbox events (items of entity
 * `event`, inserted in the same transaction as the change they describe) go to the webhook queue for delivery; a
 * transaction whose status changed goes to the transactions FIFO queue, grouped by transaction, to drive the state
 * machine; a reactivated tenant sends one message that resumes its transactions. Everything else is ignored.
 */
export type StreamChange = {
  eventName: 'INSERT' | 'MODIFY' | 'REMOVE';
  newImage?: Record<string, unknown>;
  oldImage?: Record<string, unknown>;
};

export type Routed = { queue: QueueName; message: OutgoingMessage };

export function routeChange(change: StreamChange): Routed[] {
  const img = change.newImage;
  if (!img || change.eventName === 'REMOVE') return [];
  if (img.entity === 'event' && change.eventName === 'INSERT') {
    return [
      {
        queue: 'webhooks',
        message: {
          body: JSON.stringify({ kind: 'event', tenant_id: img.tenant_id, event_id: img.id, type: img.type }),
          groupId: String(img.group ?? img.tenant_id),
          deduplicationId: `event-${String(img.id)}`,
        },
      },
    ];
  }
  // Only status changes drive the state machine; other updates (an approval recorded) need no worker step.
  if (img.entity === 'transaction' && (change.eventName === 'INSERT' || change.oldImage?.status !== img.status)) {
    return [
      {
        queue: 'transactions',
        message: {
          body: JSON.stringify({ kind: 'transaction', tenant_id: img.tenantId, transaction_id: img.id, status: img.status, version: img.version }),
          groupId: String(img.id),
          deduplicationId: `tx-${String(img.id)}-${String(img.version)}`,
        },
      },
    ];
  }
  if (img.entity === 'tenant' && change.eventName === 'MODIFY' && change.oldImage?.status === 'suspended' && img.status === 'active') {
    // Reactivation: the worker picks up the tenant's transactions where they stopped.
    return [
      {
        queue: 'transactions',
        message: {
          body: JSON.stringify({ kind: 'tenant_resumed', tenant_id: img.id }),
          groupId: `tenant-${String(img.id)}`,
          deduplicationId: `tenant-${String(img.id)}-${String(img.version)}`,
        },
      },
    ];
  }
  return [];
}
