import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantWithAdmin, startTestApi, type Key, type TestApi } from '../support/local-api.js';
import { createVault } from '../support/fixtures.js';

/**
 * The pagination contract against DynamoDB Local, over real HTTP: bounds of `limit`/`page`/`per_page`, and cursors
 * that are opaque, tamper-evident and bound to the tenant, the listing and its filters. Every refusal is 400 1108.
 */
let api: TestApi;
let a: { admin: Key; tenant: { id: string } };
let b: { admin: Key; tenant: { id: string } };

beforeAll(async () => {
  api = await startTestApi();
  a = await createTenantWithAdmin(api);
  b = await createTenantWithAdmin(api);
  for (const t of [a, b]) for (let i = 0; i < 3; i++) await createVault(api, t.admin);
});
afterAll(async () => api?.close());

const expect1108 = (res: { status: number; body: { error: { code: number; message: string } } }, message?: string) => {
  expect(res.status).toBe(400);
  expect(res.body.error.code).toBe(1108);
  if (message) expect(res.body.error.message).toBe(message);
};

/** Replaces one character of a string with another from the cursor alphabet. */
const flip = (s: string, at: number) => s.slice(0, at) + (s[at] === 'A' ? 'B' : 'A') + s.slice(at + 1);

describe('page bounds', () => {
  it.each(['0', '201', '-1', 'abc', '1e2', '1.5', '007', ''])('answers limit=%s with 400 1108', async (limit) => {
    expect1108(await api.call('GET', `/v1/vault/accounts?limit=${limit}`, { key: a.admin }));
    expect1108(await api.call('GET', `/v1/tenants?limit=${limit}`));
  });

  it.each(['page=0', 'per_page=0', 'per_page=201', 'page=1e2', 'page=10001'])('answers %s with 400 1108', async (q) => {
    expect1108(await api.call('GET', `/v1/vault/accounts?${q}`, { key: a.admin }));
  });

  it('accepts the bounds themselves', async () => {
    expect((await api.call('GET', '/v1/vault/accounts?limit=1', { key: a.admin })).body.vaults).toHaveLength(1);
    expect((await api.call('GET', '/v1/vault/accounts?limit=200', { key: a.admin })).status).toBe(200);
    expect((await api.call('GET', '/v1/roles?page=2&per_page=2', { key: a.admin })).body.roles).toHaveLength(2);
  });
});

describe('cursors', () => {
  const firstPage = async (path = '/v1/vault/accounts?limit=1', key: Key = a.admin) => {
    const res = await api.call('GET', path, { key });
    expect(res.status).toBe(200);
    expect(res.body.next_cursor).toEqual(expect.any(String));
    return res.body.next_cursor as string;
  };

  it('walks a listing to its end, each item once', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { body: { vaults: { id: string }[]; next_cursor: string | null } } = await api.call(
        'GET',
        `/v1/vault/accounts?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        { key: a.admin },
      );
      seen.push(...res.body.vaults.map((v) => v.id));
      cursor = res.body.next_cursor;
    } while (cursor);
    expect(seen).toHaveLength(3);
    expect(new Set(seen).size).toBe(3);
  });

  it('refuses a 5,000-character cursor and malformed ones', async () => {
    expect1108(await api.call('GET', `/v1/vault/accounts?cursor=${'A'.repeat(5000)}`, { key: a.admin }));
    for (const bad of ['bogus', 'a.b', '%7B%7D', 'eyJwayI6IngifQ', `${'A'.repeat(40)}.${'A'.repeat(22)}`]) {
      expect1108(await api.call('GET', `/v1/vault/accounts?cursor=${bad}`, { key: a.admin }));
    }
  });

  it('refuses an edited cursor: any character of its payload or its MAC', async () => {
    const cursor = await firstPage();
    const dot = cursor.indexOf('.');
    for (const at of [0, Math.floor(dot / 2), dot - 2, dot + 1, cursor.length - 2]) {
      expect1108(await api.call('GET', `/v1/vault/accounts?limit=1&cursor=${flip(cursor, at)}`, { key: a.admin }));
    }
  });

  it('refuses a cursor whose position was rewritten, even to a key of the same tenant', async () => {
    const cursor = await firstPage();
    const [payload, mac] = cursor.split('.') as [string, string];
    const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { p: Record<string, string> };
    decoded.p.sk = 'VAULT#';
    const forged = `${Buffer.from(JSON.stringify(decoded)).toString('base64url')}.${mac}`;
    expect1108(
      await api.call('GET', `/v1/vault/accounts?limit=1&cursor=${forged}`, { key: a.admin }),
      'cursor malformed: edited, or not issued to this tenant',
    );
  });

  it("refuses another tenant's cursor on the same listing", async () => {
    const cursor = await firstPage('/v1/vault/accounts?limit=1', a.admin);
    expect1108(
      await api.call('GET', `/v1/vault/accounts?limit=1&cursor=${cursor}`, { key: b.admin }),
      'cursor malformed: edited, or not issued to this tenant',
    );
  });

  it('refuses a cursor reused with other filters, and says so', async () => {
    const cursor = await firstPage('/v1/vault/accounts?limit=1&status=active');
    expect(
      (await api.call('GET', `/v1/vault/accounts?limit=1&status=active&cursor=${cursor}`, { key: a.admin })).status,
    ).toBe(200);
    expect1108(
      await api.call('GET', `/v1/vault/accounts?limit=1&status=archived&cursor=${cursor}`, { key: a.admin }),
      'cursor was issued for other filters',
    );
    expect1108(
      await api.call('GET', `/v1/vault/accounts?limit=1&cursor=${cursor}`, { key: a.admin }),
      'cursor was issued for other filters',
    );
    const users = await firstPage('/v1/users?limit=1&status=active');
    expect1108(
      await api.call('GET', `/v1/users?limit=1&cursor=${users}`, { key: a.admin }),
      'cursor was issued for other filters',
    );
    const audit = await firstPage('/v1/audit/entries?limit=1');
    expect1108(
      await api.call('GET', `/v1/audit/entries?limit=1&order=desc&cursor=${audit}`, { key: a.admin }),
      'cursor was issued for other filters',
    );
  });

  it("refuses another listing's cursor", async () => {
    const vaults = await firstPage();
    expect1108(
      await api.call('GET', `/v1/users?limit=1&cursor=${vaults}`, { key: a.admin }),
      'cursor was issued for another listing',
    );
    const roles = await firstPage('/v1/roles?limit=1');
    expect1108(
      await api.call('GET', `/v1/vault/accounts?limit=1&cursor=${roles}`, { key: a.admin }),
      'cursor was issued for another listing',
    );
  });
});

describe('tenant listing order', () => {
  it('lists tenants in creation order, oldest first, like every list but transactions and credentials', async () => {
    const created = [(await createTenantWithAdmin(api)).tenant.id, (await createTenantWithAdmin(api)).tenant.id];
    const ids: string[] = (await api.call('GET', '/v1/tenants?limit=200')).body.tenants.map(
      (t: { id: string }) => t.id,
    );
    expect(ids.indexOf(a.tenant.id)).toBeLessThan(ids.indexOf(b.tenant.id));
    expect(ids.slice(-2)).toEqual(created);
  });
});
