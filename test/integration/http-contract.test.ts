import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { createTenantWithAdmin, startTestApi, type Key, type TestApi } from '../support/local-api.js';
import { createVault, nativeAsset, randomAddress } from '../support/fixtures.js';
import { handler as tenantsHandler } from '../../functions/tenants/handler.js';
import { handler as vaultsHandler } from '../../functions/vaults/handler.js';
import { Tenant } from '../../shared/schemas/tenants.js';
import { MAX_JSON_DEPTH } from '../../shared/http/json-body.js';

/*
 * The HTTP contract a newcomer meets first: unknown routes and methods, media types and sizes, hostile JSON, the
 * Authorization scheme, unknown query parameters, canonical amounts, stable key order and byte-identical replays.
 * Over real HTTP through the local server, and (for what API Gateway hands the function) through the pipeline.
 */
let api: TestApi;
let admin: Key;
beforeAll(async () => {
  api = await startTestApi();
  admin = (await createTenantWithAdmin(api)).admin;
});
afterAll(async () => api?.close());

const auth = (key: Key) => ({ Authorization: `Bearer ${key.keyId}:${key.secret}` });
type Invoke = (e: APIGatewayProxyEvent, c: Context) => Promise<APIGatewayProxyResult>;

/** What API Gateway sends a family function: here for a method its path has no route for (the ANY method). */
function gatewayEvent(
  method: string,
  resource: string,
  extra: Partial<APIGatewayProxyEvent> = {},
): APIGatewayProxyEvent {
  return {
    httpMethod: method,
    resource,
    path: resource,
    headers: {},
    multiValueHeaders: {},
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    pathParameters: null,
    stageVariables: null,
    body: null,
    isBase64Encoded: false,
    requestContext: { identity: { sourceIp: '127.0.0.1' } } as APIGatewayProxyEvent['requestContext'],
    ...extra,
  };
}

async function vaultNames(key: Key): Promise<string[]> {
  const res = await api.call('GET', '/v1/vault/accounts?limit=200', { key });
  return res.body.vaults.map((v: { name: string }) => v.name);
}

describe('unknown routes and methods', () => {
  it('answers an unknown path 404 1402 naming the method and path', async () => {
    const res = await api.call('GET', '/v1/x');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      error: {
        code: 1402,
        type: 'NOT_FOUND',
        message: 'no route GET /v1/x',
        request_id: res.headers.get('x-request-id'),
      },
      code: 'NOT_FOUND',
      message: 'no route GET /v1/x',
      requestId: res.headers.get('x-request-id'),
    });
  });

  it('answers a known path with another method 405 1403 with Allow, from the local server', async () => {
    const res = await api.call('DELETE', '/v1/tenants');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST, GET');
    expect(res.body.error).toMatchObject({
      code: 1403,
      type: 'METHOD_NOT_ALLOWED',
      details: { allowed: ['POST', 'GET'] },
    });
    const withParam = await api.call('PATCH', `/v1/tenants/${crypto.randomUUID()}`);
    expect(withParam.status).toBe(405);
    expect(withParam.headers.get('allow')).toBe('GET, PUT');
  });

  it("gives the same 405 from the pipeline (what API Gateway's ANY method hands the function)", async () => {
    const res = await (tenantsHandler as unknown as Invoke)(gatewayEvent('PATCH', '/v1/tenants'), {} as Context);
    expect(res.statusCode).toBe(405);
    expect(res.headers).toMatchObject({ Allow: 'POST, GET' });
    expect(JSON.parse(res.body).error).toMatchObject({ code: 1403, type: 'METHOD_NOT_ALLOWED' });
  });
});

