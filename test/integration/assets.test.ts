import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantWithAdmin, startTestApi, type Key, type TestApi } from '../support/local-api.js';
import { nativeAssetId } from '../../shared/domain/assets/asset-record.js';
import { newId } from '../../shared/domain/ids.js';

let api: TestApi;
let admin: Key;
beforeAll(async () => {
  api = await startTestApi();
  const t = await createTenantWithAdmin(api);
  admin = t.admin;
});
afterAll(async () => api?.close());

const addr = (n: number) => '0x' + n.toString(16).padStart(40, 'a');
const token = (over: Record<string, unknown> = {}) => ({
  type: 'token',
  contract_address: addr(1),
  symbol: 'USDQ',
  name: 'USD Quantum',
  decimals: 6,
  ...over,
});
const create = (body: unknown, key: Key = admin) => api.call('POST', '/v1/assets', { key, body });

describe('assets', () => {
  it('lists the native asset for a new tenant without any write, with a deterministic id shared by every tenant', async () => {
    const a = await createTenantWithAdmin(api);
    const b = await createTenantWithAdmin(api);
    const la = await api.call('GET', '/v1/assets', { key: a.admin });
    const lb = await api.call('GET', '/v1/assets', { key: b.admin });
    expect(la.status).toBe(200);
    expect(la.body.assets).toEqual([
      {
        id: nativeAssetId(20803),
        type: 'native',
        symbol: 'PQ',
        name: 'PQ Chain native coin',
        decimals: 18,
        chain_id: 20803,
        contract_address: null,
        status: 'active',
        created_at: a.tenant.created_at,
      },
    ]);
    expect(lb.body.assets[0].id).toBe(la.body.assets[0].id);
    expect(la.body.next_cursor).toBeNull();
    const got = await api.call('GET', `/v1/assets/${nativeAssetId(20803)}`, { key: a.admin });
    expect(got.body).toEqual(la.body.assets[0]);
  });

  it('registers a token (201), stores the contract address in lowercase, and gets it back', async () => {
    const res = await create(token({ contract_address: '0x' + 'AB'.repeat(20) }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      type: 'token',
      symbol: 'USDQ',
      name: 'USD Quantum',
      decimals: 6,
      chain_id: 20803,
      contract_address: '0x' + 'ab'.repeat(20),
      status: 'active',
    });
    const got = await api.call('GET', `/v1/assets/${res.body.id}`, { key: admin });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(res.body);
  });

  it('refuses a duplicate contract address in any letter case, or a duplicate symbol in any case, with 409 1104', async () => {
    const t = await createTenantWithAdmin(api);
    expect((await create(token({ contract_address: addr(7), symbol: 'EURQ' }), t.admin)).status).toBe(201);
    const sameAddr = await create(
      token({ contract_address: addr(7).toUpperCase().replace('0X', '0x'), symbol: 'OTHER' }),
      t.admin,
    );
    expect(sameAddr.status).toBe(409);
    expect(sameAddr.body.error).toMatchObject({ code: 1104, type: 'DUPLICATE_EXTERNAL_ID' });
    const sameSymbol = await create(token({ contract_address: addr(8), symbol: 'eurq' }), t.admin);
    expect(sameSymbol.status).toBe(409);
    expect(sameSymbol.body.error.code).toBe(1104);
    const nativeSymbol = await create(token({ contract_address: addr(9), symbol: 'pq' }), t.admin);
    expect(nativeSymbol.status).toBe(409);
    // Another tenant registers the same token freely.
    expect((await create(token({ contract_address: addr(7), symbol: 'EURQ' }))).status).toBe(201);
  });

  it('validates: malformed contract address 1102, decimals outside 0..36 or type native 1100, missing symbol 1101', async () => {
    expect((await create(token({ contract_address: '0x12' }))).body.error.code).toBe(1102);
    expect((await create(token({ contract_address: addr(20), decimals: 37 }))).body.error.code).toBe(1100);
    expect((await create(token({ contract_address: addr(21), decimals: 1.5 }))).body.error.code).toBe(1100);
    expect((await create(token({ contract_address: addr(22), type: 'native' }))).body.error.code).toBe(1100);
    const { symbol: _s, ...noSymbol } = token({ contract_address: addr(23) });
    expect((await create(noSymbol)).body.error.code).toBe(1101);
    expect((await create(token({ contract_address: addr(24), symbol: 'X'.repeat(33) }))).body.error.code).toBe(1110);
  });

  it('lists the native asset first, then tokens in registration order, across cursor pages and page/per_page', async () => {
    const t = await createTenantWithAdmin(api);
    const symbols = ['T1', 'T2', 'T3'];
    for (const [i, s] of symbols.entries())
      expect((await create(token({ contract_address: addr(100 + i), symbol: s }), t.admin)).status).toBe(201);
    const walk = async (limit: number) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const res: { status: number; body: { assets: { symbol: string }[]; next_cursor: string | null } } =
          await api.call('GET', `/v1/assets?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, { key: t.admin });
        expect(res.status).toBe(200);
        expect(res.body.assets.length).toBeLessThanOrEqual(limit);
        seen.push(...res.body.assets.map((a) => a.symbol));
        cursor = res.body.next_cursor;
      } while (cursor);
      return seen;
    };
    for (const limit of [1, 2, 3, 50]) expect(await walk(limit)).toEqual(['PQ', ...symbols]);
    const page = async (p: number, per: number) =>
      (await api.call('GET', `/v1/assets?page=${p}&per_page=${per}`, { key: t.admin })).body.assets.map(
        (a: { symbol: string }) => a.symbol,
      );
    expect([...(await page(1, 2)), ...(await page(2, 2)), ...(await page(3, 2))]).toEqual(['PQ', 'T1', 'T2', 'T3']);
    expect([...(await page(1, 1)), ...(await page(2, 1)), ...(await page(3, 1)), ...(await page(4, 1))]).toEqual([
      'PQ',
      'T1',
      'T2',
      'T3',
    ]);
  });

  it("answers an unknown asset and another tenant's token with 404 1400", async () => {
    const other = await createTenantWithAdmin(api);
    const theirs = (await create(token({ contract_address: addr(300), symbol: 'THEIRS' }), other.admin)).body;
    for (const id of [newId(), theirs.id]) {
      const res = await api.call('GET', `/v1/assets/${id}`, { key: admin });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe(1400);
    }
  });

  it('audits token registration', async () => {
    const res = await create(token({ contract_address: addr(400), symbol: 'AUD' }));
    const entries = (await api.call('GET', '/v1/audit/entries?limit=200', { key: admin })).body.entries;
    expect(
      entries.some(
        (e: { action: string; resource_id: string }) => e.action === 'asset.created' && e.resource_id === res.body.id,
      ),
    ).toBe(true);
  });
});
