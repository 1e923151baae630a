import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/local-api.js';
import { services } from '../../shared/composition/standalone.js';
import { keys } from '../../shared/store/keys.js';
import { sha256Hex } from '../../shared/crypto/hashing.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api?.close());

const tenantsNamed = async (name: string) => {
  const list = await api.call('GET', '/v1/tenants?limit=200');
  return list.body.tenants.filter((t: { name: string }) => t.name === name);
};

describe('idempotency', () => {
  it('replays the original status and body with Idempotent-Replayed, creating one tenant', async () => {
    const headers = { 'Idempotency-Key': 'create-acme-1' };
    const first = await api.call('POST', '/v1/tenants', {
      body: { name: 'idem-a', admin_email: 'admin@idem-a.example' },
      headers,
    });
    const second = await api.call('POST', '/v1/tenants', {
      body: { name: 'idem-a', admin_email: 'admin@idem-a.example' },
      headers,
    });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(await tenantsNamed('idem-a')).toHaveLength(1);
  });

  it('keeps a stored answer sealed at rest: the admin credential shown once is not in the table, the replay still has it', async () => {
    const headers = { 'Idempotency-Key': 'sealed-1' };
    const first = await api.call('POST', '/v1/tenants', {
      body: { name: 'idem-sealed', admin_email: 'admin@idem-sealed.example' },
      headers,
    });
    const secret = first.body.admin_credential.secret as string;
    const item = await services().store.get(keys.idempotency(api.platformTenantId, sha256Hex('sealed-1')), {
      consistent: true,
    });
    expect(item?.body).toBeInstanceOf(Uint8Array); // deflated, then sealed
    expect(JSON.stringify(item)).not.toContain(secret);
    const replay = await api.call('POST', '/v1/tenants', {
      body: { name: 'idem-sealed', admin_email: 'admin@idem-sealed.example' },
      headers,
    });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.admin_credential.secret).toBe(secret);
  });

  it('accepts the key as a structured-field string', async () => {
    const a = await api.call('POST', '/v1/tenants', {
      body: { name: 'idem-sf', admin_email: 'admin@idem-sf.example' },
      headers: { 'Idempotency-Key': '"sf-key"' },
    });
    const b = await api.call('POST', '/v1/tenants', {
      body: { name: 'idem-sf', admin_email: 'admin@idem-sf.example' },
      headers: { 'Idempotency-Key': 'sf-key' },
    });
    expect(b.body.id).toBe(a.body.id);
  });

  it('answers 422 1601 to the same key with another body, method or path', async () => {
    const headers = { 'Idempotency-Key': 'conflicting' };
    const created = await api.call('POST', '/v1/tenants', {
      body: { name: 'idem-b', admin_email: 'admin@idem-b.example' },
      headers,
    });
    const otherBody = await api.call('POST', '/v1/tenants', {
      body: { name: 'idem-c', admin_email: 'admin@idem-c.example' },
      headers,
    });
    expect(otherBody.status).toBe(422);
    expect(otherBody.body.error).toMatchObject({ code: 1601, type: 'IDEMPOTENCY_CONFLICT' });
    const otherPath = await api.call('PUT', `/v1/tenants/${created.body.id}`, { body: { name: 'idem-b2' }, headers });
    expect(otherPath.status).toBe(422);
    expect(otherPath.body.error.code).toBe(1601);
    expect(await tenantsNamed('idem-c')).toHaveLength(0);
  });

  it('creates exactly one resource when concurrent requests share a key', async () => {
    const headers = { 'Idempotency-Key': 'race-1' };
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        api.call('POST', '/v1/tenants', {
          body: { name: 'idem-race', admin_email: 'admin@idem-race.example' },
          headers,
        }),
      ),
    );
    expect(results.every((r) => r.status === 201)).toBe(true);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect(await tenantsNamed('idem-race')).toHaveLength(1);
  });

  it('stores a 4xx answer and replays it, but keeps keys apart per tenant', async () => {
    const headers = { 'Idempotency-Key': 'bad-1' };
    const first = await api.call('POST', '/v1/tenants', {
      body: { name: '', admin_email: 'admin@empty.example' },
      headers,
    });
    expect(first.status).toBe(400);
    const again = await api.call('POST', '/v1/tenants', {
      body: { name: '', admin_email: 'admin@empty.example' },
      headers,
    });
    expect(again.status).toBe(400);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.error.request_id).toBe(first.body.error.request_id);
  });

  it('refuses a malformed key with 1100', async () => {
    const res = await api.call('POST', '/v1/tenants', {
      body: { name: 'x', admin_email: 'admin@x.example' },
      headers: { 'Idempotency-Key': 'k'.repeat(300) },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(1100);
  });
});
