import type { Condition, Item, Store, VersionedItem, WriteOp } from '../ports/store.js';
import { WriteConflictError } from '../ports/store.js';
import { keys, type Key } from '../store/keys.js';
import { ConcurrentModificationError } from '../errors/domain-errors.js';
import {
  ENTITY_DELETIONS,
  entityChain,
  GENESIS_HASH,
  recordChain,
  recordItem,
  sealRecord,
  type AuditActor,
  type AuditDraft,
  type AuditRecord,
} from './audit/audit-record.js';
import { recordMac, recordMacKeyOf, type AuditedStore } from './audit/record-mac.js';
import { newId } from './ids.js';
import { retryAfterConflict } from './retry.js';
import type { EventData, EventType } from './events/catalog.js';

/**
 * A Unit of Work collects every write of one change (state, audit drafts, events, constraint items) and commits them
 * in ONE transactional write together with the change's audit records (which carry its events: no outbox item). No
 * tenant-wide item is written: each record chains on its entity item, guarded by that item's version condition.
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

let eventCheck: ((type: EventType, data: unknown) => unknown) | null = null;
/**
 * Parse every staged event against its catalog schema with `check` (the test setup passes the catalog's
 * `parseEventData`; off in production). Passed in rather than imported, so the catalog's schemas are not built at
 * the cold start of every function that commits a change (`npm run bundle-sizes`).
 */
export function checkEventsAtRuntime(check: ((type: EventType, data: unknown) => unknown) | null): void {
  eventCheck = check;
}

export class UnitOfWork {
  readonly ops: WriteOp[] = [];
  readonly audits: AuditDraft[] = [];
  readonly events: OutboxEvent[] = [];
  readonly reservations: Reservation[] = [];
  /** What `commit` wrote, once it committed: the staged writes as written (each entity item with its new `audit_hash`). */
  written: WriteOp[] = [];

  constructor(private readonly now: () => Date) {}

  /** The item this unit wrote at `key` (a put), once committed: what a read right after the commit would answer. */
  writtenItem(key: Key): Item | undefined {
    const op = this.written.find((o) => o.op === 'put' && o.item.pk === key.pk && o.item.sk === key.sk);
    return op?.op === 'put' ? op.item : undefined;
  }

