import * as z from '../../schemas/zod.js';
import type { OutgoingMessage } from '../../ports/queue.js';
import type { RecordEvent } from '../audit/audit-record.js';

/**
 * The messages of the webhooks queue, in one place: what the stream router sends (../outbox/stream-routing.ts), what
 * the webhook worker sends itself (./delivery-worker.ts) and what it reads (functions/webhook-worker).
 *
 *  - `event`: an event an inserted audit record carries, to fan out to the tenant's matching endpoints. Sent by the
 *    router, in the event's group (else the tenant's), deduplicated by event id. `event` carries it as the router
 *    read it (the record is immutable and this is its committed image), so the fan-out need not read it back; without
 *    it the event is read back.
 *  - `attempt`: one attempt of one delivery, current while the delivery is at that `cycle` and `attempt` (a message
 *    of another is stale and does nothing). Sent by the worker for a retry (with a message delay, or as a one-time
 *    schedule's payload) or a first attempt the fan-out could not make; and by the router for a replay (the first
 *    attempt of the delivery's new cycle, in the tenant's group, deduplicated by delivery and cycle).
 */
// The schemas are marked pure: the stream router imports only the builders, and esbuild then leaves out the zod
// kinds (integers, records) that only these schemas use (3 KiB of its bundle).
export const EventMessage = /* @__PURE__ */ z.lazySchema(() =>
  z.object({
    kind: z.literal('event'),
    tenant_id: z.string(),
    event_id: z.string(),
    type: z.optional(z.string()),
    event: z.optional(z.object({ timestamp: z.string(), data: z.record(z.string(), z.unknown()), group: z.string() })),
  }),
);
export type EventMessage = z.infer<ReturnType<typeof EventMessage>>;

export const AttemptMessage = /* @__PURE__ */ z.lazySchema(() =>
  z.object({
    kind: z.literal('attempt'),
    tenant_id: z.string(),
    webhook_id: z.string(),
    delivery_id: z.string(),
    cycle: z.int().check(z.gte(0)),
    attempt: z.int().check(z.gte(1)),
  }),
);
export type AttemptMessage = z.infer<ReturnType<typeof AttemptMessage>>;

/** Any message of the webhooks queue: what the webhook worker reads. */
export const WebhookMessage = /* @__PURE__ */ z.lazySchema(() =>
  z.discriminatedUnion('kind', [EventMessage(), AttemptMessage()]),
);
export type WebhookMessage = z.infer<ReturnType<typeof WebhookMessage>>;

/** An event of the audit record of `tenantId`, for the fan-out. */
export function eventMessage(tenantId: string, e: RecordEvent): OutgoingMessage {
  const body = JSON.stringify({
    kind: 'event',
    tenant_id: String(tenantId),
    event_id: String(e.id),
    type: String(e.type),
    event: {
      timestamp: String(e.timestamp),
      data: (e.data ?? {}) as Record<string, unknown>,
      group: String(e.group),
    },
  } satisfies EventMessage);
  return { body, groupId: String(e.group ?? tenantId), deduplicationId: `event-${String(e.id)}` };
}

type DeliveryRef = { tenant_id: string; webhook_id: string; id: string };

/** Attempt number `attempt` of cycle `cycle` of a delivery (a retry, or a first attempt not made inline). */
export function attemptMessage(d: DeliveryRef, cycle: number, attempt: number): OutgoingMessage {
  const body = JSON.stringify({
    kind: 'attempt',
    tenant_id: d.tenant_id,
    webhook_id: d.webhook_id,
    delivery_id: d.id,
    cycle,
    attempt,
  } satisfies AttemptMessage);
  return { body };
}

/** A replayed delivery's first attempt of its new `cycle`. */
export function replayMessage(d: DeliveryRef & { cycle: number }): OutgoingMessage {
  return {
    ...attemptMessage(d, d.cycle, 1),
    groupId: String(d.tenant_id),
    deduplicationId: `replay-${String(d.id)}-${String(d.cycle)}`,
  };
}
