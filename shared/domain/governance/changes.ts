import type { Item } from '../../ports/store.js';
import { keys } from '../../store/keys.js';
import { accessPatterns } from '../../store/access-patterns.js';
import { ApiError } from '../../errors/catalog.js';
import { InvalidStateError, NotFoundError } from '../../errors/domain-errors.js';
import type { UseCaseContext } from '../context.js';
import { newId } from '../ids.js';
import { listPage, type PageRequest } from '../pagination.js';
import {
  commandDef,
  shownCommand,
  type ChangeCommand,
  type ChangeKind,
  type CommandDeps,
  type Expectation,
} from './commands.js';
import { loadGovernance } from './settings.js';

/**
 * Governance changes: with a quorum N above 1, a governed operation does not apply when requested; it is kept as a
 * pending change (its command, the diff, the items it was built against) until N distinct admins approved it (the
 * requester is the first), one rejected it, or it expired. The approval that reaches the quorum applies it in its own
 * unit of work, after checking that nothing it was built against moved: the change applies whole or fails with the
 * reason, never half.
 */
export type ChangeStatus = 'PENDING' | 'APPLIED' | 'REJECTED' | 'EXPIRED' | 'FAILED';
type Decision = { user_id: string; key_id: string; at: string };

export type ChangeRecord = {
  id: string;
  tenant_id: string;
  kind: ChangeKind;
  command: ChangeCommand;
  status: ChangeStatus;
  quorum: number;
  before: unknown;
  after: unknown;
  expects: Expectation[];
  requested_by: Decision;
  approvals: Decision[];
  rejection: (Decision & { reason: string | null }) | null;
  failure_reason: string | null;
  result: unknown;
  created_at: string;
  expires_at: string;
  decided_at: string | null;
  version: number;
};

const changeItem = (c: ChangeRecord): Item & { version: number } => ({
  ...keys.change(c.tenant_id, c.id),
  entity: 'change',
  ...c,
});

function asChange(item: Item | undefined): ChangeRecord | undefined {
  if (!item) return undefined;
  if (
    item.entity !== 'change' ||
    typeof item.id !== 'string' ||
    typeof item.status !== 'string' ||
    !Array.isArray(item.approvals)
  )
    throw new Error('malformed change item');
  const { pk: _pk, sk: _sk, entity: _e, ...rest } = item;
  return rest as unknown as ChangeRecord;
}

/** The status a reader sees: a pending change past its expiry is EXPIRED even before anything recorded it. */
const statusAt = (c: ChangeRecord, now: Date): ChangeStatus =>
  c.status === 'PENDING' && now.getTime() >= Date.parse(c.expires_at) ? 'EXPIRED' : c.status;

export function changeView(c: ChangeRecord, now: Date) {
  return {
    id: c.id,
    kind: c.kind,
    status: statusAt(c, now),
    quorum: c.quorum,
    command: shownCommand(c.command),
    before: c.before,
    after: c.after,
    requested_by: c.requested_by,
    approvals: c.approvals,
    rejection: c.rejection,
    failure_reason: c.failure_reason,
    result: c.result,
    created_at: c.created_at,
    expires_at: c.expires_at,
    decided_at: c.decided_at,
  };
}
export type ChangeView = ReturnType<typeof changeView>;

const decisionOf = (ctx: UseCaseContext): Decision => ({
  user_id: ctx.principal.userId,
  key_id: ctx.principal.keyId,
  at: ctx.now.toISOString(),
});

/**
 * Runs a governed operation: at once (quorum 1, or an operation the settings do not hold back, such as raising the
 * quorum) with the direct route's answer, or as a new pending change. Either way the operation's use case runs here,
 * so a request that could not apply is refused now with its own error; a pending change keeps what it would do as its
 * "after" and stages none of it.
 */
