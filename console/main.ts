import { TERMINAL, type TxStatus } from '../shared/domain/transactions/transition-table.js';
import {
  Api,
  ApiError,
  redeemSignInCode,
  ssoLoginUrl,
  type Asset,
  type Change,
  type HistoryEntry,
  type Me,
  type Person,
  type Transaction,
  type TransactionFilters,
  type Vault,
  type WalletSummary,
} from './api.js';
import { h, replace } from './dom.js';
import { reasonInput } from './reason-input.js';
import {
  formatDuration,
  formatUnits,
  groupHex,
  parsePastedKey,
  parseRoute,
  routeHash,
  shortHex,
  type Route,
} from './format.js';
import { changesView, type ChangesContext } from './changes.js';
import { dateFilters, filtersView, type FilterChoice } from './filters.js';
import { emptyListing, pager, type Listing } from './listing.js';
import { forgetCredential, loadCredential, newSignInState, saveCredential, takeSignInFragment } from './session.js';

/**
 * The approver console (docs/console.md). Views, by URL fragment: sign-in; transfers awaiting approval (`#/`); the
 * history of transfers that ended (`#/history`); one transfer (`#/transactions/<id>`) with its history, the policy's
 * explanation and its decisions; and, for admins, the governance changes awaiting the quorum (`#/changes`). Every
 * call goes to the public API with the signed-in credential; what the caller may do comes from `GET /v1/me`. A 401
 * from any call forgets the credential and returns to the sign-in view.
 */
const LIST_REFRESH_MS = 5000;
const FOLLOW_POLL_MS = 1000;
/** Items per page: `?page_size=` (1..200) on the console's URL, else 25. */
const PAGE_SIZE = Math.min(200, Math.max(1, Number(new URLSearchParams(location.search).get('page_size')) || 25));
/** The history of a transfer is read up to this many pages of 200 entries. */
const HISTORY_PAGES = 5;

type Detail = { id: string; tx?: Transaction; history?: HistoryEntry[]; error?: string };

type State = {
  api: Api;
  me: Me;
  route: Route;
  pending: Listing<Transaction>;
  ended: Listing<Transaction>;
  changes: Listing<Change>;
  /** The filters of both transfer lists (the status one applies to the history only). */
  filter: FilterChoice;
  choices: { vaults: Vault[]; wallets: WalletSummary[]; assets: Asset[] };
  /** Transfers this page acted on, followed until their status ends. */
  followed: Map<string, Transaction>;
  /** Per transfer or change: the last error an action got (shown as the API worded it). */
  errors: Map<string, string>;
  /** Reasons being typed, per transfer or change, kept across re-renders. */
  reasons: Map<string, string>;
  detail?: Detail;
};

const app = document.getElementById('app')!;
const assets = new Map<string, Promise<Asset | undefined>>();
const users = new Map<string, Promise<string | undefined>>();
let state: State | undefined;
let timers: number[] = [];

function stopTimers() {
  timers.forEach((t) => clearInterval(t));
  timers = [];
}

/** Any 401: the credential expired or was revoked; back to the sign-in view with the API's message. */
function signedOut(message?: string) {
  stopTimers();
  forgetCredential();
  state = undefined;
  assets.clear();
  users.clear();
  renderSignIn(message);
}

async function guarded<T>(work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) {
      signedOut(`Signed out: ${e.message}`);
      return undefined;
    }
    throw e;
  }
}

const errorText = (e: unknown) =>
  e instanceof ApiError
    ? `${e.message} (${e.status}${e.code ? ` · ${e.code}` : ''})`
    : e instanceof Error
      ? e.message
      : String(e);

// ---- sign-in ---------------------------------------------------------------------------------------------------------

