import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPublicKey, verify as nodeVerify } from 'node:crypto';
import { FakeClock } from '../../shared/ports/clock.js';
import { keys } from '../../shared/store/keys.js';
import { storedEntry } from '../../shared/domain/audit/audit-record.js';
import { decodeTransaction } from '../../shared/domain/transactions/transaction-item.js';
import { ensureReceipt } from '../../shared/domain/receipts/issue-receipt.js';
import { LocalPolicyKeys } from '../../shared/adapters/keys/local-policy-keys.js';
import { startLocalStack, type LocalStack } from '../../local/stack.js';
import { createTenantWithAdmin, stackApi, type Key, type TestApi } from '../support/local-api.js';
import { createUserWithRole, createVault, nativeAsset, randomAddress } from '../support/fixtures.js';

/**
 * Policy receipts through the local stack: the API over real HTTP, DynamoDB Local, the dev chain and the reference
 * signer in `remote` mode, configured with the stack's policy key. A transfer whose destination or amount is changed
 * in the table after submission (while it waits for approval, or once approved, before the signer is called) gets no
 * receipt: it ends FAILED `receipt_invalid` and nothing reaches the chain. An untouched one is signed under its receipt.
 */
const clock = new FakeClock(Date.now());
let stack: LocalStack;
let api: TestApi;
let admin: Key;
let operator: Key;
let approver: Key;
let wallet: { id: string; address: string };

beforeAll(async () => {
  stack = await startLocalStack({
    port: 0,
    inMemory: true,
    clock,
    env: { ...process.env },
    workers: { webhooks: null },
  });
  api = stackApi(stack);
  ({ admin } = await createTenantWithAdmin(api, 'receipts'));
  operator = (await createUserWithRole(api, admin, 'operator')).key;
  approver = (await createUserWithRole(api, admin, 'approver')).key;
  const vault = await createVault(api, admin);
  wallet = (
    await api.call('POST', `/v1/vault/accounts/${vault.id}/wallets/generate`, { key: admin, body: { label: 'hot' } })
  ).body;
  await stack.devChain!.state.setBalance(wallet.address, 10n ** 20n);
  // One approval for anything over 1 ETH: the tampered transfers wait for it, the small one goes straight through.
  expect(
    (
      await api.call('POST', '/v1/policies', {
        key: admin,
        body: {
          vault_id: vault.id,
          name: 'big ones',
          rules: [{ type: 'REQUIRE_APPROVAL', value: '1', above: '1000000000000000000' }],
        },
      })
    ).status,
  ).toBe(201);
}, 120_000);
afterAll(async () => stack?.stop());

const get = async (id: string) => (await api.call('GET', `/v1/transactions/${id}`, { key: operator })).body;
const submit = async (amount: string, destination = randomAddress()) => {
  const r = await api.call('POST', '/v1/transactions', {
    key: operator,
    body: { sourceWalletId: wallet.id, destinationAddr: destination, assetId: nativeAsset(), amount },
  });
  expect(r.status).toBe(201);
  return { id: r.body.id as string, tenantId: r.body.tenantId as string, destination };
};
/** A change made in DynamoDB Local behind the service's back (no version bump, no audit record). */
const tamper = (tenantId: string, id: string, set: Record<string, unknown>) =>
  stack.store.write([{ op: 'update', key: keys.transaction(tenantId, id), set }]);
const nothingOnChain = async (destination: string) => {
  expect(await stack.devChain!.state.transactionCount(wallet.address, 'pending')).toBe(0);
  expect(await stack.devChain!.state.balanceOf(destination)).toBe(0n);
};

