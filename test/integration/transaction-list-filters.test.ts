import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { services } from '../../shared/composition/standalone.js';
import { keys } from '../../shared/store/keys.js';
import { runInUnitOfWork } from '../../shared/domain/unit-of-work.js';
import { stageTransition } from '../../shared/domain/transactions/transition.js';
import { decodeTransaction } from '../../shared/domain/transactions/transaction-item.js';
import { createTenantWithAdmin, startTestApi, type Key, type TestApi } from '../support/local-api.js';
import { createUserWithRole, createVault, nativeAsset, randomAddress, registerWallet } from '../support/fixtures.js';
import { audited } from '../support/audited.js';
import { settle } from '../support/settle.js';

/**
 * The list filters the approver console uses beside status, vault and wallet (`asset_id`, `ended`, `created_after`,
 * `created_before`), and `firstTimeDestination` on the read routes, over HTTP on DynamoDB Local; each tenant sees its
 * own transactions only.
 */
let api: TestApi;
let tenantId: string;
let admin: Key;
let operator: Key;
let vaultId: string;
let walletId: string;
let tokenId: string;

const submit = async (body: Record<string, unknown>, key: Key = operator) => {
  const res = await api.call('POST', '/v1/transactions', {
    key,
    body: {
      sourceWalletId: walletId,
      destinationAddr: randomAddress(),
      assetId: nativeAsset(),
      amount: '1000',
      ...body,
    },
  });
  expect(res.status).toBe(201);
  return res.body as { id: string; createdAt: string };
};

/** Completes a transfer through the one transition code the chain poller uses (CONFIRMING -> COMPLETED by the chain). */
async function complete(tenant: string, txId: string) {
  await settle(tenant, txId, 'CONFIRMING');
  const store = services().store;
  const tx = decodeTransaction((await store.get(keys.transaction(tenant, txId), { consistent: true }))!);
  const now = new Date();
  await runInUnitOfWork(
    audited(store),
    { actor: { type: 'system', user_id: null, key_id: null, component: 'chain-poller' }, requestId: null, now },
    (uow) => stageTransition(store, uow, tx, 'COMPLETED', 'chain', now),
  );
}

const ids = async (query: string, key: Key = operator) => {
  const res = await api.call('GET', `/v1/transactions?limit=200${query}`, { key });
  expect(res.status).toBe(200);
  return (res.body.transactions as { id: string }[]).map((t) => t.id);
};

beforeAll(async () => {
  api = await startTestApi();
  const t = await createTenantWithAdmin(api);
  tenantId = t.tenant.id;
  admin = t.admin;
  operator = (await createUserWithRole(api, admin, 'operator')).key;
  vaultId = (await createVault(api, admin)).id;
  walletId = (await registerWallet(api, admin, tenantId, vaultId)).wallet.id;
  const token = await api.call('POST', '/v1/assets', {
    key: admin,
    body: {
      type: 'token',
      contract_address: randomAddress(),
      symbol: `F${Date.now() % 100000}`,
      name: 'Filter token',
      decimals: 6,
    },
  });
  expect(token.status).toBe(201);
  tokenId = token.body.id;
}, 60_000);
afterAll(async () => {
  await api?.close();
});

