import type { Api, Change, Me, Person } from './api.js';
import { h } from './dom.js';
import { reasonInput } from './reason-input.js';
import { diffRows } from './format.js';
import { pager, type Listing } from './listing.js';

/**
 * The governance changes awaiting the admin quorum (`GET /v1/changes?status=PENDING`, docs/governance.md), for
 * admins: each with what it changes (before and after, field by field), who asked and who approved, and approve or
 * reject after a confirmation. An admin who approved (the requester has) sees that instead of the approve button;
 * any admin may still reject.
 */
export type ChangesContext = {
  api: Api;
  me: Me;
  changes: Listing<Change>;
  errors: Map<string, string>;
  reasons: Map<string, string>;
  userLabel: (p: Person) => Promise<string>;
  /** Runs an API call; undefined when it signed the user out (401). */
  guarded: <T>(work: () => Promise<T>) => Promise<T | undefined>;
  errorText: (e: unknown) => string;
  reload: () => void;
};

const when = (iso: string) => new Date(iso).toLocaleString();

function label(ctx: ChangesContext, userId: string) {
  const span = h('span', {}, userId);
  void ctx.userLabel({ userId }).then((t) => (span.textContent = t));
  return span;
}

function diff(c: Change) {
  const rows = diffRows(c.before, c.after);
  if (!rows.length) return h('p', { class: 'hint' }, 'Nothing to compare.');
  return h(
    'table',
    { class: 'diff' },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', {}, 'Field'),
        h('th', {}, c.before === null ? 'Before (a creation)' : 'Before'),
        h('th', {}, 'After'),
      ),
    ),
    h(
      'tbody',
      {},
      rows.map((r) =>
        h(
          'tr',
          { class: r.changed ? 'changed' : 'same' },
          h('td', { class: 'mono' }, r.path),
          h('td', { class: 'mono before' }, r.before ?? '—'),
          h('td', { class: 'mono after' }, r.after ?? '—'),
        ),
      ),
    ),
  );
}

async function decide(ctx: ChangesContext, c: Change, decision: 'approve' | 'reject', reason: string) {
  try {
    const next = await ctx.guarded(() => ctx.api.decideChange(c.id, decision, reason));
    if (!next) return;
    ctx.errors.delete(c.id);
    ctx.reasons.delete(c.id);
  } catch (e) {
    ctx.errors.set(c.id, ctx.errorText(e));
  }
  ctx.reload();
}

function actions(ctx: ChangesContext, c: Change) {
  if (!ctx.me.permissions.includes('tenants:approve') || c.status !== 'PENDING') return null;
  const mine = c.approvals.find((a) => a.user_id === ctx.me.user.id);
  const reason = reasonInput(ctx.reasons, c.id);
  const go = (d: 'approve' | 'reject') => (e: Event) => {
    const question = `${d === 'approve' ? 'Approve' : 'Reject'} the change ${c.kind} requested on ${when(c.created_at)}?${d === 'approve' && c.approvals.length + 1 >= c.quorum ? '\nYour approval reaches the quorum: it applies at once.' : ''}`;
    if (!confirm(question)) return;
    (e.currentTarget as HTMLElement).parentElement!.querySelectorAll('button').forEach((b) => (b.disabled = true));
    void decide(ctx, c, d, reason.value.trim());
  };
  return h(
    'div',
    { class: 'actions' },
    mine
      ? h(
          'span',
          { class: 'hint decided' },
          `You ${c.requested_by.user_id === ctx.me.user.id ? 'requested and so approved' : 'approved'} this change on ${when(mine.at)}; each admin counts once.`,
        )
      : null,
    reason,
    mine ? null : h('button', { class: 'approve primary', onclick: go('approve') }, 'Approve'),
    h('button', { class: 'reject danger', onclick: go('reject') }, 'Reject'),
  );
}

function card(ctx: ChangesContext, c: Change) {
  const error = ctx.errors.get(c.id);
  return h(
    'article',
    { class: 'card change', 'data-change': c.id },
    h('h3', {}, h('span', { class: 'kind' }, c.kind), ' ', h('span', { class: 'badge' }, c.status)),
    h(
      'p',
      { class: 'requested' },
      'Requested by ',
      label(ctx, c.requested_by.user_id),
      ` on ${when(c.created_at)}; waits until ${when(c.expires_at)}.`,
    ),
    h('p', { class: 'count' }, `${c.approvals.length} of ${c.quorum} approvals`),
    h(
      'ul',
      { class: 'approvals' },
      c.approvals.map((a) => h('li', {}, 'approved by ', label(ctx, a.user_id), ` · ${when(a.at)}`)),
    ),
    diff(c),
    actions(ctx, c),
    error ? h('p', { class: 'error', role: 'alert' }, error) : null,
  );
}

export function changesView(ctx: ChangesContext, turn: (by: 1 | -1) => void) {
  const l = ctx.changes;
  return h(
    'section',
    { id: 'changes' },
    h('h2', {}, 'Governance changes awaiting the quorum'),
    l.error ? h('p', { class: 'error', role: 'alert' }, l.error) : null,
    l.items.length
      ? l.items.map((c) => card(ctx, c))
      : h('p', { class: 'empty' }, l.loaded ? 'No change is waiting.' : 'Loading…'),
    pager(l, turn),
  );
}
