import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantWithAdmin, startTestApi, type Key, type TestApi } from '../support/local-api.js';
import { createUserWithRole } from '../support/fixtures.js';
import { makeTestCertificate } from '../support/test-certificate.js';
import { FakeClock } from '../../shared/ports/clock.js';
import { config } from '../../shared/config.js';
import { services } from '../../shared/composition/standalone.js';
import { secretBoxOnDemand } from '../../shared/composition/lazy-secret-box.js';
import { keys } from '../../shared/store/keys.js';
import { isWellFormedSecret } from '../../shared/domain/identity/credential-secret.js';

/**
 * The governed operations on access (docs/governance.md): a credential for another user, the tenant's IP allowlist,
 * the SSO connections, and a user created with a deciding role. Each over real HTTP on DynamoDB Local: held under a
 * quorum of 2 and applied by a second admin, rejected, failed by a conflicting change in between, and applied at once
 * with a quorum of 1.
 */
const clock = new FakeClock(new Date('2026-06-01T12:00:00.000Z').getTime());
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ clock });
});
afterAll(async () => api?.close());

type Tenant = { id: string; admins: Key[]; adminUserId: string; viewer: { userId: string; key: Key } };

/** A tenant with three admins and a viewer (made before the quorum is set), its quorum set to `quorum`. */
async function tenantWithQuorum(quorum: number): Promise<Tenant> {
  const t = await createTenantWithAdmin(api);
  const a2 = await createUserWithRole(api, t.admin, 'admin');
  const a3 = await createUserWithRole(api, t.admin, 'admin');
  const viewer = await createUserWithRole(api, t.admin, 'viewer');
  if (quorum > 1)
    expect((await api.call('PUT', '/v1/governance', { key: t.admin, body: { quorum } })).status).toBe(200);
  return { id: t.tenant.id as string, admins: [t.admin, a2.key, a3.key], adminUserId: t.adminUserId, viewer };
}

const approve = (key: Key, id: string) => api.call('POST', `/v1/changes/${id}/approve`, { key, body: {} });
const reject = (key: Key, id: string) => api.call('POST', `/v1/changes/${id}/reject`, { key, body: { reason: 'no' } });
const storedChange = async (tenantId: string, id: string) =>
  JSON.stringify(await services().store.get(keys.change(tenantId, id)));
const auditOf = async (key: Key, resourceId: string) =>
  (
    (await api.call('GET', '/v1/audit/entries?order=asc&limit=200', { key })).body.entries as {
      action: string;
      resource_id: string;
      events: { type: string }[];
    }[]
  )
    .filter((e) => e.resource_id === resourceId)
    .map((e) => [e.action, e.events.map((v) => v.type)]);

describe('governed credential creation', () => {
  const createFor = (t: Tenant, userId: string, key = t.admins[0]!) =>
    api.call('POST', '/v1/credentials', { key, body: { user_id: userId, name: 'ops key' } });
  const works = async (keyId: string, secret: string) =>
    (await api.call('GET', '/v1/me', { key: { keyId, secret } })).status === 200;

  it('with quorum 1 creates a credential for another user at once', async () => {
    const t = await tenantWithQuorum(1);
    const res = await createFor(t, t.viewer.userId);
    expect(res.status).toBe(201);
    expect(await works(res.body.key_id, res.body.secret)).toBe(true);
  });

  it('holds a credential for another user: the requester is shown the secret once, and it works once the quorum approves', async () => {
    const t = await tenantWithQuorum(2);
    const res = await createFor(t, t.viewer.userId);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      kind: 'credential.create',
      status: 'PENDING',
      quorum: 2,
      before: null,
      after: { user_id: t.viewer.userId, status: 'provisioned' },
    });
    const secret = res.body.secret as string;
    const keyId = res.body.command.key_id as string;
    expect(isWellFormedSecret(secret)).toBe(true);
    expect(res.body.command).toEqual({
      kind: 'credential.create',
      input: { user_id: t.viewer.userId, name: 'ops key' },
      key_id: keyId,
    });
    expect(await works(keyId, secret)).toBe(false);
    // Kept nowhere: neither in the change as read back nor in the stored item.
    const read = await api.call('GET', `/v1/changes/${res.body.id}`, { key: t.admins[1]! });
    expect(read.body.secret).toBeUndefined();
    expect(JSON.stringify(read.body)).not.toContain(secret);
    expect(await storedChange(t.id, res.body.id)).not.toContain(secret);

    const done = await approve(t.admins[1]!, res.body.id);
    expect(done.body).toMatchObject({ status: 'APPLIED', result: { key_id: keyId, user_id: t.viewer.userId } });
    expect(done.body.secret).toBeUndefined();
    expect(await works(keyId, secret)).toBe(true);
    const entries = [...(await auditOf(t.admins[0]!, res.body.id)), ...(await auditOf(t.admins[0]!, keyId))];
    expect(entries.map(([action]) => action)).toEqual(['change.requested', 'change.applied', 'credential.created']);
    expect(entries.flatMap(([, events]) => events).sort()).toEqual(['change.decided', 'change.requested']);
  });

  it('creates a credential for oneself at once, even for an admin, under the quorum', async () => {
    const t = await tenantWithQuorum(2);
    const res = await createFor(t, t.adminUserId);
    expect(res.status).toBe(201);
    expect(await works(res.body.key_id, res.body.secret)).toBe(true);
  });

  it('a rejected credential never works', async () => {
    const t = await tenantWithQuorum(2);
    const res = await createFor(t, t.viewer.userId);
    expect((await reject(t.admins[1]!, res.body.id)).body.status).toBe('REJECTED');
    expect(await works(res.body.command.key_id, res.body.secret)).toBe(false);
  });

  it('fails with the reason, creating nothing, when the user was suspended in between', async () => {
    const t = await tenantWithQuorum(2);
    const res = await createFor(t, t.viewer.userId);
    expect(
      (await api.call('PUT', `/v1/users/${t.viewer.userId}`, { key: t.admins[0]!, body: { status: 'suspended' } }))
        .status,
    ).toBe(200);
    const done = await approve(t.admins[1]!, res.body.id);
    expect(done.body.status).toBe('FAILED');
    expect(done.body.failure_reason).toMatch(/^1100 VALIDATION: user is suspended/);
    const listed = await api.call('GET', `/v1/credentials?user_id=${t.viewer.userId}`, { key: t.admins[0]! });
    expect(listed.body.credentials.map((c: { key_id: string }) => c.key_id)).not.toContain(res.body.command.key_id);
  });
});

