import { logger } from '../../logger.js';
import type { Clock } from '../../ports/clock.js';
import type { KeyProvider } from '../../ports/key-provider.js';
import type { OutgoingMessage, QueuePort } from '../../ports/queue.js';
import type { SchedulerPort } from '../../ports/scheduler.js';
import type { SecretBox } from '../../ports/secret-box.js';
import { WriteConflictError, type Item, type Store } from '../../ports/store.js';
import { keys } from '../../store/keys.js';
import { ConcurrentModificationError } from '../../errors/domain-errors.js';
import type { CommitMeta } from '../unit-of-work.js';
import { loadEvent, type StoredEvent } from '../events/load-event.js';
import { eventEnvelope, isEventType } from '../events/event-types.js';
import { classifyAttempt, type AttemptResult } from './attempt-outcome.js';
import { deliveryHeaders, unixSeconds } from './delivery-headers.js';
import { signWebhookJws } from './jws.js';
import type { WebhookSigner } from '../../ports/webhook-signer.js';
import { nextAttempt } from './retry-schedule.js';
import { subscribes } from './subscriptions.js';
import {
  endpointItem,
  endpointsOfTenant,
  endpointView,
  findEndpoint,
  liveSecrets,
  type StoredEndpoint,
} from './endpoints.js';
import { deliveryItem, findDelivery, newDelivery, OPEN_STATUSES, type StoredDelivery } from './deliveries.js';
import { attemptMessage, type AttemptMessage, type EventMessage } from './webhook-messages.js';

export type { AttemptMessage, EventMessage } from './webhook-messages.js';

/**
 * The webhook worker's two jobs, as domain code over ports:
 * - `fanOut`: an event (routed from the outbox) becomes one delivery record per matching active endpoint of its
 *   tenant, created "if not exists" (a re-delivered batch writes nothing twice), and its first attempt is made right
 *   there, all endpoints at once, with the event, endpoints and tenant the fan-out read (no queue hop, no re-read; the
 *   tenant item only when some endpoint takes the event).
 *   A first attempt that throws (the store or KMS unavailable; what the receiver does never throws) is queued as an
 *   attempt message instead, so SQS retries that delivery alone; if even that send fails, the fan-out throws and
 *   SQS retries it (records written by the earlier run and never tried are tried again, the others left alone).
 * - `attemptDelivery`: one attempt of one delivery (a retry, a replay, or a first attempt that could not be made
 *   inline), signed at send time, classified, recorded; the next attempt queued (delays up to 900 s) or scheduled
 *   (the 1 h and 6 h steps); after the 6th failure the delivery is `dead` and a `webhook.delivery.failed` event goes
 *   to the tenant's other subscribed endpoints (never for a failed delivery of a `webhook.delivery.failed` event). A
 *   410 disables the endpoint for good.
 * Delivery is at least once: an attempt whose result could not be recorded is made again (receivers deduplicate on
 * the event id, docs/webhooks.md).
 */
export type DeliveryOutcome = 'delivered' | 'retrying' | 'failed' | 'disabled' | 'suspended' | 'cancelled' | 'skipped';

export type DeliveryDeps = {
  store: Store;
  keys: KeyProvider;
  clock: Clock;
  queue: QueuePort;
  scheduler: SchedulerPort;
  secretBox: SecretBox;
  /** The service's webhook key, which signs each attempt's `X-Webhook-JWS` (KMS on AWS). */
  webhookSigner: WebhookSigner;
  /** One attempt over the network (the outbound client's webhook sender). */
  send: (a: {
    url: string;
    headers: Record<string, string>;
    rawBody: string;
    timeoutMs: number;
  }) => Promise<AttemptResult>;
  timeoutMs: number;
  /** Each attempt's outcome (the `webhookDeliveries` metric). */
  onOutcome?: (outcome: DeliveryOutcome, d: StoredDelivery) => void;
};

const SYSTEM = { type: 'system', user_id: null, key_id: null, component: 'webhook-worker' } as const;
const meta = (now: Date): CommitMeta => ({ actor: SYSTEM, requestId: null, now });

/** Schedule names: unique per (delivery, cycle, attempt), so a retried handler schedules nothing twice. */
export const scheduleName = (deliveryId: string, cycle: number, attempt: number) =>
  `wh-${deliveryId}-c${cycle}-a${attempt}`;