describe('policy receipts', () => {
  it('refuses a destination changed in the table while the transfer waits for approval', async () => {
    const tx = await submit('2000000000000000000');
    await stack.drain();
    expect((await get(tx.id)).status).toBe('PENDING_AUTHORIZATION');
    const attacker = randomAddress();
    await tamper(tx.tenantId, tx.id, { destination_addr: attacker });
    expect((await api.call('POST', `/v1/transactions/${tx.id}/approve`, { key: approver, body: {} })).body.status).toBe(
      'APPROVED',
    );
    await stack.drain();
    const after = await get(tx.id);
    expect(after.status).toBe('FAILED');
    expect(after.failureCode).toBe('receipt_invalid');
    expect(after.failureReason).toBe("no policy receipt: destination differs from the submission's record");
    expect(after.chainTxHash).toBeNull();
    await nothingOnChain(attacker);
    expect((await api.call('GET', `/v1/transactions/${tx.id}/receipt`, { key: operator })).status).toBe(409);
  });

  it('refuses an amount changed in the table after approval, before the signer is called', async () => {
    const tx = await submit('3000000000000000000');
    await stack.drain();
    expect((await api.call('POST', `/v1/transactions/${tx.id}/approve`, { key: approver, body: {} })).body.status).toBe(
      'APPROVED',
    );
    await tamper(tx.tenantId, tx.id, { amount: '9000000000000000000' });
    await stack.drain();
    const after = await get(tx.id);
    expect(after.status).toBe('FAILED');
    expect(after.failureCode).toBe('receipt_invalid');
    expect(after.failureReason).toBe("no policy receipt: amount differs from the submission's record");
    await nothingOnChain(tx.destination);
  });

  it('signs an untouched transfer under a receipt that verifies with the published key', async () => {
    const tx = await submit('1000');
    await stack.drain();
    const after = await get(tx.id);
    expect(['SIGNED', 'BROADCASTING', 'CONFIRMING', 'COMPLETED']).toContain(after.status);
    const receipt = await api.call('GET', `/v1/transactions/${tx.id}/receipt`, { key: operator });
    expect(receipt.status).toBe(200);
    const payload = JSON.parse(receipt.body.payload as string) as Record<string, unknown>;
    expect(payload).toMatchObject({
      transaction_id: tx.id,
      destination: tx.destination.toLowerCase(),
      amount: '1000',
      call: { to: tx.destination.toLowerCase(), value: '1000', data: '0x' },
    });
    const published = (await api.call('GET', '/v1/keys/policy')).body.keys as {
      key_id: string;
      public_key: string;
      status: string;
    }[];
    expect(published[0]!.status).toBe('active');
    expect(published[0]!.key_id).toBe(receipt.body.key_id);
    // Verified apart from the service's code: node:crypto's ML-DSA-65 over the tagged payload.
    const key = createPublicKey({
      key: Buffer.from(published[0]!.public_key.slice(2), 'hex'),
      format: 'raw-public',
      asymmetricKeyType: 'ml-dsa-65',
    });
    const message = Buffer.from(`custody-policy-receipt-v1\n${receipt.body.payload as string}`, 'utf8');
    expect(nodeVerify(null, message, key, Buffer.from((receipt.body.signature as string).slice(2), 'hex'))).toBe(true);
  });

  it('issues a receipt once: a second issuer (a redelivered message) gets the stored one back', async () => {
    const tx = await submit('1000');
    await stack.drain();
    const stored = (await api.call('GET', `/v1/transactions/${tx.id}/receipt`, { key: operator })).body;
    const record = decodeTransaction(
      (await stack.store.get(keys.transaction(tx.tenantId, tx.id), { consistent: true }))!,
    );
    const wallet = (await stack.store.get(keys.wallet(tx.tenantId, record.sourceWalletId)))!;
    const again = await ensureReceipt(
      { store: stack.store, keys: stack.keys, policySigner: new LocalPolicyKeys(stack.keys), receiptTtlSeconds: 3600 },
      { ...record, status: 'PENDING_SIGNATURE' },
      { address: wallet.address as string },
      new Date(Date.now() + 60_000),
    );
    expect(again).toEqual({ receipt: stored });
  });

  it('reads the creation intent by key: a submission names its creation record with the transaction id', async () => {
    const tx = await submit('1000');
    const record = await stack.store.get(keys.auditRecord(tx.tenantId, tx.id), { consistent: true });
    expect(storedEntry(record!)).toMatchObject({ action: 'transaction.created', resource_id: tx.id });
    const query = vi.spyOn(stack.store, 'query');
    try {
      await stack.drain();
      expect(query.mock.calls.filter(([q]) => q.pattern.name === 'auditRecordsOfResource')).toEqual([]);
    } finally {
      query.mockRestore();
    }
    expect((await api.call('GET', `/v1/transactions/${tx.id}/receipt`, { key: operator })).status).toBe(200);
  });
});
