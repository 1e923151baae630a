import { existsSync } from 'node:fs';
import type { CustodyClient, KeyFile, Transaction } from '../typescript/src/index.js';
import { fields, json, table, type Io, type Row } from './output.js';
import { UsageError, writeKeyFile } from './session.js';

/**
 * The commands that make one or two calls and print the answer: tenants, vaults, wallets, users, policies, the
 * address book, transfers, approvals, speed-ups and cancels, and the audit check. Each prints a short human form, or
 * the answer as JSON with `--json`.
 */
export type Ctx = {
  io: Io;
  client: CustodyClient;
  key: KeyFile;
  baseUrl: string;
  json: boolean;
  /** `--quiet`: only the id of what was created or listed, one a line (for shell variables). */
  quiet: boolean;
  positionals: string[];
  values: Record<string, string | boolean | (string | boolean)[] | undefined>;
};

const str = (ctx: Ctx, name: string): string | undefined => ctx.values[name] as string | undefined;
function need(ctx: Ctx, name: string): string {
  const v = str(ctx, name);
  if (v === undefined || v === '') throw new UsageError(`--${name} is required`);
  return v;
}
function arg(ctx: Ctx, what: string): string {
  const v = ctx.positionals[0];
  if (v === undefined) throw new UsageError(`missing <${what}>`);
  return v;
}
function limit(ctx: Ctx): number {
  const v = str(ctx, 'limit') ?? '50';
  if (!/^\d+$/.test(v) || Number(v) < 1) throw new UsageError('--limit must be a positive integer');
  return Number(v);
}
async function take<T>(items: AsyncIterable<T>, max: number): Promise<T[]> {
  const out: T[] = [];
  if (max <= 0) return out;
  for await (const item of items) {
    out.push(item);
    if (out.length >= max) break;
  }
  return out;
}
/** Checked before the call that creates a secret: once created, a secret that cannot be written is lost. */
function freeKeyFile(ctx: Ctx): string | undefined {
  const file = str(ctx, 'save-key');
  if (file && existsSync(file)) throw new UsageError(`${file} exists: choose another --save-key file`);
  return file;
}
function show(ctx: Ctx, value: unknown, human: () => string): void {
  if (ctx.quiet && !ctx.json) {
    const ids = (Array.isArray(value) ? value : [value])
      .map((v) => (v as { id?: unknown }).id)
      .filter((id) => typeof id === 'string');
    if (ids.length > 0 || Array.isArray(value)) return ctx.io.out(ids.map((id) => `${id}\n`).join(''));
  }
  ctx.io.out(ctx.json ? json(value) : human());
}

/** A governed write's 202 answer (docs/governance.md): the change that waits for the quorum, and what then. */
type PendingChange = {
  id: string;
  kind: string;
  status: string;
  quorum: number;
  approvals: unknown[];
  expires_at: string;
};
function showPending(ctx: Ctx, change: PendingChange, when = 'applies once enough admins approve it'): void {
  show(ctx, change, () =>
    fields({
      change: change.id,
      kind: change.kind,
      status: `${change.status}: waits for the governance quorum, ${when}`,
      approvals: `${change.approvals.length} of ${change.quorum}`,
      expires_at: change.expires_at,
    }),
  );
}

const TX_COLUMNS = ['id', 'status', 'amount', 'destinationAddr', 'createdAt'];
/** One transfer for people: the read answers' names and units where the service sends them (GET, list, decisions). */
const txFields = (tx: Transaction) => {
  const t = tx as unknown as Row & {
    amountFormatted?: string | null;
    assetSymbol?: string | null;
    sourceVault?: { name: string | null };
    sourceWallet?: { label: string | null; address: string | null };
    initiatedBy?: { name?: string | null; email?: string | null };
  };
  const person = t.initiatedBy?.email ? `${t.initiatedBy.name ?? ''} <${t.initiatedBy.email}>`.trim() : undefined;
  return fields(
    {
      ...t,
      amount:
        t.amountFormatted && t.assetSymbol
          ? `${t.amountFormatted} ${t.assetSymbol} (${String(t.amount)} wei)`
          : t.amount,
      from: t.sourceVault?.name
        ? `${t.sourceVault.name} / ${t.sourceWallet?.label ?? t.sourceWallet?.address ?? String(t.sourceWalletId)}`
        : undefined,
      submittedBy: person,
    },
    [
      'id',
      'status',
      'subStatus',
      'amount',
      'assetId',
      'from',
      'sourceVaultId',
      'sourceWalletId',
      'destinationAddr',
      'submittedBy',
      'externalId',
      'fee',
      'nonce',
      'chainTxHash',
      'confirmations',
      'failureReason',
      'createdAt',
      'updatedAt',
    ],
  );
};