export async function runGoverned(
  ctx: UseCaseContext,
  deps: CommandDeps,
  command: ChangeCommand,
): Promise<{ applied: true; result: unknown } | { applied: false; change: ChangeView }> {
  const def = commandDef(command.kind);
  const settings = await loadGovernance(ctx.store, ctx.principal.tenantId);
  if (settings.quorum <= 1 || (def.governed && !(await def.governed(command, settings, ctx))))
    return { applied: true, result: await def.apply(ctx, command, deps) };
  const { before, expects } = await def.current(ctx, command);
  const rollback = ctx.uow.mark();
  const after = await def.apply(ctx, command, deps);
  rollback();
  const requested = decisionOf(ctx);
  const change: ChangeRecord = {
    id: newId(),
    tenant_id: ctx.principal.tenantId,
    kind: command.kind,
    command,
    status: 'PENDING',
    quorum: settings.quorum,
    before,
    after,
    expects,
    requested_by: requested,
    approvals: [requested],
    rejection: null,
    failure_reason: null,
    result: null,
    created_at: requested.at,
    expires_at: new Date(ctx.now.getTime() + settings.change_ttl_hours * 3_600_000).toISOString(),
    decided_at: null,
    version: 1,
  };
  ctx.uow.create(changeItem(change));
  ctx.uow.audit({
    tenantId: change.tenant_id,
    action: 'change.requested',
    resourceType: 'change',
    resourceId: change.id,
    change: {
      kind: change.kind,
      command: shownCommand(command),
      before,
      after,
      quorum: change.quorum,
      expires_at: change.expires_at,
    },
  });
  ctx.uow.event(change.tenant_id, 'change.requested', {
    change_id: change.id,
    kind: change.kind,
    quorum: change.quorum,
    requested_by: requested.user_id,
    expires_at: change.expires_at,
  });
  return { applied: false, change: changeView(change, ctx.now) };
}

async function loadChange(ctx: Pick<UseCaseContext, 'store' | 'principal'>, id: string): Promise<ChangeRecord> {
  const c = asChange(await ctx.store.get(keys.change(ctx.principal.tenantId, id)));
  if (!c) throw new NotFoundError('change');
  return c;
}

export async function getChange(ctx: Pick<UseCaseContext, 'store' | 'principal' | 'now'>, id: string) {
  return changeView(await loadChange(ctx, id), ctx.now);
}

export async function listChanges(
  ctx: Pick<UseCaseContext, 'store' | 'principal' | 'cursors' | 'now'>,
  query: PageRequest & { status?: ChangeStatus },
) {
  const page = await listPage(
    ctx,
    {
      name: 'changes',
      filters: { status: query.status },
      pattern: accessPatterns.changesOfTenant(ctx.principal.tenantId),
      newestFirst: true,
      consistent: true,
    },
    query,
    (i) => !query.status || statusAt(asChange(i)!, ctx.now) === query.status,
  );
  return { changes: page.items.map((i) => changeView(asChange(i)!, ctx.now)), next_cursor: page.next_cursor };
}

/** Records a decided change with its audit entry and `change.decided` event. */
function decide(ctx: UseCaseContext, current: ChangeRecord, next: ChangeRecord, action: string) {
  ctx.uow.replace(changeItem({ ...next, version: current.version }));
  ctx.uow.audit({
    tenantId: next.tenant_id,
    action,
    resourceType: 'change',
    resourceId: next.id,
    change: {
      kind: next.kind,
      status: next.status,
      approvals: next.approvals.map((a) => a.user_id),
      failure_reason: next.failure_reason,
      rejection: next.rejection,
    },
  });
  ctx.uow.event(next.tenant_id, 'change.decided', {
    change_id: next.id,
    kind: next.kind,
    status: next.status as 'APPLIED' | 'REJECTED' | 'EXPIRED' | 'FAILED',
    decided_by: next.status === 'EXPIRED' ? null : ctx.principal.userId,
    failure_reason: next.failure_reason,
  });
}

/**
 * A pending change the caller may decide: unknown 404, decided 409; past its expiry it is recorded EXPIRED (committed
 * with the answer's 409, so the record says so).
 */
function decidable(ctx: UseCaseContext, c: ChangeRecord): ApiError | undefined {
  if (c.status !== 'PENDING') return new InvalidStateError(`change is ${c.status}`, { status: c.status });
  if (statusAt(c, ctx.now) === 'EXPIRED') {
    decide(ctx, c, { ...c, status: 'EXPIRED', decided_at: c.expires_at }, 'change.expired');
    return new InvalidStateError(`change expired at ${c.expires_at}`, { status: 'EXPIRED' });
  }
  return undefined;
}

export type DecisionResult = { change: ChangeView; error?: ApiError };

/**
 * An admin's approval. The same admin counts once (the requester already has): a second approval is 409. The approval
 * that reaches the quorum applies the command: first the items it was built against must be as they were (else FAILED
 * naming what moved), then its use case runs in this unit of work, whose writes are then conditioned on those same
 * versions; a use case that refuses (the vault was archived meanwhile) leaves the change FAILED with its error and
 * nothing of the operation staged.
 */
