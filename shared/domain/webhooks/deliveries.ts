import { createHash } from 'node:crypto';
import * as z from '../../schemas/zod.js';
import { keys } from '../../store/keys.js';
import { schemaDecoder } from '../../store/decode.js';
import { optionalString, versioned } from '../../store/stored-schema.js';
import { accessPatterns } from '../../store/access-patterns.js';
import { NotFoundError } from '../../errors/domain-errors.js';
import type { Store, VersionedItem } from '../../ports/store.js';
import type { UseCaseContext } from '../context.js';
import { listPage, type PageRequest } from '../pagination.js';
import { loadEndpoint } from './endpoints.js';

/**
 * Delivery records: one per (event, endpoint), in the endpoint's delivery partition. Its id is derived from the event
 * and endpoint ids (so a fan-out run twice writes the same record, guarded by "must not exist"), and starts with the
 * event id's time bits (so the endpoint's deliveries sort by event time: newest first in listings).
 *
 * Statuses: `pending` (queued, not tried yet), `retrying` (failed, the next attempt is scheduled), `replaying` (a
 * replay was asked for), `delivered`, `dead` (the 6th attempt failed), `suspended` (the tenant was suspended: recorded,
 * not sent), `cancelled` (the endpoint was disabled or deleted before it was sent).
 *
 * `cycle` and `cycle_attempt` say which queued attempt message is current: a replay starts cycle + 1 at attempt 1;
 * an attempt message of another cycle or attempt number is stale and does nothing.
 */
export const DELIVERY_STATUSES = [
  'pending',
  'retrying',
  'replaying',
  'delivered',
  'dead',
  'suspended',
  'cancelled',
] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
/** Statuses an attempt message may act on. */
export const OPEN_STATUSES: readonly DeliveryStatus[] = ['pending', 'retrying', 'replaying'];
/** Delivery records are kept this long after their last change. */
export const DELIVERY_RETENTION_SECONDS = 30 * 86_400;

export type StoredDelivery = {
  id: string;
  tenant_id: string;
  webhook_id: string;
  event_id: string;
  event_type: string;
  status: DeliveryStatus;
  /** Attempts sent (every cycle). */
  attempts: number;
  cycle: number;
  cycle_attempt: number;
  last_response_code: number | null;
  last_error: string | null;
  /** At most 4 KiB of the last answer's body. */
  last_response_body: string | null;
  next_attempt_at: string | null;
  delivered_at: string | null;
  created_at: string;
  updated_at: string;
  version: number;
};

const DeliveryItem = z.lazySchema(() =>
  z.object({
    id: z.string(),
    tenant_id: z.string(),
    webhook_id: z.string(),
    event_id: z.string(),
    event_type: z.string(),
    status: z.enum(DELIVERY_STATUSES),
    attempts: z.number(),
    cycle: z.number(),
    cycle_attempt: z.number(),
    last_response_code: z.nullish(z.number()),
    last_error: optionalString(),
    last_response_body: optionalString(),
    next_attempt_at: optionalString(),
    delivered_at: optionalString(),
    ...versioned(),
  }),
);
export const decodeDelivery = schemaDecoder<StoredDelivery>('webhook_delivery', DeliveryItem);