export async function whoami(ctx: Ctx) {
  const me = await ctx.client.get('/v1/me');
  show(ctx, me, () =>
    fields({
      user: `${me.user.name} <${me.user.email}>`,
      tenant: me.tenant_id,
      roles: me.roles,
      key: me.credential.key_id,
      service: ctx.baseUrl,
    }),
  );
}

export async function tenantsCreate(ctx: Ctx) {
  const name = arg(ctx, 'name');
  const file = freeKeyFile(ctx);
  if (ctx.quiet && !ctx.json && !file)
    throw new UsageError("--quiet needs --save-key FILE: the admin's secret is shown once");
  const t = await ctx.client.post('/v1/tenants', {
    body: { name, admin_email: need(ctx, 'admin-email'), admin_name: str(ctx, 'admin-name') ?? 'Admin' },
  });
  const admin = { base_url: ctx.baseUrl, key_id: t.admin_credential.key_id, secret: t.admin_credential.secret };
  if (file) writeKeyFile(file, admin);
  show(ctx, t, () =>
    fields({
      tenant: `${t.id} (${t.name})`,
      admin: `${t.admin_user.id} <${t.admin_user.email}>`,
      ...(file
        ? { 'key file': `${file} (custody login ${file})` }
        : { key_id: admin.key_id, secret: `${admin.secret}   (shown once: keep it, or use --save-key)` }),
    }),
  );
}

export async function tenantsList(ctx: Ctx) {
  const rows = await take(ctx.client.list('/v1/tenants'), limit(ctx));
  show(ctx, rows, () => table(rows, ['id', 'name', 'status', 'is_platform', 'created_at']));
}

export async function vaultsCreate(ctx: Ctx) {
  const v = await ctx.client.post('/v1/vault/accounts', { body: { name: arg(ctx, 'name') } });
  show(ctx, v, () => fields(v, ['id', 'name', 'status', 'created_at']));
}

export async function vaultsList(ctx: Ctx) {
  const rows = await take(ctx.client.list('/v1/vault/accounts'), limit(ctx));
  show(ctx, rows, () => table(rows, ['id', 'name', 'status', 'created_at']));
}

export async function walletsCreate(ctx: Ctx) {
  const label = str(ctx, 'label');
  const w = await ctx.client.post('/v1/vault/accounts/{vaultAccountId}/wallets/generate', {
    params: { path: { vaultAccountId: need(ctx, 'vault') } },
    body: label ? { label } : {},
  });
  show(ctx, w, () => fields(w, ['id', 'vault_id', 'address', 'label', 'algorithm', 'status', 'created_at']));
}

export async function walletsList(ctx: Ctx) {
  const rows = await take(
    ctx.client.list('/v1/vault/accounts/{vaultAccountId}/wallets', {
      params: { path: { vaultAccountId: need(ctx, 'vault') } },
    }),
    limit(ctx),
  );
  show(ctx, rows, () => table(rows, ['id', 'address', 'label', 'status', 'created_at']));
}

export async function usersCreate(ctx: Ctx) {
  const file = freeKeyFile(ctx);
  const roles = ((ctx.values.role as string[] | undefined) ?? []).map((r) => (r.startsWith('role_') ? r : `role_${r}`));
  const u = await ctx.client.post('/v1/users', {
    body: { email: need(ctx, 'email'), name: str(ctx, 'name') ?? need(ctx, 'email'), role_ids: roles },
  });
  // Under a governance quorum above 1 an admin or approver is a pending change (202): no user yet to give a key.
  if ('quorum' in u) return showPending(ctx, u);
  let key: KeyFile | undefined;
  let pending: string | undefined;
  if (file) {
    const c = await ctx.client.post('/v1/credentials', { body: { user_id: u.id, name: `cli ${u.email}` } });
    // Under a quorum the credential waits too; its secret is shown this once, so it is kept, and works once approved.
    if ('quorum' in c) pending = c.id;
    key = {
      base_url: ctx.baseUrl,
      key_id: 'quorum' in c ? (c.command as { key_id: string }).key_id : c.key_id,
      secret: c.secret,
    };
    writeKeyFile(file, key);
  }
  const keyNote = pending ? ` (works once change ${pending} is approved)` : '';
  show(ctx, { ...u, ...(key ? { key_id: key.key_id, key_file: file } : {}) }, () =>
    fields({
      user: `${u.id} <${u.email}>`,
      roles: u.role_ids,
      ...(file ? { 'key file': `${file} (key ${key!.key_id})${keyNote}` } : {}),
    }),
  );
}

