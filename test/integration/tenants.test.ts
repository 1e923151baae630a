import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantWithAdmin, startTestApi, type TestApi } from '../support/local-api.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api?.close());

describe('tenants', () => {
  it('lets a platform operator create a tenant with its first admin, whose credential works once shown', async () => {
    const res = await api.call('POST', '/v1/tenants', {
      body: {
        name: 'Acme',
        ipAllowList: ['10.0.0.0/8', '127.0.0.1/32', '::1/128'],
        admin_email: 'ops@acme.example',
        admin_name: 'Ops',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Acme',
      status: 'active',
      ip_allowlist: ['10.0.0.0/8', '127.0.0.1/32', '::1/128'],
    });
    expect(res.body.admin_credential.secret).toMatch(/^pqcs_/);
    const admin = { keyId: res.body.admin_credential.key_id, secret: res.body.admin_credential.secret };
    const own = await api.call('GET', `/v1/tenants/${res.body.id}`, { key: admin });
    expect(own.status).toBe(200);
    expect(own.body.id).toBe(res.body.id);
    expect(own.body.admin_credential).toBeUndefined();
  });

  it('refuses tenant creation to a tenant admin (403 1001)', async () => {
    const { admin } = await createTenantWithAdmin(api);
    const res = await api.call('POST', '/v1/tenants', {
      key: admin,
      body: { name: 'sneaky', admin_email: 'admin@sneaky.example' },
    });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe(1001);
  });

  it('hides another tenant from a tenant admin (404) and lets it update only its own', async () => {
    const a = await createTenantWithAdmin(api);
    const b = await createTenantWithAdmin(api);
    expect((await api.call('GET', `/v1/tenants/${b.tenant.id}`, { key: a.admin })).status).toBe(404);
    expect((await api.call('PUT', `/v1/tenants/${b.tenant.id}`, { key: a.admin, body: { name: 'x' } })).status).toBe(
      404,
    );
    const upd = await api.call('PUT', `/v1/tenants/${a.tenant.id}`, {
      key: a.admin,
      body: { name: 'renamed', metadata: { tier: 'gold' } },
    });
    expect(upd.status).toBe(200);
    expect(upd.body).toMatchObject({ name: 'renamed', metadata: { tier: 'gold' } });
  });

  it('rejects an invalid CIDR with 400 1100 and stores nothing', async () => {
    const res = await api.call('POST', '/v1/tenants', {
      body: { name: 'bad-cidr', admin_email: 'admin@bad-cidr.example', ip_allowlist: ['10.0.0.0/33'] },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(1100);
    const list = await api.call('GET', '/v1/tenants?limit=200');
    expect(list.body.tenants.map((t: { name: string }) => t.name)).not.toContain('bad-cidr');
  });

  it('answers a missing name with 1101 and an over-long name with 1110', async () => {
    const missing = await api.call('POST', '/v1/tenants', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ code: 1101, type: 'MISSING_FIELD' });
    expect(missing.body.code).toBe('MISSING_FIELD');
    expect(missing.body.requestId).toBe(missing.headers.get('x-request-id'));
    const long = await api.call('POST', '/v1/tenants', {
      body: { name: 'x'.repeat(129), admin_email: 'admin@long.example' },
    });
    expect(long.body.error.code).toBe(1110);
  });

  it('answers a member of the wrong type with 1100, not 1101', async () => {
    const res = await api.call('POST', '/v1/tenants', { body: { name: 5, admin_email: 'admin@five.example' } });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 1100, details: { field: 'name' } });
  });

  it('answers malformed JSON with 400 1100', async () => {
    const res = await api.call('POST', '/v1/tenants', {
      rawBody: '{"name":',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(1100);
  });

  it('suspends a tenant: its credentials get 401 1000 until reactivation', async () => {
    const { tenant, admin } = await createTenantWithAdmin(api);
    const sus = await api.call('POST', `/v1/tenants/${tenant.id}/suspend`, {
      body: { reason: 'unpaid', notify_email: 'billing@acme.example' },
    });
    expect(sus.status).toBe(200);
    expect(sus.body).toMatchObject({ status: 'suspended', suspended_reason: 'unpaid' });
    const blocked = await api.call('GET', `/v1/tenants/${tenant.id}`, { key: admin });
    expect(blocked.status).toBe(401);
    expect(blocked.body.error.code).toBe(1000);
    const re = await api.call('POST', `/v1/tenants/${tenant.id}/reactivate`, { body: {} });
    expect(re.body.status).toBe('active');
    expect((await api.call('GET', `/v1/tenants/${tenant.id}`, { key: admin })).status).toBe(200);
  });

  it('enforces the IP allowlist from the request context (403 1001), not from client headers', async () => {
    const { tenant, admin } = await createTenantWithAdmin(api);
    await api.call('PUT', `/v1/tenants/${tenant.id}`, { body: { ip_allowlist: ['203.0.113.0/24'] } });
    const denied = await api.call('GET', `/v1/tenants/${tenant.id}`, {
      key: admin,
      headers: { 'X-Forwarded-For': '203.0.113.7' },
    });
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe(1001);
    await api.call('PUT', `/v1/tenants/${tenant.id}`, { body: { ip_allowlist: ['127.0.0.0/8', '::1/128'] } });
    expect((await api.call('GET', `/v1/tenants/${tenant.id}`, { key: admin })).status).toBe(200);
  });

  it('lists tenants with cursor pagination and rejects a tampered cursor with 1108', async () => {
    for (let i = 0; i < 3; i++) await createTenantWithAdmin(api);
    const first = await api.call('GET', '/v1/tenants?limit=2');
    expect(first.body.tenants).toHaveLength(2);
    expect(first.body.next_cursor).toBeTruthy();
    const second = await api.call('GET', `/v1/tenants?limit=2&cursor=${first.body.next_cursor}`);
    expect(second.status).toBe(200);
    const ids = new Set([...first.body.tenants, ...second.body.tenants].map((t: { id: string }) => t.id));
    expect(ids.size).toBe(first.body.tenants.length + second.body.tenants.length);
    // The old cursor format (plain base64 JSON of a database key) is refused: cursors carry a MAC now.
    const tampered = Buffer.from(JSON.stringify({ pk: 'TENANT#x', sk: 'TENANT' })).toString('base64url');
    const bad = await api.call('GET', `/v1/tenants?cursor=${tampered}`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe(1108);
    expect((await api.call('GET', '/v1/tenants?limit=0')).body.error.code).toBe(1108);
  });
});