/** The deterministic delivery id of (event, endpoint): a UUIDv8 whose first 48 bits are the event id's (v7) time. */
export function deliveryIdFor(eventId: string, webhookId: string): string {
  const time = eventId.replace(/-/g, '').slice(0, 12).padEnd(12, '0');
  const h = createHash('sha256').update(`${eventId}|${webhookId}`).digest('hex');
  const variant = ((parseInt(h[4]!, 16) & 0x3) | 0x8).toString(16);
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-8${h.slice(0, 3)}-${variant}${h.slice(5, 8)}-${h.slice(8, 20)}`;
}

export const deliveryItem = (d: StoredDelivery): VersionedItem => ({
  ...keys.webhookDelivery(d.tenant_id, d.webhook_id, d.id),
  entity: 'webhook_delivery',
  ...d,
  ttl: Math.floor(Date.parse(d.updated_at) / 1000) + DELIVERY_RETENTION_SECONDS,
});

export function newDelivery(e: {
  tenantId: string;
  webhookId: string;
  eventId: string;
  eventType: string;
  now: Date;
}): StoredDelivery {
  const ts = e.now.toISOString();
  return {
    id: deliveryIdFor(e.eventId, e.webhookId),
    tenant_id: e.tenantId,
    webhook_id: e.webhookId,
    event_id: e.eventId,
    event_type: e.eventType,
    status: 'pending',
    attempts: 0,
    cycle: 0,
    cycle_attempt: 1,
    last_response_code: null,
    last_error: null,
    last_response_body: null,
    next_attempt_at: ts,
    delivered_at: null,
    created_at: ts,
    updated_at: ts,
    version: 1,
  };
}

/** A delivery as docs/webhooks.md, "Deliveries", shows it (plus the kept answer body). */
export function deliveryView(d: StoredDelivery) {
  return {
    id: d.id,
    event_id: d.event_id,
    event_type: d.event_type,
    status: d.status,
    attempts: d.attempts,
    last_response_code: d.last_response_code,
    last_error: d.last_error,
    last_response_body: d.last_response_body,
    next_attempt_at: d.next_attempt_at,
    created_at: d.created_at,
    updated_at: d.updated_at,
  };
}

export async function findDelivery(
  store: Store,
  tenantId: string,
  webhookId: string,
  deliveryId: string,
): Promise<StoredDelivery | undefined> {
  const item = await store.get(keys.webhookDelivery(tenantId, webhookId, deliveryId), { consistent: true });
  return item && item.entity === 'webhook_delivery' ? decodeDelivery(item) : undefined;
}

export async function listDeliveries(
  ctx: Pick<UseCaseContext, 'store' | 'principal' | 'cursors'>,
  webhookId: string,
  req: PageRequest & { status?: DeliveryStatus; event_type?: string },
) {
  const tenantId = ctx.principal.tenantId;
  await loadEndpoint(ctx.store, tenantId, webhookId);
  const filters = { webhook_id: webhookId, status: req.status ?? null, event_type: req.event_type ?? null };
  const page = await listPage(
    ctx,
    {
      name: 'webhook_deliveries',
      filters,
      pattern: accessPatterns.deliveriesOfWebhook(tenantId, webhookId),
      newestFirst: true,
      consistent: true,
    },
    req,
    (i) => (!req.status || i.status === req.status) && (!req.event_type || i.event_type === req.event_type),
  );
  return {
    deliveries: page.items.map((i) => deliveryView(decodeDelivery(i))),
    next_cursor: page.next_cursor,
  };
}

/**
 * Replay: a new attempt of the same event to the same endpoint (the same delivery id and event id), whatever the
 * delivery's status (a dead one included). The record moves to `replaying` in a new cycle; the stream routes that
 * change to the webhooks queue as attempt 1 of the cycle, which then follows the whole schedule again.
 */
export async function replayDelivery(ctx: UseCaseContext, webhookId: string, deliveryId: string) {
  const tenantId = ctx.principal.tenantId;
  await loadEndpoint(ctx.store, tenantId, webhookId);
  const d = await findDelivery(ctx.store, tenantId, webhookId, deliveryId);
  if (!d) throw new NotFoundError('delivery');
  const ts = ctx.now.toISOString();
  const updated: StoredDelivery = {
    ...d,
    status: 'replaying',
    cycle: d.cycle + 1,
    cycle_attempt: 1,
    next_attempt_at: ts,
    updated_at: ts,
  };
  ctx.uow.replace(deliveryItem(updated));
  ctx.uow.audit({
    tenantId,
    action: 'webhook.delivery_replayed',
    resourceType: 'webhook',
    resourceId: webhookId,
    change: { delivery_id: d.id, event_id: d.event_id },
  });
  return deliveryView(updated);
}