/**
 * What a fan-out reads of its tenant (its endpoints, the tenant item), read once for every event of one batch of the
 * queue: a transfer's events arrive together, and each would otherwise read the same endpoints again. Made per batch,
 * never kept across batches, so an endpoint added, changed or removed counts from the next batch on.
 */
export type TenantReads = {
  endpoints: (tenantId: string) => Promise<StoredEndpoint[]>;
  tenant: (tenantId: string) => Promise<Item | undefined>;
};

export function batchTenantReads(store: Store): TenantReads {
  const endpoints = new Map<string, Promise<StoredEndpoint[]>>();
  const tenants = new Map<string, Promise<Item | undefined>>();
  const once = <T>(m: Map<string, Promise<T>>, id: string, read: () => Promise<T>) => {
    if (!m.has(id)) m.set(id, read());
    return m.get(id)!;
  };
  return {
    endpoints: (id) => once(endpoints, id, () => endpointsOfTenant(store, id)),
    tenant: (id) => once(tenants, id, () => readTenant(store, id)),
  };
}

export async function fanOut(
  deps: DeliveryDeps,
  msg: EventMessage,
  reads: TenantReads = batchTenantReads(deps.store),
): Promise<{ deliveries: number; queued: number }> {
  const carried: StoredEvent | undefined =
    msg.event && isEventType(msg.type)
      ? { id: msg.event_id, type: msg.type, tenant_id: msg.tenant_id, ...msg.event }
      : undefined;
  const [event, endpoints] = await Promise.all([
    carried ?? loadEvent(deps.store, msg.tenant_id, msg.event_id),
    reads.endpoints(msg.tenant_id),
  ]);
  if (!event) return { deliveries: 0, queued: 0 };
  const failedFor = event.type === 'webhook.delivery.failed' ? event.data.webhook_id : undefined;
  const targets = endpoints.filter(
    (e) => e.status === 'active' && subscribes(e.events, event.type) && e.id !== failedFor,
  );
  if (!targets.length) return { deliveries: 0, queued: 0 };
  // The tenant (is it suspended?) matters only to an attempt: an event no endpoint takes reads the endpoints alone.
  const tenant = await reads.tenant(msg.tenant_id);
  const now = deps.clock.now();
  const queued: OutgoingMessage[] = [];
  let deliveries = 0;
  await Promise.all(
    targets.map(async (endpoint) => {
      let d = newDelivery({
        tenantId: msg.tenant_id,
        webhookId: endpoint.id,
        eventId: event.id,
        eventType: event.type,
        now,
      });
      try {
        await deps.store.write([{ op: 'put', item: deliveryItem(d), condition: { type: 'notExists' } }]);
      } catch (err) {
        if (!(err instanceof WriteConflictError) || err.transactionConflict) throw err;
        // Written by an earlier run of this batch: tried again only if it was never tried (that run may have stopped first).
        const existing = await findDelivery(deps.store, d.tenant_id, d.webhook_id, d.id);
        if (!existing || existing.status !== 'pending' || existing.attempts > 0) return;
        d = existing;
      }
      deliveries++;
      try {
        const outcome = await attempt(deps, d, { endpoint, tenant, event });
        deps.onOutcome?.(outcome, d);
      } catch (err) {
        // Not made, or made and not recorded: the attempt message retries this delivery alone (at least once).
        logger.warn('first webhook attempt not made or not recorded; queued', {
          delivery_id: d.id,
          webhook_id: d.webhook_id,
          error: (err as Error).message,
        });
        queued.push(attemptMessage(d, d.cycle, d.cycle_attempt));
      }
    }),
  );
  if (queued.length) await deps.queue.send('webhooks', queued);
  return { deliveries, queued: queued.length };
}

const readTenant = (store: Store, tenantId: string) => store.get(keys.tenant(tenantId), { consistent: true });

/** Opened secrets per endpoint version, for a short while (a burst of deliveries opens each once). */
const SECRET_CACHE_MS = 60_000;
const secretCache = new Map<string, { secrets: string[]; until: number }>();