describe("governed rotation of another user's credential", () => {
  const rotate = (t: Tenant, keyId: string) =>
    api.call('POST', '/v1/credentials/rotate', { key: t.admins[0]!, body: { key_id: keyId, grace_period_seconds: 0 } });
  const works = async (key: Key) => (await api.call('GET', '/v1/me', { key })).status === 200;

  it("with quorum 1 rotates another user's credential at once", async () => {
    const t = await tenantWithQuorum(1);
    const res = await rotate(t, t.viewer.key.keyId);
    expect(res.status).toBe(201);
    expect(await works({ keyId: res.body.key_id, secret: res.body.secret })).toBe(true);
  });

  it('holds it until the quorum approves: the old key keeps working, the new secret only once applied', async () => {
    const t = await tenantWithQuorum(2);
    const res = await rotate(t, t.viewer.key.keyId);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      kind: 'credential.rotate',
      before: { key_id: t.viewer.key.keyId, user_id: t.viewer.userId },
    });
    const next = { keyId: res.body.command.key_id as string, secret: res.body.secret as string };
    expect(await storedChange(t.id, res.body.id)).not.toContain(next.secret);
    expect(await works(next)).toBe(false);
    expect(await works(t.viewer.key)).toBe(true);
    expect((await approve(t.admins[1]!, res.body.id)).body).toMatchObject({
      status: 'APPLIED',
      result: { key_id: next.keyId, rotated: { key_id: t.viewer.key.keyId } },
    });
    expect(await works(next)).toBe(true);
    expect(await works(t.viewer.key)).toBe(false);
  });

  it("rotates one's own credential at once under the quorum", async () => {
    const t = await tenantWithQuorum(2);
    const res = await rotate(t, t.admins[0]!.keyId);
    expect(res.status).toBe(201);
  });

  it('fails when the credential was revoked in between', async () => {
    const t = await tenantWithQuorum(2);
    const res = await rotate(t, t.viewer.key.keyId);
    expect((await api.call('DELETE', `/v1/credentials/${t.viewer.key.keyId}`, { key: t.admins[0]! })).status).toBe(200);
    const done = await approve(t.admins[1]!, res.body.id);
    expect(done.body.status).toBe('FAILED');
    expect(done.body.failure_reason).toBe('1100 VALIDATION: credential is already revoked');
    expect(await works({ keyId: res.body.command.key_id, secret: res.body.secret })).toBe(false);
  });
});