function renderSignIn(message?: string) {
  document.title = 'Sign in · Approver console';
  const tenant = h('input', {
    id: 'tenant-id',
    name: 'tenant_id',
    autocomplete: 'organization',
    placeholder: 'Tenant id',
    required: true,
  });
  tenant.value = new URLSearchParams(location.search).get('tenant_id') ?? ''; // a link such as /console?tenant_id=... (npm start -- --with-idp prints one)
  const key = h('input', {
    id: 'api-key',
    name: 'api_key',
    type: 'password',
    autocomplete: 'off',
    placeholder: 'key_id:secret',
  });
  const error = h('p', { class: 'error', role: 'alert', id: 'signin-error' }, message ?? '');
  if (!message) error.hidden = true;
  const fail = (text: string) => {
    error.textContent = text;
    error.hidden = false;
  };
  const sso = (method: 'oidc' | 'saml') => {
    const id = tenant.value.trim();
    if (!id) return fail('Enter your tenant id to sign in with single sign-on.');
    location.assign(ssoLoginUrl(id, method, newSignInState()));
  };
  const paste = () => {
    const parsed = parsePastedKey(key.value);
    if (!parsed) return fail('Paste a credential as key_id:secret.');
    saveCredential({ ...parsed, expiresAt: null });
    key.value = '';
    void start();
  };
  replace(
    app,
    h('header', { class: 'bar' }, h('h1', {}, 'Approver console')),
    h(
      'section',
      { class: 'signin', id: 'signin' },
      h('h2', {}, 'Sign in'),
      error,
      h(
        'div',
        { class: 'card' },
        h('h3', {}, 'Single sign-on'),
        h('label', { for: 'tenant-id' }, 'Tenant id'),
        tenant,
        h('button', { id: 'sso-signin', class: 'primary', onclick: () => sso('oidc') }, 'Sign in with SSO'),
        h('button', { id: 'sso-signin-saml', onclick: () => sso('saml') }, 'Sign in with SAML'),
      ),
      h(
        'div',
        { class: 'card' },
        h('h3', {}, 'Or paste a credential'),
        h('label', { for: 'api-key' }, 'Credential (key_id:secret)'),
        key,
        h('button', { id: 'key-signin', onclick: paste }, 'Use this credential'),
        h(
          'p',
          { class: 'hint' },
          'Kept in this tab only (sessionStorage) and forgotten when you sign out or close it.',
        ),
      ),
    ),
  );
  tenant.addEventListener('keydown', (e) => e.key === 'Enter' && sso('oidc'));
  key.addEventListener('keydown', (e) => e.key === 'Enter' && paste());
}

// ---- data ------------------------------------------------------------------------------------------------------------

const can = (me: Me, permission: string) => me.permissions.includes(permission);

function assetOf(api: Api, id: string) {
  if (!assets.has(id))
    assets.set(
      id,
      api.asset(id).catch(() => undefined),
    );
  return assets.get(id)!;
}

/** Who a person is: "you", the name and e-mail the transaction carries, else the e-mail when the caller may read users, else the id. */
function userLabel(s: State, p: Person): Promise<string> {
  const id = p.userId;
  if (id === s.me.user.id) return Promise.resolve('you');
  if (p.email) return Promise.resolve(p.name && p.name !== p.email ? `${p.name} <${p.email}>` : p.email);
  if (!can(s.me, 'users:read')) return Promise.resolve(id);
  if (!users.has(id))
    users.set(
      id,
      s.api.user(id).then(
        (u) => (u.name && u.name !== u.email ? `${u.name} <${u.email}>` : u.email),
        () => undefined,
      ),
    );
  return users.get(id)!.then((e) => e ?? id);
}

/** The API filters of a transfer list: the pending one, or the history (ended, optionally one ending). */
function filtersOf(s: State, list: 'pending' | 'ended'): TransactionFilters {
  const f = s.filter;
  const common = {
    vault_id: f.vaultId || undefined,
    wallet_id: f.walletId || undefined,
    asset_id: f.assetId || undefined,
    ...dateFilters(f),
  };
  return list === 'pending'
    ? { status: 'PENDING_AUTHORIZATION', ...common }
    : { ended: 'true', status: f.status || undefined, ...common };
}

/** Reads the page a listing is on (its cursor), again: the 5 s refresh, a page turn, a new filter. */
function loadList(s: State, which: 'pending' | 'ended' | 'changes') {
  if (which === 'changes')
    return loadPage(s, s.changes, (cursor) =>
      s.api.changes(PAGE_SIZE, cursor).then((p) => ({ items: p.changes, next: p.next_cursor })),
    );
  return loadPage(s, s[which], (cursor) =>
    s.api
      .transactions(filtersOf(s, which), PAGE_SIZE, cursor)
      .then((p) => ({ items: p.transactions, next: p.next_cursor })),
  );
}

async function loadPage<T>(
  s: State,
  l: Listing<T>,
  read: (cursor: string | null) => Promise<{ items: T[]; next: string | null }>,
) {
  const at = l.page;
  try {
    const page = await guarded(() => read(l.cursors[at] ?? null));
    // A list replaced or turned meanwhile (a new filter, another page, signed out) keeps what it has.
    if (!page || state !== s || l.page !== at || ![s.pending, s.ended, s.changes].includes(l as never)) return;
    l.items = page.items;
    l.next = page.next;
    l.error = undefined;
    l.loaded = true;
  } catch (e) {
    l.error = errorText(e);
  }
  render();
}

