import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stepDeps } from '../support/step-deps.js';
import { overrideServices, services } from '../../shared/composition/standalone.js';
import { WriteConflictError, type Store } from '../../shared/ports/store.js';
import { keys } from '../../shared/store/keys.js';
import { advanceTransaction } from '../../shared/domain/transactions/advance.js';
import { createTenantWithAdmin, startTestApi, type Key, type TestApi } from '../support/local-api.js';
import {
  createUserWithRole,
  createVault,
  nativeAsset,
  randomAddress,
  registerFundedWallet,
} from '../support/fixtures.js';
import { startTestChain, type TestChain } from '../support/test-chain.js';
import { newId } from '../../shared/domain/ids.js';
import type { TxStatus } from '../../shared/domain/transactions/transition-table.js';
import { settle } from '../support/settle.js';

/** The dev chain the signing step reads (nonce, fees, balance); every wallet registered here is funded. */
let testChain: TestChain;
const registerWallet = registerFundedWallet(() => testChain);
/**
 * Transfers through the API, with the worker's steps driven directly (one call = one delivered queue message), so
 * every intermediate status can be observed.
 */
let api: TestApi;
let tenantId: string;
let admin: Key;
let operator: { userId: string; key: Key };
let approvers: { userId: string; key: Key }[];
let compliance: { userId: string; key: Key };
let vaultId: string;
let walletId: string;

const step = (txId: string) =>
  advanceTransaction({ ...stepDeps(), chain: testChain.chain, approvalTtlSeconds: 3600 }, tenantId, txId);
const runWorker = async (txId: string) => {
  for (let i = 0; i < 10; i++) if ((await step(txId)).outcome !== 'moved') return;
};

beforeAll(async () => {
  testChain = await startTestChain();
  api = await startTestApi();
  const t = await createTenantWithAdmin(api);
  tenantId = t.tenant.id;
  admin = t.admin;
  operator = await createUserWithRole(api, admin, 'operator');
  approvers = [await createUserWithRole(api, admin, 'approver'), await createUserWithRole(api, admin, 'approver')];
  compliance = await createUserWithRole(api, admin, 'compliance_officer');
  vaultId = (await createVault(api, admin)).id;
  walletId = (await registerWallet(api, admin, tenantId, vaultId)).wallet.id;
});
afterAll(async () => {
  await api?.close();
  await testChain?.stop();
});

const submit = (body: Record<string, unknown>, key: Key = operator.key, headers: Record<string, string> = {}) =>
  api.call('POST', '/v1/transactions', {
    key,
    body: {
      sourceWalletId: walletId,
      destinationAddr: randomAddress(),
      assetId: nativeAsset(),
      amount: '1000',
      ...body,
    },
    headers,
  });

