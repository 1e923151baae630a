import { randomUUID } from 'node:crypto';
import type { Family, RouteDef } from '../../shared/http/route.js';
import type { Key, TestApi } from './local-api.js';
import { nativeAsset, randomAddress, registerWallet } from './fixtures.js';

/**
 * Fixtures for the generated route tests (route-permissions, tenant-isolation): what to put in each `{param}` of a
 * route, and which body or query to send, so every route of ALL_ROUTES can be called with real ids of a tenant.
 *
 * TO EXTEND (when your family lands):
 * - a new path parameter NAME needs an entry in PARAM_FIXTURES, or the isolation test fails naming it;
 * - a family whose `{id}` still falls back to `randomId` should add a factory that creates a real resource of the
 *   owner through the API (see `ownerUser`), so the isolation test proves another tenant cannot reach it;
 * - a route whose body (or query) must be valid for the lookup to happen gets an entry in BODY_FIXTURES
 *   (QUERY_FIXTURES), keyed `METHOD /path/template`; with `{}` it would answer 400 before looking anything up.
 */

/** The tenant whose resources the fixtures are (tenant A of the isolation test). */
export type Owner = { tenantId: string; tenantName: string; key: Key; adminUserId: string; adminEmail: string };

/**
 * `tenant`: a real resource of the owner; `random`: an id that exists nowhere (a family without a factory yet);
 * `global`: the same for every tenant (system roles), so reaching it is not a leak.
 */
export type FixtureValue = { value: string; scope: 'tenant' | 'random' | 'global' };
export type ParamFixture = (w: FixtureWorld) => Promise<FixtureValue>;

/** Creates each owner resource once, and remembers every id, name and email of the owner to look for in answers. */
export class FixtureWorld {
  readonly markers = new Set<string>();
  private readonly made = new Map<string, Promise<unknown>>();

  constructor(
    readonly api: TestApi,
    readonly owner: Owner,
  ) {
    this.mark(owner.tenantId, owner.tenantName, owner.adminUserId, owner.adminEmail, owner.key.keyId);
  }

  mark(...values: string[]) {
    values.forEach((v) => this.markers.add(v));
  }

  once<T>(name: string, make: () => Promise<T>): Promise<T> {
    if (!this.made.has(name)) this.made.set(name, make());
    return this.made.get(name) as Promise<T>;
  }

  /** Calls the API as the owner and insists on success. */
  async asOwner(method: string, path: string, body?: unknown) {
    const res = await this.api.call(method, path, { key: this.owner.key, body });
    if (res.status >= 300)
      throw new Error(`fixture ${method} ${path} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }
}

const tag = () => Math.random().toString(36).slice(2, 10);

// ---- factories -------------------------------------------------------------------------------------------------

export const randomId: ParamFixture = async () => ({ value: randomUUID(), scope: 'random' });
export const randomAddressParam: ParamFixture = async () => ({ value: randomAddress(), scope: 'random' });
export const systemRole: ParamFixture = async () => ({ value: 'role_viewer', scope: 'global' });
export const ownerTenant: ParamFixture = async (w) => ({ value: w.owner.tenantId, scope: 'tenant' });

export const ownerUser: ParamFixture = (w) =>
  w.once('user', async () => {
    const t = tag();
    const u = await w.asOwner('POST', '/v1/users', {
      email: `owned-${t}@owner.example`,
      name: `Owned user ${t}`,
      external_id: `owned-ext-${t}`,
      role_ids: ['role_viewer'],
    });
    w.mark(u.id, u.email, u.name, u.external_id);
    return { value: u.id as string, scope: 'tenant' as const };
  });

export const ownerCredential: ParamFixture = (w) =>
  w.once('credential', async () => {
    const user = await ownerUser(w);
    const c = await w.asOwner('POST', '/v1/credentials', { user_id: user.value, name: `owned key ${tag()}` });
    w.mark(c.key_id, c.name);
    return { value: c.key_id as string, scope: 'tenant' as const };
  });

/** A vault of the owner that carries the owner's policy (named apart from any vault fixture of the vaults family). */
export const ownerPolicyVault: ParamFixture = (w) =>
  w.once('policy-vault', async () => {
    const v = await w.asOwner('POST', '/v1/vault/accounts', { name: `policy vault ${tag()}` });
    w.mark(v.id, v.name);
    return { value: v.id as string, scope: 'tenant' as const };
  });

export const ownerPolicy: ParamFixture = (w) =>
  w.once('policy', async () => {
    const vault = await ownerPolicyVault(w);
    const p = await w.asOwner('POST', '/v1/policies', {
      vault_id: vault.value,
      name: `owned policy ${tag()}`,
      rules: [{ type: 'MAX_AMOUNT', value: '12345' }],
    });
    w.mark(p.id, p.name);
    return { value: p.id as string, scope: 'tenant' as const };
  });

export const ownerWebhook: ParamFixture = (w) =>
  w.once('webhook', async () => {
    const h = await w.asOwner('POST', '/v1/webhooks', {
      url: `https://owner-${tag()}.example/hook`,
      events: ['transaction.*'],
      description: `owned hook ${tag()}`,
    });
    w.mark(h.id, h.url, h.description);
    return { value: h.id as string, scope: 'tenant' as const };
  });