/** A new filter: both transfer lists start again at their first page. */
function applyFilter(s: State, next: FilterChoice) {
  const vaultChanged = next.vaultId !== s.filter.vaultId;
  s.filter = vaultChanged ? { ...next, walletId: '' } : next;
  s.pending = emptyListing();
  s.ended = emptyListing();
  if (vaultChanged) {
    s.choices.wallets = [];
    if (next.vaultId)
      void s.api.wallets(next.vaultId).then(
        (w) => {
          if (s.filter.vaultId === next.vaultId) s.choices.wallets = w;
          render();
        },
        () => undefined,
      );
  }
  // The lists shown are of the old filter: drawn empty at once, so that no stale row or pager stays clickable.
  render();
  void loadCurrent(s);
}

function loadCurrent(s: State) {
  const r = s.route;
  if (r.view === 'pending') return loadList(s, 'pending');
  if (r.view === 'history') return loadList(s, 'ended');
  if (r.view === 'changes') return loadList(s, 'changes');
  return loadDetail(s, r.id);
}

/** One transfer and its whole history (up to HISTORY_PAGES pages). */
async function loadDetail(s: State, id: string) {
  const d: Detail =
    s.detail?.id === id
      ? s.detail
      : { id, tx: s.followed.get(id) ?? [...s.pending.items, ...s.ended.items].find((t) => t.id === id) };
  s.detail = d;
  render();
  try {
    const [tx, history] = await Promise.all([
      guarded(() => s.api.transaction(id)),
      guarded(async () => {
        const all: HistoryEntry[] = [];
        let cursor: string | null = null;
        for (let i = 0; i < HISTORY_PAGES; i++) {
          const page = await s.api.history(id, cursor);
          all.push(...page.history);
          cursor = page.next_cursor;
          if (!cursor) break;
        }
        return all;
      }),
    ]);
    if (!tx || !history || state !== s || s.detail !== d) return;
    d.tx = tx;
    d.history = history;
    d.error = undefined;
  } catch (e) {
    d.error = errorText(e);
  }
  render();
}

async function followOnce(s: State) {
  const d = s.detail;
  const open = [...s.followed.values(), ...(d?.tx ? [d.tx] : [])].filter((tx) => !TERMINAL.has(tx.status as TxStatus));
  if (!open.length) return;
  let moved = false;
  for (const tx of open) {
    const next = await guarded(() => s.api.transaction(tx.id)).catch(() => undefined);
    if (!next || state !== s) return;
    if (s.followed.has(tx.id)) s.followed.set(tx.id, next);
    if (d?.tx?.id === tx.id && next.updatedAt !== d.tx.updatedAt) {
      d.tx = next;
      moved = true;
    }
  }
  if (moved && d && s.route.view === 'transaction') return loadDetail(s, d.id);
  render();
}

async function decide(s: State, tx: Transaction, decision: 'approve' | 'reject', reason: string) {
  try {
    const next = await guarded(() => s.api.decide(tx.id, decision, reason));
    if (!next) return;
    s.errors.delete(tx.id);
    s.reasons.delete(tx.id);
    s.followed.set(tx.id, next);
    if (s.detail?.id === tx.id) {
      s.detail.tx = next;
      void loadDetail(s, tx.id);
    }
    s.pending.items = s.pending.items
      .filter((p) => p.id !== tx.id || next.status === 'PENDING_AUTHORIZATION')
      .map((p) => (p.id === tx.id ? next : p));
  } catch (e) {
    s.errors.set(tx.id, errorText(e));
  }
  render();
}

// ---- views -----------------------------------------------------------------------------------------------------------

function text(promise: Promise<string>, initial = '…') {
  const span = h('span', {}, initial);
  void promise.then((t) => (span.textContent = t));
  return span;
}

const when = (iso: string) => new Date(iso).toLocaleString();

/** The amount in the asset's units with its symbol: from the transaction when it carries them, else from the asset. */
function unitsOf(s: State, tx: Transaction): Promise<string> {
  if (tx.amountFormatted && tx.assetSymbol) return Promise.resolve(`${tx.amountFormatted} ${tx.assetSymbol}`);
  return assetOf(s.api, tx.assetId).then((a) => (a ? `${formatUnits(tx.amount, a.decimals)} ${a.symbol}` : '?'));
}

function amount(s: State, tx: Transaction) {
  const wei = h('span', { class: 'wei' }, `${tx.amount} wei`);
  const units = text(unitsOf(s, tx));
  units.className = 'units';
  return h('div', { class: 'amount' }, units, wei);
}

