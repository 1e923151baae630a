import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overrideServices, services } from '../../shared/app/services.js';
import type { Store } from '../../shared/ports/store.js';
import type { Key as ItemKey } from '../../shared/store/keys.js';
import { createTenantWithAdmin, startTestApi, type Key, type TestApi } from '../support/local-api.js';
import { createVault, nativeAsset, randomAddress, registerWallet } from '../support/fixtures.js';

/**
 * What one request asks of the store, traced through a counting wrapper around the real store (DynamoDB Local):
 * the request path reads as little as it must (issue 10).
 */
type Call = { method: string; keys: string[]; detail?: string };

function tracing(store: Store): { store: Store; calls: Call[] } {
  const calls: Call[] = [];
  const id = (k: ItemKey) => `${k.pk}|${k.sk}`;
  const traced = Object.create(store) as Store;
  traced.get = (key, options) => (calls.push({ method: 'get', keys: [id(key)] }), store.get(key, options));
  traced.getMany = (keys) => (calls.push({ method: 'getMany', keys: keys.map(id) }), store.getMany(keys));
  traced.query = (input) => (calls.push({ method: 'query', keys: [], detail: input.pattern.name }), store.query(input));
  traced.write = (ops, options) => (calls.push({ method: 'write', keys: ops.map((o) => ('item' in o ? id(o.item) : id(o.key))) }), store.write(ops, options));
  traced.increment = (key, attribute, by, ttl) => (calls.push({ method: 'increment', keys: [id(key)] }), store.increment(key, attribute, by, ttl));
  return { store: traced, calls };
}

let api: TestApi;
let admin: Key;
let walletId: string;
let real: Store;

beforeAll(async () => {
  api = await startTestApi();
  const t = await createTenantWithAdmin(api);
  admin = t.admin;
  const vaultId = (await createVault(api, admin)).id;
  await api.call('POST', '/v1/policies', { key: admin, body: { vault_id: vaultId, name: 'limits', rules: [{ type: 'MAX_AMOUNT', value: '1000000' }, { type: 'DAILY_LIMIT', value: '1000000000' }] } });
  walletId = (await registerWallet(api, admin, t.tenant.id, vaultId)).wallet.id;
  real = services().store;
});
afterAll(async () => {
  overrideServices({ store: real });
  await api?.close();
});

describe('the request path of POST /v1/transactions', () => {
  it('reads the credential, then user and tenant in one batch, reads no item twice, and commits in one write', async () => {
    const submit = () =>
      api.call('POST', '/v1/transactions', { key: admin, body: { sourceWalletId: walletId, destinationAddr: randomAddress(), assetId: nativeAsset(), amount: '1000' }, headers: { 'Idempotency-Key': crypto.randomUUID() } });
    expect((await submit()).status).toBe(201); // the first request of the container takes the rate-limit leases
    const { store, calls } = tracing(real);
    overrideServices({ store });
    const res = await submit();
    overrideServices({ store: real });
    expect(res.status).toBe(201);
    console.log(calls.map((c) => `${c.method} ${c.detail ?? ''} ${c.keys.join(', ')}`).join('\n'));

    // Authentication: the credential (its key id names neither tenant nor user), then its user and tenant in one batch.
    expect(calls.slice(0, 2).map((c) => [c.method, c.keys.length])).toEqual([['get', 1], ['getMany', 2]]);
    expect(calls[1]!.keys.some((k) => k.endsWith('|TENANT'))).toBe(true);
    // Nothing is read twice.
    const reads = calls.filter((c) => c.method === 'get' || c.method === 'getMany').flatMap((c) => c.keys);
    expect(reads.filter((k, i) => reads.indexOf(k) !== i)).toEqual([]);
    // Rate limits: served from this container's leases (no counter write on this request).
    expect(calls.filter((c) => c.method === 'increment')).toEqual([]);
    // One transactional write for the submission (plus the credential's last-used mark, at most once per interval).
    expect(calls.filter((c) => c.method === 'write').length).toBeLessThanOrEqual(2);
  });
});