export const ownerVault: ParamFixture = (w) =>
  w.once('vault', async () => {
    const v = await w.asOwner('POST', '/v1/vault/accounts', { name: `owned vault ${tag()}` });
    w.mark(v.id, v.name);
    return { value: v.id as string, scope: 'tenant' as const };
  });

export const ownerWallet: ParamFixture = (w) =>
  w.once('wallet', async () => {
    const vault = await ownerVault(w);
    const { wallet } = await registerWallet(w.api, w.owner.key, w.owner.tenantId, vault.value);
    w.mark(wallet.id, wallet.address);
    return { value: wallet.id, scope: 'tenant' as const };
  });

export const ownerTransaction: ParamFixture = (w) =>
  w.once('transaction', async () => {
    const wallet = await ownerWallet(w);
    const t = await w.asOwner('POST', '/v1/transactions', {
      sourceWalletId: wallet.value,
      destinationAddr: randomAddress(),
      assetId: nativeAsset(),
      amount: '777',
      externalId: `owned-tx-${tag()}`,
    });
    w.mark(t.id, t.externalId);
    return { value: t.id as string, scope: 'tenant' as const };
  });

export const ownerScreeningAddress: ParamFixture = (w) =>
  w.once('screening', async () => {
    const e = await w.asOwner('POST', '/v1/screening/entries', {
      address: randomAddress(),
      list: 'flagged',
      reason: `owned reason ${tag()}`,
    });
    w.mark(e.address, e.reason);
    return { value: e.address as string, scope: 'tenant' as const };
  });

export const ownerAddressBookEntry: ParamFixture = (w) =>
  w.once('address-book-entry', async () => {
    const e = await w.asOwner('POST', '/v1/address-book', {
      address: randomAddress(),
      name: `owned payee ${tag()}`,
      notes: `owned notes ${tag()}`,
    });
    w.mark(e.id, e.address, e.name, e.notes);
    return { value: e.id as string, scope: 'tenant' as const };
  });

// ---- rules -----------------------------------------------------------------------------------------------------

type ParamRules = Partial<Record<Family, ParamFixture>> & { default?: ParamFixture };

/** Path parameter name -> per-family factory (or `default`). A name missing here fails the isolation test. */
export const PARAM_FIXTURES: Record<string, ParamRules> = {
  id: {
    tenants: ownerTenant,
    users: ownerUser,
    roles: systemRole,
    policies: ownerPolicy,
    wallets: ownerWallet,
    transactions: ownerTransaction,
    webhooks: ownerWebhook,
    default: randomId,
  },
  address: { transactions: ownerScreeningAddress, tokens: randomAddressParam },
  key_id: { credentials: ownerCredential },
  roleId: { users: systemRole },
  // Until the vaults family adds a factory for a real vault of the owner:
  vaultAccountId: { default: ownerVault },
  tokenId: { default: randomId },
  entryId: { default: ownerAddressBookEntry },
  // A checkpoint number names a checkpoint of the caller's own log (checkpoints are per tenant): checkpoint 1 exists in both.
  number: { audit: async () => ({ value: '1', scope: 'global' }) },
};

type Fill = (w: FixtureWorld) => unknown;