function policy(tx: Transaction) {
  const approved = tx.approvals.decisions.filter((d) => d.decision === 'approved').length;
  return h(
    'div',
    { class: 'policy' },
    h(
      'span',
      { class: 'badge' },
      tx.policyDecision.outcome === 'require_approval' ? 'approval required' : tx.policyDecision.outcome,
    ),
    h('span', { class: 'count' }, ` ${approved} of ${tx.approvals.required} approvals`),
    tx.approvals.complianceReviewRequired ? h('span', { class: 'badge warn' }, 'compliance review') : null,
    tx.policyDecision.reasons.length
      ? h('small', {}, tx.policyDecision.reasons.map((r) => withPolicyNames(tx, r)).join('; '))
      : null,
  );
}

const policyName = (tx: Transaction, id: string) => tx.policyDecision.policies?.find((p) => p.id === id)?.name ?? null;

/** A policy reason (`policy <id> rule 0 (...)`) with the policy's name instead of its id, when the transaction names it. */
function withPolicyNames(tx: Transaction, reason: string): string {
  let out = reason;
  for (const p of tx.policyDecision.policies ?? [])
    if (p.name) out = out.split(`policy ${p.id}`).join(`policy "${p.name}"`);
  return out;
}

/** The paying vault and wallet, by name, with the wallet's full address. */
function source(tx: Transaction) {
  const vault = tx.sourceVault?.name ?? tx.sourceVaultId;
  const wallet = tx.sourceWallet?.label ?? tx.sourceWallet?.address ?? tx.sourceWalletId;
  return h('div', { class: 'source' }, h('span', {}, vault), h('small', { class: 'mono' }, ` · ${wallet}`));
}

/**
 * The destination in full, grouped by four (never shortened); selecting it selects the whole address (to copy and
 * compare). Its address-book name when it has one; a warning when it only looks like an entry (possible address
 * poisoning); and whether this vault has ever paid it.
 */
function destination(tx: Transaction) {
  const lookalike = tx.destinationLookalike;
  return h(
    'div',
    {},
    tx.destinationAddr
      ? h('span', { class: 'mono destination', title: tx.destinationAddr }, groupHex(tx.destinationAddr))
      : h('span', { class: 'hint' }, 'no destination'),
    tx.destinationName ? h('span', { class: 'badge destination-name' }, tx.destinationName) : null,
    lookalike
      ? h('span', { class: 'badge warn lookalike', title: lookalike.address }, `looks like "${lookalike.name}", not it`)
      : null,
    tx.firstTimeDestination
      ? h(
          'span',
          { class: 'badge warn first-time', title: 'No transfer from this vault to this address has completed before' },
          'first payment to this address',
        )
      : null,
  );
}

function screening(tx: Transaction) {
  if (!tx.screening) return h('span', { class: 'badge' }, 'not screened');
  return h(
    'span',
    { class: `badge screening-${tx.screening.result}`, title: tx.screening.reason ?? tx.screening.provider },
    tx.screening.result,
  );
}

/**
 * What the caller may do on a pending transfer: nothing without `transactions:approve`; after its own decision, that
 * decision (when and why) instead of buttons; for its own transfer, why not; else a reason and the two buttons.
 */
function actions(s: State, tx: Transaction) {
  if (!can(s.me, 'transactions:approve')) return null;
  const mine = tx.approvals.decisions.find((d) => d.userId === s.me.user.id);
  if (mine) {
    return h(
      'span',
      { class: 'hint decided' },
      `You ${mine.decision} this transfer on ${when(mine.decidedAt)}`,
      mine.reason ? `: “${mine.reason}”` : '',
      ' (each approver decides once)',
    );
  }
  if (tx.initiatedBy?.userId === s.me.user.id)
    return h('span', { class: 'hint own' }, 'You submitted this transfer: another approver decides');
  if (tx.status !== 'PENDING_AUTHORIZATION') return null;
  const reason = reasonInput(s.reasons, tx.id);
  const go = (d: 'approve' | 'reject') => async (e: Event) => {
    const buttons = (e.currentTarget as HTMLElement).parentElement!.querySelectorAll('button');
    // The decision is confirmed against the full amount, asset and destination (never a shortened address).
    const first = tx.firstTimeDestination ? '\nThis vault has never paid this address before.' : '';
    const question = `${d === 'approve' ? 'Approve' : 'Reject'} sending ${await unitsOf(s, tx)} (${tx.amount} wei)\nfrom ${tx.sourceVault?.name ?? tx.sourceVaultId}\nto ${tx.destinationAddr ?? '(no destination)'}?${first}`;
    if (!confirm(question)) return;
    buttons.forEach((b) => (b.disabled = true));
    void decide(s, tx, d, reason.value.trim());
  };
  return h(
    'div',
    { class: 'actions' },
    reason,
    h('button', { class: 'approve primary', onclick: go('approve') }, 'Approve'),
    h('button', { class: 'reject danger', onclick: go('reject') }, 'Reject'),
  );
}

