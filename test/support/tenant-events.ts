import type { Store } from '../../shared/ports/store.js';
import { accessPatterns } from '../../shared/store/access-patterns.js';
import {
  GENESIS_HASH,
  recordChain,
  recordItem,
  sealRecord,
  storedEntry,
  type AuditRecord,
  type RecordEvent,
} from '../../shared/domain/audit/audit-record.js';
import type { Item } from '../../shared/ports/store.js';
import { recordMac } from '../../shared/domain/audit/record-mac.js';

/** A tenant's audit records (the entries they hold), in commit order (records carry the events of their change). */
export async function tenantAuditRecords(store: Store, tenantId: string, limit = 500): Promise<AuditRecord[]> {
  return (
    await store.query({ pattern: accessPatterns.auditRecordsOfTenant(tenantId), limit, consistent: true })
  ).items.map((i) => storedEntry(i)!);
}

/** Every event a tenant's changes emitted, in commit order. */
export async function tenantEvents(store: Store, tenantId: string, limit = 500): Promise<RecordEvent[]> {
  return (await tenantAuditRecords(store, tenantId, limit)).flatMap((r) => (r.events ?? []) as RecordEvent[]);
}

/**
 * The stored item of an audit record of its own (no entity) that carries the given events, as the service writes it:
 * with its MAC when given the record MAC key (record-mac.ts), which the sequencer and verification require.
 */
export function eventRecordItem(tenantId: string, id: string, events: RecordEvent[], macKey?: Uint8Array): Item {
  const record = sealRecord({
    id,
    tenant_id: tenantId,
    chain: recordChain(id),
    previous_hash: GENESIS_HASH,
    timestamp: events[0]?.timestamp ?? new Date().toISOString(),
    actor: { type: 'system', user_id: null, key_id: null },
    action: 'events.emitted',
    resource_type: 'events',
    resource_id: id,
    request_id: null,
    change: null,
    events,
  });
  return recordItem(macKey ? { ...record, mac: recordMac(macKey, record.hash) } : record);
}
