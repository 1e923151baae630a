import type { Credential } from './session.js';

/** The public API, called with the signed-in credential; relative URLs, so a stage prefix (`/prod/console`) works. */
export class ApiError extends Error {
  constructor(readonly status: number, readonly code: number | undefined, message: string) {
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
  destinationAddr: string;
  assetId: string;
  amount: string;
  status: string;
  failureReason: string | null;
  note: string | null;
  createdAt: string;
  updatedAt: string;
  chainTxHash: string | null;
  initiatedBy?: Person;
  policyDecision: { outcome: string; approvalsRequired: number; reasons: string[]; policies?: { id: string; name: string | null }[] };
  /** Read answers (GET, list, decisions) add these: docs/transactions.md. */
  assetSymbol?: string | null;
  assetDecimals?: number | null;
  amountFormatted?: string | null;
  sourceVault?: { id: string; name: string | null };
  sourceWallet?: { id: string; label: string | null; address: string | null };
  destinationName?: string | null;
  destinationLookalike?: { entryId: string; name: string; address: string } | null;
  approvals: {
    required: number;
    complianceReviewRequired: boolean;
    expiresAt: string | null;
    decisions: (Person & { decision: 'approved' | 'rejected'; compliance: boolean; reason: string | null; decidedAt: string })[];
  };
  screening: { provider: string; result: string; reason: string | null; checkedAt: string } | null;
};

export type Person = { userId: string; name?: string | null; email?: string | null };

export type Asset = { id: string; symbol: string; decimals: number };
export type User = { id: string; email: string; name: string };

export class Api {
  constructor(private readonly credential: Credential, private readonly base = new URL('v1/', location.href)) {}

  async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { Authorization: `Bearer ${this.credential.keyId}:${this.credential.secret}` };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(new URL(path, this.base), { method, headers, body: body === undefined ? undefined : JSON.stringify(body), cache: 'no-store' });
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
  pending = () => this.call<{ transactions: Transaction[] }>('GET', 'transactions?status=PENDING_AUTHORIZATION&limit=100').then((r) => r.transactions);
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
  const body = (await res.json().catch(() => undefined)) as { key_id?: string; secret?: string; expires_at?: string; error?: { code?: number; message?: string } } | undefined;
  if (!res.ok || !body?.key_id || !body.secret) throw new ApiError(res.status, body?.error?.code, body?.error?.message ?? `${res.status} ${res.statusText}`);
  return { keyId: body.key_id, secret: body.secret, expiresAt: body.expires_at ?? null };
}
