import type { Item } from '../../ports/store.js';
import { keys } from '../../store/keys.js';
import { accessPatterns } from '../../store/access-patterns.js';
import { storedEntry, type AuditRecord } from '../audit/audit-record.js';
import { listPage, type PageRequest, type PagingContext } from '../pagination.js';
import { loadTransaction } from './transaction-store.js';

/**
 * A transaction's history: every audited change of it (its creation, each status change, each approval recorded), in
 * commit order, read from its audit records through the resource index (keys.ts `auditRecordResourceIndex`); nothing
 * is stored twice. Each entry is the record's own facts (who, when, in which request, the move and its trigger, the
 * reason, the chain facts and screening result the move set, the decisions and events it carried), with the people it
 * names given their names and e-mails (read now, so a renamed user shows the current name).
 */
export type HistoryPerson = { userId: string; name: string | null; email: string | null };

export type HistoryEntry = {
  id: string;
  timestamp: string;
  action: string;
  fromStatus: string | null;
  toStatus: string | null;
  trigger: string | null;
  actor: {
    type: 'user' | 'system';
    userId: string | null;
    keyId: string | null;
    name: string | null;
    email: string | null;
    component: string | null;
  };
  requestId: string | null;
  reason: string | null;
  failureReason: string | null;
  decision: {
    decision: 'approved' | 'rejected';
    user: HistoryPerson;
    reason: string | null;
    compliance: boolean;
    approvalsReceived: number | null;
    approvalsRequired: number | null;
  } | null;
  screening: { provider: string; result: string; reason: string | null; checkedAt: string | null } | null;
  chain: Record<string, unknown> | null;
  policyDecision: Record<string, unknown> | null;
  events: string[];
};

const str = (v: unknown) => (typeof v === 'string' ? v : null);
const num = (v: unknown) => (typeof v === 'number' ? v : null);
const obj = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null);

export async function transactionHistory(ctx: PagingContext, tenantId: string, txId: string, page: PageRequest) {
  await loadTransaction(ctx.store, tenantId, txId); // 404 1300 for an id the tenant has no transaction under
  const ownRecord = (item: Item) => {
    const e = storedEntry(item);
    return !!e && e.tenant_id === tenantId && e.resource_type === 'transaction' && e.resource_id === txId;
  };
  const out = await listPage(
    ctx,
    {
      name: 'transaction-history',
      filters: { transaction_id: txId },
      pattern: accessPatterns.auditRecordsOfResource(tenantId, txId),
    },
    page,
    ownRecord,
  );
  const records = out.items.map((i) => storedEntry(i)!);
  const people = await peopleOf(ctx, tenantId, records);
  return { history: records.map((r) => historyEntry(r, people)), next_cursor: out.next_cursor };
}

/** The users a page of records names (actors and deciders), read in one batch: name and e-mail by id. */
async function peopleOf(
  ctx: PagingContext,
  tenantId: string,
  records: AuditRecord[],
): Promise<Map<string, Item | undefined>> {
  const ids = new Set<string>();
  for (const r of records) {
    if (r.actor.user_id) ids.add(r.actor.user_id);
    for (const e of r.events) if (e.type === 'approval.decision') ids.add(String(obj(e.data)?.user_id));
  }
  const list = [...ids];
  const items = list.length ? await ctx.store.getMany(list.map((id) => keys.user(tenantId, id))) : [];
  return new Map(list.map((id, i) => [id, items[i]]));
}

function person(people: Map<string, Item | undefined>, userId: string): HistoryPerson {
  const u = people.get(userId);
  return { userId, name: str(u?.name), email: str(u?.email) };
}

function historyEntry(r: AuditRecord, people: Map<string, Item | undefined>): HistoryEntry {
  const change = obj(r.change) ?? {};
  const created = r.action === 'transaction.created';
  const decisionEvent = r.events.find((e) => e.type === 'approval.decision');
  const d = obj(decisionEvent?.data);
  const user = r.actor.user_id ? person(people, r.actor.user_id) : null;
  const s = obj(change.screening);
  return {
    id: r.id,
    timestamp: r.timestamp,
    action: r.action,
    fromStatus: str(change.from),
    // A FILL_NONCE the service creates starts APPROVED, by the chain poller (./nonce-gap.ts).
    toStatus: created ? (str(change.status) ?? 'SUBMITTED') : str(change.to),
    trigger: created
      ? (str(change.trigger) ?? 'submission')
      : r.action === 'transaction.approved'
        ? 'approval'
        : str(change.trigger),
    actor: {
      type: r.actor.type,
      userId: r.actor.user_id,
      keyId: r.actor.key_id,
      name: user?.name ?? null,
      email: user?.email ?? null,
      component: r.actor.component ?? null,
    },
    requestId: r.request_id,
    reason: str(change.reason) ?? (d ? str(d.reason) : null),
    failureReason: str(change.failureReason),
    decision: d
      ? {
          decision: d.decision === 'rejected' ? 'rejected' : 'approved',
          user: person(people, String(d.user_id)),
          reason: str(d.reason),
          compliance: d.compliance === true,
          approvalsReceived: num(d.approvals_received),
          approvalsRequired: num(d.approvals_required),
        }
      : null,
    screening: s
      ? { provider: String(s.provider), result: String(s.result), reason: str(s.reason), checkedAt: str(s.checkedAt) }
      : null,
    chain: obj(change.chain),
    policyDecision: created ? obj(change.policyDecision) : null,
    events: r.events.map((e) => e.type),
  };
}
