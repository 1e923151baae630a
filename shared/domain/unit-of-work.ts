import type { Condition, Item, Store, VersionedItem, WriteOp } from '../ports/store.js';
import { WriteConflictError } from '../ports/store.js';
import { keys, type Key } from '../store/keys.js';
import { ConcurrentModificationError } from '../errors/domain-errors.js';
import { chainEntries, type AuditActor, type AuditDraft, type AuditEntry, type AuditHead } from './audit/audit-chain.js';
import { newId } from './ids.js';
import { CONFLICT_RETRY_ATTEMPTS, conflictBackoffMs, sleep } from './retry.js';
import { parseEventData, type EventData, type EventType } from './events/catalog.js';

/**
 * A Unit of Work collects every write of one change (state, audit entries, outbox events, constraint items) and
 * commits them in ONE transactional write. The audit head of each touched tenant is part of that write, guarded by
 * its sequence number, so concurrent changes never fork a chain and a failed change leaves no audit entry behind.
 */
export type OutboxEvent<T extends EventType = EventType> = {
  id: string;
  type: T;
  tenant_id: string;
  timestamp: string;
  data: EventData<T>;
  /** FIFO group for ordered delivery (e.g. the transaction id). */
  group: string;
};

let eventChecks = false;
/** Parse every staged event against its catalog schema (the test setup turns it on; off in production). */
export function checkEventsAtRuntime(on: boolean): void {
  eventChecks = on;
}

export class UnitOfWork {
  readonly ops: WriteOp[] = [];
  readonly audits: AuditDraft[] = [];
  readonly events: OutboxEvent[] = [];

  constructor(private readonly now: () => Date) {}

  put(item: Item, condition?: Condition, onConditionFailed?: () => Error): this {
    this.ops.push({ op: 'put', item, condition, onConditionFailed });
    return this;
  }
  /** Create an item that must not exist yet. */
  create(item: Item, onConditionFailed?: () => Error): this {
    return this.put(item, { type: 'notExists' }, onConditionFailed);
  }
  /** Replace an item read at `version`, writing `version + 1`. */
  replace(item: VersionedItem, onConditionFailed?: () => Error): this {
    return this.put({ ...item, version: item.version + 1 }, { type: 'version', version: item.version }, onConditionFailed);
  }
  delete(key: Key, condition?: Condition, onConditionFailed?: () => Error): this {
    this.ops.push({ op: 'delete', key, condition, onConditionFailed });
    return this;
  }
  /** Atomic numeric add (see the store port), optionally capped: no read, so concurrent adds never conflict. */
  add(key: Key, attribute: string, amount: bigint, opts: { atMost?: bigint; set?: Record<string, unknown>; onConditionFailed?: () => Error } = {}): this {
    this.ops.push({ op: 'add', key, attribute, amount, ...opts });
    return this;
  }
  check(key: Key, condition: Condition, onConditionFailed?: () => Error): this {
    this.ops.push({ op: 'check', key, condition, onConditionFailed });
    return this;
  }
  audit(draft: AuditDraft): this {
    this.audits.push(draft);
    return this;
  }
  /** Stages an outbox event: a type of the event catalog with data of its schema (checked at runtime in tests). */
  event<T extends EventType>(tenantId: string, type: T, data: EventData<T>, group?: string): OutboxEvent<T> {
    if (eventChecks) parseEventData(type, data);
    const evt: OutboxEvent<T> = { id: newId(), type, tenant_id: tenantId, timestamp: this.now().toISOString(), data, group: group ?? tenantId };
    this.events.push(evt);
    return evt;
  }
  get isEmpty(): boolean {
    return this.ops.length === 0 && this.audits.length === 0 && this.events.length === 0;
  }
}

export type CommitMeta = { actor: AuditActor; requestId: string | null; now: Date };

/** How long an outbox event item stays in the table after it has been streamed out. */
export const EVENT_RETENTION_SECONDS = 30 * 86_400;

/** An outbox event as stored: the stream router forwards it to the webhook queue. */
export const eventItem = (e: OutboxEvent, now: Date): Item => ({ ...keys.event(e.tenant_id, e.id), entity: 'event', ...e, ttl: Math.floor(now.getTime() / 1000) + EVENT_RETENTION_SECONDS });

