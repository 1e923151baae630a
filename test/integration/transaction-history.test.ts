import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stepDeps } from '../support/step-deps.js';
import { services } from '../../shared/composition/standalone.js';
import { keys } from '../../shared/store/keys.js';
import { accessPatterns } from '../../shared/store/access-patterns.js';
import { advanceTransaction } from '../../shared/domain/transactions/advance.js';
import { createTenantWithAdmin, startTestApi, type Key, type TestApi } from '../support/local-api.js';
import { createUserWithKey, createVault, nativeAsset, randomAddress, registerWallet } from '../support/fixtures.js';
import { startTestChain, type TestChain } from '../support/test-chain.js';

/**
 * GET /v1/transactions/{id}/history and GET /v1/audit/entries?resource_id=&resource_type=, over HTTP on DynamoDB Local:
 * a transfer needing two approvals, driven to PENDING_SIGNATURE, read back by an approver and a viewer.
 */
let testChain: TestChain;
let api: TestApi;
let tenantId: string;
let admin: Key;
let operator: { user: { id: string; email: string; name: string }; key: Key };
let approvers: { user: { id: string; email: string; name: string }; key: Key }[];
let viewer: { user: { id: string; email: string; name: string }; key: Key };
let txId: string;
let vaultName: string;
let walletAddress: string;
let submitRequestId: string;

const runWorker = async (id: string) => {
  for (let i = 0; i < 10; i++)
    if (
      (await advanceTransaction({ ...stepDeps(), chain: testChain.chain, approvalTtlSeconds: 3600 }, tenantId, id))
        .outcome !== 'moved'
    )
      return;
};

beforeAll(async () => {
  testChain = await startTestChain();
  api = await startTestApi();
  const t = await createTenantWithAdmin(api);
  tenantId = t.tenant.id;
  admin = t.admin;
  operator = await createUserWithKey(api, admin, ['role_operator']);
  approvers = [
    await createUserWithKey(api, admin, ['role_approver']),
    await createUserWithKey(api, admin, ['role_approver']),
  ];
  viewer = await createUserWithKey(api, admin, ['role_viewer']);
  const vault = await createVault(api, admin);
  vaultName = vault.name;
  const w = await registerWallet(api, admin, tenantId, vault.id);
  walletAddress = w.wallet.address;
  await testChain.fund(w.wallet.address);
  await api.call('POST', '/v1/policies', {
    key: admin,
    body: { vault_id: vault.id, name: 'four-eyes', rules: [{ type: 'REQUIRE_APPROVAL', value: '2' }] },
  });
  const created = await api.call('POST', '/v1/transactions', {
    key: operator.key,
    body: { sourceWalletId: w.wallet.id, destinationAddr: randomAddress(), assetId: nativeAsset(), amount: '1000' },
  });
  expect(created.status).toBe(201);
  txId = created.body.id;
  submitRequestId = created.headers.get('x-request-id')!;
  await runWorker(txId);
  expect(
    (
      await api.call('POST', `/v1/transactions/${txId}/approve`, {
        key: approvers[0]!.key,
        body: { reason: 'checked the invoice' },
      })
    ).body.status,
  ).toBe('PENDING_AUTHORIZATION');
  expect(
    (await api.call('POST', `/v1/transactions/${txId}/approve`, { key: approvers[1]!.key, body: {} })).body.status,
  ).toBe('APPROVED');
  await runWorker(txId);
  expect((await api.call('GET', `/v1/transactions/${txId}`, { key: admin })).body.status).toBe('PENDING_SIGNATURE');
});
afterAll(async () => {
  await api?.close();
  await testChain?.stop();
});

