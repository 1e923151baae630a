import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantWithAdmin, startTestApi, type Key, type TestApi } from '../support/local-api.js';
import { createUserWithKey, createVault, nativeAsset, randomAddress, registerWallet } from '../support/fixtures.js';

/**
 * A transaction's history names the version of each policy it was evaluated against: a transfer submitted before a
 * policy change keeps the decision of the version it saw, and its history says which one that was.
 */
let api: TestApi;
let admin: Key;
let operator: Key;
let walletId: string;
let vaultId: string;
beforeAll(async () => {
  api = await startTestApi();
  const t = await createTenantWithAdmin(api);
  admin = t.admin;
  operator = (await createUserWithKey(api, admin, ['role_operator'])).key;
  vaultId = (await createVault(api, admin)).id;
  walletId = (await registerWallet(api, admin, t.tenant.id, vaultId)).wallet.id;
});
afterAll(async () => api?.close());

const submit = async () => {
  const res = await api.call('POST', '/v1/transactions', {
    key: operator,
    body: { sourceWalletId: walletId, destinationAddr: randomAddress(), assetId: nativeAsset(), amount: '1000' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
};
const creation = async (txId: string) => {
  const res = await api.call('GET', `/v1/transactions/${txId}/history`, { key: admin });
  expect(res.status).toBe(200);
  return (res.body.history as { action: string; policyDecision: Record<string, unknown> | null }[]).find(
    (e) => e.action === 'transaction.created',
  )!;
};

describe("policy versions in a transaction's history", () => {
  it('names the version each policy had when the transaction was evaluated, also after the policy changed', async () => {
    const created = await api.call('POST', '/v1/policies', {
      key: admin,
      body: { vault_id: vaultId, name: 'four-eyes', rules: [{ type: 'REQUIRE_APPROVAL', value: '1' }] },
    });
    expect(created.body.version).toBe(1);
    const policyId = created.body.id as string;
    const before = await submit();

    const updated = await api.call('PUT', `/v1/policies/${policyId}`, {
      key: admin,
      body: { rules: [{ type: 'REQUIRE_APPROVAL', value: '2' }] },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.version).toBe(2);
    expect((await api.call('GET', `/v1/policies/${policyId}`, { key: admin })).body.version).toBe(2);
    const after = await submit();

    expect((await creation(before)).policyDecision).toMatchObject({
      policyIds: [policyId],
      policyVersions: [{ policyId, version: 1 }],
      approvals: 1,
    });
    expect((await creation(after)).policyDecision).toMatchObject({
      policyVersions: [{ policyId, version: 2 }],
      approvals: 2,
    });
    // The transfer in flight keeps the decision of version 1.
    expect(
      (await api.call('GET', `/v1/transactions/${before}`, { key: admin })).body.policyDecision.approvalsRequired,
    ).toBe(1);
  });
});
