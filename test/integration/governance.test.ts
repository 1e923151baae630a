import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantWithAdmin, startTestApi, type Key, type TestApi } from '../support/local-api.js';
import { createUserWithRole, createVault } from '../support/fixtures.js';
import { FakeClock } from '../../shared/ports/clock.js';

const clock = new FakeClock(new Date('2026-06-01T12:00:00.000Z').getTime());
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ clock });
});
afterAll(async () => api?.close());

type Tenant = { admins: Key[]; operator: Key; approver: Key };

/** A tenant with three admins, an operator and an approver, its quorum set to `quorum`. */
async function tenantWithQuorum(quorum: number): Promise<Tenant> {
  const t = await createTenantWithAdmin(api);
  const a2 = await createUserWithRole(api, t.admin, 'admin');
  const a3 = await createUserWithRole(api, t.admin, 'admin');
  const operator = await createUserWithRole(api, t.admin, 'operator');
  const approver = await createUserWithRole(api, t.admin, 'approver');
  if (quorum > 1)
    expect((await api.call('PUT', '/v1/governance', { key: t.admin, body: { quorum } })).status).toBe(200);
  return { admins: [t.admin, a2.key, a3.key], operator: operator.key, approver: approver.key };
}

const rules = (max: string) => [{ type: 'MAX_AMOUNT', value: max }];
const approve = (key: Key, id: string) => api.call('POST', `/v1/changes/${id}/approve`, { key, body: {} });
const actions = async (key: Key) =>
  (await api.call('GET', '/v1/audit/entries?order=desc&limit=200', { key })).body.entries as {
    action: string;
    resource_id: string;
  }[];