describe('media type and size', () => {
  it('refuses a JSON body sent as text/plain or form-encoded with 415 1111, storing nothing', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const name = `media-${type.length}`;
      const res = await api.call('POST', '/v1/vault/accounts', {
        key: admin,
        rawBody: JSON.stringify({ name }),
        headers: { 'Content-Type': type },
      });
      expect(res.status, type).toBe(415);
      expect(res.body.error, type).toMatchObject({ code: 1111, type: 'UNSUPPORTED_MEDIA_TYPE' });
      expect(await vaultNames(admin)).not.toContain(name);
    }
    const ok = await api.call('POST', '/v1/vault/accounts', {
      key: admin,
      rawBody: JSON.stringify({ name: 'media-ok' }),
      headers: { 'Content-Type': 'Application/JSON; charset=utf-8' },
    });
    expect(ok.status).toBe(201);
  });

  it('refuses a 20 MB body with 413 1112 from the local server, and an oversized body from the pipeline alike', async () => {
    const res = await api.call('POST', '/v1/vault/accounts', {
      key: admin,
      rawBody: JSON.stringify({ name: 'x'.repeat(20 * 1024 * 1024) }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(res.body.error).toMatchObject({ code: 1112, type: 'PAYLOAD_TOO_LARGE' });
    const direct = await (vaultsHandler as unknown as Invoke)(
      gatewayEvent('POST', '/v1/vault/accounts', {
        headers: { 'Content-Type': 'application/json', ...auth(admin) },
        body: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
      }),
      {} as Context,
    );
    expect(direct.statusCode).toBe(413);
    expect(JSON.parse(direct.body).error).toMatchObject({ code: 1112, type: 'PAYLOAD_TOO_LARGE' });
  });
});

describe('hostile JSON', () => {
  it('refuses metadata keys constructor and __proto__ with 400 1100, storing nothing', async () => {
    for (const [label, raw] of [
      ['ctor', '{"name":"ctor","metadata":{"constructor":"x"}}'],
      ['proto', '{"name":"proto","metadata":{"__proto__":{"admin":true}}}'],
      ['proto-top', '{"name":"proto-top","__proto__":{"x":1}}'],
    ]) {
      const res = await api.call('POST', '/v1/vault/accounts', {
        key: admin,
        rawBody: raw,
        headers: { 'Content-Type': 'application/json' },
      });
      expect(res.status, label).toBe(400);
      expect(res.body.error.code, label).toBe(1100);
      expect(await vaultNames(admin)).not.toContain(label);
    }
  });

  it('refuses metadata nested 10,000 levels deep with 400 1100, storing nothing', async () => {
    const deep = '{"a":'.repeat(10_000) + '"x"' + '}'.repeat(10_000);
    const res = await api.call('POST', '/v1/vault/accounts', {
      key: admin,
      rawBody: `{"name":"deep","metadata":${deep}}`,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 1100, details: { max_depth: MAX_JSON_DEPTH } });
    expect(await vaultNames(admin)).not.toContain('deep');
  });
});

describe('authorization and query parameters', () => {
  it('accepts the Bearer scheme in any case (RFC 7235)', async () => {
    for (const scheme of ['bearer', 'BEARER', 'Bearer']) {
      const res = await api.call('GET', '/v1/vault/accounts', {
        key: null,
        headers: { Authorization: `${scheme} ${admin.keyId}:${admin.secret}` },
      });
      expect(res.status, scheme).toBe(200);
    }
  });

  it('refuses an unknown query parameter with 400 1100 naming it', async () => {
    const res = await api.call('GET', '/v1/vault/accounts?limit=5&colour=blue', { key: admin });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 1100, details: { field: 'colour' } });
    expect(res.body.error.message).toContain("'colour'");
    expect((await api.call('GET', '/v1/health/live?x=1', { key: null })).status).toBe(400);
  });
});