/** Bodies that pass validation, so the route reaches its lookup (`METHOD /path/template`). Default: `{}`. */
export const BODY_FIXTURES: Record<string, Fill> = {
  'POST /v1/tenants': () => ({ name: `intruder-${tag()}`, admin_email: `admin@intruder-${tag()}.example` }),
  'PUT /v1/tenants/{id}': () => ({ name: 'hijacked' }),
  'POST /v1/tenants/{id}/suspend': () => ({ reason: 'hijacked' }),
  'POST /v1/users': () => ({ email: `intruder-${tag()}@intruder.example`, name: 'Intruder' }),
  'PUT /v1/users/{id}': () => ({ name: 'hijacked', status: 'suspended' }),
  'POST /v1/users/{id}/roles': () => ({ role_id: 'role_admin' }),
  'POST /v1/credentials': async (w) => ({ user_id: (await ownerUser(w)).value, name: 'stolen key' }),
  'POST /v1/credentials/rotate': async (w) => ({ key_id: (await ownerCredential(w)).value, grace_period_seconds: 0 }),
  // Other families (seeded here; their owners refine them):
  'PUT /v1/vault/accounts/{vaultAccountId}': () => ({ name: 'hijacked' }),
  'POST /v1/vault/accounts/{vaultAccountId}/wallets': () => ({
    address: `0x${'ab'.repeat(20)}`,
    public_key: `0x${'ab'.repeat(32)}`,
    proof_signature: `0x${'cd'.repeat(32)}`,
    proof_timestamp: Math.floor(Date.now() / 1000),
  }),
  'POST /v1/transactions': async (w) => ({
    sourceWalletId: (await ownerWallet(w)).value,
    destinationAddr: randomAddress(),
    assetId: nativeAsset(),
    amount: '1',
  }),
  'POST /v1/transactions/{id}/signature': () => ({ signature: `0x${'ab'.repeat(64)}` }),
  'POST /v1/transactions/{id}/signature-refusal': () => ({
    code: 'receipt_invalid',
    reason: 'destination differs from the receipt',
  }),
  'POST /v1/wallets': async (w) => ({
    vault_id: (await ownerVault(w)).value,
    address: `0x${'ab'.repeat(20)}`,
    public_key: `0x${'ab'.repeat(32)}`,
    proof_signature: `0x${'cd'.repeat(32)}`,
    proof_timestamp: Math.floor(Date.now() / 1000),
  }),
  'POST /v1/webhooks': () => ({ url: `https://intruder-${tag()}.example/hook` }),
  'POST /v1/webhooks/{id}/replay': () => ({ delivery_id: randomUUID() }),
  'PUT /v1/policies/{id}': () => ({ rules: [{ type: 'MAX_AMOUNT', value: '1' }] }),
  'POST /v1/tokens': async (w) => ({
    template_id: 'ERC20',
    name: 'Hijacked',
    symbol: `HJ${tag().slice(0, 6)}`,
    decimals: 6,
    admin_vault_account_id: (await ownerVault(w)).value,
    admin_wallet_id: (await ownerWallet(w)).value,
  }),
  'POST /v1/tokens/{tokenId}/operations': () => ({ operation: 'PAUSE', params: {} }),
  'POST /v1/tokens/{tokenId}/allowlist': () => ({ address: randomAddress() }),
  'POST /v1/policies': async (w) => ({
    vault_id: (await ownerPolicyVault(w)).value,
    name: 'hijacked',
    rules: [{ type: 'MAX_AMOUNT', value: '1' }],
  }),
  'POST /v1/address-book': async (w) => ({
    address: randomAddress(),
    name: 'hijacked',
    vault_id: (await ownerPolicyVault(w)).value,
  }),
};

/** Query strings that point a listing at the owner's resources (`METHOD /path/template`). */
export const QUERY_FIXTURES: Record<string, (w: FixtureWorld) => Promise<Record<string, string>>> = {
  'GET /v1/credentials': async (w) => ({ user_id: (await ownerUser(w)).value }),
  'GET /v1/policies': async (w) => ({ vault_id: (await ownerPolicyVault(w)).value }),
  'GET /v1/transactions': async (w) => ({ wallet_id: (await ownerWallet(w)).value }),
  // Another tenant's wallet id as a filter matches nothing: 200 with an empty list, and none of the owner's data.
  'GET /v1/deposits': async (w) => ({ wallet_id: (await ownerWallet(w)).value }),
};

export const routeKey = (r: Pick<RouteDef, 'method' | 'path'>) => `${r.method} ${r.path}`;
export const pathParams = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);

export class MissingFixtureError extends Error {}

/** Everything needed to call one route with the owner's ids. */
export type RoutePlan = {
  route: RouteDef;
  path: string;
  params: Record<string, FixtureValue>;
  body: unknown;
  query: Record<string, string>;
};

export async function planRoute(w: FixtureWorld, route: RouteDef): Promise<RoutePlan> {
  const params: Record<string, FixtureValue> = {};
  for (const name of pathParams(route.path)) {
    const rules = PARAM_FIXTURES[name];
    const make = rules?.[route.family] ?? rules?.default;
    if (!make) {
      throw new MissingFixtureError(
        `no fixture rule for path parameter {${name}} of ${routeKey(route)} (family ${route.family}): add one to PARAM_FIXTURES in test/support/route-fixtures.ts`,
      );
    }
    params[name] = await make(w);
  }
  const path = route.path.replace(/\{([^}]+)\}/g, (_, n: string) => encodeURIComponent(params[n]!.value));
  const bodyFill = BODY_FIXTURES[routeKey(route)];
  const body = route.body ? ((await bodyFill?.(w)) ?? {}) : undefined;
  const query = (await QUERY_FIXTURES[routeKey(route)]?.(w)) ?? {};
  return { route, path, params, body, query };
}

/** A route path with random UUIDs in every parameter (the permission test: access control comes first). */
export const randomPath = (path: string) => path.replace(/\{[^}]+\}/g, () => randomUUID());

export const withQuery = (path: string, query: Record<string, string>) =>
  Object.keys(query).length ? `${path}?${new URLSearchParams(query)}` : path;