describe('governed IP allowlist', () => {
  const LOCAL = ['127.0.0.0/8', '::1/128'];
  const setAllowlist = (t: Tenant, list: string[] | null) =>
    api.call('PUT', `/v1/tenants/${t.id}`, { key: t.admins[0]!, body: { ip_allowlist: list } });
  const allowlist = async (t: Tenant) =>
    (await api.call('GET', `/v1/tenants/${t.id}`, { key: t.admins[0]! })).body.ip_allowlist;

  it('with quorum 1 changes the allowlist at once', async () => {
    const t = await tenantWithQuorum(1);
    expect((await setAllowlist(t, LOCAL)).status).toBe(200);
    expect(await allowlist(t)).toEqual(LOCAL);
  });

  it('holds an allowlist change until the quorum approves it; a rename alone applies at once', async () => {
    const t = await tenantWithQuorum(2);
    const res = await setAllowlist(t, LOCAL);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      kind: 'tenant.update',
      before: { ip_allowlist: null },
      after: { ip_allowlist: LOCAL },
    });
    expect(await allowlist(t)).toBeNull();
    expect((await approve(t.admins[1]!, res.body.id)).body.status).toBe('APPLIED');
    expect(await allowlist(t)).toEqual(LOCAL);
    expect(
      (await api.call('PUT', `/v1/tenants/${t.id}`, { key: t.admins[0]!, body: { name: 'renamed' } })).status,
    ).toBe(200);
  });

  it('a rejected allowlist change applies nothing', async () => {
    const t = await tenantWithQuorum(2);
    const res = await setAllowlist(t, LOCAL);
    expect((await reject(t.admins[2]!, res.body.id)).body.status).toBe('REJECTED');
    expect(await allowlist(t)).toBeNull();
  });

  it('fails, applying nothing, when the tenant changed after the request', async () => {
    const t = await tenantWithQuorum(2);
    const res = await setAllowlist(t, LOCAL);
    expect(
      (await api.call('PUT', `/v1/tenants/${t.id}`, { key: t.admins[0]!, body: { name: 'renamed' } })).status,
    ).toBe(200);
    const done = await approve(t.admins[1]!, res.body.id);
    expect(done.body.status).toBe('FAILED');
    expect(done.body.failure_reason).toMatch(/^tenant .* changed since the change was requested/);
    expect(await allowlist(t)).toBeNull();
  });
});

describe('governed SSO connections', () => {
  const oidc = (over: Record<string, unknown> = {}) => ({
    issuer: 'https://idp.example',
    client_id: 'custody',
    client_secret: 's3cret-client',
    role_mapping: { 'custody-admins': ['role_admin'] },
    ...over,
  });
  const putOidc = (t: Tenant, body = oidc()) => api.call('PUT', '/v1/sso/oidc', { key: t.admins[0]!, body });
  const getOidc = (t: Tenant) => api.call('GET', '/v1/sso/oidc', { key: t.admins[0]! });

  it('with quorum 1 writes the connection at once', async () => {
    const t = await tenantWithQuorum(1);
    expect((await putOidc(t)).status).toBe(200);
    expect((await getOidc(t)).body.role_mapping).toEqual({ 'custody-admins': ['role_admin'] });
  });

  it('holds a connection with its role mapping, its client secret only sealed, until the quorum approves it', async () => {
    const t = await tenantWithQuorum(2);
    const res = await putOidc(t);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      kind: 'sso.connection_put',
      before: null,
      command: { sso_kind: 'oidc', input: { secrets_set: ['client_secret'] } },
      after: { role_mapping: { 'custody-admins': ['role_admin'] } },
    });
    expect(res.body.command.input.sealed_secrets).toBeUndefined();
    expect(JSON.stringify(res.body)).not.toContain('s3cret-client');
    expect(await storedChange(t.id, res.body.id)).not.toContain('s3cret-client');
    expect((await getOidc(t)).status).toBe(404);

    expect((await approve(t.admins[1]!, res.body.id)).body.status).toBe('APPLIED');
    expect((await getOidc(t)).body).toMatchObject({
      client_id: 'custody',
      role_mapping: { 'custody-admins': ['role_admin'] },
      secrets_set: ['client_secret'],
    });
    const stored = await services().store.get(keys.ssoConnection(t.id, 'oidc'));
    const sealed = (stored!.sealed_secrets as Record<string, string>).client_secret!;
    expect(
      await secretBoxOnDemand({ config: config() }).open(sealed, {
        tenant_id: t.id,
        purpose: 'sso:oidc:client_secret',
      }),
    ).toBe('s3cret-client');
  });

  it('fails the older of two connection changes once the newer one applied', async () => {
    const t = await tenantWithQuorum(2);
    const first = await putOidc(t, oidc({ client_id: 'first' }));
    const second = await putOidc(t, oidc({ client_id: 'second' }));
    expect((await approve(t.admins[1]!, second.body.id)).body.status).toBe('APPLIED');
    const stale = await approve(t.admins[2]!, first.body.id);
    expect(stale.body.status).toBe('FAILED');
    expect(stale.body.failure_reason).toMatch(/^the OIDC connection exists since the change was requested/);
    expect((await getOidc(t)).body.client_id).toBe('second');
  });

  it('holds a deletion; rejected, the connection stays', async () => {
    const t = await tenantWithQuorum(1);
    expect((await putOidc(t)).status).toBe(200);
    expect((await api.call('PUT', '/v1/governance', { key: t.admins[0]!, body: { quorum: 2 } })).status).toBe(200);
    const del = await api.call('DELETE', '/v1/sso/oidc', { key: t.admins[0]! });
    expect(del.status).toBe(202);
    expect(del.body).toMatchObject({ kind: 'sso.connection_delete', before: { client_id: 'custody' } });
    expect((await reject(t.admins[1]!, del.body.id)).body.status).toBe('REJECTED');
    expect((await getOidc(t)).status).toBe(200);
    const again = await api.call('DELETE', '/v1/sso/oidc', { key: t.admins[0]! });
    expect((await approve(t.admins[1]!, again.body.id)).body.status).toBe('APPLIED');
    expect((await getOidc(t)).status).toBe(404);
  });

  it('holds a SAML connection until the quorum approves it', async () => {
    const t = await tenantWithQuorum(2);
    const body = {
      idp_entity_id: 'https://idp.example/saml',
      idp_sso_url: 'https://idp.example/sso',
      idp_certificate_pem: makeTestCertificate().cert,
      role_mapping: { ops: ['role_operator'] },
    };
    const res = await api.call('PUT', '/v1/sso/saml', { key: t.admins[0]!, body });
    expect(res.status).toBe(202);
    expect((await api.call('GET', '/v1/sso/saml', { key: t.admins[0]! })).status).toBe(404);
    expect((await approve(t.admins[1]!, res.body.id)).body.status).toBe('APPLIED');
    expect((await api.call('GET', '/v1/sso/saml', { key: t.admins[0]! })).body).toMatchObject({
      idp_entity_id: 'https://idp.example/saml',
      role_mapping: { ops: ['role_operator'] },
    });
  });
});

