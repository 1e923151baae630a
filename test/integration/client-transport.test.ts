import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCustodyClient, CustodyApiError, type CustodyClientOptions } from '../../clients/typescript/src/index.js';

/**
 * The client's transport over real HTTP, against a scripted server: the bearer credential, idempotency keys, the
 * interface's retry guidance (waits recorded by an injected sleep, not slept), typed errors and cursor iteration.
 */
type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };
type Answer = { status: number; body?: unknown; headers?: Record<string, string> };

let server: http.Server;
let baseUrl: string;
let script: Answer[] = [];
let seen: Seen[] = [];
let waits: number[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req
      .on('data', (c) => (body += c))
      .on('end', () => {
        seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
        const a = script.shift() ?? { status: 200, body: {} };
        res.writeHead(a.status, { 'Content-Type': 'application/json', 'X-Request-Id': 'req_test', ...a.headers });
        res.end(a.body === undefined ? '' : JSON.stringify(a.body));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  script = [];
  seen = [];
  waits = [];
});

const client = (extra: Partial<CustodyClientOptions> = {}) =>
  createCustodyClient({
    baseUrl,
    apiKey: 'pqck_test:pqcs_secret',
    retry: { sleep: async (ms) => void waits.push(ms), random: () => 0 },
    ...extra,
  });
const catalog = (code: number, type: string, status: number, extra: Answer['headers'] = {}): Answer => ({
  status,
  headers: extra,
  body: {
    error: { code, type, message: `${type} here`, request_id: 'req_1', details: { field: 'amount' } },
    code: type,
    message: `${type} here`,
    requestId: 'req_1',
  },
});
const vault = { id: '0190a0b0-0000-7000-8000-000000000001', name: 'Treasury' };

describe('the client transport', () => {
  it('sends the bearer credential, and a generated Idempotency-Key on a POST (none on a GET)', async () => {
    script = [
      { status: 201, body: vault },
      { status: 200, body: vault },
    ];
    const c = client();
    expect(await c.post('/v1/vault/accounts', { body: { name: 'Treasury' } })).toEqual(vault);
    await c.get('/v1/vault/accounts/{vaultAccountId}', { params: { path: { vaultAccountId: vault.id } } });
    expect(seen[0]!.headers.authorization).toBe('Bearer pqck_test:pqcs_secret');
    expect(seen[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(seen[0]!.body)).toEqual({ name: 'Treasury' });
    expect(seen[1]!.url).toBe(`/v1/vault/accounts/${vault.id}`);
    expect(seen[1]!.headers['idempotency-key']).toBeUndefined();
  });

  it("sends the caller's idempotency key when given one", async () => {
    script = [{ status: 201, body: vault }];
    await client().post('/v1/vault/accounts', { body: { name: 'Treasury' }, idempotencyKey: 'treasury-1' });
    expect(seen[0]!.headers['idempotency-key']).toBe('treasury-1');
  });

  it('waits Retry-After seconds on a 429 and repeats the same request, key included', async () => {
    script = [catalog(1602, 'RATE_LIMITED', 429, { 'Retry-After': '2' }), { status: 201, body: vault }];
    expect(await client().post('/v1/vault/accounts', { body: { name: 'Treasury' } })).toEqual(vault);
    expect(waits).toEqual([2000]);
    expect(seen).toHaveLength(2);
    expect(seen[1]!.headers['idempotency-key']).toBe(seen[0]!.headers['idempotency-key']);
    expect(seen[1]!.body).toBe(seen[0]!.body);
  });

  it('does not wait for a Retry-After longer than its limit: the 429 is thrown with the wait asked', async () => {
    script = [catalog(1602, 'RATE_LIMITED', 429, { 'Retry-After': '120' })];
    const err = await client()
      .get('/v1/vault/accounts')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CustodyApiError);
    expect(err).toMatchObject({ status: 429, code: 1602, type: 'RATE_LIMITED', retryAfterSeconds: 120 });
    expect(seen).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('retries a 503 at most five times with growing backoff, then throws the last answer', async () => {
    script = Array.from({ length: 6 }, () => catalog(1500, 'NODE_UNAVAILABLE', 503));
    const err = await client()
      .get('/v1/vault/accounts')
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 503, code: 1500 });
    expect(seen).toHaveLength(6);
    expect(waits).toEqual([250, 500, 1000, 2000, 4000]);
  });

  it('retries a 502 and returns the answer that follows', async () => {
    script = [catalog(1501, 'CHAIN_ERROR', 502), { status: 200, body: { vaults: [], next_cursor: null } }];
    expect(await client().get('/v1/vault/accounts')).toEqual({ vaults: [], next_cursor: null });
    expect(seen).toHaveLength(2);
  });

  it('does not retry 1303 TX_BROADCAST_FAILED (cancel and resubmit instead)', async () => {
    script = [catalog(1303, 'TX_BROADCAST_FAILED', 502), { status: 200, body: {} }];
    await expect(
      client().post('/v1/transactions/{id}/cancel', { params: { path: { id: vault.id } } }),
    ).rejects.toMatchObject({ code: 1303 });
    expect(seen).toHaveLength(1);
  });

  it('retries a 500 once, after 1 to 2 seconds', async () => {
    script = [catalog(1600, 'INTERNAL_ERROR', 500), catalog(1600, 'INTERNAL_ERROR', 500), { status: 200, body: {} }];
    await expect(client().get('/v1/vault/accounts')).rejects.toMatchObject({ status: 500, type: 'INTERNAL_ERROR' });
    expect(seen).toHaveLength(2);
    expect(waits).toEqual([1000]);
  });

  it('never repeats a POST without an idempotency key after a 5xx, but does after a 429 (it was not run)', async () => {
    const c = client({ idempotencyKeys: false });
    script = [catalog(1500, 'NODE_UNAVAILABLE', 503), { status: 201, body: vault }];
    await expect(c.post('/v1/vault/accounts', { body: { name: 'Treasury' } })).rejects.toMatchObject({ status: 503 });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.headers['idempotency-key']).toBeUndefined();
    seen = [];
    script = [catalog(1602, 'RATE_LIMITED', 429, { 'Retry-After': '1' }), { status: 201, body: vault }];
    expect(await c.post('/v1/vault/accounts', { body: { name: 'Treasury' } })).toEqual(vault);
    expect(seen).toHaveLength(2);
  });

  it("throws a 4xx at once, typed with the catalog's code, type, request id and details", async () => {
    script = [catalog(1103, 'INVALID_AMOUNT', 400), { status: 200, body: {} }];
    const err = (await client()
      .post('/v1/transactions', {
        body: {
          sourceWalletId: vault.id,
          destinationAddr: '0x0000000000000000000000000000000000000001',
          assetId: vault.id,
          amount: '1.5',
        },
      })
      .catch((e: unknown) => e)) as CustodyApiError;
    expect(err).toBeInstanceOf(CustodyApiError);
    expect({
      status: err.status,
      code: err.code,
      type: err.type,
      requestId: err.requestId,
      details: err.details,
    }).toEqual({ status: 400, code: 1103, type: 'INVALID_AMOUNT', requestId: 'req_1', details: { field: 'amount' } });
    expect(err.message).toBe('1103 INVALID_AMOUNT: INVALID_AMOUNT here');
    expect(seen).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it("keeps a body outside the catalog shape, with the answer's request id", async () => {
    script = [{ status: 404, body: '<html>gone</html>' }];
    const err = (await client()
      .get('/v1/vault/accounts')
      .catch((e: unknown) => e)) as CustodyApiError;
    expect(err).toMatchObject({
      status: 404,
      code: null,
      type: null,
      requestId: 'req_test',
      body: '<html>gone</html>',
      message: 'HTTP 404',
    });
  });

  it('iterates a list page after page, passing the cursor with the same filters', async () => {
    const v = (n: number) => ({ ...vault, id: `0190a0b0-0000-7000-8000-00000000000${n}` });
    script = [
      { status: 200, body: { vaults: [v(1), v(2)], next_cursor: 'c1' } },
      { status: 200, body: { vaults: [v(3)], next_cursor: null } },
    ];
    const ids: string[] = [];
    for await (const item of client().list('/v1/vault/accounts', { params: { query: { status: 'active', limit: 2 } } }))
      ids.push(item.id);
    expect(ids).toEqual([v(1).id, v(2).id, v(3).id]);
    expect(seen.map((s) => s.url)).toEqual([
      '/v1/vault/accounts?status=active&limit=2',
      '/v1/vault/accounts?status=active&limit=2&cursor=c1',
    ]);
  });

  it('refuses an API key that is not "<key_id>:<secret>"', () => {
    expect(() => createCustodyClient({ baseUrl, apiKey: 'no-colon' })).toThrow('apiKey must be "<key_id>:<secret>"');
  });
});
