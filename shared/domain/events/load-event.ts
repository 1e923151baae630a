import type { Store } from '../../ports/store.js';
import { keys } from '../../store/keys.js';
import { isEventType, type EventType } from './event-types.js';
import { storedEntry } from '../audit/audit-record.js';

/**
 * The one way background code reads an event back by id (the webhook fan-out and delivery worker). Events live in the
 * audit record of the change that emitted them: the id is `<audit record id>:<n>` (n-th event of that record), so one
 * consistent read finds it. Undefined when the id is malformed or names no stored event of this tenant.
 */
export type StoredEvent = {
  id: string;
  type: EventType;
  tenant_id: string;
  timestamp: string;
  data: Record<string, unknown>;
  group: string;
};

export async function loadEvent(store: Store, tenantId: string, eventId: string): Promise<StoredEvent | undefined> {
  const m = /^([0-9a-f-]{36}):(\d{1,3})$/.exec(eventId);
  if (!m) return undefined;
  const item = await store.get(keys.auditRecord(tenantId, m[1]!), { consistent: true });
  const record = item ? storedEntry(item) : undefined;
  const events: Record<string, unknown>[] = Array.isArray(record?.events) ? record.events : [];
  const e = events[Number(m[2])];
  if (!e || e.id !== eventId || !isEventType(e.type)) return undefined;
  return {
    id: eventId,
    type: e.type,
    tenant_id: tenantId,
    timestamp: String(e.timestamp),
    data: (e.data ?? {}) as Record<string, unknown>,
    group: String(e.group),
  };
}
