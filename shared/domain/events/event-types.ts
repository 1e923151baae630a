import type { EventData } from './catalog.js';
import { EVENT_TYPES } from './event-type-list.js';

/**
 * The event types and the envelope, without the schemas of their data (shared/domain/events/catalog.ts): what the
 * code that reads, routes and delivers events needs (loadEvent, subscriptions, the webhook worker). The catalog's zod
 * schemas (and the transaction statuses and operations they name) are built when the catalog is loaded, and only the
 * outbox's checks in tests, the docs and the OpenAPI document need them; the webhook worker's cold start loaded them
 * for these names alone (about 9 KiB). The names are the catalog's keys, written to ./event-type-list.ts by
 * `npm run docs:events`: the catalog is the one place an event type is declared (test/unit/event-catalog.test.ts
 * fails when the list is stale, and the compiler when the catalog has a type the list lacks).
 */
export const EVENT_API_VERSION = 'v1';

/** Every event type, in the catalog's order: generated from the catalog's keys (./event-type-list.ts). */
export { EVENT_TYPES };

export type EventType = (typeof EVENT_TYPES)[number];

const TYPES: ReadonlySet<string> = new Set(EVENT_TYPES);
export const isEventType = (t: unknown): t is EventType => typeof t === 'string' && TYPES.has(t);

/** The body delivered to webhook endpoints. */
export type EventEnvelope<T extends EventType = EventType> = {
  id: string;
  type: T;
  api_version: string;
  timestamp: string;
  data: EventData<T>;
};

export function eventEnvelope<T extends EventType>(e: {
  id: string;
  type: T;
  timestamp: string;
  data: EventData<T>;
}): EventEnvelope<T> {
  return { id: e.id, type: e.type, api_version: EVENT_API_VERSION, timestamp: e.timestamp, data: e.data };
}
