import type { components } from '../clients/typescript/src/schema.js';
import type { Credential } from './session.js';

/** The public API, called with the signed-in credential; relative URLs, so a stage prefix (`/prod/console`) works. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | undefined,
    message: string,
  ) {
    super(message);
  }
}

export type Me = {
  tenant_id: string;
  user: { id: string; email: string; name: string };
  roles: string[];
  permissions: string[];
  credential: { key_id: string; kind: string; expires_at: string | null };
};

export type Transaction = {
  id: string;
  sourceVaultId: string;
  sourceWalletId: string;
  /** Null for a token deployment (docs/tokens.md). */
  destinationAddr: string | null;
  assetId: string;
  amount: string;
  status: string;
  failureReason: string | null;
  note: string | null;
  createdAt: string;
  updatedAt: string;
  chainTxHash: string | null;
  initiatedBy?: Person;
  policyDecision: {
    outcome: string;
    approvalsRequired: number;
    reasons: string[];
    policies?: { id: string; name: string | null }[];
  };
  /** Read answers (GET, list, decisions) add these: docs/transactions.md. */
  assetSymbol?: string | null;
  assetDecimals?: number | null;
  amountFormatted?: string | null;
  sourceVault?: { id: string; name: string | null };
  sourceWallet?: { id: string; label: string | null; address: string | null };
  destinationName?: string | null;
  destinationLookalike?: { entryId: string; name: string; address: string } | null;
  /** No other transfer from this vault to this destination has COMPLETED (read answers only). */
  firstTimeDestination?: boolean | null;
  fee: string | null;
  gasLimit: number | null;
  nonce: number | null;
  subStatus?: string | null;
  replacements: {
    hash: string | null;
    reason: string;
    cancel: boolean;
    status: string;
    maxFeePerGas: string;
    maxPriorityFeePerGas: string;
    replaces: string | null;
    createdAt: string;
    rejection: string | null;
  }[];
  approvals: {
    required: number;
    complianceReviewRequired: boolean;
    expiresAt: string | null;
    decisions: (Person & {
      decision: 'approved' | 'rejected';
      compliance: boolean;
      reason: string | null;
      decidedAt: string;
    })[];
  };
  screening: { provider: string; result: string; reason: string | null; checkedAt: string } | null;
};

export type Person = { userId: string; name?: string | null; email?: string | null };

export type Asset = { id: string; symbol: string; decimals: number; name?: string };
export type User = { id: string; email: string; name: string };
export type Vault = { id: string; name: string };
export type WalletSummary = { id: string; label: string | null; address: string };

/** A rule's part in the policy decision (policies/explanation.ts): kept on the transaction's creation entry. */
export type PolicyCheck = { policy_id: string; rule_index: number; type: string; result: string; detail: string };

/** The API's own shapes, from the types generated from the OpenAPI document (clients/typescript). */
/** The document leaves the creation entry's policy decision open; the console reads its rule checks. */
export type HistoryEntry = Omit<components['schemas']['TransactionHistoryEntry'], 'policyDecision'> & {
  policyDecision: { outcome?: string; approvals?: number; reasons?: string[]; checks?: PolicyCheck[] } | null;
};
export type Change = components['schemas']['Change'];

export type Page<K extends string, T> = { [k in K]: T[] } & { next_cursor: string | null };

/** The list filters of GET /v1/transactions the console offers (docs/console.md). */
export type TransactionFilters = {
  status?: string;
  ended?: 'true' | 'false';
  vault_id?: string;
  wallet_id?: string;
  asset_id?: string;
  created_after?: string;
  created_before?: string;
};

function query(params: Record<string, string | number | undefined | null>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  return q.toString();
}

export class Api {
  constructor(
    private readonly credential: Credential,
    private readonly base = new URL('v1/', location.href),
  ) {}

  async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = {
      Authorization: `Bearer ${this.credential.keyId}:${this.credential.secret}`,
    };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(new URL(path, this.base), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
    });
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    if (!res.ok) {
      const error = (parsed as { error?: { code?: number; message?: string } } | undefined)?.error;
      throw new ApiError(res.status, error?.code, error?.message ?? `${res.status} ${res.statusText}`);
    }
    return parsed as T;
  }

  me = () => this.call<Me>('GET', 'me');
  transactions = (filters: TransactionFilters, limit: number, cursor: string | null) =>
    this.call<Page<'transactions', Transaction>>('GET', `transactions?${query({ ...filters, limit, cursor })}`);
  history = (id: string, cursor: string | null) =>
    this.call<Page<'history', HistoryEntry>>(
      'GET',
      `transactions/${encodeURIComponent(id)}/history?${query({ limit: 200, cursor })}`,
    );
  vaults = () => this.call<Page<'vaults', Vault>>('GET', 'vault/accounts?limit=200').then((r) => r.vaults);
  wallets = (vaultId: string) =>
    this.call<Page<'wallets', WalletSummary>>(
      'GET',
      `vault/accounts/${encodeURIComponent(vaultId)}/wallets?limit=200`,
    ).then((r) => r.wallets);
  assets = () => this.call<Page<'assets', Asset>>('GET', 'assets?limit=200').then((r) => r.assets);
  changes = (limit: number, cursor: string | null) =>
    this.call<Page<'changes', Change>>('GET', `changes?${query({ status: 'PENDING', limit, cursor })}`);
  decideChange = (id: string, decision: 'approve' | 'reject', reason: string) =>
    this.call<Change>('POST', `changes/${encodeURIComponent(id)}/${decision}`, reason ? { reason } : {});
  transaction = (id: string) => this.call<Transaction>('GET', `transactions/${encodeURIComponent(id)}`);
  asset = (id: string) => this.call<Asset>('GET', `assets/${encodeURIComponent(id)}`);
  user = (id: string) => this.call<User>('GET', `users/${encodeURIComponent(id)}`);
  decide = (id: string, decision: 'approve' | 'reject', reason: string) =>
    this.call<Transaction>('POST', `transactions/${encodeURIComponent(id)}/${decision}`, reason ? { reason } : {});
  logout = () => this.call<unknown>('POST', 'sso/logout', {});
}

/**
 * The URL that starts a single sign-on (OIDC or SAML) for a tenant and comes back to this page with a one-time code,
 * carrying this tab's `client_state`.
 */
export function ssoLoginUrl(tenantId: string, method: 'oidc' | 'saml', clientState: string): string {
  const back = location.origin + location.pathname;
  const url = new URL(`v1/sso/${method}/login`, location.href);
  url.searchParams.set('tenant_id', tenantId);
  url.searchParams.set('return_to', back);
  url.searchParams.set('client_state', clientState);
  return url.toString();
}

/** Redeems a sign-in's one-time code for the session (the code's cookie goes with this same-origin request). */
export async function redeemSignInCode(code: string): Promise<Credential> {
  const res = await fetch(new URL('v1/sso/session', location.href), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ code }),
    cache: 'no-store',
    credentials: 'same-origin',
  });
  const body = (await res.json().catch(() => undefined)) as
    { key_id?: string; secret?: string; expires_at?: string; error?: { code?: number; message?: string } } | undefined;
  if (!res.ok || !body?.key_id || !body.secret)
    throw new ApiError(res.status, body?.error?.code, body?.error?.message ?? `${res.status} ${res.statusText}`);
  return { keyId: body.key_id, secret: body.secret, expiresAt: body.expires_at ?? null };
}