export async function policiesCreate(ctx: Ctx) {
  const rules: { type: string; value: string }[] = [];
  const approvals = str(ctx, 'approvals');
  const max = str(ctx, 'max-amount');
  if (approvals) rules.push({ type: 'REQUIRE_APPROVAL', value: approvals });
  if (max) rules.push({ type: 'MAX_AMOUNT', value: max });
  if (rules.length === 0) throw new UsageError('give at least one rule: --approvals N, --max-amount WEI');
  const p = await ctx.client.post('/v1/policies', {
    body: { vault_id: need(ctx, 'vault'), name: need(ctx, 'name'), rules: rules as never },
  });
  // Under a governance quorum above 1 the answer is the pending change (202), not the policy.
  if ('kind' in p) return showPending(ctx, p);
  show(ctx, p, () =>
    fields({
      id: p.id,
      vault_id: p.vault_id,
      name: p.name,
      rules: p.rules.map((r) => `${r.type} ${'value' in r ? r.value : ''}`.trim()),
    }),
  );
}

const BOOK_COLUMNS = ['id', 'name', 'address', 'status', 'usable', 'vault_id', 'asset_id'];
type BookEntry = { status: string; usable_at: string; [k: string]: unknown };
/** When transfers may use the entry: `now` once ACTIVE, else the instant its cooling period ends. */
const usable = (e: BookEntry) => (e.status === 'ACTIVE' ? 'now' : `from ${e.usable_at}`);

export async function addressBookList(ctx: Ctx) {
  const rows = await take(ctx.client.list('/v1/address-book'), limit(ctx));
  show(ctx, rows, () =>
    table(
      rows.map((e) => ({ ...e, usable: usable(e) })),
      BOOK_COLUMNS,
    ),
  );
}

export async function addressBookAdd(ctx: Ctx) {
  const vault = str(ctx, 'vault');
  const asset = str(ctx, 'asset');
  const notes = str(ctx, 'notes');
  const e = await ctx.client.post('/v1/address-book', {
    body: {
      address: arg(ctx, 'address'),
      name: need(ctx, 'name'),
      ...(vault ? { vault_id: vault } : {}),
      ...(asset ? { asset_id: asset } : {}),
      ...(notes ? { notes } : {}),
    },
  });
  // Under a governance quorum above 1 the answer is the pending change (202); the entry's cooling starts when it applies.
  if ('quorum' in e) return showPending(ctx, e, 'then cools before transfers may use it');
  show(ctx, e, () =>
    fields({
      id: e.id,
      name: e.name,
      address: e.address,
      scope: `vault ${e.vault_id ?? 'any'}, asset ${e.asset_id ?? 'any'}`,
      notes: e.notes ?? undefined,
      status: e.status,
      usable:
        e.status === 'ACTIVE'
          ? 'now'
          : `from ${e.usable_at} (its cooling period: transfers to it are refused until then)`,
    }),
  );
}

export async function addressBookRemove(ctx: Ctx) {
  const id = arg(ctx, 'entry-id');
  const answer = await ctx.client.delete('/v1/address-book/{entryId}', { params: { path: { entryId: id } } });
  if (answer && 'quorum' in answer) return showPending(ctx, answer);
  show(ctx, { id, removed: true }, () => `removed ${id}\n`);
}

export async function transfersCreate(ctx: Ctx) {
  let assetId = str(ctx, 'asset');
  if (!assetId) {
    const assets = await take(ctx.client.list('/v1/assets'), 200);
    assetId = (assets.find((a) => a.type === 'native') ?? assets[0])?.id;
    if (!assetId) throw new UsageError('no asset registered: pass --asset');
  }
  const externalId = str(ctx, 'external-id');
  const note = str(ctx, 'note');
  const idempotencyKey = str(ctx, 'idempotency-key');
  const tx = await ctx.client.post('/v1/transactions', {
    body: {
      sourceWalletId: need(ctx, 'wallet'),
      destinationAddr: need(ctx, 'to'),
      assetId,
      amount: need(ctx, 'amount'),
      ...(externalId ? { externalId } : {}),
      ...(note ? { note } : {}),
    },
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });
  show(ctx, tx, () => txFields(tx) + `\nfollow it: custody tx watch ${tx.id}\n`);
}

