import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantWithAdmin, startTestApi, type Key, type TestApi } from '../support/local-api.js';
import {
  FixtureWorld,
  MissingFixtureError,
  planRoute,
  routeKey,
  withQuery,
  type RoutePlan,
} from '../support/route-fixtures.js';
import { ALL_ROUTES } from '../../shared/http/routes/index.js';

/**
 * Generated from ALL_ROUTES: tenant A (the owner) creates real resources through the API; tenant B's admin, who holds
 * every permission in its own tenant, calls every authenticated route with A's ids (test/support/route-fixtures.ts
 * says which id goes in which `{param}`). Expected:
 * - platform-only routes: 403 1001;
 * - a route naming a resource of A (or an id that exists nowhere, for families without a fixture yet): 404;
 * - a route whose body names A's resource (e.g. a credential for A's user): 404;
 * - lists and creates: whatever B's own data gives, but never one of A's ids, names or emails;
 * and afterwards A's resources and audit chain are exactly as before.
 */
const ROUTES = ALL_ROUTES.filter((r) => r.auth === 'credential');

let api: TestApi;
let world: FixtureWorld;
let intruder: Key;
const plans = new Map<string, RoutePlan | Error>();
let before: unknown;

/** What A can see of itself: compared before and after B's calls. */
async function ownerSnapshot() {
  const key = world.owner.key;
  const read = async (path: string) => {
    const res = await api.call('GET', path, { key });
    expect(res.status, `owner GET ${path}`).toBe(200);
    return res.body;
  };
  const user = (
    await planRoute(
      world,
      ALL_ROUTES.find((r) => routeKey(r) === 'GET /v1/users/{id}')!,
    )
  ).params.id!.value;
  return {
    tenant: await read(`/v1/tenants/${world.owner.tenantId}`),
    users: await read('/v1/users?limit=200'),
    user: await read(`/v1/users/${user}`),
    vaults: await read('/v1/vault/accounts?limit=200'),
    policies: await read('/v1/policies?limit=200'),
    addressBook: await read('/v1/address-book?limit=200'),
    credentials: (await read('/v1/credentials?limit=200')).credentials.map((c: Record<string, unknown>) => ({
      ...c,
      last_used_at: null,
      status: c.status === 'provisioned' ? 'active' : c.status,
    })),
    auditHead: (await read('/v1/audit/entries?order=desc&limit=1')).entries[0],
  };
}

beforeAll(async () => {
  api = await startTestApi();
  const name = `owner-${Math.random().toString(36).slice(2, 10)}`;
  const a = await createTenantWithAdmin(api, name);
  world = new FixtureWorld(api, {
    tenantId: a.tenant.id,
    tenantName: name,
    key: a.admin,
    adminUserId: a.adminUserId,
    adminEmail: a.tenant.admin_user.email,
  });
  intruder = (await createTenantWithAdmin(api, `intruder-${Math.random().toString(36).slice(2, 10)}`)).admin;
  // Create every fixture first, so the snapshot below already holds all of A's resources.
  for (const route of ROUTES) {
    try {
      plans.set(routeKey(route), await planRoute(world, route));
    } catch (e) {
      if (!(e instanceof MissingFixtureError)) throw e;
      plans.set(routeKey(route), e);
    }
  }
  before = await ownerSnapshot();
});
afterAll(async () => api?.close());

/** A's markers found in B's answer, leaving out what B itself sent in this request. */
function leaked(plan: RoutePlan, answer: unknown): string[] {
  const sent = JSON.stringify([plan.path, plan.body ?? null, plan.query]);
  const text = JSON.stringify(answer ?? null);
  return [...world.markers].filter((m) => text.includes(m) && !sent.includes(m));
}

describe('tenant B calls every route with tenant A ids', () => {
  for (const route of ROUTES) {
    it(routeKey(route), async () => {
      const plan = plans.get(routeKey(route))!;
      if (plan instanceof Error) throw plan;
      const res = await api.call(route.method, withQuery(plan.path, plan.query), { key: intruder, body: plan.body });
      const got = `${res.status} ${JSON.stringify(res.body)?.slice(0, 300)}`;
      expect(leaked(plan, res.body), `A's data in B's answer: ${got}`).toEqual([]);
      const namesOwner = Object.values(plan.params).some((p) => p.scope !== 'global');
      const bodyNamesOwner =
        JSON.stringify(plan.body ?? {}) !==
        JSON.stringify(plan.body ?? {}, (_k, v) => (typeof v === 'string' && world.markers.has(v) ? '' : v));
      if (route.platformOnly) {
        expect(`${res.status} ${res.body?.error?.code}`, got).toBe('403 1001');
      } else if (namesOwner || bodyNamesOwner) {
        const hint =
          res.status === 400
            ? ` (a 400 means the request failed validation before the lookup: add a body/query for '${routeKey(route)}' to test/support/route-fixtures.ts)`
            : '';
        expect(res.status, `expected 404, got ${got}${hint}`).toBe(404);
      } else {
        expect(res.status, got).toBeLessThan(500);
        expect([401, 403], got).not.toContain(res.status);
      }
    });
  }
});

describe('tenant A afterwards', () => {
  it('is seen leaking by this test when its own data is in an answer (self-check of the detector)', async () => {
    const plan = plans.get('GET /v1/users') as RoutePlan;
    const own = await api.call('GET', '/v1/users', { key: world.owner.key });
    expect(leaked(plan, own.body).length).toBeGreaterThan(2);
  });

  it("still sees its resources and audit chain exactly as before B's calls", async () => {
    expect(await ownerSnapshot()).toEqual(before);
    const verify = await api.call('GET', '/v1/audit/verify', { key: world.owner.key });
    expect(verify.body.valid).toBe(true);
  });

  it('had fixtures of its own for the routes that have factories (users, credentials, tenants, vaults, wallets, policies)', () => {
    const real = [...plans.values()].filter(
      (p): p is RoutePlan => !(p instanceof Error) && Object.values(p.params).some((v) => v.scope === 'tenant'),
    );
    const families = new Set(real.map((p) => p.route.family));
    expect([...families]).toEqual(
      expect.arrayContaining(['users', 'credentials', 'tenants', 'vaults', 'wallets', 'policies']),
    );
  });
});