async function secretsOf(deps: DeliveryDeps, e: StoredEndpoint, now: Date): Promise<string[]> {
  const key = `${e.tenant_id}/${e.id}/${e.version}`;
  const hit = secretCache.get(key);
  const previousExpiry = e.previous_secret_expires_at ? Date.parse(e.previous_secret_expires_at) : 0;
  if (hit && hit.until > now.getTime()) return hit.secrets;
  const secrets = await liveSecrets(deps.secretBox, e, now);
  if (secretCache.size > 1000) secretCache.clear();
  // Never cached past the old secret's expiry, so it stops signing on time.
  const until = Math.min(
    now.getTime() + SECRET_CACHE_MS,
    previousExpiry > now.getTime() ? previousExpiry : Number.MAX_SAFE_INTEGER,
  );
  secretCache.set(key, { secrets, until });
  return secrets;
}

/** Saves a delivery read at its version; false when it moved meanwhile (a replay): the newer state wins. */
async function save(store: Store, d: StoredDelivery, changes: Partial<StoredDelivery>, now: Date): Promise<boolean> {
  const next = { ...d, ...changes, updated_at: now.toISOString(), version: d.version + 1 };
  try {
    await store.write([{ op: 'put', item: deliveryItem(next), condition: { type: 'version', version: d.version } }]);
    return true;
  } catch (e) {
    if (e instanceof WriteConflictError) return false;
    throw e;
  }
}

export async function attemptDelivery(deps: DeliveryDeps, msg: AttemptMessage): Promise<DeliveryOutcome> {
  const { store } = deps;
  const d = await findDelivery(store, msg.tenant_id, msg.webhook_id, msg.delivery_id);
  if (!d || !OPEN_STATUSES.includes(d.status) || d.cycle !== msg.cycle || d.cycle_attempt !== msg.attempt)
    return 'skipped';
  const [endpoint, tenant, event] = await Promise.all([
    findEndpoint(store, d.tenant_id, d.webhook_id),
    readTenant(store, d.tenant_id),
    loadEvent(store, d.tenant_id, d.event_id),
  ]);
  const outcome = await attempt(deps, d, { endpoint, tenant, event });
  deps.onOutcome?.(outcome, d);
  return outcome;
}

/** What an attempt acts on, read (consistently) by its caller: the fan-out's own reads, or the attempt message's. */
type AttemptSubjects = {
  endpoint: StoredEndpoint | undefined;
  tenant: Record<string, unknown> | undefined;
  event: StoredEvent | undefined;
};

/** Attempt `d.cycle_attempt` of cycle `d.cycle` (the attempt message's, checked by the caller, or the fan-out's first). */
async function attempt(
  deps: DeliveryDeps,
  d: StoredDelivery,
  { endpoint, tenant, event }: AttemptSubjects,
): Promise<DeliveryOutcome> {
  const { store } = deps;
  const now = deps.clock.now();
  if (!endpoint || endpoint.status !== 'active') {
    await save(
      store,
      d,
      { status: 'cancelled', next_attempt_at: null, last_error: endpoint ? 'endpoint disabled' : 'endpoint deleted' },
      now,
    );
    return 'cancelled';
  }
  if (tenant?.status === 'suspended') {
    // Recorded, not sent; reactivation does not send it (a replay does).
    await save(store, d, { status: 'suspended', next_attempt_at: null, last_error: 'tenant suspended: not sent' }, now);
    return 'suspended';
  }
  if (!event) {
    await save(store, d, { status: 'dead', next_attempt_at: null, last_error: 'event no longer available' }, now);
    return 'failed';
  }

  const rawBody = JSON.stringify(eventEnvelope(event as unknown as Parameters<typeof eventEnvelope>[0]));
  const sentAt = deps.clock.now();
  const [secrets, jws] = await Promise.all([
    secretsOf(deps, endpoint, sentAt),
    deps.webhookSigner
      .signingKey()
      .then((key) => signWebhookJws(key, { rawBody, iat: unixSeconds(sentAt), aud: endpoint.id })),
  ]);
  const headers = deliveryHeaders({ deliveryId: d.id, at: sentAt, rawBody, secrets, jws });
  const result = await deps.send({ url: endpoint.url, headers, rawBody, timeoutMs: deps.timeoutMs });
  const at = deps.clock.now();
  const o = classifyAttempt(result, at);
  const attempts = d.attempts + 1;

  if (o.outcome === 'delivered') {
    await save(
      store,
      d,
      {
        status: 'delivered',
        attempts,
        last_response_code: o.status,
        last_error: null,
        last_response_body: o.responseBody,
        next_attempt_at: null,
        delivered_at: at.toISOString(),
      },
      at,
    );
    return 'delivered';
  }
  if (o.outcome === 'endpoint-gone') {
    await disableEndpoint(
      deps,
      endpoint,
      d,
      {
        attempts,
        last_response_code: 410,
        last_error: 'HTTP 410: endpoint disabled',
        last_response_body: o.responseBody,
      },
      at,
    );
    return 'disabled';
  }
  const failure = { attempts, last_response_code: o.status, last_error: o.reason, last_response_body: o.responseBody };
  const next = nextAttempt(d.cycle_attempt, at, o.retryAfterSeconds);
  if (next.kind === 'retry') {
    const message = attemptMessage(d, d.cycle, next.attempt);
    // Queued before the record moves: if the save loses to a replay, the message finds itself stale.
    if (next.via === 'queue') await deps.queue.send('webhooks', [{ ...message, delaySeconds: next.delaySeconds }]);
    else
      await deps.scheduler.scheduleOnce({
        name: scheduleName(d.id, d.cycle, next.attempt),
        at: next.at,
        payload: message.body,
      });
    await save(
      store,
      d,
      { ...failure, status: 'retrying', cycle_attempt: next.attempt, next_attempt_at: next.at.toISOString() },
      at,
    );
    return 'retrying';
  }
  await markDead(deps, d, failure, event.type, at);
  return 'failed';
}

