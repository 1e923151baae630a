import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../shared/ports/clock.js';
import { isWellFormedKeyId, isWellFormedSecret } from '../../shared/domain/identity/credential-secret.js';
import { createTenantWithAdmin, startTestApi, type Key, type TestApi } from '../support/local-api.js';

const clock = new FakeClock(new Date('2026-06-01T12:00:00.000Z').getTime());
let api: TestApi;
let admin: Key;
let adminUserId: string;
beforeAll(async () => {
  api = await startTestApi({ clock });
  ({ admin, adminUserId } = await createTenantWithAdmin(api));
});
afterAll(async () => api?.close());

const create = async (name = 'ci') => {
  const res = await api.call('POST', '/v1/credentials', { key: admin, body: { user_id: adminUserId, name } });
  expect(res.status).toBe(201);
  return { res, key: { keyId: res.body.key_id as string, secret: res.body.secret as string } };
};

describe('credentials', () => {
  it('issues a key id and secret with our prefixes and checksum, shown once and stored only as a hash', async () => {
    const { res, key } = await create();
    expect(isWellFormedKeyId(key.keyId)).toBe(true);
    expect(isWellFormedSecret(key.secret)).toBe(true);
    expect(isWellFormedSecret(key.secret.slice(0, -1) + (key.secret.endsWith('A') ? 'B' : 'A'))).toBe(false);
    expect(res.body.status).toBe('provisioned');
    const list = await api.call('GET', '/v1/credentials', { key: admin });
    const text = JSON.stringify(list.body);
    expect(text).toContain(key.keyId);
    expect(text).not.toContain(key.secret);
    expect(text).not.toMatch(/secret_hash|pqcs_/);
  });

  it('moves a credential from provisioned to active on first use', async () => {
    const { key } = await create('first-use');
    expect((await api.call('GET', '/v1/audit/verify', { key })).status).toBe(200);
    const list = await api.call('GET', '/v1/credentials?limit=200', { key: admin });
    expect(list.body.credentials.find((c: { key_id: string }) => c.key_id === key.keyId).status).toBe('active');
  });

  it('answers 401 1000 to an unknown key, a wrong secret and a malformed header', async () => {
    const { key } = await create('probe');
    // Another last character (a secret that already ends in 'x' made this probe the real secret once in ~60 runs).
    const wrongSecret = key.secret.slice(0, -1) + (key.secret.endsWith('x') ? 'y' : 'x');
    const wrong = await api.call('GET', '/v1/audit/verify', { key: { keyId: key.keyId, secret: wrongSecret } });
    const unknown = await api.call('GET', '/v1/audit/verify', {
      key: { keyId: 'pqck_0000000000000000000001', secret: key.secret },
    });
    const malformed = await api.call('GET', '/v1/audit/verify', {
      key: null,
      headers: { Authorization: `Basic ${key.keyId}` },
    });
    const missing = await api.call('GET', '/v1/audit/verify', { key: null });
    for (const r of [wrong, unknown, malformed, missing]) {
      expect(r.status).toBe(401);
      expect(r.body.error.code).toBe(1000);
    }
  });

  it('keeps a rotated key valid during its grace period and answers 401 1002 after it', async () => {
    const { key: old } = await create('rotating');
    const rot = await api.call('POST', '/v1/credentials/rotate', {
      key: admin,
      body: { key_id: old.keyId, grace_period_seconds: 3600 },
    });
    expect(rot.status).toBe(201);
    expect(rot.body.rotated).toMatchObject({ key_id: old.keyId, status: 'rotated', replaced_by: rot.body.key_id });
    const fresh = { keyId: rot.body.key_id, secret: rot.body.secret };
    expect((await api.call('GET', '/v1/audit/verify', { key: old })).status).toBe(200);
    clock.advance(3601 * 1000);
    const late = await api.call('GET', '/v1/audit/verify', { key: old });
    expect(late.status).toBe(401);
    expect(late.body.error.code).toBe(1002);
    expect((await api.call('GET', '/v1/audit/verify', { key: fresh })).status).toBe(200);
  });

  it('bounds the grace period (1100) and refuses to rotate a rotated key again', async () => {
    const { key } = await create('bounded');
    const tooLong = await api.call('POST', '/v1/credentials/rotate', {
      key: admin,
      body: { key_id: key.keyId, grace_period_seconds: 10 * 365 * 86400 },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.code).toBe(1100);
    expect((await api.call('POST', '/v1/credentials/rotate', { key: admin, body: { key_id: key.keyId } })).status).toBe(
      201,
    );
    expect((await api.call('POST', '/v1/credentials/rotate', { key: admin, body: { key_id: key.keyId } })).status).toBe(
      400,
    );
  });

  it('revokes permanently: 401 1002 on every later request', async () => {
    const { key } = await create('doomed');
    const del = await api.call('DELETE', `/v1/credentials/${key.keyId}`, { key: admin });
    expect(del.status).toBe(200);
    expect(del.body.status).toBe('revoked');
    const res = await api.call('GET', '/v1/audit/verify', { key });
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({ code: 1002, type: 'API_KEY_REVOKED' });
  });

  it("does not reveal or touch another tenant's credential (404)", async () => {
    const other = await createTenantWithAdmin(api);
    const { key } = await create('mine');
    expect((await api.call('DELETE', `/v1/credentials/${key.keyId}`, { key: other.admin })).status).toBe(404);
    expect(
      (await api.call('POST', '/v1/credentials', { key: other.admin, body: { user_id: adminUserId, name: 'x' } }))
        .status,
    ).toBe(404);
    expect((await api.call('GET', '/v1/audit/verify', { key })).status).toBe(200);
  });
});