describe('submitting transfers', () => {
  it('answers 201 with the full transaction in SUBMITTED', async () => {
    const res = await submit({ amount: '5', note: 'hello', metadata: { invoice: 'A-1' }, externalId: 'ext-1' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'SUBMITTED',
      amount: '5',
      tenantId,
      sourceVaultId: vaultId,
      sourceWalletId: walletId,
      externalId: 'ext-1',
      note: 'hello',
      metadata: { invoice: 'A-1' },
    });
    const got = await api.call('GET', `/v1/transactions/${res.body.id}`, { key: operator.key });
    // GET adds what a person deciding reads (names, units: transaction-display.ts); everything the 201 said is the same.
    expect(got.body).toMatchObject(res.body);
    expect(got.body).toMatchObject({
      assetSymbol: expect.any(String),
      assetDecimals: 18,
      amountFormatted: '0.000000000000000005',
    });
  });

  it.each([
    [{ destinationAddr: '0x123' }, 1102],
    [{ amount: '0' }, 1103],
    [{ amount: '-5' }, 1103],
    [{ amount: '1e18' }, 1103],
    [{ amount: (1n << 256n).toString() }, 1109],
    [{ note: 'x'.repeat(513) }, 1110],
    [{ amount: undefined }, 1101],
  ])('rejects %j with %i', async (patch, code) => {
    const res = await submit(patch);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(code);
  });

  it("refuses an amount in the asset's units with 1103 naming its decimals and the wei it would be, storing nothing", async () => {
    const symbol = (await api.call('GET', `/v1/assets/${nativeAsset()}`, { key: operator.key })).body.symbol as string;
    const before = (await api.call('GET', `/v1/transactions?wallet_id=${walletId}&limit=200`, { key: operator.key }))
      .body.transactions.length;
    const res = await submit({ amount: '1.5' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 1103,
      details: { field: 'amount', decimals: 18, amount: '1500000000000000000' },
    });
    expect(res.body.error.message).toContain(`${symbol} has 18 decimals: 1.5 ${symbol} is 1500000000000000000 wei`);
    const tooFine = await submit({ amount: '0.0000000000000000001' });
    expect(tooFine.body.error.code).toBe(1103);
    expect(tooFine.body.error.message).toContain('is not a whole number of wei');
    expect((await submit({ amount: '1.' })).body.error.code).toBe(1103);
    expect((await submit({ amount: '.5' })).body.error.code).toBe(1103);
    expect(
      (await api.call('GET', `/v1/transactions?wallet_id=${walletId}&limit=200`, { key: operator.key })).body
        .transactions.length,
    ).toBe(before);
  });

  it('accepts the largest 256-bit amount', async () => {
    expect((await submit({ amount: ((1n << 256n) - 1n).toString() })).status).toBe(201);
  });

  it('refuses a duplicate externalId with 409 1104', async () => {
    expect((await submit({ externalId: 'dup-1' })).status).toBe(201);
    const again = await submit({ externalId: 'dup-1' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe(1104);
  });

  it("answers 404 for another tenant's wallet and unknown transactions (1300)", async () => {
    const other = await createTenantWithAdmin(api);
    const res = await api.call('POST', '/v1/transactions', {
      key: other.admin,
      body: { sourceWalletId: walletId, destinationAddr: randomAddress(), assetId: nativeAsset(), amount: '1' },
    });
    expect(res.status).toBe(404);
    const tx = await submit({});
    const peek = await api.call('GET', `/v1/transactions/${tx.body.id}`, { key: other.admin });
    expect(peek.status).toBe(404);
    expect(peek.body.error.code).toBe(1300);
  });

  it('denies by policy with 422 1200 naming the rule, stores nothing, and audits the attempt', async () => {
    const v = await createVault(api, admin);
    const w = await registerWallet(api, admin, tenantId, v.id);
    const blocked = randomAddress();
    const pol = await api.call('POST', '/v1/policies', {
      key: admin,
      body: {
        vault_id: v.id,
        name: 'limits',
        rules: [
          { type: 'MAX_AMOUNT', value: '100' },
          { type: 'BLACKLIST_ADDRESS', addresses: [blocked] },
        ],
      },
    });
    expect(pol.status).toBe(201);
    const over = await submit({ sourceWalletId: w.wallet.id, amount: '101' });
    expect(over.status).toBe(422);
    expect(over.body.error).toMatchObject({
      code: 1200,
      type: 'POLICY_DENIED',
      details: { rule: { type: 'MAX_AMOUNT', rule_index: 0 } },
    });
    const upper = await submit({
      sourceWalletId: w.wallet.id,
      amount: '5',
      destinationAddr: blocked.toUpperCase().replace('0X', '0x'),
    });
    expect(upper.body.error.details.rule.type).toBe('BLACKLIST_ADDRESS');
    const list = await api.call('GET', `/v1/transactions?wallet_id=${w.wallet.id}`, { key: admin });
    expect(list.body.transactions).toEqual([]);
    const audit = await api.call('GET', '/v1/audit/entries?order=desc&limit=5', { key: admin });
    expect(audit.body.entries.filter((e: { action: string }) => e.action === 'transaction.denied')).toHaveLength(2);
  });

  it('refuses transfers from an archived vault with 409 1301', async () => {
    const v = await createVault(api, admin);
    const w = await registerWallet(api, admin, tenantId, v.id);
    expect(
      (await api.call('POST', `/v1/vault/accounts/${v.id}/archive`, { key: admin, body: { reason: 'closed' } })).status,
    ).toBe(200);
    const res = await submit({ sourceWalletId: w.wallet.id });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe(1301);
  });

  it('never lets two concurrent transfers both pass a DAILY_LIMIT only one fits', async () => {
    const v = await createVault(api, admin);
    const w = await registerWallet(api, admin, tenantId, v.id);
    await api.call('POST', '/v1/policies', {
      key: admin,
      body: { vault_id: v.id, name: 'daily', rules: [{ type: 'DAILY_LIMIT', value: '1000' }] },
    });
    const results = await Promise.all(
      Array.from({ length: 5 }, () => submit({ sourceWalletId: w.wallet.id, amount: '600' })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 422).every((r) => r.body.error.details.rule.type === 'DAILY_LIMIT')).toBe(
      true,
    );
    // Cancelling the one that passed gives its reservation back.
    const passed = results.find((r) => r.status === 201)!;
    expect(
      (await api.call('POST', `/v1/transactions/${passed.body.id}/cancel`, { key: operator.key, body: {} })).body
        .status,
    ).toBe('CANCELLED');
    expect((await submit({ sourceWalletId: w.wallet.id, amount: '1000' })).status).toBe(201);
  });

  it('gives a DAILY_LIMIT reservation back when the transaction of the submission then fails', async () => {
    const v = await createVault(api, admin);
    const w = await registerWallet(api, admin, tenantId, v.id);
    await api.call('POST', '/v1/policies', {
      key: admin,
      body: { vault_id: v.id, name: 'daily', rules: [{ type: 'DAILY_LIMIT', value: '1000' }] },
    });
    expect((await submit({ sourceWalletId: w.wallet.id, amount: '300' })).status).toBe(201);
    // A concurrent submission takes the same external id between this one's check and its commit: its consumption of
    // the lease was in the transaction that did not commit, so only 300 is spent.
    const real = services().store;
    const racing = Object.create(real) as Store;
    racing.write = async (ops, options) => {
      if (ops.length > 1)
        await real.write([
          {
            op: 'put',
            item: {
              ...keys.transactionExternalId(tenantId, 'ext-race'),
              entity: 'constraint',
              transaction_id: 'other',
            },
          },
        ]);
      return real.write(ops, options);
    };
    overrideServices({ store: racing });
    const lost = await submit({ sourceWalletId: w.wallet.id, amount: '600', externalId: 'ext-race' }).finally(() =>
      overrideServices({ store: real }),
    );
    expect(lost.status).toBe(409);
    expect(lost.body.error.code).toBe(1104);
    expect((await submit({ sourceWalletId: w.wallet.id, amount: '700' })).status).toBe(201);
    const full = await submit({ sourceWalletId: w.wallet.id, amount: '1' });
    expect(full.status).toBe(422);
    expect(full.body.error.message).toContain('1000 already spent');
  });
});

describe("a DAILY_LIMIT counter in another change's transaction", () => {
  it('runs the submission again when its counter write meets a transaction conflict, and answers 201', async () => {
    const v = await createVault(api, admin);
    const w = await registerWallet(api, admin, tenantId, v.id);
    await api.call('POST', '/v1/policies', {
      key: admin,
      body: { vault_id: v.id, name: 'daily', rules: [{ type: 'DAILY_LIMIT', value: '1000000' }] },
    });
    const real = services().store;
    const conflicting = Object.create(real) as Store;
    let conflicts = 0;
    conflicting.write = async (ops, options) => {
      if (conflicts === 0 && ops.some((op) => op.op === 'add' && op.key.sk === 'SPEND')) {
        conflicts++;
        throw new WriteConflictError([], true); // DynamoDB's TransactionConflict on the counter (a release in flight)
      }
      return real.write(ops, options);
    };
    overrideServices({ store: conflicting });
    const res = await submit({ sourceWalletId: w.wallet.id, amount: '300' }).finally(() =>
      overrideServices({ store: real }),
    );
    expect(conflicts).toBe(1);
    expect(res.body).toMatchObject({ status: 'SUBMITTED' });
    expect(res.status).toBe(201);
  });
});

describe('the state machine up to PENDING_SIGNATURE', () => {
  it('moves a transfer without policies through screening to PENDING_SIGNATURE, one status per step', async () => {
    const tx = (await submit({})).body;
    const seen: string[] = [];
    for (let i = 0; i < 6; i++) {
      const out = await step(tx.id);
      if (out.outcome === 'moved') seen.push(out.to);
    }
    expect(seen).toEqual(['QUEUED', 'PENDING_AML_SCREENING', 'APPROVED', 'PENDING_SIGNATURE']);
    const got = (await api.call('GET', `/v1/transactions/${tx.id}`, { key: operator.key })).body;
    expect(got.screening).toMatchObject({ provider: 'builtin', result: 'clean' });
  });

  it('needs two distinct approvers for REQUIRE_APPROVAL 2, never the initiator', async () => {
    const v = await createVault(api, admin);
    const w = await registerWallet(api, admin, tenantId, v.id);
    await api.call('POST', '/v1/policies', {
      key: admin,
      body: { vault_id: v.id, name: 'four-eyes', rules: [{ type: 'REQUIRE_APPROVAL', value: '2' }] },
    });
    const tx = (await submit({ sourceWalletId: w.wallet.id }, admin)).body;
    expect(tx.policyDecision).toMatchObject({ outcome: 'require_approval', approvalsRequired: 2 });
    await runWorker(tx.id);
    expect((await api.call('GET', `/v1/transactions/${tx.id}`, { key: admin })).body.status).toBe(
      'PENDING_AUTHORIZATION',
    );
    const self = await api.call('POST', `/v1/transactions/${tx.id}/approve`, { key: admin, body: {} });
    expect(self.status).toBe(403);
    const first = await api.call('POST', `/v1/transactions/${tx.id}/approve`, {
      key: approvers[0]!.key,
      body: { reason: 'ok' },
    });
    expect(first.body.status).toBe('PENDING_AUTHORIZATION');
    expect(first.body.approvals.decisions).toHaveLength(1);
    const twice = await api.call('POST', `/v1/transactions/${tx.id}/approve`, { key: approvers[0]!.key, body: {} });
    expect(twice.status).toBe(409);
    const second = await api.call('POST', `/v1/transactions/${tx.id}/approve`, { key: approvers[1]!.key, body: {} });
    expect(second.body.status).toBe('APPROVED');
    await runWorker(tx.id);
    expect((await api.call('GET', `/v1/transactions/${tx.id}`, { key: admin })).body.status).toBe('PENDING_SIGNATURE');
    const late = await api.call('POST', `/v1/transactions/${tx.id}/approve`, { key: compliance.key, body: {} });
    expect(late.status).toBe(409);
  });

  it('ends in REJECTED on one rejection, and refuses an operator without transactions:approve', async () => {
    const v = await createVault(api, admin);
    const w = await registerWallet(api, admin, tenantId, v.id);
    await api.call('POST', '/v1/policies', {
      key: admin,
      body: { vault_id: v.id, name: 'one', rules: [{ type: 'REQUIRE_APPROVAL', value: '1' }] },
    });
    const tx = (await submit({ sourceWalletId: w.wallet.id })).body;
    await runWorker(tx.id);
    const denied = await api.call('POST', `/v1/transactions/${tx.id}/approve`, { key: operator.key, body: {} });
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe(1001);
    const rej = await api.call('POST', `/v1/transactions/${tx.id}/reject`, {
      key: approvers[0]!.key,
      body: { reason: 'unknown payee' },
    });
    expect(rej.body).toMatchObject({ status: 'REJECTED', failureReason: 'rejected: unknown payee' });
  });

  it('blocks a destination on the tenant screening list (BLOCKED) and sends a flagged one to a compliance officer', async () => {
    const bad = randomAddress();
    const odd = randomAddress();
    expect(
      (
        await api.call('POST', '/v1/screening/entries', {
          key: admin,
          body: { address: bad, list: 'blocked', reason: 'sanctioned' },
        })
      ).status,
    ).toBe(201);
    await api.call('POST', '/v1/screening/entries', {
      key: admin,
      body: { address: odd, list: 'flagged', reason: 'mixer' },
    });
    const blocked = (await submit({ destinationAddr: bad.toUpperCase().replace('0X', '0x') })).body;
    await runWorker(blocked.id);
    const b = (await api.call('GET', `/v1/transactions/${blocked.id}`, { key: admin })).body;
    expect(b.status).toBe('BLOCKED');
    expect(b.screening).toMatchObject({ result: 'blocked', reason: 'sanctioned' });
    const flagged = (await submit({ destinationAddr: odd })).body;
    await runWorker(flagged.id);
    expect(
      (await api.call('GET', `/v1/transactions/${flagged.id}`, { key: admin })).body.approvals.complianceReviewRequired,
    ).toBe(true);
    const byApprover = await api.call('POST', `/v1/transactions/${flagged.id}/approve`, {
      key: approvers[0]!.key,
      body: {},
    });
    expect(byApprover.body.status).toBe('PENDING_AUTHORIZATION');
    const byCompliance = await api.call('POST', `/v1/transactions/${flagged.id}/approve`, {
      key: compliance.key,
      body: {},
    });
    expect(byCompliance.body.status).toBe('APPROVED');
  });

  it('cancels up to PENDING_SIGNATURE, and answers 1301 after a terminal status', async () => {
    const tx = (await submit({})).body;
    await runWorker(tx.id);
    const c = await api.call('POST', `/v1/transactions/${tx.id}/cancel`, {
      key: operator.key,
      body: { reason: 'changed my mind' },
    });
    expect(c.body.status).toBe('CANCELLED');
    const again = await api.call('POST', `/v1/transactions/${tx.id}/cancel`, { key: operator.key, body: {} });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe(1301);
  });

  it("leaves a suspended tenant's transactions where they are", async () => {
    const tx = (await submit({})).body;
    await api.call('POST', `/v1/tenants/${tenantId}/suspend`, { body: { reason: 'test' } });
    expect((await step(tx.id)).outcome).toBe('suspended');
    await api.call('POST', `/v1/tenants/${tenantId}/reactivate`, { body: {} });
    expect((await step(tx.id)).outcome).toBe('moved');
  });

  it('lists newest first with filters and cursor pagination', async () => {
    const a = (await submit({ externalId: 'list-a' })).body;
    const b = (await submit({})).body;
    const page = await api.call('GET', '/v1/transactions?limit=2', { key: operator.key });
    expect(page.body.transactions.map((t: { id: string }) => t.id)).toEqual([b.id, a.id]);
    expect(page.body.next_cursor).toBeTruthy();
    const next = await api.call('GET', `/v1/transactions?limit=2&cursor=${page.body.next_cursor}`, {
      key: operator.key,
    });
    expect(next.body.transactions.map((t: { id: string }) => t.id)).not.toContain(a.id);
    const byExt = await api.call('GET', '/v1/transactions?external_id=list-a', { key: operator.key });
    expect(byExt.body.transactions.map((t: { id: string }) => t.id)).toEqual([a.id]);
    const byStatus = await api.call('GET', '/v1/transactions?status=SUBMITTED&limit=200', { key: operator.key });
    expect(byStatus.body.transactions.every((t: { status: string }) => t.status === 'SUBMITTED')).toBe(true);
    const foreignCursor = await api.call('GET', `/v1/transactions?status=QUEUED&cursor=${page.body.next_cursor}`, {
      key: operator.key,
    });
    expect(foreignCursor.body.error).toMatchObject({ code: 1108, message: 'cursor was issued for other filters' });
  });

  it('answers every combination of filters as the whole list filtered, in the same order, across pages', async () => {
    // Two wallets in a new vault, one in another: transfers from each, left in several statuses.
    const v = (await createVault(api, admin)).id;
    const [w1, w2] = [
      (await registerWallet(api, admin, tenantId, v)).wallet.id,
      (await registerWallet(api, admin, tenantId, v)).wallet.id,
    ];
    const other = (await registerWallet(api, admin, tenantId, vaultId)).wallet.id;
    for (const [i, w] of [w1, w2, other, w1, w2, w1, other, w1, w2].entries()) {
      const tx = (await submit({ sourceWalletId: w })).body;
      if (i >= 6) await settle(tenantId, tx.id, i === 8 ? 'FAILED' : 'COMPLETED');
      else if (w === w2) await api.call('POST', `/v1/transactions/${tx.id}/cancel`, { key: operator.key, body: {} });
      else if (w === w1) await runWorker(tx.id);
    }
    type Tx = { id: string; status: string; sourceVaultId: string; sourceWalletId: string };
    const walk = async (query: string) => {
      const ids: string[] = [];
      let cursor: string | null = null;
      do {
        const res = await api.call('GET', `/v1/transactions?limit=2${query}${cursor ? `&cursor=${cursor}` : ''}`, {
          key: operator.key,
        });
        expect(res.status).toBe(200);
        ids.push(...res.body.transactions.map((t: Tx) => t.id));
        cursor = res.body.next_cursor;
      } while (cursor);
      return ids;
    };
    const all: Tx[] = (await api.call('GET', '/v1/transactions?limit=200', { key: operator.key })).body.transactions;
    const statuses = [...new Set(all.map((t) => t.status))];
    expect(statuses).toEqual(expect.arrayContaining(['SUBMITTED', 'CANCELLED', 'COMPLETED', 'FAILED']));
    for (const status of [undefined, ...statuses, 'COMPLETED', 'FAILED'])
      for (const vault of [undefined, v, vaultId])
        for (const wallet of [undefined, w1, w2, other, newId()]) {
          const query = `${status ? `&status=${status}` : ''}${vault ? `&vault_id=${vault}` : ''}${wallet ? `&wallet_id=${wallet}` : ''}`;
          const expected = all
            .filter(
              (t) =>
                (!status || t.status === status) &&
                (!vault || t.sourceVaultId === vault) &&
                (!wallet || t.sourceWalletId === wallet),
            )
            .map((t) => t.id);
          expect(await walk(query), query).toEqual(expected);
        }
    const perPage = await api.call('GET', `/v1/transactions?wallet_id=${w1}&per_page=1&page=2`, { key: operator.key });
    expect(perPage.body.transactions.map((t: Tx) => t.id)).toEqual(
      all
        .filter((t) => t.sourceWalletId === w1)
        .slice(1, 2)
        .map((t) => t.id),
    );
  }, 90_000); // a few hundred list calls

  it('lists a tenant whose transactions are open and in every ending as one list, newest first, at any page size', async () => {
    // A tenant of its own, so the whole list is known: its transactions are in the open partition and in one partition
    // per ending, and the list merges them.
    const t = await createTenantWithAdmin(api);
    const op = await createUserWithRole(api, t.admin, 'operator');
    const v = (await createVault(api, t.admin)).id;
    const w = (await registerWallet(api, t.admin, t.tenant.id, v)).wallet.id;
    const endings: (TxStatus | null)[] = [
      'COMPLETED',
      null,
      'FAILED',
      'COMPLETED',
      'REJECTED',
      null,
      'BLOCKED',
      'COMPLETED',
      'CANCELLED',
      null,
      'COMPLETED',
    ];
    const ids: string[] = [];
    for (const ending of endings) {
      const tx = (await submit({ sourceWalletId: w }, op.key)).body;
      if (ending) await settle(t.tenant.id, tx.id, ending);
      ids.push(tx.id);
    }
    const newestFirst = [...ids].reverse();
    type Tx = { id: string; status: string };
    const walk = async (query: string, limit: number) => {
      const seen: Tx[] = [];
      let cursor: string | null = null;
      do {
        const res = await api.call(
          'GET',
          `/v1/transactions?limit=${limit}${query}${cursor ? `&cursor=${cursor}` : ''}`,
          { key: op.key },
        );
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.transactions.length).toBeLessThanOrEqual(limit);
        seen.push(...res.body.transactions);
        cursor = res.body.next_cursor;
      } while (cursor);
      return seen;
    };
    for (const limit of [1, 2, 3, 4, 11, 200])
      expect(
        (await walk('', limit)).map((x) => x.id),
        `limit ${limit}`,
      ).toEqual(newestFirst);
    const all = await walk('', 200);
    expect(all.map((x) => x.status)).toEqual(endings.map((e) => e ?? 'SUBMITTED').reverse());
    for (const status of ['SUBMITTED', 'COMPLETED', 'FAILED', 'REJECTED', 'BLOCKED', 'CANCELLED', 'QUEUED'])
      for (const limit of [1, 3])
        expect(
          (await walk(`&status=${status}`, limit)).map((x) => x.id),
          `${status} ${limit}`,
        ).toEqual(all.filter((x) => x.status === status).map((x) => x.id));
    // page/per_page over the merged list, and its cursor bound to it.
    for (const page of [1, 2, 4, 6, 7]) {
      const res = await api.call('GET', `/v1/transactions?per_page=2&page=${page}`, { key: op.key });
      expect(
        res.body.transactions.map((x: Tx) => x.id),
        `page ${page}`,
      ).toEqual(newestFirst.slice((page - 1) * 2, page * 2));
    }
    const first = await api.call('GET', '/v1/transactions?limit=2', { key: op.key });
    const reused = await api.call('GET', `/v1/transactions?status=COMPLETED&cursor=${first.body.next_cursor}`, {
      key: op.key,
    });
    expect(reused.body.error).toMatchObject({ code: 1108, message: 'cursor was issued for other filters' });
    const foreign = await api.call('GET', `/v1/transactions?limit=2&cursor=${first.body.next_cursor}`, {
      key: operator.key,
    });
    expect(foreign.body.error.code).toBe(1108);

    // While the index catches up with a move, one transaction can be listed in two partitions at once (its old and its
    // new one, same sort key): it is listed once.
    const real = services().store;
    const stale = { ...keys.transaction(t.tenant.id, ids[3]!), gsisk: ids[3]! };
    const lagging: Store = Object.create(real) as Store;
    lagging.query = async (input) => {
      const page = await real.query(input);
      if (!input.keysOnly || !input.pattern.partition.endsWith('#TXOPEN')) return page;
      if (input.sortKeyAfter !== undefined && !(stale.gsisk < input.sortKeyAfter)) return page;
      const items = [...page.items, stale].sort((a, b) => (String(a.gsisk) < String(b.gsisk) ? 1 : -1));
      return {
        items: items.slice(0, input.limit),
        lastKey: page.lastKey ?? (items.length > input.limit ? { pk: 'more' } : undefined),
      };
    };
    overrideServices({ store: lagging });
    try {
      for (const limit of [1, 2, 3, 200])
        expect(
          (await walk('', limit)).map((x) => x.id),
          `lagging, limit ${limit}`,
        ).toEqual(newestFirst);
    } finally {
      overrideServices({ store: real });
    }
  });
});