  put(item: Item, condition?: Condition, onConditionFailed?: () => Error): this {
    this.ops.push({ op: 'put', item, condition, onConditionFailed });
    return this;
  }
  /**
   * Put an item whatever is there, once per key: staging the same key again stages the last item in place of the first
   * (a transaction's signed encoding, written by each of its consecutive moves committed together; a transactional
   * write may name an item once). Its atomicity comes from the unit's guarded writes.
   */
  set(item: Item): this {
    const staged = this.stagedPut(item, undefined);
    if (staged < 0) return this.put(item);
    this.ops[staged] = { op: 'put', item };
    return this;
  }
  /** Create an item that must not exist yet. */
  create(item: Item, onConditionFailed?: () => Error): this {
    return this.put(item, { type: 'notExists' }, onConditionFailed);
  }
  /**
   * Replace an item read at `version`, writing `version + 1`. Replacing again an item this unit already replaces from
   * the same read (consecutive moves of one transaction committed together) stages its last state in place of the
   * first: one write, guarded by the version read (a transactional write may name an item once).
   */
  replace(item: VersionedItem, onConditionFailed?: () => Error): this {
    const staged = this.stagedPut(item, item.version);
    if (staged >= 0) {
      const first = this.ops[staged] as Extract<WriteOp, { op: 'put' }>;
      this.ops[staged] = { ...first, item: { ...item, version: item.version + 1 } };
      return this;
    }
    return this.put(
      { ...item, version: item.version + 1 },
      { type: 'version', version: item.version },
      onConditionFailed,
    );
  }
  /** Where this unit already puts `key`'s item: unconditionally (`version` undefined), or guarded by `version`. */
  private stagedPut(key: Key, version: number | undefined): number {
    return this.ops.findIndex(
      (o) =>
        o.op === 'put' &&
        o.item.pk === key.pk &&
        o.item.sk === key.sk &&
        (version === undefined ? !o.condition : o.condition?.type === 'version' && o.condition.version === version),
    );
  }
  delete(key: Key, condition?: Condition, onConditionFailed?: () => Error): this {
    this.ops.push({ op: 'delete', key, condition, onConditionFailed });
    return this;
  }
  /** Atomic numeric add (see the store port), optionally capped: no read, so concurrent adds never conflict. */
  add(
    key: Key,
    attribute: string,
    amount: bigint,
    opts: {
      atMost?: bigint;
      more?: Record<string, bigint>;
      set?: Record<string, unknown>;
      condition?: Condition;
      onConditionFailed?: () => Error;
    } = {},
  ): this {
    this.ops.push({ op: 'add', key, attribute, amount, ...opts });
    return this;
  }
  /**
   * Stages DAILY_LIMIT spend taken from this container's leases (transactions/submit-transfer.ts,
   * policies/spend-allowance.ts): each write consumes its amount from a lease item, in this change's transaction;
   * a VELOCITY_COUNT count was added before and has no write here, only its give-back.
   * `commit` tells each whether it was kept (committed) or is given back (not committed: nothing was consumed);
   * `abandon` gives them back when the change is not committed at all.
   */
  reserved(list: Reservation[]): void {
    for (const r of list) {
      if (r.write) this.ops.push(r.write);
      this.reservations.push(r);
    }
  }
  /** Gives back the reservations of a change that will not be committed (its build failed). */
  abandon(): void {
    for (const r of this.reservations.splice(0)) r.giveBack();
  }
  /** The change committed: its reservations are consumed. */
  kept(): void {
    for (const r of this.reservations.splice(0)) r.kept();
  }
  /**
   * A point to roll back to: the returned function drops every write, audit draft and event staged after it (a
   * governance change that fails its re-validation keeps the change's own record and nothing of the operation).
   */
  mark(): () => void {
    const at = {
      ops: this.ops.length,
      audits: this.audits.length,
      events: this.events.length,
      reservations: this.reservations.length,
    };
    return () => {
      this.ops.splice(at.ops);
      this.audits.splice(at.audits);
      this.events.splice(at.events);
      for (const r of this.reservations.splice(at.reservations)) r.giveBack();
    };
  }
  check(key: Key, condition: Condition, onConditionFailed?: () => Error): this {
    this.ops.push({ op: 'check', key, condition, onConditionFailed });
    return this;
  }
  audit(draft: AuditDraft): this {
    this.audits.push(draft);
    return this;
  }
  /**
   * Stages an event: a type of the event catalog with data of its schema (checked at runtime in tests). It is stored
   * in the change's first audit record of its tenant, so its id is `<that record's id>:<n>`.
   */
  event<T extends EventType>(tenantId: string, type: T, data: EventData<T>, group?: string): OutboxEvent<T> {
    eventCheck?.(type, data);
    const n = this.events.filter((e) => e.tenant_id === tenantId).length;
    const evt: OutboxEvent<T> = {
      id: `${this.recordIdFor(tenantId)}:${n}`,
      type,
      tenant_id: tenantId,
      timestamp: this.now().toISOString(),
      data,
      group: group ?? tenantId,
    };
    this.events.push(evt);
    return evt;
  }
  private readonly recordIds = new Map<string, string>();
  /**
   * Names this change's first audit record in a tenant `id` (a fresh time-ordered id, never another record's), unless
   * one was already asked for: a transaction's submission gives its creation record the transaction's id, so that
   * record is read by key (../receipts/creation-intent.ts). Whether it did.
   */
  useRecordId(tenantId: string, id: string): boolean {
    if (this.recordIds.has(tenantId)) return false;
    this.recordIds.set(tenantId, id);
    return true;
  }
  /** The id of this change's first audit record in a tenant (fixed once asked, so event ids are known when staged). */
  recordIdFor(tenantId: string): string {
    let id = this.recordIds.get(tenantId);
    if (!id) this.recordIds.set(tenantId, (id = newId()));
    return id;
  }
  get isEmpty(): boolean {
    return (
      this.ops.length === 0 && this.audits.length === 0 && this.events.length === 0 && this.reservations.length === 0
    );
  }
}

/** DAILY_LIMIT spend taken from a lease: the write consuming it, and what to do once the change did or did not commit. */
/** A reservation made before the change commits: `write` (if any) is staged in the change's transaction. */
export type Reservation = { write?: WriteOp; kept: () => void; giveBack: () => void };

export type CommitMeta = { actor: AuditActor; requestId: string | null; now: Date };

/** Thrown when a guarded write that the caller attached (e.g. an idempotency record) failed. */
export class ExtraWriteConflictError extends Error {
  constructor(readonly index: number) {
    super('an attached write failed its condition');
    this.name = 'ExtraWriteConflictError';
  }
}

/** The stored audit record item (keys, kind marker, the sealed record's body, hash and MAC: audit-record.ts). */
export const auditRecordItem = (r: AuditRecord): Item => recordItem(r);