const detailsLink = (tx: Transaction) =>
  h('a', { class: 'link details', href: routeHash({ view: 'transaction', id: tx.id }) }, 'Details');

function pendingRow(s: State, tx: Transaction) {
  const error = s.errors.get(tx.id);
  const submitter = tx.initiatedBy ? text(userLabel(s, tx.initiatedBy)) : '—';
  return h(
    'tr',
    { 'data-tx': tx.id, class: 'tx' },
    h('td', {}, amount(s, tx)),
    h('td', {}, source(tx)),
    h('td', {}, destination(tx)),
    h('td', {}, policy(tx)),
    h('td', {}, screening(tx)),
    h('td', { class: 'submitter' }, submitter),
    h('td', { class: 'waited' }, formatDuration(Date.now() - Date.parse(tx.createdAt))),
    h('td', {}, actions(s, tx), error ? h('p', { class: 'error', role: 'alert' }, error) : null, detailsLink(tx)),
  );
}

function endedRow(s: State, tx: Transaction) {
  const decisions = tx.approvals.decisions.map((d) =>
    h('li', {}, `${d.decision} by `, text(userLabel(s, d)), d.reason ? ` — ${d.reason}` : ''),
  );
  return h(
    'tr',
    { 'data-tx': tx.id, class: 'tx' },
    h(
      'td',
      {},
      h('span', { class: `status status-${tx.status}` }, tx.status),
      tx.failureReason ? h('small', { class: 'why' }, tx.failureReason) : null,
    ),
    h('td', {}, amount(s, tx)),
    h('td', {}, source(tx)),
    h('td', {}, destination(tx)),
    h('td', { class: 'submitter' }, tx.initiatedBy ? text(userLabel(s, tx.initiatedBy)) : '—'),
    h(
      'td',
      {},
      decisions.length ? h('ul', { class: 'decisions' }, decisions) : h('span', { class: 'hint' }, 'no decision'),
    ),
    h('td', { class: 'ended-at' }, when(tx.updatedAt)),
    h('td', {}, detailsLink(tx)),
  );
}

function followedList(s: State) {
  if (!s.followed.size) return null;
  return h(
    'section',
    { id: 'followed' },
    h('h2', {}, 'Your decisions'),
    h(
      'ul',
      { class: 'followed' },
      [...s.followed.values()].map((tx) =>
        h(
          'li',
          { 'data-tx': tx.id },
          h('a', { class: 'mono', href: routeHash({ view: 'transaction', id: tx.id }) }, shortHex(tx.id, 4)),
          ' ',
          h('span', { class: `status status-${tx.status}` }, tx.status),
          TERMINAL.has(tx.status as TxStatus) ? null : h('span', { class: 'hint' }, ' following…'),
          tx.failureReason ? h('small', {}, ` ${tx.failureReason}`) : null,
        ),
      ),
    ),
  );
}

function header(s: State) {
  const session = s.me.credential.kind === 'session' && s.me.credential.expires_at;
  const tab = (id: string, route: Route, label: string) =>
    h('a', { id, href: routeHash(route), class: s.route.view === route.view ? 'tab current' : 'tab' }, label);
  return h(
    'header',
    { class: 'bar' },
    h('h1', {}, 'Approver console'),
    h(
      'nav',
      { class: 'tabs' },
      tab('nav-pending', { view: 'pending' }, 'Awaiting approval'),
      tab('nav-history', { view: 'history' }, 'History'),
      can(s.me, 'tenants:approve') ? tab('nav-changes', { view: 'changes' }, 'Governance changes') : null,
    ),
    h(
      'div',
      { class: 'who' },
      h('span', { id: 'who' }, s.me.user.email),
      h('span', { class: 'roles' }, s.me.roles.map((r) => r.replace(/^role_/, '')).join(', ')),
      session ? h('span', { class: 'hint' }, `session until ${new Date(session).toLocaleTimeString()}`) : null,
      h('button', { id: 'sign-out', onclick: () => void signOut(s) }, 'Sign out'),
    ),
  );
}

