import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantWithAdmin, startTestApi, type TestApi } from '../support/local-api.js';
import { createUserWithKey } from '../support/fixtures.js';
import { permissionsOf } from '../../shared/domain/permissions/matrix.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api?.close());

describe('roles (read-only, system-defined)', () => {
  it('lists the five system roles with id, name and description', async () => {
    const { admin } = await createTenantWithAdmin(api);
    const res = await api.call('GET', '/v1/roles', { key: admin });
    expect(res.status).toBe(200);
    expect(res.body.roles.map((r: { id: string }) => r.id)).toEqual([
      'role_admin',
      'role_operator',
      'role_viewer',
      'role_approver',
      'role_compliance_officer',
    ]);
    expect(res.body.roles[0]).toEqual({ id: 'role_admin', name: 'admin', description: expect.any(String) });
    expect(res.body.next_cursor).toBeNull();
  });

  it('pages the role list with a cursor', async () => {
    const { admin } = await createTenantWithAdmin(api);
    const first = await api.call('GET', '/v1/roles?limit=3', { key: admin });
    expect(first.body.roles).toHaveLength(3);
    const rest = await api.call('GET', `/v1/roles?limit=3&cursor=${first.body.next_cursor}`, { key: admin });
    expect(rest.body.roles.map((r: { id: string }) => r.id)).toEqual(['role_approver', 'role_compliance_officer']);
    expect(rest.body.next_cursor).toBeNull();
    expect((await api.call('GET', '/v1/roles?cursor=bogus', { key: admin })).body.error.code).toBe(1108);
  });

  it('returns a role with its permissions as (resource, action) pairs, equal to the matrix', async () => {
    const { admin } = await createTenantWithAdmin(api);
    const res = await api.call('GET', '/v1/roles/role_operator', { key: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: 'role_operator', name: 'operator' });
    expect(res.body.permissions.map((p: { resource: string; action: string }) => `${p.resource}:${p.action}`)).toEqual(
      permissionsOf('operator'),
    );
  });

  it('answers an unknown role id with 404', async () => {
    const { admin } = await createTenantWithAdmin(api);
    const res = await api.call('GET', '/v1/roles/role_root', { key: admin });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe(1400);
  });

  it('needs roles:read: a user without roles gets 403 1001', async () => {
    const { admin } = await createTenantWithAdmin(api);
    const { key } = await createUserWithKey(api, admin, []);
    const res = await api.call('GET', '/v1/roles', { key });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe(1001);
  });

  it('offers no way to change a role: there is no write route', async () => {
    const { admin } = await createTenantWithAdmin(api);
    for (const [method, path] of [
      ['POST', '/v1/roles'],
      ['PUT', '/v1/roles/role_viewer'],
      ['DELETE', '/v1/roles/role_viewer'],
    ] as const) {
      const res = await api.call(method, path, { key: admin, body: method === 'DELETE' ? undefined : {} });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get('allow')).toBe('GET');
    }
  });
});