/**
 * Commits a unit of work to `to.store` in one attempt: the staged writes, `extra` writes (such as the idempotency
 * record) and ONE audit record per audit draft, each chained on its entity item (whose put in the same transaction
 * carries the new `audit_hash`, see audit-record.ts), with the change's events carried by the first record of their
 * tenant. When an extra write fails, `ExtraWriteConflictError` says which. Each record carries the writer's MAC of its
 * hash (record-mac.ts: the key, from `to.keys`, is derived once per process, so this is a local HMAC, no KMS call). A
 * conflict that a fresh read may resolve (an item read by the change moved, DynamoDB's transaction conflict) is
 * `ConcurrentModificationError`: the caller builds the change again, with ONE retry budget (`runInUnitOfWork`, or the
 * API pipeline's loop). A change that does not commit gives its reservations back, one that commits keeps them
 * (`UnitOfWork.reserved`). Returns the audit records written.
 */
export async function commit(
  to: AuditedStore,
  uow: UnitOfWork,
  meta: CommitMeta,
  extra: WriteOp[] = [],
): Promise<AuditRecord[]> {
  if (uow.isEmpty && extra.length === 0) return [];
  const { store } = to;
  const ops = uow.ops.map((o) => (o.op === 'put' ? { ...o, item: { ...o.item } } : o));
  const [records, macKey] = await Promise.all([buildRecords(store, uow, ops, meta), recordMacKeyOf(to)]).catch(
    async (e: unknown) => {
      uow.abandon();
      throw e;
    },
  );
  for (const r of records) r.mac = recordMac(macKey, r.hash);
  const recordOps: WriteOp[] = records.map((r) => ({
    op: 'put',
    item: auditRecordItem(r),
    condition: { type: 'notExists' },
  }));
  const all = [...ops, ...extra, ...recordOps];
  if (all.length > 100) {
    uow.abandon();
    throw new Error(`a change may write at most 100 items (got ${all.length})`);
  }
  try {
    await store.write(all);
    uow.kept();
    uow.written = all;
    return records;
  } catch (e) {
    uow.abandon();
    if (!(e instanceof WriteConflictError)) throw e;
    const firstExtra = ops.length;
    const own = e.failed.filter((i) => i < ops.length);
    for (const i of own) {
      const op = ops[i]!;
      if (op.onConditionFailed) throw op.onConditionFailed();
    }
    if (own.length) throw new ConcurrentModificationError();
    const extraFailed = e.failed.find((i) => i >= firstExtra && i < firstExtra + extra.length);
    if (extraFailed !== undefined) throw new ExtraWriteConflictError(extraFailed - firstExtra);
    throw new ConcurrentModificationError('transaction conflict; retry');
  }
}

/**
 * Seals the change's audit records. Each draft chains on its entity's last audit hash: taken from the staged put of
 * the entity item when that item was read whole (it carries `audit_hash`), the genesis hash for an item created here,
 * otherwise read (one batch) under the version the change is conditioned on. Drafts without a staged entity write
 * of their own tenant chain together on the change's first such record.
 */