function turnPage(s: State, which: 'pending' | 'ended' | 'changes', by: 1 | -1) {
  const l = s[which];
  if (by === 1 && !l.next) return; // no older page (or a listing not read yet)
  if (by === 1) l.cursors[l.page + 1] = l.next;
  l.page = Math.max(0, l.page + by);
  void loadList(s, which);
}

function filters(s: State, withStatus: boolean) {
  return filtersView(s.filter, s.choices, withStatus, (next) => applyFilter(s, next));
}

function pendingView(s: State) {
  const mayApprove = can(s.me, 'transactions:approve');
  const l = s.pending;
  return h(
    'section',
    { id: 'pending' },
    h(
      'h2',
      {},
      'Awaiting approval ',
      h('span', { class: 'count' }, `(${l.items.length}${l.next || l.page ? ` on page ${l.page + 1}` : ''})`),
    ),
    mayApprove
      ? null
      : h('p', { class: 'hint', id: 'read-only' }, 'Your roles let you see these transfers, not decide on them.'),
    filters(s, false),
    l.error ? h('p', { class: 'error', role: 'alert' }, l.error) : null,
    transferTable(
      l,
      ['Amount', 'From', 'Destination', 'Policy', 'Screening', 'Submitted by', 'Waiting', ''],
      (tx) => pendingRow(s, tx),
      'Nothing is waiting for approval.',
    ),
    pager(l, (by) => turnPage(s, 'pending', by)),
  );
}

/** A page of transfers as a table, one row each, or what to say when there is none (yet). */
function transferTable(
  l: State['ended'],
  headers: string[],
  row: (tx: State['ended']['items'][number]) => ReturnType<typeof h>,
  empty: string,
) {
  return l.items.length
    ? h(
        'table',
        {},
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            headers.map((c) => h('th', {}, c)),
          ),
        ),
        h('tbody', {}, l.items.map(row)),
      )
    : h('p', { class: 'empty' }, l.loaded ? empty : 'Loading…');
}

function historyView(s: State) {
  const l = s.ended;
  return h(
    'section',
    { id: 'history' },
    h('h2', {}, 'Decided and ended transfers'),
    filters(s, true),
    l.error ? h('p', { class: 'error', role: 'alert' }, l.error) : null,
    transferTable(
      l,
      ['Status', 'Amount', 'From', 'Destination', 'Submitted by', 'Decisions', 'Ended', ''],
      (tx) => endedRow(s, tx),
      'No transfer matches.',
    ),
    pager(l, (by) => turnPage(s, 'ended', by)),
  );
}

/** "Why does this need approval": each rule that concerned the transfer, from the decision kept at submission. */
function explanation(tx: Transaction, history: HistoryEntry[] | undefined) {
  const created = history?.find((e) => e.action === 'transaction.created');
  const checks = created?.policyDecision?.checks ?? [];
  const items = checks.map((c) =>
    h(
      'li',
      { class: `check check-${c.result}` },
      h('span', { class: `badge result-${c.result}` }, c.result.replace(/_/g, ' ')),
      ` ${policyName(tx, c.policy_id) ? `“${policyName(tx, c.policy_id)}”` : `policy ${c.policy_id}`} rule ${c.rule_index} (${c.type}): `,
      c.detail,
    ),
  );
  return h(
    'section',
    { id: 'explanation' },
    h('h3', {}, tx.policyDecision.outcome === 'require_approval' ? 'Why this needs approval' : 'Policy decision'),
    tx.policyDecision.reasons.length
      ? h('p', {}, tx.policyDecision.reasons.map((r) => withPolicyNames(tx, r)).join('; '))
      : null,
    items.length
      ? h('ul', { class: 'checks' }, items)
      : h('p', { class: 'hint' }, history ? 'No rule concerned this transfer.' : 'Loading…'),
  );
}

function feeText(tx: Transaction): string {
  if (!tx.fee) return 'not estimated yet (set once approved: gas limit × max fee per gas)';
  const units = `${formatUnits(tx.fee, 18)} (${tx.fee} wei)`;
  return tx.status === 'COMPLETED'
    ? `${units}, paid`
    : `${units}, at most${tx.gasLimit ? ` (gas limit ${tx.gasLimit})` : ''}`;
}

function replacements(tx: Transaction) {
  if (!tx.replacements?.length) return null;
  return h(
    'section',
    { id: 'replacements' },
    h('h3', {}, 'Replacements'),
    h(
      'table',
      {},
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          ['Why', 'Status', 'Max fee per gas', 'Hash', 'Created'].map((c) => h('th', {}, c)),
        ),
      ),
      h(
        'tbody',
        {},
        tx.replacements.map((r) =>
          h(
            'tr',
            {},
            h('td', {}, r.reason, r.cancel ? ' (cancel)' : ''),
            h('td', {}, r.status, r.rejection ? ` — ${r.rejection}` : ''),
            h('td', { class: 'mono' }, r.maxFeePerGas),
            h('td', { class: 'mono' }, r.hash ?? '—'),
            h('td', {}, when(r.createdAt)),
          ),
        ),
      ),
    ),
  );
}

