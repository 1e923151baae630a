import type { Store } from '../../ports/store.js';
import { keys } from '../../store/keys.js';
import { isEventType, type EventType } from './catalog.js';

/**
 * The one way background code reads an event back by id (the webhook fan-out and delivery worker). Where events are
 * kept is this function's business only: today the outbox event item; if events move (e.g. into the audit records),
 * only this function changes. Undefined when the event is unknown (or expired).
 */
export type StoredEvent = { id: string; type: EventType; tenant_id: string; timestamp: string; data: Record<string, unknown> };

export async function loadEvent(store: Store, tenantId: string, eventId: string): Promise<StoredEvent | undefined> {
  const item = await store.get(keys.event(tenantId, eventId), { consistent: true });
  if (!item || item.tenant_id !== tenantId || !isEventType(item.type)) return undefined;
  return { id: String(item.id), type: item.type, tenant_id: tenantId, timestamp: String(item.timestamp), data: (item.data ?? {}) as Record<string, unknown> };
}