/**
 * The unit of work (with the audit record it writes) is imported by the two attempts that end a delivery for good,
 * dead or 410: a lazy chunk of the webhook worker, which most deliveries never load (5 KiB less at its cold start).
 * Nothing keeps a failed load: the attempt throws and SQS delivers the message again.
 */
const unitOfWork = () => import('../unit-of-work.js');

async function markDead(
  deps: DeliveryDeps,
  d: StoredDelivery,
  failure: Partial<StoredDelivery>,
  eventType: string,
  now: Date,
): Promise<void> {
  const { runInUnitOfWork } = await unitOfWork();
  await runInUnitOfWork(deps, meta(now), async (uow) => {
    const current = await findDelivery(deps.store, d.tenant_id, d.webhook_id, d.id);
    if (!current || current.version !== d.version) return; // replayed meanwhile
    const dead: StoredDelivery = {
      ...current,
      ...failure,
      status: 'dead',
      next_attempt_at: null,
      updated_at: now.toISOString(),
    };
    uow.replace(deliveryItem(dead), () => new ConcurrentModificationError());
    // No loops: a failed delivery of a delivery-failed event raises nothing.
    if (eventType !== 'webhook.delivery.failed') {
      uow.event(d.tenant_id, 'webhook.delivery.failed', {
        webhook_id: d.webhook_id,
        event_id: d.event_id,
        event_type: eventType,
        attempts: dead.attempts,
        last_status: dead.last_response_code,
        last_error: dead.last_error,
      });
    }
  });
}

async function disableEndpoint(
  deps: DeliveryDeps,
  endpoint: StoredEndpoint,
  d: StoredDelivery,
  failure: Partial<StoredDelivery>,
  now: Date,
): Promise<void> {
  const { runInUnitOfWork } = await unitOfWork();
  await runInUnitOfWork(deps, meta(now), async (uow) => {
    const [e, current] = await Promise.all([
      findEndpoint(deps.store, endpoint.tenant_id, endpoint.id),
      findDelivery(deps.store, d.tenant_id, d.webhook_id, d.id),
    ]);
    if (e && e.status === 'active') {
      const disabled: StoredEndpoint = {
        ...e,
        status: 'DISABLED',
        disabled_at: now.toISOString(),
        updated_at: now.toISOString(),
      };
      uow.replace(endpointItem(disabled));
      uow.audit({
        tenantId: e.tenant_id,
        action: 'webhook.disabled',
        resourceType: 'webhook',
        resourceId: e.id,
        change: { ...endpointView(disabled), reason: 'the endpoint answered 410 Gone' },
      });
    }
    if (current && current.version === d.version) {
      uow.replace(
        deliveryItem({
          ...current,
          ...failure,
          status: 'cancelled',
          next_attempt_at: null,
          updated_at: now.toISOString(),
        }),
      );
    }
  });
}
