import type { Store } from '../../ports/store.js';
import { keys } from '../../store/keys.js';

/** An event as the webhook worker delivers it (the catalog's envelope fields plus its tenant and FIFO group). */
export type StoredEvent = { id: string; type: string; tenant_id: string; timestamp: string; data: unknown; group: string };

/**
 * Loads one event by id. Events live in the audit record of the change that emitted them: the id is
 * `<audit record id>:<n>` (n-th event of that record), so one consistent read finds it. Undefined when the id is
 * malformed or names no stored event of this tenant.
 */
export async function loadEvent(store: Store, tenantId: string, eventId: string): Promise<StoredEvent | undefined> {
  const m = /^([0-9a-f-]{36}):(\d{1,3})$/.exec(eventId);
  if (!m) return undefined;
  const item = await store.get(keys.auditRecord(tenantId, m[1]!), { consistent: true });
  const events = Array.isArray(item?.events) ? (item.events as Record<string, unknown>[]) : [];
  const e = events[Number(m[2])];
  if (!e || e.id !== eventId) return undefined;
  return { id: eventId, type: String(e.type), tenant_id: tenantId, timestamp: String(e.timestamp), data: e.data, group: String(e.group) };
}