describe('governed user creation with a deciding role', () => {
  const create = (t: Tenant, email: string, roleIds: string[]) =>
    api.call('POST', '/v1/users', { key: t.admins[0]!, body: { email, name: 'New', role_ids: roleIds } });
  const userByEmail = async (t: Tenant, email: string) =>
    (
      (await api.call('GET', '/v1/users?limit=100', { key: t.admins[0]! })).body.users as {
        email: string;
        role_ids: string[];
      }[]
    ).find((u) => u.email === email);

  it('with quorum 1 creates an admin at once', async () => {
    const t = await tenantWithQuorum(1);
    expect((await create(t, 'boss@users.example', ['role_admin'])).status).toBe(201);
  });

  it('holds a user created with role_admin or role_approver until the quorum approves; other roles apply at once', async () => {
    const t = await tenantWithQuorum(2);
    expect((await create(t, 'ops@users.example', ['role_operator'])).status).toBe(201);
    const res = await create(t, 'approver@users.example', ['role_viewer', 'role_approver']);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      kind: 'user.create',
      before: null,
      after: { email: 'approver@users.example', role_ids: ['role_viewer', 'role_approver'] },
    });
    expect(await userByEmail(t, 'approver@users.example')).toBeUndefined();
    const done = await approve(t.admins[1]!, res.body.id);
    expect(done.body.status).toBe('APPLIED');
    expect((await userByEmail(t, 'approver@users.example'))?.role_ids).toEqual(['role_viewer', 'role_approver']);
    expect(done.body.result.id).toBeDefined();
  });

  it('a rejected admin is never created', async () => {
    const t = await tenantWithQuorum(2);
    const res = await create(t, 'boss@users.example', ['role_admin']);
    expect((await reject(t.admins[1]!, res.body.id)).body.status).toBe('REJECTED');
    expect(await userByEmail(t, 'boss@users.example')).toBeUndefined();
  });

  it('fails with the reason when a user with the same e-mail was created in between', async () => {
    const t = await tenantWithQuorum(2);
    const res = await create(t, 'boss@users.example', ['role_admin']);
    expect((await create(t, 'boss@users.example', ['role_viewer'])).status).toBe(201);
    const done = await approve(t.admins[1]!, res.body.id);
    expect(done.body.status).toBe('FAILED');
    expect(done.body.failure_reason).toBe(
      'a user with e-mail boss@users.example exists since the change was requested',
    );
    expect((await userByEmail(t, 'boss@users.example'))?.role_ids).toEqual(['role_viewer']);
  });
});
