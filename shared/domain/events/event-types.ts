import type { EventData } from './catalog.js';

/**
 * The event types and the envelope, without the schemas of their data (shared/domain/events/catalog.ts): what the
 * code that reads, routes and delivers events needs (loadEvent, subscriptions, the webhook worker). The catalog's zod
 * schemas (and the transaction statuses and operations they name) are built when the catalog is loaded, and only the
 * outbox's checks in tests, the docs and the OpenAPI document need them; the webhook worker's cold start loaded them
 * for these names alone (about 9 KiB). The catalog must list exactly these types, in this order (the compiler checks
 * the set: `satisfies Record<EventType, EventDef>`; test/unit/event-catalog.test.ts the order, which is the docs').
 */
export const EVENT_API_VERSION = 'v1';

export const EVENT_TYPES = [
  'transaction.created',
  'transaction.status_changed',
  'transaction.completed',
  'transaction.failed',
  'transaction.replacement_requested',
  'transaction.replaced',
  'deposit.detected',
  'deposit.confirmed',
  'approval.required',
  'approval.decision',
  'screening.submitted',
  'screening.completed',
  'screening.flagged',
  'screening.blocked',
  'webhook.delivery.failed',
  'token.deployed',
  'token.deployment_failed',
  'token.operation.completed',
  'token.operation.failed',
  'change.requested',
  'change.decided',
  'address_book.entry_added',
  'address_book.entry_removed',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

const TYPES: ReadonlySet<string> = new Set(EVENT_TYPES);
export const isEventType = (t: unknown): t is EventType => typeof t === 'string' && TYPES.has(t);

/** The body delivered to webhook endpoints. */
export type EventEnvelope<T extends EventType = EventType> = { id: string; type: T; api_version: string; timestamp: string; data: EventData<T> };

export function eventEnvelope<T extends EventType>(e: { id: string; type: T; timestamp: string; data: EventData<T> }): EventEnvelope<T> {
  return { id: e.id, type: e.type, api_version: EVENT_API_VERSION, timestamp: e.timestamp, data: e.data };
}