function actorOf(s: State, e: HistoryEntry): Node | string {
  if (e.actor.type === 'system') return e.actor.component ?? 'the service';
  if (!e.actor.userId) return 'a user';
  return text(userLabel(s, { userId: e.actor.userId, name: e.actor.name, email: e.actor.email }));
}

function timeline(s: State, history: HistoryEntry[] | undefined) {
  return h(
    'section',
    { id: 'timeline' },
    h('h3', {}, 'History'),
    history
      ? h(
          'ol',
          { class: 'timeline' },
          history.map((e) =>
            h(
              'li',
              {},
              h('time', { datetime: e.timestamp }, when(e.timestamp)),
              ' ',
              e.decision
                ? h(
                    'strong',
                    {},
                    `${e.decision.decision}${e.decision.approvalsRequired ? ` (${e.decision.approvalsReceived ?? '?'} of ${e.decision.approvalsRequired})` : ''}`,
                  )
                : h('strong', {}, e.fromStatus ? `${e.fromStatus} → ${e.toStatus}` : (e.toStatus ?? e.action)),
              e.trigger ? ` · ${e.trigger}` : '',
              ' · by ',
              actorOf(s, e),
              e.reason ? ` — ${e.reason}` : '',
              e.failureReason && e.failureReason !== e.reason ? ` — ${e.failureReason}` : '',
              e.screening
                ? ` — screening ${e.screening.result}${e.screening.reason ? `: ${e.screening.reason}` : ''}`
                : '',
            ),
          ),
        )
      : h('p', { class: 'hint' }, 'Loading…'),
  );
}

function detailView(s: State, d: Detail) {
  const tx = d.tx;
  const error = s.errors.get(d.id) ?? d.error;
  const back = h(
    'a',
    {
      class: 'link',
      id: 'back',
      href: routeHash({ view: tx && TERMINAL.has(tx.status as TxStatus) ? 'history' : 'pending' }),
    },
    '← Back to the list',
  );
  if (!tx)
    return h(
      'section',
      { id: 'detail', 'data-tx': d.id },
      back,
      error ? h('p', { class: 'error', role: 'alert' }, error) : h('p', { class: 'hint' }, 'Loading…'),
    );
  const field = (name: string, value: Node | string, id?: string) => [
    h('dt', {}, name),
    h('dd', id ? { id } : {}, value),
  ];
  return h(
    'section',
    { id: 'detail', 'data-tx': tx.id },
    back,
    h('h2', {}, 'Transfer ', h('span', { class: 'mono' }, tx.id)),
    h(
      'dl',
      {},
      field(
        'Status',
        h(
          'span',
          {},
          h('span', { class: `status status-${tx.status}`, id: 'detail-status' }, tx.status),
          tx.subStatus ? h('small', { class: 'hint' }, ` ${tx.subStatus.toLowerCase().replace(/_/g, ' ')}`) : null,
        ),
      ),
      field('Amount', amount(s, tx)),
      field('From', source(tx)),
      field('Destination', destination(tx)),
      field(
        'Paid before from this vault',
        tx.firstTimeDestination === null || tx.firstTimeDestination === undefined
          ? '—'
          : tx.firstTimeDestination
            ? 'No: a first payment to this address'
            : 'Yes',
        'detail-first-time',
      ),
      field('Submitted by', tx.initiatedBy ? text(userLabel(s, tx.initiatedBy)) : '—'),
      field('Submitted', `${when(tx.createdAt)} (${formatDuration(Date.now() - Date.parse(tx.createdAt))} ago)`),
      field('Policy', policy(tx)),
      field(
        'Screening',
        h(
          'span',
          {},
          screening(tx),
          tx.screening
            ? ` ${tx.screening.provider}${tx.screening.reason ? `: ${tx.screening.reason}` : ''} · ${when(tx.screening.checkedAt)}`
            : '',
        ),
        'detail-screening',
      ),
      field('Estimated fee', feeText(tx), 'detail-fee'),
      field('Approval window ends', tx.approvals.expiresAt ? when(tx.approvals.expiresAt) : '—'),
      tx.note ? field('Note', tx.note) : [],
      tx.failureReason ? field('Reason', tx.failureReason) : [],
      tx.chainTxHash ? field('Chain transaction', h('span', { class: 'mono' }, tx.chainTxHash)) : [],
    ),
    explanation(tx, d.history),
    h('h3', {}, 'Decisions'),
    tx.approvals.decisions.length
      ? h(
          'ul',
          { class: 'decisions', id: 'decisions' },
          tx.approvals.decisions.map((d) =>
            h(
              'li',
              {},
              h('strong', {}, d.decision),
              ' by ',
              text(userLabel(s, d)),
              d.compliance ? ' (compliance)' : '',
              d.reason ? ` — ${d.reason}` : '',
              ` · ${when(d.decidedAt)}`,
            ),
          ),
        )
      : h('p', { class: 'hint' }, 'No decision yet.'),
    actions(s, tx),
    error ? h('p', { class: 'error', role: 'alert' }, error) : null,
    replacements(tx),
    timeline(s, d.history),
  );
}

