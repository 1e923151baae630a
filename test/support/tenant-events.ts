import type { Store } from '../../shared/ports/store.js';
import { accessPatterns } from '../../shared/store/access-patterns.js';
import type { RecordEvent } from '../../shared/domain/audit/audit-record.js';

/** A tenant's audit records, in commit order (records carry the events of their change). */
export async function tenantAuditRecords(store: Store, tenantId: string, limit = 500) {
  return (await store.query({ pattern: accessPatterns.auditRecordsOfTenant(tenantId), limit, consistent: true })).items;
}

/** Every event a tenant's changes emitted, in commit order. */
export async function tenantEvents(store: Store, tenantId: string, limit = 500): Promise<RecordEvent[]> {
  return (await tenantAuditRecords(store, tenantId, limit)).flatMap((r) => (r.events ?? []) as RecordEvent[]);
}
