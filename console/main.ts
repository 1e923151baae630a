import { TERMINAL, type TxStatus } from '../shared/domain/transactions/transition-table.js';
import { Api, ApiError, redeemSignInCode, ssoLoginUrl, type Asset, type Me, type Person, type Transaction } from './api.js';
import { h, replace } from './dom.js';
import { formatDuration, formatUnits, groupHex, parsePastedKey, shortHex } from './format.js';
import { forgetCredential, loadCredential, newSignInState, saveCredential, takeSignInFragment } from './session.js';

/**
 * The approver console (docs/console.md). Three views: sign-in, the list of transfers awaiting approval, and one
 * transfer's detail. Every call goes to the public API with the signed-in credential; what the caller may do comes
 * from `GET /v1/me`. A 401 from any call forgets the credential and returns to the sign-in view.
 */
const LIST_REFRESH_MS = 5000;
const FOLLOW_POLL_MS = 1000;

type State = {
  api: Api;
  me: Me;
  pending: Transaction[];
  /** Transfers this page acted on, followed until their status ends. */
  followed: Map<string, Transaction>;
  /** Per transfer: the last error an action got (shown as the API worded it). */
  errors: Map<string, string>;
  /** Reasons being typed, per transfer, kept across re-renders. */
  reasons: Map<string, string>;
  /** The transfer shown in the detail view (followed too while it is open). */
  detail?: Transaction;
  listError?: string;
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

// ---- sign-in ---------------------------------------------------------------------------------------------------------

function renderSignIn(message?: string) {
  document.title = 'Sign in · Approver console';
  const tenant = h('input', { id: 'tenant-id', name: 'tenant_id', autocomplete: 'organization', placeholder: 'Tenant id', required: true });
  tenant.value = new URLSearchParams(location.search).get('tenant_id') ?? ''; // a link such as /console?tenant_id=... (npm start -- --with-idp prints one)
  const key = h('input', { id: 'api-key', name: 'api_key', type: 'password', autocomplete: 'off', placeholder: 'key_id:secret' });
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
      h('div', { class: 'card' }, h('h3', {}, 'Single sign-on'), h('label', { for: 'tenant-id' }, 'Tenant id'), tenant, h('button', { id: 'sso-signin', class: 'primary', onclick: () => sso('oidc') }, 'Sign in with SSO'),
        h('button', { id: 'sso-signin-saml', onclick: () => sso('saml') }, 'Sign in with SAML'),
      ),
      h(
        'div',
        { class: 'card' },
        h('h3', {}, 'Or paste a credential'),
        h('label', { for: 'api-key' }, 'Credential (key_id:secret)'),
        key,
        h('button', { id: 'key-signin', onclick: paste }, 'Use this credential'),
        h('p', { class: 'hint' }, 'Kept in this tab only (sessionStorage) and forgotten when you sign out or close it.'),
      ),
    ),
  );
  tenant.addEventListener('keydown', (e) => e.key === 'Enter' && sso('oidc'));
  key.addEventListener('keydown', (e) => e.key === 'Enter' && paste());
}

// ---- data ------------------------------------------------------------------------------------------------------------

const can = (me: Me, permission: string) => me.permissions.includes(permission);

function assetOf(api: Api, id: string) {
  if (!assets.has(id)) assets.set(id, api.asset(id).catch(() => undefined));
  return assets.get(id)!;
}

/** Who a person is: "you", the name and e-mail the transaction carries, else the e-mail when the caller may read users, else the id. */
function userLabel(s: State, p: Person): Promise<string> {
  const id = p.userId;
  if (id === s.me.user.id) return Promise.resolve('you');
  if (p.email) return Promise.resolve(p.name && p.name !== p.email ? `${p.name} <${p.email}>` : p.email);
  if (!can(s.me, 'users:read')) return Promise.resolve(id);
  if (!users.has(id)) users.set(id, s.api.user(id).then((u) => u.email, () => undefined));
  return users.get(id)!.then((e) => e ?? id);
}

async function refreshPending(s: State) {
  try {
    const list = await guarded(() => s.api.pending());
    if (!list || state !== s) return;
    s.pending = list;
    s.listError = undefined;
  } catch (e) {
    s.listError = e instanceof Error ? e.message : String(e);
  }
  render();
}

async function followOnce(s: State) {
  const open = [...s.followed.values(), ...(s.detail ? [s.detail] : [])].filter((tx) => !TERMINAL.has(tx.status as TxStatus));
  if (!open.length) return;
  for (const tx of open) {
    const next = await guarded(() => s.api.transaction(tx.id)).catch(() => undefined);
    if (!next || state !== s) return;
    if (s.followed.has(tx.id)) s.followed.set(tx.id, next);
    if (s.detail?.id === tx.id) s.detail = next;
  }
  render();
}