export async function approveChange(ctx: UseCaseContext, deps: CommandDeps, id: string): Promise<DecisionResult> {
  const c = await loadChange(ctx, id);
  const refused = decidable(ctx, c);
  if (refused) return { change: changeView(c, ctx.now), error: refused };
  if (c.approvals.some((a) => a.user_id === ctx.principal.userId))
    throw new InvalidStateError('this admin already approved the change; another admin must approve it', {
      status: c.status,
    });
  const approvals = [...c.approvals, decisionOf(ctx)];
  if (approvals.length < c.quorum) {
    const next = { ...c, approvals };
    ctx.uow.replace(changeItem({ ...next, version: c.version }));
    ctx.uow.audit({
      tenantId: c.tenant_id,
      action: 'change.approved',
      resourceType: 'change',
      resourceId: c.id,
      change: { kind: c.kind, approvals: approvals.length, quorum: c.quorum },
    });
    return { change: changeView({ ...next, version: c.version + 1 }, ctx.now) };
  }
  const decided = { ...c, approvals, decided_at: ctx.now.toISOString() };
  const moved = await firstMoved(ctx, c.expects);
  if (moved) {
    const failed: ChangeRecord = { ...decided, status: 'FAILED', failure_reason: moved };
    decide(ctx, c, failed, 'change.failed');
    return { change: changeView(failed, ctx.now) };
  }
  const rollback = ctx.uow.mark();
  try {
    const result = await commandDef(c.kind).apply(ctx, c.command, deps);
    holdExpectations(ctx, c.expects);
    const applied: ChangeRecord = { ...decided, status: 'APPLIED', result: result ?? null };
    decide(ctx, c, applied, 'change.applied');
    return { change: changeView(applied, ctx.now) };
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    rollback();
    const failed: ChangeRecord = { ...decided, status: 'FAILED', failure_reason: `${e.code} ${e.type}: ${e.message}` };
    decide(ctx, c, failed, 'change.failed');
    return { change: changeView(failed, ctx.now) };
  }
}

/** An admin's rejection: the change is REJECTED at once (any admin, the requester included, may withdraw it). */
export async function rejectChange(
  ctx: UseCaseContext,
  id: string,
  reason: string | undefined,
): Promise<DecisionResult> {
  const c = await loadChange(ctx, id);
  const refused = decidable(ctx, c);
  if (refused) return { change: changeView(c, ctx.now), error: refused };
  const rejected: ChangeRecord = {
    ...c,
    status: 'REJECTED',
    rejection: { ...decisionOf(ctx), reason: reason ?? null },
    decided_at: ctx.now.toISOString(),
  };
  decide(ctx, c, rejected, 'change.rejected');
  return { change: changeView(rejected, ctx.now) };
}

/** The first item a change was built against that has moved since, described; undefined when none has. */
async function firstMoved(ctx: UseCaseContext, expects: Expectation[]): Promise<string | undefined> {
  if (!expects.length) return undefined;
  const items = await ctx.store.getMany(expects.map((e) => e.key));
  for (const [i, e] of expects.entries()) {
    const version = typeof items[i]?.version === 'number' ? (items[i]!.version as number) : 0;
    // An item that must not exist (expected at version 0) may be one without a version (a uniqueness constraint).
    if (e.version === 0 && items[i]) return `${e.what} exists since the change was requested`;
    if (version !== e.version)
      return `${e.what} changed since the change was requested (version ${e.version}, now ${items[i] ? version : 'deleted'})`;
  }
  return undefined;
}

/**
 * Conditions the commit on the versions the change was built against: a staged write of the item must be conditioned
 * on that version (the use case read it there), any other item is checked. A change that moved in between makes the
 * commit fail, and the request runs again from fresh reads (which then find it moved).
 */
function holdExpectations(ctx: UseCaseContext, expects: Expectation[]) {
  for (const e of expects) {
    const staged = ctx.uow.ops.find((o) =>
      o.op === 'put'
        ? o.item.pk === e.key.pk && o.item.sk === e.key.sk
        : 'key' in o && o.key.pk === e.key.pk && o.key.sk === e.key.sk,
    );
    if (!staged) {
      ctx.uow.check(e.key, e.version === 0 ? { type: 'notExists' } : { type: 'version', version: e.version });
      continue;
    }
    const cond = 'condition' in staged ? staged.condition : undefined;
    const expected =
      e.version === 0 ? cond?.type === 'notExists' : cond?.type === 'version' && cond.version === e.version;
    if (!expected) throw new InvalidStateError(`${e.what} changed since the change was requested`);
  }
}
