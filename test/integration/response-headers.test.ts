import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantWithAdmin, startTestApi, type Key, type Response, type TestApi } from '../support/local-api.js';

/*
 * Headers of the answers themselves, over HTTP: every answer says `X-Content-Type-Options: nosniff` (successes,
 * errors of the pipeline, the local server's own 404), and every answer carrying a secret says `Cache-Control:
 * no-store` (tenant creation with its admin key, credential creation and rotation, a webhook endpoint's creation and
 * secret rotation), its idempotent replay included. Answers without a secret keep their caching to the client.
 */
let api: TestApi;
let admin: Key;
beforeAll(async () => {
  api = await startTestApi();
  admin = (await createTenantWithAdmin(api)).admin;
});
afterAll(async () => api?.close());

const nosniff = (res: Response) =>
  expect(res.headers.get('x-content-type-options'), `${res.status} ${JSON.stringify(res.body)}`).toBe('nosniff');
const noStore = (res: Response) =>
  expect(res.headers.get('cache-control'), `${res.status} ${JSON.stringify(res.body)}`).toBe('no-store');

describe('response headers', () => {
  it("sends nosniff on successes, pipeline errors and the local server's own answers", async () => {
    const answers = [
      await api.call('GET', '/v1/health/live', { key: null }),
      await api.call('GET', '/v1/openapi.json', { key: null }),
      await api.call('GET', '/v1/vault/accounts', { key: admin }),
      await api.call('POST', '/v1/vault/accounts', { key: admin, body: { name: 'headers' } }),
      await api.call('POST', '/v1/vault/accounts', { key: admin, body: { name: 'headers', extra: 1 } }),
      await api.call('GET', '/v1/vault/accounts', { key: null }),
      await api.call('GET', '/v1/no-such-thing', { key: admin }),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 201, 400, 401, 404]);
    answers.forEach(nosniff);
    expect(answers[2]!.headers.get('cache-control')).toBeNull();
  });

  it("sends no-store with a new tenant's admin key, a new or rotated credential, and a webhook endpoint's secret", async () => {
    const tenant = await api.call('POST', '/v1/tenants', {
      body: { name: `nostore-${Date.now()}`, admin_email: 'a@nostore.example', admin_name: 'A' },
    });
    expect(tenant.body.admin_credential.secret).toBeTruthy();
    const me = await api.call('GET', '/v1/me', { key: admin });
    const created = await api.call('POST', '/v1/credentials', {
      key: admin,
      body: { user_id: me.body.user.id, name: 'second' },
      headers: { 'Idempotency-Key': 'nostore-credential-1' },
    });
    const replayed = await api.call('POST', '/v1/credentials', {
      key: admin,
      body: { user_id: me.body.user.id, name: 'second' },
      headers: { 'Idempotency-Key': 'nostore-credential-1' },
    });
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    const rotated = await api.call('POST', '/v1/credentials/rotate', {
      key: admin,
      body: { key_id: created.body.key_id },
    });
    const webhook = await api.call('POST', '/v1/webhooks', { key: admin, body: { url: 'http://127.0.0.1:9/hook' } });
    const webhookRotated = await api.call('POST', `/v1/webhooks/${webhook.body.id}/rotate-secret`, { key: admin });
    const answers = [tenant, created, replayed, rotated, webhook, webhookRotated];
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 200]);
    for (const res of answers) {
      expect(JSON.stringify(res.body)).toMatch(/"secret":"[^"]+"/);
      noStore(res);
      nosniff(res);
    }
  });
});