async function decide(s: State, tx: Transaction, decision: 'approve' | 'reject', reason: string) {
  try {
    const next = await guarded(() => s.api.decide(tx.id, decision, reason));
    if (!next) return;
    s.errors.delete(tx.id);
    s.reasons.delete(tx.id);
    s.followed.set(tx.id, next);
    if (s.detail?.id === tx.id) s.detail = next;
    s.pending = s.pending.filter((p) => p.id !== tx.id || next.status === 'PENDING_AUTHORIZATION').map((p) => (p.id === tx.id ? next : p));
  } catch (e) {
    s.errors.set(tx.id, e instanceof ApiError ? `${e.message} (${e.status}${e.code ? ` · ${e.code}` : ''})` : String(e));
  }
  render();
}

// ---- views -----------------------------------------------------------------------------------------------------------

function text(promise: Promise<string>, initial = '…') {
  const span = h('span', {}, initial);
  void promise.then((t) => (span.textContent = t));
  return span;
}

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
    h('span', { class: 'badge' }, tx.policyDecision.outcome === 'require_approval' ? 'approval required' : tx.policyDecision.outcome),
    h('span', { class: 'count' }, ` ${approved} of ${tx.approvals.required} approvals`),
    tx.approvals.complianceReviewRequired ? h('span', { class: 'badge warn' }, 'compliance review') : null,
    tx.policyDecision.reasons.length ? h('small', {}, tx.policyDecision.reasons.map((r) => withPolicyNames(tx, r)).join('; ')) : null,
  );
}

/** A policy reason (`policy <id> rule 0 (...)`) with the policy's name instead of its id, when the transaction names it. */
function withPolicyNames(tx: Transaction, reason: string): string {
  let out = reason;
  for (const p of tx.policyDecision.policies ?? []) if (p.name) out = out.split(`policy ${p.id}`).join(`policy "${p.name}"`);
  return out;
}

/** The paying vault and wallet, by name, with the wallet's full address. */
function source(tx: Transaction) {
  const vault = tx.sourceVault?.name ?? tx.sourceVaultId;
  const wallet = tx.sourceWallet?.label ?? tx.sourceWallet?.address ?? tx.sourceWalletId;
  return h('div', { class: 'source' }, h('span', {}, vault), h('small', { class: 'mono' }, ` · ${wallet}`));
}

/**
 * The destination in full, grouped by four; selecting it selects the whole address (to copy and compare). Its
 * address-book name when it has one; a warning when it only looks like an entry (possible address poisoning).
 */
function destination(tx: Transaction) {
  const lookalike = tx.destinationLookalike;
  return h(
    'span',
    {},
    h('span', { class: 'mono destination', title: tx.destinationAddr }, groupHex(tx.destinationAddr)),
    tx.destinationName ? h('span', { class: 'badge destination-name' }, tx.destinationName) : null,
    lookalike ? h('span', { class: 'badge warn lookalike', title: lookalike.address }, `looks like "${lookalike.name}", not it`) : null,
  );
}

function screening(tx: Transaction) {
  if (!tx.screening) return h('span', { class: 'badge' }, 'not screened');
  return h('span', { class: `badge screening-${tx.screening.result}`, title: tx.screening.reason ?? tx.screening.provider }, tx.screening.result);
}

function actions(s: State, tx: Transaction) {
  if (!can(s.me, 'transactions:approve')) return null;
  if (tx.approvals.decisions.some((d) => d.userId === s.me.user.id)) return h('span', { class: 'hint decided' }, 'You have decided');
  if (tx.initiatedBy?.userId === s.me.user.id) return h('span', { class: 'hint own' }, 'You submitted this transfer: another approver decides');
  const reason = h('input', { class: 'reason', name: 'reason', placeholder: 'Reason', 'aria-label': 'Reason', maxlength: '500', value: s.reasons.get(tx.id) ?? '' });
  reason.addEventListener('input', () => s.reasons.set(tx.id, reason.value));
  const go = (d: 'approve' | 'reject') => async (e: Event) => {
    const buttons = (e.currentTarget as HTMLElement).parentElement!.querySelectorAll('button');
    // The decision is confirmed against the full amount, asset and destination (never a shortened address).
    const question = `${d === 'approve' ? 'Approve' : 'Reject'} sending ${await unitsOf(s, tx)} (${tx.amount} wei)\nfrom ${tx.sourceVault?.name ?? tx.sourceVaultId}\nto ${tx.destinationAddr}?`;
    if (!confirm(question)) return;
    buttons.forEach((b) => (b.disabled = true));
    void decide(s, tx, d, reason.value.trim());
  };
  return h('div', { class: 'actions' }, reason, h('button', { class: 'approve primary', onclick: go('approve') }, 'Approve'), h('button', { class: 'reject danger', onclick: go('reject') }, 'Reject'));
}