describe('GET /v1/transactions/{id}/history', () => {
  it('lists every change in commit order with its trigger, actor, request id, decisions and chain facts', async () => {
    const res = await api.call('GET', `/v1/transactions/${txId}/history`, { key: viewer.key });
    expect(res.status).toBe(200);
    const h = res.body.history as any[];
    expect(h.map((e) => [e.fromStatus, e.toStatus, e.trigger])).toEqual([
      [null, 'SUBMITTED', 'submission'],
      ['SUBMITTED', 'QUEUED', 'worker'],
      ['QUEUED', 'PENDING_AML_SCREENING', 'worker'],
      ['PENDING_AML_SCREENING', 'PENDING_AUTHORIZATION', 'screening'],
      [null, null, 'approval'],
      ['PENDING_AUTHORIZATION', 'APPROVED', 'approval'],
      ['APPROVED', 'PENDING_SIGNATURE', 'worker'],
    ]);
    expect(h[0]).toMatchObject({
      action: 'transaction.created',
      requestId: submitRequestId,
      actor: {
        type: 'user',
        userId: operator.user.id,
        name: operator.user.name,
        email: operator.user.email,
        component: null,
      },
      policyDecision: { outcome: 'require_approval', approvals: 2 },
      events: ['transaction.created'],
    });
    expect(h[1].actor).toEqual({
      type: 'system',
      userId: null,
      keyId: null,
      name: null,
      email: null,
      component: 'transaction-worker',
    });
    expect(h[1].requestId).toBeNull();
    expect(h[3].events).toEqual(expect.arrayContaining(['screening.completed', 'approval.required']));
    expect(h[3].screening).toMatchObject({
      result: 'clean',
      provider: expect.any(String),
      checkedAt: expect.any(String),
    });
    expect(h[2].screening).toBeNull();
    expect(h[4]).toMatchObject({
      action: 'transaction.approved',
      reason: 'checked the invoice',
      actor: { userId: approvers[0]!.user.id, name: approvers[0]!.user.name, email: approvers[0]!.user.email },
      decision: {
        decision: 'approved',
        user: { userId: approvers[0]!.user.id, name: approvers[0]!.user.name, email: approvers[0]!.user.email },
        approvalsReceived: 1,
        approvalsRequired: 2,
      },
    });
    expect(h[5].decision).toMatchObject({
      decision: 'approved',
      user: { userId: approvers[1]!.user.id, email: approvers[1]!.user.email },
      approvalsReceived: 2,
    });
    expect(h[6].chain).toMatchObject({
      nonce: expect.any(Number),
      chainId: expect.any(Number),
      fee: expect.stringMatching(/^\d+$/),
      gasLimit: expect.any(Number),
    });
    expect(h[0].chain).toBeNull();
    const times = h.map((e) => e.timestamp);
    expect([...times].sort()).toEqual(times);
  });

  it('is readable by an approver (transactions:read, no audit:read or users:read)', async () => {
    expect((await api.call('GET', `/v1/transactions/${txId}/history`, { key: approvers[0]!.key })).status).toBe(200);
    expect((await api.call('GET', `/v1/audit/entries?resource_id=${txId}`, { key: approvers[0]!.key })).status).toBe(
      403,
    );
  });

  it('pages with limit and next_cursor, the pages together being the whole history once', async () => {
    const all = (await api.call('GET', `/v1/transactions/${txId}/history`, { key: viewer.key })).body.history.map(
      (e: any) => e.id,
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: any = await api.call(
        'GET',
        `/v1/transactions/${txId}/history?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        { key: viewer.key },
      );
      expect(res.status).toBe(200);
      expect(res.body.history.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.history.map((e: any) => e.id));
      cursor = res.body.next_cursor;
      pages++;
    } while (cursor);
    expect(seen).toEqual(all);
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(
      (
        await api.call('GET', `/v1/transactions/${txId}/history?page=2&per_page=2`, { key: viewer.key })
      ).body.history.map((e: any) => e.id),
    ).toEqual(all.slice(2, 4));
    expect(
      (await api.call('GET', `/v1/transactions/${txId}/history?limit=0`, { key: viewer.key })).body.error.code,
    ).toBe(1108);
  });

  it("answers 404 1300 for another tenant's transaction and an unknown id, and refuses a cursor of another transaction", async () => {
    const other = await createTenantWithAdmin(api);
    const res = await api.call('GET', `/v1/transactions/${txId}/history`, { key: other.admin });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe(1300);
    expect(
      (await api.call('GET', '/v1/transactions/0192f000-0000-7000-8000-000000000000/history', { key: admin })).body
        .error.code,
    ).toBe(1300);
    const page = (await api.call('GET', `/v1/transactions/${txId}/history?limit=1`, { key: viewer.key })).body;
    const audit = await api.call('GET', `/v1/audit/entries?limit=1&cursor=${encodeURIComponent(page.next_cursor)}`, {
      key: admin,
    });
    expect(audit.body.error.code).toBe(1108);
  });
});

describe('GET /v1/audit/entries with resource filters', () => {
  it("resource_id lists exactly the history's entries, with their full audit fields", async () => {
    const history = (await api.call('GET', `/v1/transactions/${txId}/history`, { key: viewer.key })).body.history.map(
      (e: any) => e.id,
    );
    const res = await api.call('GET', `/v1/audit/entries?resource_id=${txId}`, { key: admin });
    expect(res.status).toBe(200);
    expect(res.body.entries.map((e: any) => e.id)).toEqual(history);
    expect(
      res.body.entries.every(
        (e: any) => e.resource_type === 'transaction' && e.resource_id === txId && typeof e.hash === 'string',
      ),
    ).toBe(true);
    const desc = await api.call('GET', `/v1/audit/entries?resource_id=${txId}&order=desc`, { key: admin });
    expect(desc.body.entries.map((e: any) => e.id)).toEqual([...history].reverse());
    expect(
      (await api.call('GET', `/v1/audit/entries?resource_id=${txId}&resource_type=vault`, { key: admin })).body.entries,
    ).toEqual([]);
    expect(
      (await api.call('GET', `/v1/audit/entries?resource_id=${txId}&resource_type=transaction`, { key: admin })).body
        .entries,
    ).toHaveLength(history.length);
  });

  it('resource_type alone keeps only that type, in order', async () => {
    const res = await api.call('GET', '/v1/audit/entries?resource_type=user&limit=200', { key: admin });
    expect(res.status).toBe(200);
    const users = res.body.entries as any[];
    expect(users.length).toBeGreaterThanOrEqual(4);
    expect(users.every((e) => e.resource_type === 'user')).toBe(true);
    expect(users.map((e) => e.resource_id)).toEqual(expect.arrayContaining([operator.user.id, viewer.user.id]));
  });

  it("is tenant-isolated: another tenant sees nothing under this transaction's id", async () => {
    const other = await createTenantWithAdmin(api);
    expect((await api.call('GET', `/v1/audit/entries?resource_id=${txId}`, { key: other.admin })).body.entries).toEqual(
      [],
    );
  });

  it('refuses a malformed filter with 400', async () => {
    const res = await api.call('GET', '/v1/audit/entries?resource_id=a%20b', { key: admin });
    expect(res.status).toBe(400);
  });

  it('verification stays valid with the index keys, and reports a record whose index key was moved to another resource', async () => {
    expect((await api.call('GET', '/v1/audit/verify', { key: admin })).body).toMatchObject({
      valid: true,
      first_problem: null,
    });
    const store = services().store;
    const { items } = await store.query({ pattern: accessPatterns.auditRecordsOfResource(tenantId, txId), limit: 1 });
    const item = items[0]!;
    await store.write([
      { op: 'put', item: { ...item, ...keys.auditRecordResourceIndex(tenantId, 'elsewhere', 'not-this-record') } },
    ]);
    try {
      const report = (await api.call('GET', '/v1/audit/verify', { key: admin })).body;
      expect(report.valid).toBe(false);
      expect(report.first_problem).toMatchObject({
        entry_id: String(item.sk).slice(4),
        reason: expect.stringContaining('index key'),
      });
    } finally {
      await store.write([{ op: 'put', item }]);
    }
    expect((await api.call('GET', '/v1/audit/verify', { key: admin })).body.valid).toBe(true);
  });
});

describe('what a person deciding reads on the transaction (names, units), without users:read', () => {
  it('names the submitter, the deciders, the vault, the wallet and the policy, and gives the amount in units', async () => {
    for (const key of [viewer.key, approvers[0]!.key]) {
      const [one, list] = await Promise.all([
        api.call('GET', `/v1/transactions/${txId}`, { key }),
        api.call('GET', `/v1/transactions?limit=5`, { key }),
      ]);
      expect(one.status).toBe(200);
      for (const t of [one.body, list.body.transactions.find((x: { id: string }) => x.id === txId)]) {
        expect(t).toMatchObject({
          amount: '1000',
          assetSymbol: expect.any(String),
          assetDecimals: 18,
          amountFormatted: '0.000000000000001',
          sourceVault: { name: vaultName },
          sourceWallet: { label: 'test wallet', address: walletAddress.toLowerCase() },
          initiatedBy: { userId: operator.user.id, name: operator.user.name, email: operator.user.email },
          policyDecision: { policies: [{ id: expect.any(String), name: 'four-eyes' }] },
        });
        expect(t.approvals.decisions.map((d: { name: string; email: string }) => [d.name, d.email])).toEqual(
          approvers.map((a) => [a.user.name, a.user.email]),
        );
      }
    }
    expect((await api.call('GET', `/v1/users/${operator.user.id}`, { key: approvers[0]!.key })).status).toBe(403);
  });
});