describe('amounts', () => {
  it('refuses a transfer amount with leading zeros with 400 1103', async () => {
    for (const amount of ['007', '0'.repeat(100) + '1234567890123456']) {
      const res = await api.call('POST', '/v1/transactions', {
        key: admin,
        body: { sourceWalletId: crypto.randomUUID(), destinationAddr: randomAddress(), assetId: nativeAsset(), amount },
      });
      expect(res.status, amount).toBe(400);
      expect(res.body.error, amount).toMatchObject({
        code: 1103,
        type: 'INVALID_AMOUNT',
        details: { field: 'amount' },
      });
    }
  });

  it('refuses a policy amount with leading zeros instead of rewriting it', async () => {
    const vault = await createVault(api, admin);
    const res = await api.call('POST', '/v1/policies', {
      key: admin,
      body: { vault_id: vault.id, name: 'p', rules: [{ type: 'MAX_AMOUNT', value: '0005' }] },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details.field).toBe('rules.0.value');
  });
});

describe('policies: PUT takes the POST body', () => {
  it("accepts the policy's own vault_id and refuses another naming the field", async () => {
    const vault = await createVault(api, admin);
    const other = await createVault(api, admin);
    const body = { vault_id: vault.id, name: 'limits', rules: [{ type: 'MAX_AMOUNT', value: '5' }] };
    const created = await api.call('POST', '/v1/policies', { key: admin, body });
    expect(created.status).toBe(201);
    const same = await api.call('PUT', `/v1/policies/${created.body.id}`, {
      key: admin,
      body: { ...body, rules: [{ type: 'MAX_AMOUNT', value: '6' }] },
    });
    expect(same.status).toBe(200);
    expect(same.body.rules).toEqual([{ type: 'MAX_AMOUNT', value: '6' }]);
    const moved = await api.call('PUT', `/v1/policies/${created.body.id}`, {
      key: admin,
      body: { ...body, vault_id: other.id },
    });
    expect(moved.status).toBe(400);
    expect(moved.body.error).toMatchObject({ code: 1100, details: { field: 'vault_id' } });
    expect((await api.call('GET', `/v1/policies/${created.body.id}`, { key: admin })).body).toMatchObject({
      vault_id: vault.id,
      rules: [{ type: 'MAX_AMOUNT', value: '6' }],
    });
  });
});

describe('tenants need a first admin', () => {
  it('refuses POST /v1/tenants without admin_email with 400 1101, storing nothing', async () => {
    const res = await api.call('POST', '/v1/tenants', { body: { name: 'no-admin' } });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 1101, details: { field: 'admin_email' } });
    const list = await api.call('GET', '/v1/tenants?limit=200');
    expect(list.body.tenants.map((t: { name: string }) => t.name)).not.toContain('no-admin');
  });
});

describe('stable answers', () => {
  const metadata = Object.fromEntries(
    ['zeta', 'alpha', 'mu', 'beta', 'omega', 'kappa', 'delta', 'epsilon', 'gamma', 'iota'].map((k, i) => [k, `v${i}`]),
  );

  it("returns a resource's keys in the schema's order, free-form maps sorted by key", async () => {
    const created = await api.call('POST', '/v1/tenants', {
      body: { name: 'ordered', admin_email: 'admin@ordered.example', metadata },
    });
    expect(created.status).toBe(201);
    const got = await api.call('GET', `/v1/tenants/${created.body.id}`);
    const declared = Object.keys(Tenant().shape);
    expect(Object.keys(got.body)).toEqual(declared.filter((k) => k in got.body));
    expect(Object.keys(got.body.metadata)).toEqual(Object.keys(metadata).sort());
    const entries = await api.call('GET', '/v1/audit/entries?order=desc&limit=5');
    for (const e of entries.body.entries) {
      if (e.change && typeof e.change === 'object') expect(Object.keys(e.change)).toEqual(Object.keys(e.change).sort());
    }
  });

  it('replays an idempotent request byte for byte', async () => {
    const headers = { ...auth(api.operator), 'Content-Type': 'application/json', 'Idempotency-Key': 'bytes-1' };
    const body = JSON.stringify({ name: 'bytes', admin_email: 'admin@bytes.example', metadata });
    const first = await fetch(`${api.baseUrl}/v1/tenants`, { method: 'POST', headers, body });
    const second = await fetch(`${api.baseUrl}/v1/tenants`, { method: 'POST', headers, body });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await second.text()).toBe(await first.text());
  });
});