function changesContext(s: State): ChangesContext {
  return {
    api: s.api,
    me: s.me,
    changes: s.changes,
    errors: s.errors,
    reasons: s.reasons,
    userLabel: (p) => userLabel(s, p),
    guarded,
    errorText,
    reload: () => void loadList(s, 'changes'),
  };
}

function titleOf(s: State): string {
  switch (s.route.view) {
    case 'transaction':
      return 'Transfer · Approver console';
    case 'history':
      return 'History · Approver console';
    case 'changes':
      return 'Governance changes · Approver console';
    default:
      return `(${s.pending.items.length}) Awaiting approval · Approver console`;
  }
}

function render() {
  const s = state;
  if (!s) return;
  document.title = titleOf(s);
  // Keep what the user is typing: no re-render while a reason has focus; a filter keeps its focus across one.
  const active = document.activeElement;
  if (active instanceof HTMLElement && app.contains(active) && active.classList.contains('reason')) return;
  const focused =
    active instanceof HTMLElement && app.contains(active) && active.closest('.filters') ? active.id : undefined;
  const r = s.route;
  const main =
    r.view === 'transaction' && s.detail
      ? detailView(s, s.detail)
      : r.view === 'history'
        ? historyView(s)
        : r.view === 'changes'
          ? changesView(changesContext(s), (by) => turnPage(s, 'changes', by))
          : pendingView(s);
  replace(app, header(s), h('div', { class: 'content' }, main, followedList(s)));
  if (focused) document.getElementById(focused)?.focus();
}

/** Follows the URL fragment: a new route renders at once with what is known, then reads its data. */
function route(s: State) {
  s.route = parseRoute(location.hash);
  if (s.route.view === 'changes' && !can(s.me, 'tenants:approve')) s.route = { view: 'pending' };
  if (s.route.view !== 'transaction') s.detail = undefined;
  render();
  void loadCurrent(s);
}

async function signOut(s: State) {
  stopTimers();
  if (s.me.credential.kind === 'session') await s.api.logout().catch(() => undefined); // 404 when SSO is absent: nothing to end
  signedOut();
}

/** The choices of the filters: the tenant's vaults and assets (every role may read them). */
async function loadChoices(s: State) {
  const [vaults, list] = await Promise.all([s.api.vaults().catch(() => []), s.api.assets().catch(() => [])]);
  s.choices.vaults = vaults;
  s.choices.assets = list;
  render();
}

async function start() {
  const signInError = await takeSignInFragment(redeemSignInCode);
  const credential = loadCredential();
  if (!credential) return renderSignIn(signInError);
  const api = new Api(credential);
  let me: Me | undefined;
  try {
    me = await guarded(() => api.me());
  } catch (e) {
    forgetCredential();
    return renderSignIn(e instanceof Error ? e.message : String(e));
  }
  if (!me) return;
  stopTimers();
  const s: State = {
    api,
    me,
    route: { view: 'pending' },
    pending: emptyListing(),
    ended: emptyListing(),
    changes: emptyListing(),
    filter: { status: '', vaultId: '', walletId: '', assetId: '', from: '', to: '' },
    choices: { vaults: [], wallets: [], assets: [] },
    followed: new Map(),
    errors: new Map(),
    reasons: new Map(),
  };
  state = s;
  void loadChoices(s);
  route(s);
  timers.push(window.setInterval(() => s.route.view !== 'transaction' && void loadCurrent(s), LIST_REFRESH_MS));
  timers.push(window.setInterval(() => void followOnce(s), FOLLOW_POLL_MS));
}

window.addEventListener('hashchange', () => state && route(state));
void start();
