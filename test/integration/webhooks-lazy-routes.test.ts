import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTenantWithAdmin, startTestApi, type Key, type TestApi } from '../support/local-api.js';
import { services } from '../../shared/composition/standalone.js';
import { keys } from '../../shared/store/keys.js';

/**
 * The webhooks function's secret box (shared/composition/secret-box.ts: the KMS client on AWS) and its URL check
 * (shared/domain/webhooks/webhook-url.ts: the destination rule with ipaddr.js) are lazy chunks: the reads never load
 * them, creating an endpoint loads both, over the real API (DynamoDB Local, real HTTP). Each module counts its loads
 * (a mock that evaluates the real module); no other module of this process imports them, as the API alone runs here.
 */
const loads = vi.hoisted(() => ({ box: 0, url: 0 }));
vi.mock('../../shared/composition/secret-box.js', async (original) => {
  loads.box++;
  return original();
});
vi.mock('../../shared/domain/webhooks/webhook-url.js', async (original) => {
  loads.url++;
  return original();
});

let api: TestApi;
let admin: Key;
let tenantId: string;
beforeAll(async () => {
  api = await startTestApi();
  const t = await createTenantWithAdmin(api);
  admin = t.admin;
  tenantId = t.tenant.id as string;
});
afterAll(async () => api?.close());

describe('the webhooks function loads the secret box and the URL check only to create (or rotate)', () => {
  it('reads load neither; create refuses a link-local URL through the URL check, then seals a new secret through the box', async () => {
    expect((await api.call('GET', '/v1/webhooks', { key: admin })).status).toBe(200);
    expect((await api.call('GET', '/v1/webhooks/0193b1f4-6f1e-7c3a-9d2b-5a1e8c7f0a11', { key: admin })).status).toBe(
      404,
    );
    expect(
      (await api.call('GET', '/v1/webhooks/0193b1f4-6f1e-7c3a-9d2b-5a1e8c7f0a11/deliveries', { key: admin })).status,
    ).toBe(404);
    expect(loads).toEqual({ box: 0, url: 0 });

    const refused = await api.call('POST', '/v1/webhooks', {
      key: admin,
      body: { url: 'http://169.254.169.254/latest/meta-data' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 1107 });
    expect(refused.body.error.message).toMatch(/link-local address 169\.254\.169\.254 is never allowed/);
    expect(loads).toEqual({ box: 0, url: 1 });

    const created = await api.call('POST', '/v1/webhooks', {
      key: admin,
      body: { url: 'https://receiver.example.com/hook' },
    });
    expect(created.status).toBe(201);
    expect(loads).toEqual({ box: 1, url: 1 });
    const stored = await services().store.get(keys.webhook(tenantId, created.body.id), { consistent: true });
    const { makeSecretBox } = await import('../../shared/composition/secret-box.js');
    expect(
      await makeSecretBox(services().config).open(stored!.secret_sealed as string, {
        tenant_id: tenantId,
        webhook_id: created.body.id,
      }),
    ).toBe(created.body.secret);

    const rotated = await api.call('POST', `/v1/webhooks/${created.body.id}/rotate-secret`, { key: admin });
    expect(rotated.status).toBe(200);
    expect((await api.call('GET', `/v1/webhooks/${created.body.id}`, { key: admin })).status).toBe(200);
    expect(loads).toEqual({ box: 1, url: 1 });
  });
});