function row(s: State, tx: Transaction) {
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
    h('td', {}, actions(s, tx), error ? h('p', { class: 'error', role: 'alert' }, error) : null, h('button', { class: 'link details', onclick: () => showDetail(s, tx) }, 'Details')),
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
          h('span', { class: 'mono' }, shortHex(tx.id, 4)),
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
  return h(
    'header',
    { class: 'bar' },
    h('h1', {}, 'Approver console'),
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

function pendingView(s: State) {
  const mayApprove = can(s.me, 'transactions:approve');
  return h(
    'section',
    { id: 'pending' },
    h('h2', {}, 'Awaiting approval ', h('span', { class: 'count' }, `(${s.pending.length})`)),
    mayApprove ? null : h('p', { class: 'hint', id: 'read-only' }, 'Your roles let you see these transfers, not decide on them.'),
    s.listError ? h('p', { class: 'error', role: 'alert' }, s.listError) : null,
    s.pending.length
      ? h(
          'table',
          {},
          h('thead', {}, h('tr', {}, ['Amount', 'From', 'Destination', 'Policy', 'Screening', 'Submitted by', 'Waiting', ''].map((c) => h('th', {}, c)))),
          h('tbody', {}, s.pending.map((tx) => row(s, tx))),
        )
      : h('p', { class: 'empty' }, 'Nothing is waiting for approval.'),
  );
}

function detailView(s: State, tx: Transaction) {
  const error = s.errors.get(tx.id);
  const field = (name: string, value: Node | string) => [h('dt', {}, name), h('dd', {}, value)];
  return h(
    'section',
    { id: 'detail', 'data-tx': tx.id },
    h('button', { class: 'link', id: 'back', onclick: () => showDetail(s, undefined) }, '← All pending transfers'),
    h('h2', {}, 'Transfer ', h('span', { class: 'mono' }, tx.id)),
    h(
      'dl',
      {},
      field('Status', h('span', { class: `status status-${tx.status}`, id: 'detail-status' }, tx.status)),
      field('Amount', amount(s, tx)),
      field('From', source(tx)),
      field('Destination', destination(tx)),
      field('Submitted by', tx.initiatedBy ? text(userLabel(s, tx.initiatedBy)) : '—'),
      field('Submitted', `${new Date(tx.createdAt).toLocaleString()} (${formatDuration(Date.now() - Date.parse(tx.createdAt))} ago)`),
      field('Policy', policy(tx)),
      field('Screening', h('span', {}, screening(tx), tx.screening?.reason ? ` ${tx.screening.reason}` : '')),
      field('Approval window ends', tx.approvals.expiresAt ? new Date(tx.approvals.expiresAt).toLocaleString() : '—'),
      tx.note ? field('Note', tx.note) : [],
      tx.failureReason ? field('Reason', tx.failureReason) : [],
      tx.chainTxHash ? field('Chain transaction', h('span', { class: 'mono' }, tx.chainTxHash)) : [],
    ),
    h('h3', {}, 'Decisions'),
    tx.approvals.decisions.length
      ? h('ul', { class: 'decisions' }, tx.approvals.decisions.map((d) => h('li', {}, h('strong', {}, d.decision), ' by ', text(userLabel(s, d)), d.compliance ? ' (compliance)' : '', d.reason ? ` — ${d.reason}` : '', ` · ${new Date(d.decidedAt).toLocaleString()}`)))
      : h('p', { class: 'hint' }, 'No decision yet.'),
    tx.status === 'PENDING_AUTHORIZATION' ? actions(s, tx) : null,
    error ? h('p', { class: 'error', role: 'alert' }, error) : null,
  );
}

function showDetail(s: State, tx: Transaction | undefined) {
  s.detail = tx && (s.followed.get(tx.id) ?? tx);
  render();
  if (tx) void followOnce(s);
}

function render() {
  const s = state;
  if (!s) return;
  const detail = s.detail;
  document.title = detail ? 'Transfer · Approver console' : `(${s.pending.length}) Awaiting approval · Approver console`;
  // Keep what the user is typing: re-render the list only when no reason field has focus.
  if (document.activeElement instanceof HTMLInputElement && document.activeElement.classList.contains('reason') && app.contains(document.activeElement)) return;
  replace(app, header(s), h('div', { class: 'content' }, detail ? detailView(s, detail) : pendingView(s), followedList(s)));
}

async function signOut(s: State) {
  stopTimers();
  if (s.me.credential.kind === 'session') await s.api.logout().catch(() => undefined); // 404 when SSO is absent: nothing to end
  signedOut();
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
  const s: State = { api, me, pending: [], followed: new Map(), errors: new Map(), reasons: new Map() };
  state = s;
  await refreshPending(s);
  timers.push(window.setInterval(() => void refreshPending(s), LIST_REFRESH_MS));
  timers.push(window.setInterval(() => void followOnce(s), FOLLOW_POLL_MS));
}

void start();
