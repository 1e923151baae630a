import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overrideServices, services } from '../../shared/composition/standalone.js';
import { FakeClock } from '../../shared/ports/clock.js';
import type { Store } from '../../shared/ports/store.js';
import { accessPatterns } from '../../shared/store/access-patterns.js';
import { newId } from '../../shared/domain/ids.js';
import { createTenantWithAdmin, startTestApi, type Key, type TestApi } from '../support/local-api.js';
import { createUserWithRole, createVault, nativeAsset, randomAddress, registerWallet } from '../support/fixtures.js';

/**
 * The creation time range of `GET /v1/transactions` (the approver console's dates) bounds the query's key condition
 * on the time-ordered id: a narrow range over a long history reads the range, not the history after it. Over HTTP on
 * DynamoDB Local with a fake clock, counting the index entries and items the store hands back.
 */
const MINUTE = 60_000;
const clock = new FakeClock(Date.now());
let api: TestApi;
let operator: Key;
let vaultId: string;
let walletId: string;
let read = 0;

beforeAll(async () => {
  api = await startTestApi({ clock });
  const real = services().store;
  const counting = Object.create(real) as Store;
  counting.query = async (input) => {
    const page = await real.query(input);
    read += page.items.length;
    return page;
  };
  overrideServices({ store: counting });
  const t = await createTenantWithAdmin(api);
  operator = (await createUserWithRole(api, t.admin, 'operator')).key;
  vaultId = (await createVault(api, t.admin)).id;
  walletId = (await registerWallet(api, t.admin, t.tenant.id, vaultId)).wallet.id;
}, 60_000);
afterAll(async () => {
  await api?.close();
});

const submit = async () => {
  const res = await api.call('POST', '/v1/transactions', {
    key: operator,
    body: { sourceWalletId: walletId, destinationAddr: randomAddress(), assetId: nativeAsset(), amount: '1' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; createdAt: string };
};
/** Every page of a listing, `limit` at a time, and how many entries and items the store read for it. */
async function walk(query: string, limit: number) {
  read = 0;
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const res = await api.call('GET', `/v1/transactions?limit=${limit}${query}${cursor ? `&cursor=${cursor}` : ''}`, {
      key: operator,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    pages.push(res.body.transactions.map((t: { id: string }) => t.id));
    cursor = res.body.next_cursor;
  } while (cursor);
  return { pages, read };
}

describe('GET /v1/transactions creation time range', () => {
  it('reads the range only, newest first, across pages, exactly at its bounds, tenant-wide and per vault', async () => {
    const minutely = async (n: number, each: (id: string) => void = () => {}) => {
      for (let i = 0; i < n; i++) {
        each((await submit()).id);
        clock.advance(MINUTE);
      }
    };
    await minutely(15);
    const start = clock.now().toISOString();
    const inRange: string[] = [];
    await minutely(3, (id) => inRange.unshift(id));
    const end = clock.now().toISOString();
    const atEnd = await submit(); // created_before is exclusive
    clock.advance(10 * MINUTE);
    await minutely(15);

    const range = `&created_after=${encodeURIComponent(start)}&created_before=${encodeURIComponent(end)}`;
    // The tenant's list (the merge of its status partitions), a vault's and a wallet's (one index partition), the open ones.
    for (const scope of ['', `&vault_id=${vaultId}`, `&wallet_id=${walletId}`, '&ended=false']) {
      const walked = await walk(`${range}${scope}`, 2);
      expect(walked.pages, scope).toEqual([inRange.slice(0, 2), inRange.slice(2)]);
      // Index entries and items read: the range's own (twice when a page reads entries, then items), not the 15
      // transactions created after it nor the one at its end.
      expect(walked.read, scope).toBeLessThanOrEqual(2 * inRange.length);
    }
    expect((await walk(`&created_after=${encodeURIComponent(end)}`, 50)).pages[0]!.at(-1)).toBe(atEnd.id);
    expect((await walk(`&created_before=${encodeURIComponent(start)}`, 50)).pages[0]!.length).toBe(15);

    // A cursor stays within its range; under another range it is refused.
    const first = await api.call('GET', `/v1/transactions?limit=1${range}`, { key: operator });
    const other = await api.call(
      'GET',
      `/v1/transactions?limit=1&created_after=${encodeURIComponent(start)}&cursor=${first.body.next_cursor}`,
      { key: operator },
    );
    expect(other.status).toBe(400);
    expect(other.body.error.code).toBe(1108);
  });

  it('an empty range reads nothing', async () => {
    const at = encodeURIComponent((await submit()).createdAt);
    expect(await walk(`&created_after=${at}&created_before=${at}`, 5)).toEqual({ pages: [[]], read: 0 });
  });
});

describe('store query: sortKeyWithin with sortKeyAfter', () => {
  it('reads strictly after the position and within the range, in both orders, with a resumable last key', async () => {
    const store = services().store;
    const tenant = newId();
    const pattern = accessPatterns.transactionsWithStatus(tenant, 'COMPLETED', false);
    const sks = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6'];
    await store.write(
      sks.map((s) => ({
        op: 'put' as const,
        item: { pk: `T#${tenant}#${s}`, sk: 'TX', gsi2pk: pattern.partition, gsisk: s },
      })),
    );
    const q = (o: { after?: string; min?: string; max?: string; newestFirst?: boolean; limit?: number }) =>
      store.query({
        pattern,
        limit: o.limit ?? 10,
        keysOnly: true,
        newestFirst: o.newestFirst,
        sortKeyAfter: o.after,
        sortKeyWithin: { min: o.min, max: o.max },
      });
    const got = async (o: Parameters<typeof q>[0]) => (await q(o)).items.map((i) => i.gsisk);
    expect(await got({ min: 'a2', max: 'a5' })).toEqual(['a2', 'a3', 'a4', 'a5']);
    expect(await got({ min: 'a2', max: 'a5', newestFirst: true })).toEqual(['a5', 'a4', 'a3', 'a2']);
    expect(await got({ min: 'a2', max: 'a5', after: 'a4', newestFirst: true })).toEqual(['a3', 'a2']);
    expect(await got({ min: 'a2', max: 'a5', after: 'a3' })).toEqual(['a4', 'a5']);
    expect(await got({ min: 'a2', max: 'a5', after: 'a2', newestFirst: true })).toEqual([]);
    expect(await got({ min: 'a2', max: 'a5', after: 'a9', newestFirst: true })).toEqual(['a5', 'a4', 'a3', 'a2']);
    expect(await got({ min: 'a2', after: 'a3', newestFirst: true })).toEqual(['a2']);
    expect(await got({ max: 'a2' })).toEqual(['a1', 'a2']);
    // A position that is not an entry of the partition: one entry too many is read, and the page ends at the limit.
    const page = await q({ min: 'a1', after: 'a45', newestFirst: true, limit: 2 });
    expect(page.items.map((i) => i.gsisk)).toEqual(['a4', 'a3']);
    expect(page.lastKey).toEqual({ pk: `T#${tenant}#a3`, sk: 'TX', gsi2pk: pattern.partition, gsisk: 'a3' });
    const rest = await store.query({ pattern, limit: 5, keysOnly: true, newestFirst: true, startKey: page.lastKey });
    expect(rest.items.map((i) => i.gsisk)).toEqual(['a2', 'a1']);
  });
});
