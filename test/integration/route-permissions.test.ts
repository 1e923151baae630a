import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantWithAdmin, startTestApi, type Key, type TestApi } from '../support/local-api.js';
import { createUserWithKey } from '../support/fixtures.js';
import { randomPath } from '../support/route-fixtures.js';
import { ALL_ROUTES } from '../../shared/http/routes/index.js';
import {
  ACTIONS,
  RESOURCES,
  ROLE_NAMES,
  permissionsOf,
  roleId,
  type Permission,
  type RoleName,
} from '../../shared/domain/permissions/matrix.js';
import type { RouteDef } from '../../shared/http/route.js';

/**
 * Generated from ALL_ROUTES and the permission matrix, with no hand-written list: every authenticated route is called
 * by a user holding exactly one system role (in a normal tenant, and for platform-only routes also in the platform
 * tenant). A role lacking any of the route's permissions must get 403 1001; a role holding them all must get through
 * access control (any answer but 401/403; a 500 is a bug). Access control runs before validation, so random ids and
 * an empty body are enough.
 */
const ROUTES = ALL_ROUTES.filter((r) => r.auth === 'credential');
const VALID = new Set<string>(RESOURCES.flatMap((r) => ACTIONS.map((a) => `${r}:${a}`)));

let api: TestApi;
const tenantKeys = {} as Record<RoleName, Key>;
const platformKeys = {} as Record<RoleName, Key>;

beforeAll(async () => {
  api = await startTestApi();
  const { admin } = await createTenantWithAdmin(api, `perm-${Math.random().toString(36).slice(2, 8)}`);
  await Promise.all(
    ROLE_NAMES.flatMap((role) => [
      createUserWithKey(api, admin, [roleId(role)], `tenant-${role}`).then((u) => (tenantKeys[role] = u.key)),
      createUserWithKey(api, api.operator, [roleId(role)], `platform-${role}`).then(
        (u) => (platformKeys[role] = u.key),
      ),
    ]),
  );
});
afterAll(async () => api?.close());

const holds = (role: RoleName, needed: readonly Permission[]) => needed.every((p) => permissionsOf(role).includes(p));

async function callAs(route: RouteDef, key: Key) {
  const res = await api.call(route.method, randomPath(route.path), { key, body: route.body ? {} : undefined });
  return {
    status: res.status,
    code: res.body?.error?.code as number | undefined,
    message: res.body?.error?.message as string | undefined,
  };
}

describe('route declarations', () => {
  it('has authenticated routes to test', () => {
    expect(ROUTES.length).toBeGreaterThan(10);
  });

  it('has routes that some role may call and others may not (the test below can fail both ways)', () => {
    expect(
      ROUTES.some(
        (r) =>
          ROLE_NAMES.some((role) => holds(role, r.permissions ?? [])) &&
          ROLE_NAMES.some((role) => !holds(role, r.permissions ?? [])),
      ),
    ).toBe(true);
  });

  it('every authenticated route declares at least one permission (or is self-service), each a known <resource>:<action>', () => {
    const bad = ROUTES.filter(
      (r) => (!r.permissions?.length && !r.selfService) || (r.permissions ?? []).some((p) => !VALID.has(p)),
    ).map((r) => `${r.method} ${r.path}`);
    expect(bad).toEqual([]);
  });
});

describe('every route x every role', () => {
  for (const route of ROUTES) {
    const needed = route.permissions ?? [];
    it(`${route.method} ${route.path} [${route.selfService ? 'self-service' : needed.join(', ')}${route.platformOnly ? '; platform only' : ''}]`, async () => {
      const callers: { who: string; key: Key; allowed: boolean }[] = ROLE_NAMES.map((role) => ({
        who: `tenant ${role}`,
        key: tenantKeys[role],
        allowed: !route.platformOnly && holds(role, needed),
      }));
      if (route.platformOnly)
        callers.push(
          ...ROLE_NAMES.map((role) => ({
            who: `platform ${role}`,
            key: platformKeys[role],
            allowed: holds(role, needed),
          })),
        );
      const results = await Promise.all(callers.map(async (c) => ({ ...c, ...(await callAs(route, c.key)) })));
      const wrong = results
        .filter((r) =>
          r.allowed ? r.status === 401 || r.status === 403 || r.status === 500 : !(r.status === 403 && r.code === 1001),
        )
        .map(
          (r) =>
            `${r.who}: expected ${r.allowed ? 'to get through' : '403 1001'}, got ${r.status} ${r.code ?? ''} ${r.message ?? ''}`,
        );
      expect(wrong).toEqual([]);
    });
  }
});