export async function transfersList(ctx: Ctx) {
  const query = Object.fromEntries(
    (['status', 'vault', 'wallet'] as const).flatMap((k) =>
      str(ctx, k) ? [[k === 'status' ? k : `${k}_id`, str(ctx, k)]] : [],
    ),
  );
  const rows = await take(ctx.client.list('/v1/transactions', { params: { query } }), limit(ctx));
  show(ctx, rows, () => table(rows as unknown as Row[], TX_COLUMNS));
}

export async function transfersGet(ctx: Ctx) {
  const tx = await ctx.client.get('/v1/transactions/{id}', { params: { path: { id: arg(ctx, 'transaction-id') } } });
  show(ctx, tx, () => txFields(tx));
}

export async function decide(ctx: Ctx, decision: 'approve' | 'reject') {
  const reason = str(ctx, 'reason');
  if (decision === 'reject' && !reason) throw new UsageError('--reason is required to reject');
  const init = { params: { path: { id: arg(ctx, 'transaction-id') } }, body: reason ? { reason } : {} };
  const tx =
    decision === 'approve'
      ? await ctx.client.post('/v1/transactions/{id}/approve', init)
      : await ctx.client.post('/v1/transactions/{id}/reject', init);
  show(ctx, tx, () => `${decision === 'approve' ? 'approved' : 'rejected'} ${tx.id}: now ${tx.status}\n`);
}

const WEI = /^(?:0|[1-9]\d{0,77})$/;
/** A fee option in wei, digits only (the service checks the rest: at least the current plus 10 %). */
function weiOption(ctx: Ctx, name: string): string | undefined {
  const v = str(ctx, name);
  if (v !== undefined && !WEI.test(v)) throw new UsageError(`--${name} must be wei, digits only`);
  return v;
}
type Replacement = { reason: string; maxFeePerGas: string | null; maxPriorityFeePerGas: string | null };
/** What a replacement request left to do: the replacement's fees and where it is, then how to follow it. */
function replacementLine(tx: Transaction, what: string): string {
  const r = ((tx as unknown as { replacements?: Replacement[] }).replacements ?? []).at(-1);
  const fees = r ? `: max fee ${r.maxFeePerGas} wei, tip ${r.maxPriorityFeePerGas} wei` : '';
  return `${what} ${tx.id}: now ${tx.status}; replacement at nonce ${tx.nonce}${fees}, to be signed and sent\nfollow it: custody tx watch ${tx.id}\n`;
}

/** A replacement at the same nonce with higher fees (each omitted one: the current plus 10 %). */
export async function speedUp(ctx: Ctx) {
  const maxFeePerGas = weiOption(ctx, 'max-fee-per-gas');
  const maxPriorityFeePerGas = weiOption(ctx, 'max-priority-fee-per-gas');
  const tx = await ctx.client.post('/v1/transactions/{id}/speed-up', {
    params: { path: { id: arg(ctx, 'transaction-id') } },
    body: { ...(maxFeePerGas ? { maxFeePerGas } : {}), ...(maxPriorityFeePerGas ? { maxPriorityFeePerGas } : {}) },
  });
  show(ctx, tx, () => replacementLine(tx, 'speed-up requested for'));
}

/** Before signing the transfer ends at once; after broadcast a zero-value self-transfer races the original. */
export async function cancel(ctx: Ctx) {
  const reason = str(ctx, 'reason');
  const tx = await ctx.client.post('/v1/transactions/{id}/cancel', {
    params: { path: { id: arg(ctx, 'transaction-id') } },
    body: reason ? { reason } : {},
  });
  show(ctx, tx, () =>
    tx.status === 'CANCELLED'
      ? `cancelled ${tx.id}: now CANCELLED\n`
      : replacementLine(tx, 'cancel requested for') +
        'it ends CANCELLED if the chain mines the cancel, COMPLETED if it mines the transfer first\n',
  );
}

/** Exit code 1 when the chain does not verify, so scripts can stop on it. */
export async function auditVerify(ctx: Ctx): Promise<number> {
  const v = await ctx.client.get('/v1/audit/verify');
  show(ctx, v, () =>
    v.valid
      ? `audit log valid: ${v.entries_checked} entries checked${v.latest_checkpoint ? `, latest checkpoint #${v.latest_checkpoint.number} (${v.latest_checkpoint.timestamp})` : ''}\n`
      : `audit log INVALID: ${v.first_problem?.reason ?? 'unknown problem'}${v.first_problem?.entry_id ? ` (entry ${v.first_problem.entry_id})` : ''}\n`,
  );
  return v.valid ? 0 : 1;
}
