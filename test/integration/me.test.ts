import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantWithAdmin, startTestApi, type TestApi } from '../support/local-api.js';
import { createUserWithKey } from '../support/fixtures.js';
import { permissionsOf } from '../../shared/domain/permissions/matrix.js';

/** GET /v1/me: the caller as its credential resolves, read at each request (roles included). */
let api: TestApi;
afterAll(async () => api?.close());
beforeAll(async () => {
  api = await startTestApi();
});

describe('GET /v1/me', () => {
  it("answers the caller's tenant, user, roles, permissions and credential", async () => {
    const { tenant, admin } = await createTenantWithAdmin(api);
    const { user, key } = await createUserWithKey(api, admin, ['role_approver']);
    const me = await api.call('GET', '/v1/me', { key });
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      tenant_id: tenant.id,
      user: expect.objectContaining({ id: user.id, email: user.email, role_ids: ['role_approver'], status: 'active' }),
      roles: ['role_approver'],
      permissions: [...permissionsOf('approver')].sort(),
      credential: { key_id: key.keyId, kind: 'api_key', expires_at: null },
    });
  });

  it('follows a role change at the next request, and refuses a revoked credential (401 1002)', async () => {
    const { admin } = await createTenantWithAdmin(api);
    const { user, key } = await createUserWithKey(api, admin, ['role_viewer']);
    expect((await api.call('GET', '/v1/me', { key })).body.permissions).not.toContain('transactions:approve');
    expect(
      (await api.call('POST', `/v1/users/${user.id}/roles`, { key: admin, body: { role_id: 'role_approver' } })).status,
    ).toBe(201);
    const after = await api.call('GET', '/v1/me', { key });
    expect(after.body.roles.sort()).toEqual(['role_approver', 'role_viewer']);
    expect(after.body.permissions).toContain('transactions:approve');
    expect((await api.call('DELETE', `/v1/credentials/${key.keyId}`, { key: admin })).status).toBe(200);
    const revoked = await api.call('GET', '/v1/me', { key });
    expect(revoked.status).toBe(401);
    expect(revoked.body.error.code).toBe(1002);
  });

  it('answers 401 1000 without a credential', async () => {
    const res = await api.call('GET', '/v1/me', { key: null });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe(1000);
  });
});