/** Thrown when a guarded write that the caller attached (e.g. an idempotency record) failed. */
export class ExtraWriteConflictError extends Error {
  constructor(readonly index: number) {
    super('an attached write failed its condition');
    this.name = 'ExtraWriteConflictError';
  }
}


/**
 * Commits a unit of work in one attempt. `extra` writes (such as the idempotency record) join the same transaction;
 * when one of them fails, `ExtraWriteConflictError` says which. A conflict that a fresh read may resolve (an item
 * read by the change moved, the audit head moved, DynamoDB's transaction conflict) is `ConcurrentModificationError`:
 * the caller builds the change again, with ONE retry budget (`runInUnitOfWork`, or the API pipeline's loop). Returns
 * the audit entries written.
 */
export async function commit(store: Store, uow: UnitOfWork, meta: CommitMeta, extra: WriteOp[] = []): Promise<AuditEntry[]> {
  if (uow.isEmpty && extra.length === 0) return [];
  const tenants = [...new Set(uow.audits.map((a) => a.tenantId))];
  const heads = await Promise.all(tenants.map((t) => store.get(keys.auditHead(t), { consistent: true })));
  const auditOps: WriteOp[] = [];
  const written: AuditEntry[] = [];
  tenants.forEach((tenantId, i) => {
    const headItem = heads[i];
    const head: AuditHead | undefined = headItem ? { sequence: headItem.sequence as number, hash: headItem.hash as string } : undefined;
    const drafts = uow.audits.filter((a) => a.tenantId === tenantId);
    const { entries, head: next } = chainEntries(head, drafts, {
      timestamp: meta.now.toISOString(),
      actor: meta.actor,
      requestId: meta.requestId,
    });
    entries.forEach((e, j) => {
      const change = drafts[j]?.change ?? null;
      auditOps.push({ op: 'put', item: { ...keys.auditEntry(tenantId, e.sequence), entity: 'audit', ...e, change }, condition: { type: 'notExists' } });
    });
    auditOps.push({
      op: 'put',
      item: { ...keys.auditHead(tenantId), entity: 'audit_head', sequence: next.sequence, hash: next.hash },
      condition: head ? { type: 'equals', attribute: 'sequence', value: head.sequence } : { type: 'notExists' },
    });
    written.push(...entries);
  });
  const eventOps: WriteOp[] = uow.events.map((e) => ({ op: 'put', item: eventItem(e, meta.now), condition: { type: 'notExists' } }));
  const ops = [...uow.ops, ...eventOps, ...extra, ...auditOps];
  if (ops.length > 100) throw new Error(`a change may write at most 100 items (got ${ops.length})`);
  try {
    await store.write(ops);
    return written;
  } catch (e) {
    if (!(e instanceof WriteConflictError)) throw e;
    const firstExtra = uow.ops.length + eventOps.length;
    const firstAudit = firstExtra + extra.length;
    const own = e.failed.filter((i) => i < uow.ops.length);
    for (const i of own) {
      const op = uow.ops[i]!;
      if (op.onConditionFailed) throw op.onConditionFailed();
    }
    if (own.length) throw new ConcurrentModificationError();
    const extraFailed = e.failed.find((i) => i >= firstExtra && i < firstAudit);
    if (extraFailed !== undefined) throw new ExtraWriteConflictError(extraFailed - firstExtra);
    // Only the audit head moved (another change of the same tenant committed first), or DynamoDB reported a
    // transaction conflict: building the change again chains it onto the new head.
    throw new ConcurrentModificationError('audit chain busy; retry');
  }
}

/**
 * Builds a change and commits it, building it again from fresh reads when the commit meets a concurrent change
 * (`ConcurrentModificationError`), up to `CONFLICT_RETRY_ATTEMPTS` attempts in all: the one retry budget of a
 * change. `build` stages its writes on the unit of work it is given and returns its result; a build that stages
 * nothing commits nothing. When the budget is spent, the last `ConcurrentModificationError` is thrown.
 */
export async function runInUnitOfWork<T>(store: Store, meta: CommitMeta, build: (uow: UnitOfWork) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const uow = new UnitOfWork(() => meta.now);
    const result = await build(uow);
    try {
      await commit(store, uow, meta);
      return result;
    } catch (e) {
      if (!(e instanceof ConcurrentModificationError) || attempt >= CONFLICT_RETRY_ATTEMPTS) throw e;
      await sleep(conflictBackoffMs(attempt));
    }
  }
}