describe('GET /v1/transactions filters', () => {
  it('filters by asset, by ended or open, and by creation time, alone and with the others, across pages', async () => {
    const native = await submit({});
    const token = await submit({ assetId: tokenId });
    const completed = await submit({});
    await settle(tenantId, completed.id, 'COMPLETED');
    const rejected = await submit({ assetId: tokenId });
    await settle(tenantId, rejected.id, 'REJECTED');
    const late = await submit({});

    const mine = [late, rejected, completed, token, native].map((t) => t.id);
    const all = (await ids('')).filter((id) => mine.includes(id));
    expect(all).toEqual(mine);
    expect(await ids(`&asset_id=${tokenId}`)).toEqual([rejected.id, token.id]);
    expect(await ids(`&asset_id=${tokenId.toUpperCase()}`)).toEqual([rejected.id, token.id]);
    expect(await ids('&ended=true')).toEqual([rejected.id, completed.id]);
    expect((await ids('&ended=false')).filter((id) => mine.includes(id))).toEqual([late.id, token.id, native.id]);
    expect(await ids(`&ended=true&asset_id=${tokenId}`)).toEqual([rejected.id]);
    expect(await ids(`&ended=true&vault_id=${vaultId}`)).toEqual([rejected.id, completed.id]);
    expect(await ids('&ended=true&status=SUBMITTED')).toEqual([]);
    expect(await ids('&ended=true&status=COMPLETED')).toEqual([completed.id]);

    // The creation time range: after is inclusive, before exclusive.
    const range = `&created_after=${encodeURIComponent(token.createdAt)}&created_before=${encodeURIComponent(late.createdAt)}`;
    expect(await ids(range)).toEqual([rejected.id, completed.id, token.id]);
    expect(await ids(`${range}&wallet_id=${walletId}&ended=false`)).toEqual([token.id]);
    expect(
      await ids(`&created_after=${encodeURIComponent(new Date(Date.parse(late.createdAt) + 1).toISOString())}`),
    ).toEqual([]);

    // Paged one by one, a filtered list is the same list; a cursor of other filters is refused.
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await api.call('GET', `/v1/transactions?limit=1&ended=true${cursor ? `&cursor=${cursor}` : ''}`, {
        key: operator,
      });
      walked.push(...res.body.transactions.map((t: { id: string }) => t.id));
      cursor = res.body.next_cursor;
    } while (cursor);
    expect(walked).toEqual([rejected.id, completed.id]);
    const first = await api.call('GET', '/v1/transactions?limit=1&ended=true', { key: operator });
    const other = await api.call('GET', `/v1/transactions?limit=1&ended=false&cursor=${first.body.next_cursor}`, {
      key: operator,
    });
    expect(other.body.error).toMatchObject({ code: 1108 });
  });

  it('refuses malformed filters with the validation error', async () => {
    for (const q of [
      'asset_id=not-a-uuid',
      'ended=yes',
      'created_after=yesterday',
      'created_before=2026-13-01T00:00:00Z',
    ]) {
      const res = await api.call('GET', `/v1/transactions?${q}`, { key: operator });
      expect(res.status, q).toBe(400);
      expect(res.body.error.code, q).toBe(1100);
    }
  });

  it("shows another tenant none of this tenant's transactions under any filter", async () => {
    const mine = await submit({});
    const other = await createTenantWithAdmin(api);
    for (const q of [
      '',
      `&asset_id=${nativeAsset()}`,
      '&ended=false',
      `&created_after=${encodeURIComponent(mine.createdAt)}`,
      `&vault_id=${vaultId}`,
    ]) {
      expect(await ids(q, other.admin), q).toEqual([]);
    }
  });
});

describe('firstTimeDestination', () => {
  it('is true until a transfer from the vault to the destination completes, per vault, on the read routes', async () => {
    const destination = randomAddress();
    const first = await submit({ destinationAddr: destination });
    const get = async (id: string) => (await api.call('GET', `/v1/transactions/${id}`, { key: operator })).body;
    expect((await get(first.id)).firstTimeDestination).toBe(true);

    await complete(tenantId, first.id);
    // The completed one was the first payment there; a new transfer there is not, in the list too.
    expect(await get(first.id)).toMatchObject({ status: 'COMPLETED', firstTimeDestination: true });
    const second = await submit({ destinationAddr: destination.toLowerCase() });
    expect((await get(second.id)).firstTimeDestination).toBe(false);
    const listed = (await api.call('GET', `/v1/transactions?wallet_id=${walletId}&limit=5`, { key: operator })).body
      .transactions;
    expect(listed.find((t: { id: string }) => t.id === second.id).firstTimeDestination).toBe(false);
    expect((await get((await submit({})).id)).firstTimeDestination).toBe(true);

    await complete(tenantId, second.id);
    expect((await get(second.id)).firstTimeDestination).toBe(false);

    // Another vault of the same tenant has never paid it.
    const otherVault = (await createVault(api, admin)).id;
    const otherWallet = (await registerWallet(api, admin, tenantId, otherVault)).wallet.id;
    expect(
      (await get((await submit({ sourceWalletId: otherWallet, destinationAddr: destination })).id))
        .firstTimeDestination,
    ).toBe(true);
  });
});