async function buildRecords(store: Store, uow: UnitOfWork, ops: WriteOp[], meta: CommitMeta): Promise<AuditRecord[]> {
  const tenants = new Set([...uow.audits.map((a) => a.tenantId), ...uow.events.map((e) => e.tenant_id)]);
  const drafts: (AuditDraft & { events: OutboxEvent[] })[] = [];
  for (const t of tenants) {
    const own = uow.audits.filter((a) => a.tenantId === t);
    const events = uow.events.filter((e) => e.tenant_id === t);
    const list = own.length
      ? own.map((d) => ({ ...d, events: [] as OutboxEvent[] }))
      : [
          {
            tenantId: t,
            action: 'events.emitted',
            resourceType: 'events',
            resourceId: uow.recordIdFor(t),
            events: [] as OutboxEvent[],
          },
        ];
    list[0]!.events = events;
    drafts.push(...list);
  }
  const targets = drafts.map((d) =>
    ops.findIndex((o) => (o.op === 'put' || o.op === 'delete') && entityKeyMatches(d, o.op === 'put' ? o.item : o.key)),
  );
  const unknown = [...new Set(targets.filter((i) => i >= 0 && needsRead(ops[i]!)))];
  // A replaced item that no record of this change chains on (a poller's bookkeeping update) keeps the chain end it
  // has: its record mapper may not carry `audit_hash`, and dropping it would restart the entity's chain at genesis.
  const carried = ops.flatMap((o, i) =>
    o.op === 'put' && o.condition?.type === 'version' && typeof o.item.audit_hash !== 'string' && !targets.includes(i)
      ? [i]
      : [],
  );
  const toRead = [...unknown, ...carried];
  const read = toRead.length ? await store.getMany(toRead.map((i) => keyOf(ops[i]!))) : [];
  const last = new Map<number, string>();
  toRead.forEach((i, j) => {
    const op = ops[i]!;
    const item = read[j];
    const cond = 'condition' in op ? op.condition : undefined;
    if (cond?.type === 'version' && item?.version !== cond.version) throw new ConcurrentModificationError();
    if (j >= unknown.length) {
      if (op.op === 'put' && typeof item?.audit_hash === 'string') op.item.audit_hash = item.audit_hash;
      return;
    }
    last.set(i, typeof item?.audit_hash === 'string' ? item.audit_hash : GENESIS_HASH);
  });
  const requestChain = new Map<string, { chain: string; hash: string }>();
  const used = new Set<string>();
  return drafts.map((d, k) => {
    const target = targets[k]!;
    const firstRecordId = uow.recordIdFor(d.tenantId);
    const id = used.has(firstRecordId) ? newId() : firstRecordId;
    used.add(id);
    let chain: string;
    let previous: string;
    if (target >= 0) {
      const op = ops[target]!;
      // An entity chain may end without its item only with a deletion record (the verification's rule).
      if (op.op === 'delete' && !ENTITY_DELETIONS.has(d.action))
        throw new Error(`${d.action} deletes its entity's item but is not in ENTITY_DELETIONS (audit-record.ts)`);
      chain = entityChain(keyOf(op));
      previous =
        last.get(target) ??
        (op.op === 'put' && typeof op.item.audit_hash === 'string' ? op.item.audit_hash : GENESIS_HASH);
    } else {
      const rc = requestChain.get(d.tenantId);
      chain = rc?.chain ?? recordChain(id);
      previous = rc?.hash ?? GENESIS_HASH;
    }
    const record = sealRecord({
      id,
      tenant_id: d.tenantId,
      chain,
      previous_hash: previous,
      timestamp: meta.now.toISOString(),
      actor: meta.actor,
      action: d.action,
      resource_type: d.resourceType,
      resource_id: d.resourceId,
      request_id: meta.requestId,
      change: d.change ?? null,
      events: d.events.map((e, n) => ({
        id: `${id}:${n}`,
        type: e.type,
        timestamp: e.timestamp,
        group: e.group,
        data: e.data,
      })),
    });
    if (target >= 0) {
      last.set(target, record.hash);
      const op = ops[target]!;
      if (op.op === 'put') op.item.audit_hash = record.hash;
    } else requestChain.set(d.tenantId, { chain, hash: record.hash });
    return record;
  });
}

const keyOf = (op: WriteOp): Key => (op.op === 'put' ? { pk: op.item.pk, sk: op.item.sk } : (op as { key: Key }).key);
const needsRead = (op: WriteOp) =>
  !(op.op === 'put' && (typeof op.item.audit_hash === 'string' || op.condition?.type === 'notExists'));

/** Whether a staged write is the item of the draft's entity (in the draft's own tenant). */
function entityKeyMatches(d: AuditDraft, item: { pk: string; sk: string }): boolean {
  const t = d.tenantId;
  const id = d.resourceId;
  const same = (k: Key) => k.pk === item.pk && k.sk === item.sk;
  switch (d.resourceType) {
    case 'tenant':
      return id === t && same(keys.tenant(id));
    case 'user':
      return same(keys.user(t, id));
    case 'credential':
      return same(keys.credential(id)) && (item as Record<string, unknown>).tenant_id === t;
    case 'vault':
      return same(keys.vault(t, id));
    case 'wallet':
      return same(keys.wallet(t, id));
    case 'asset':
      return same(keys.asset(t, id));
    case 'transaction':
      return same(keys.transaction(t, id));
    case 'screening_entry':
      return same(keys.screeningEntry(t, id));
    case 'address_book_entry':
      return same(keys.addressBookEntry(t, id));
    case 'policy':
      return item.sk === `POLICY#${id}` && item.pk.startsWith(`TENANT#${t}#VAULT#`);
    default:
      return false;
  }
}

/**
 * Builds a change and commits it, building it again from fresh reads when the build or the commit meets a concurrent
 * change (`retryAfterConflict`: `ConcurrentModificationError`, up to `CONFLICT_RETRY_ATTEMPTS` attempts in all).
 * `build` stages its writes on the unit of work it is given and returns its result; a build that stages
 * nothing commits nothing. When the budget is spent, the last `ConcurrentModificationError` is thrown.
 */
export async function runInUnitOfWork<T>(
  to: AuditedStore,
  meta: CommitMeta,
  build: (uow: UnitOfWork) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const uow = new UnitOfWork(() => meta.now);
    try {
      const result = await build(uow);
      await commit(to, uow, meta); // gives the reservations back itself when it does not commit
      return result;
    } catch (e) {
      uow.abandon();
      if (!(await retryAfterConflict(e, attempt))) throw e;
    }
  }
}