describe('governance quorum', () => {
  it('with quorum 1 a policy change applies at once, as before', async () => {
    const t = await tenantWithQuorum(1);
    const vault = await createVault(api, t.admins[0]!);
    const res = await api.call('POST', '/v1/policies', {
      key: t.admins[0]!,
      body: { vault_id: vault.id, name: 'p', rules: rules('100') },
    });
    expect(res.status).toBe(201);
    expect((await api.call('GET', '/v1/governance', { key: t.admins[0]! })).body).toMatchObject({
      quorum: 1,
      change_ttl_hours: 72,
    });
  });

  it('holds a policy creation until the quorum approves it, then applies it with its audit entries', async () => {
    const t = await tenantWithQuorum(2);
    const vault = await createVault(api, t.admins[0]!);
    const res = await api.call('POST', '/v1/policies', {
      key: t.admins[0]!,
      body: { vault_id: vault.id, name: 'limits', rules: rules('100') },
    });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      kind: 'policy.create',
      status: 'PENDING',
      quorum: 2,
      before: null,
      after: { vault_id: vault.id, name: 'limits' },
    });
    expect(res.body.approvals).toHaveLength(1);
    expect((await api.call('GET', `/v1/policies?vault_id=${vault.id}`, { key: t.admins[0]! })).body.policies).toEqual(
      [],
    );
    const listed = await api.call('GET', '/v1/changes?status=PENDING', { key: t.admins[1]! });
    expect(listed.body.changes.map((c: { id: string }) => c.id)).toEqual([res.body.id]);

    const done = await approve(t.admins[1]!, res.body.id);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'APPLIED', failure_reason: null });
    expect(done.body.approvals).toHaveLength(2);
    const policies = (await api.call('GET', `/v1/policies?vault_id=${vault.id}`, { key: t.admins[0]! })).body.policies;
    expect(policies).toHaveLength(1);
    expect(done.body.result).toMatchObject({ id: policies[0].id, name: 'limits' });
    const audit = await actions(t.admins[0]!);
    expect(
      audit
        .filter((a) => a.resource_id === res.body.id)
        .map((a) => a.action)
        .sort(),
    ).toEqual(['change.applied', 'change.requested']);
    expect(audit.some((a) => a.action === 'policy.created' && a.resource_id === policies[0].id)).toBe(true);
    expect((await api.call('GET', '/v1/audit/verify', { key: t.admins[0]! })).body.valid).toBe(true);
  });

  it('counts the requester once: its own approval is refused and the change stays pending', async () => {
    const t = await tenantWithQuorum(2);
    const vault = await createVault(api, t.admins[0]!);
    const res = await api.call('POST', '/v1/policies', {
      key: t.admins[0]!,
      body: { vault_id: vault.id, name: 'p', rules: rules('1') },
    });
    const again = await approve(t.admins[0]!, res.body.id);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe(1301);
    expect((await api.call('GET', `/v1/changes/${res.body.id}`, { key: t.admins[0]! })).body.status).toBe('PENDING');
  });

  it('needs N distinct admins: with quorum 3 the second approval leaves it pending, the third applies it', async () => {
    const t = await tenantWithQuorum(3);
    const vault = await createVault(api, t.admins[0]!);
    const res = await api.call('POST', '/v1/policies', {
      key: t.admins[0]!,
      body: { vault_id: vault.id, name: 'p', rules: rules('1') },
    });
    expect((await approve(t.admins[1]!, res.body.id)).body.status).toBe('PENDING');
    expect((await approve(t.admins[1]!, res.body.id)).status).toBe(409);
    expect((await approve(t.admins[2]!, res.body.id)).body.status).toBe('APPLIED');
  });

  it('refuses a non-admin: an approver or an operator cannot approve (403 1001)', async () => {
    const t = await tenantWithQuorum(2);
    const vault = await createVault(api, t.admins[0]!);
    const res = await api.call('POST', '/v1/policies', {
      key: t.admins[0]!,
      body: { vault_id: vault.id, name: 'p', rules: rules('1') },
    });
    for (const key of [t.approver, t.operator]) {
      const r = await approve(key, res.body.id);
      expect(r.status).toBe(403);
      expect(r.body.error.code).toBe(1001);
    }
    expect((await api.call('GET', `/v1/changes/${res.body.id}`, { key: t.admins[0]! })).body.status).toBe('PENDING');
  });

  it('a rejection ends the change: nothing applies and later approvals are 409', async () => {
    const t = await tenantWithQuorum(2);
    const vault = await createVault(api, t.admins[0]!);
    const res = await api.call('POST', '/v1/policies', {
      key: t.admins[0]!,
      body: { vault_id: vault.id, name: 'p', rules: rules('1') },
    });
    const rejected = await api.call('POST', `/v1/changes/${res.body.id}/reject`, {
      key: t.admins[1]!,
      body: { reason: 'too strict' },
    });
    expect(rejected.body).toMatchObject({ status: 'REJECTED', rejection: { reason: 'too strict' } });
    expect((await approve(t.admins[2]!, res.body.id)).status).toBe(409);
    expect((await api.call('GET', `/v1/policies?vault_id=${vault.id}`, { key: t.admins[0]! })).body.policies).toEqual(
      [],
    );
  });

  it('expires after the change expiry: approving then is 409 and records it EXPIRED', async () => {
    const t = await tenantWithQuorum(2);
    const vault = await createVault(api, t.admins[0]!);
    const res = await api.call('POST', '/v1/policies', {
      key: t.admins[0]!,
      body: { vault_id: vault.id, name: 'p', rules: rules('1') },
    });
    clock.advance(72 * 3600 * 1000);
    expect((await api.call('GET', `/v1/changes/${res.body.id}`, { key: t.admins[0]! })).body.status).toBe('EXPIRED');
    const late = await approve(t.admins[1]!, res.body.id);
    expect(late.status).toBe(409);
    expect(
      (await actions(t.admins[0]!)).some((a) => a.action === 'change.expired' && a.resource_id === res.body.id),
    ).toBe(true);
    expect((await api.call('GET', `/v1/policies?vault_id=${vault.id}`, { key: t.admins[0]! })).body.policies).toEqual(
      [],
    );
  });

  it('fails with a reason, applying nothing, when the policy changed after the change was requested', async () => {
    const t = await tenantWithQuorum(2);
    const vault = await createVault(api, t.admins[0]!);
    const created = await api.call('POST', '/v1/policies', {
      key: t.admins[0]!,
      body: { vault_id: vault.id, name: 'p', rules: rules('100') },
    });
    const policy = (await approve(t.admins[1]!, created.body.id)).body.result;
    const first = await api.call('PUT', `/v1/policies/${policy.id}`, {
      key: t.admins[0]!,
      body: { rules: rules('200') },
    });
    const second = await api.call('PUT', `/v1/policies/${policy.id}`, {
      key: t.admins[1]!,
      body: { rules: rules('300') },
    });
    expect(first.body.before).toMatchObject({ rules: [{ value: '100' }] });
    expect((await approve(t.admins[2]!, second.body.id)).body.status).toBe('APPLIED');
    const stale = await approve(t.admins[2]!, first.body.id);
    expect(stale.status).toBe(200);
    expect(stale.body.status).toBe('FAILED');
    expect(stale.body.failure_reason).toMatch(/policy .* changed since the change was requested/);
    expect((await api.call('GET', `/v1/policies/${policy.id}`, { key: t.admins[0]! })).body.rules[0].value).toBe('300');
  });

  it("fails with the use case's own error when the state no longer allows it (vault archived meanwhile)", async () => {
    const t = await tenantWithQuorum(2);
    const vault = await createVault(api, t.admins[0]!);
    const res = await api.call('POST', '/v1/policies', {
      key: t.admins[0]!,
      body: { vault_id: vault.id, name: 'p', rules: rules('1') },
    });
    expect(
      (await api.call('POST', `/v1/vault/accounts/${vault.id}/archive`, { key: t.admins[0]!, body: {} })).status,
    ).toBe(200);
    const done = await approve(t.admins[1]!, res.body.id);
    expect(done.body.status).toBe('FAILED');
    expect(done.body.failure_reason).toMatch(/^1301 /);
    expect((await api.call('GET', `/v1/policies?vault_id=${vault.id}`, { key: t.admins[0]! })).body.policies).toEqual(
      [],
    );
  });

  it('refuses at request time what could not apply (an unknown vault is 404, no change kept)', async () => {
    const t = await tenantWithQuorum(2);
    const res = await api.call('POST', '/v1/policies', {
      key: t.admins[0]!,
      body: { vault_id: '0190a0a0-0000-7000-8000-000000000001', name: 'p', rules: rules('1') },
    });
    expect(res.status).toBe(404);
    expect((await api.call('GET', '/v1/changes', { key: t.admins[0]! })).body.changes).toEqual([]);
  });

  it('raises the quorum at once but lowers it only with the current quorum', async () => {
    const t = await tenantWithQuorum(2);
    const up = await api.call('PUT', '/v1/governance', { key: t.admins[0]!, body: { quorum: 3 } });
    expect(up.status).toBe(200);
    expect(up.body.quorum).toBe(3);
    const down = await api.call('PUT', '/v1/governance', { key: t.admins[0]!, body: { quorum: 1 } });
    expect(down.status).toBe(202);
    expect(down.body).toMatchObject({
      kind: 'governance.update',
      quorum: 3,
      before: { quorum: 3 },
      after: { quorum: 1 },
    });
    expect((await api.call('GET', '/v1/governance', { key: t.admins[0]! })).body.quorum).toBe(3);
    expect((await approve(t.admins[1]!, down.body.id)).body.status).toBe('PENDING');
    expect((await approve(t.admins[2]!, down.body.id)).body.status).toBe('APPLIED');
    expect((await api.call('GET', '/v1/governance', { key: t.admins[0]! })).body.quorum).toBe(1);
  });

  it("keeps tenants apart: another tenant's admin neither sees nor approves a change (404)", async () => {
    const t = await tenantWithQuorum(2);
    const other = await tenantWithQuorum(2);
    const vault = await createVault(api, t.admins[0]!);
    const res = await api.call('POST', '/v1/policies', {
      key: t.admins[0]!,
      body: { vault_id: vault.id, name: 'p', rules: rules('1') },
    });
    expect((await api.call('GET', `/v1/changes/${res.body.id}`, { key: other.admins[0]! })).status).toBe(404);
    expect((await approve(other.admins[1]!, res.body.id)).status).toBe(404);
    expect((await api.call('GET', '/v1/changes', { key: other.admins[0]! })).body.changes).toEqual([]);
    expect((await api.call('GET', `/v1/changes/${res.body.id}`, { key: t.admins[0]! })).body.status).toBe('PENDING');
  });

  it('holds a grant or removal of role_admin or role_approver, while other roles apply at once', async () => {
    const t = await tenantWithQuorum(2);
    // A user without a credential: a credential for another user is itself governed (governance-access.test.ts).
    const created = await api.call('POST', '/v1/users', {
      key: t.admins[0]!,
      body: { email: 'viewer@users.example', name: 'Viewer', role_ids: ['role_viewer'] },
    });
    const user = { userId: created.body.id as string };
    const roles = async () =>
      (await api.call('GET', `/v1/users/${user.userId}`, { key: t.admins[0]! })).body.role_ids as string[];
    expect(
      (
        await api.call('POST', `/v1/users/${user.userId}/roles`, {
          key: t.admins[0]!,
          body: { role_id: 'role_operator' },
        })
      ).status,
    ).toBe(201);
    const grant = await api.call('POST', `/v1/users/${user.userId}/roles`, {
      key: t.admins[0]!,
      body: { role_id: 'role_admin' },
    });
    expect(grant.status).toBe(202);
    expect(grant.body).toMatchObject({
      kind: 'user.role_assign',
      before: { role_ids: ['role_viewer', 'role_operator'] },
    });
    expect(await roles()).not.toContain('role_admin');
    expect((await approve(t.admins[1]!, grant.body.id)).body).toMatchObject({
      status: 'APPLIED',
      result: { created: true },
    });
    expect(await roles()).toContain('role_admin');
    const removal = await api.call('DELETE', `/v1/users/${user.userId}/roles/role_admin`, { key: t.admins[0]! });
    expect(removal.status).toBe(202);
    expect(await roles()).toContain('role_admin');
    expect((await approve(t.admins[2]!, removal.body.id)).body.status).toBe('APPLIED');
    expect(await roles()).not.toContain('role_admin');
  });
});
