import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FakeClock } from '../../shared/ports/clock.js';
import { keys } from '../../shared/store/keys.js';
import { startLocalStack, type LocalStack } from '../../local/stack.js';
import { startReferenceSigner, type ReferenceSigner } from '../../tools/reference-signer/server.js';
import { CallbackWorker } from '../../tools/reference-signer/callback-worker.js';
import { policyKeysFrom } from '../../tools/reference-signer/receipt-check.js';
import { httpCaller, type Key, type TestApi } from '../support/local-api.js';
import { createUserWithRole, createVault, nativeAsset, randomAddress } from '../support/fixtures.js';

/**
 * A callback signer's refusal (POST /v1/transactions/{id}/signature-refusal) over real HTTP on DynamoDB Local and the
 * dev chain: the local stack in `callback` mode, the reference signer's callback worker checking receipts with the
 * stack's published policy keys. A transfer whose stored receipt is tampered with is refused by the worker and ends
 * FAILED `receipt_invalid` (its nonce given back, audited, `transaction.failed`); an untouched one is signed.
 */
const TOKEN = 'refusal-test-signer-token';
const clock = new FakeClock(Date.now());
let stack: LocalStack;
let api: TestApi;
let signer: ReferenceSigner;
let signerDir: string;
let tenantId: string;
let admin: Key;
let operator: Key;
let viewer: Key;
let wallet: { id: string; address: string };
let worker: CallbackWorker;

beforeAll(async () => {
  signerDir = await mkdtemp(join(tmpdir(), 'refusal-test-signer-'));
  signer = await startReferenceSigner({ port: 0, dir: signerDir, token: TOKEN });
  stack = await startLocalStack({
    port: 0,
    inMemory: true,
    clock,
    env: {
      ...process.env,
      CUSTODY_SIGNER_TYPE: 'callback',
      CUSTODY_SIGNER_URL: signer.url,
      CUSTODY_SIGNER_TOKEN: TOKEN,
    },
    workers: { webhooks: null },
    schedules: { 'chain-poller': null },
  });
  const platform: Key = { keyId: stack.operator!.keyId, secret: stack.operator!.secret };
  api = {
    baseUrl: stack.baseUrl,
    operator: platform,
    platformTenantId: '',
    call: httpCaller(stack.baseUrl, platform),
    close: async () => undefined,
  };
  const t = await api.call('POST', '/v1/tenants', {
    body: { name: 'refusals', admin_email: 'admin@refusals.example', admin_name: 'Admin' },
  });
  tenantId = t.body.id as string;
  admin = { keyId: t.body.admin_credential.key_id, secret: t.body.admin_credential.secret };
  operator = (await createUserWithRole(api, admin, 'operator')).key;
  viewer = (await createUserWithRole(api, admin, 'viewer')).key;
  const vault = await createVault(api, admin);
  const generated = await api.call('POST', `/v1/vault/accounts/${vault.id}/wallets/generate`, {
    key: admin,
    body: { label: 'signer-held' },
  });
  expect(generated.status).toBe(201);
  wallet = generated.body;
  await stack.devChain!.state.setBalance(wallet.address, 10n ** 20n);
  const published = (await api.call('GET', '/v1/keys/policy')).body.keys;
  worker = new CallbackWorker({
    keys: signer.keys,
    apiUrl: stack.baseUrl,
    credential: `${operator.keyId}:${operator.secret}`,
    policyKeys: policyKeysFrom(published),
    now: () => clock.now(),
    log: () => undefined,
  });
}, 180_000);
afterAll(async () => {
  await worker?.stop();
  await stack?.stop();
  await signer?.close();
  if (signerDir) await rm(signerDir, { recursive: true, force: true });
});

const get = async (id: string) => (await api.call('GET', `/v1/transactions/${id}`, { key: operator })).body;
async function pendingSignature(): Promise<string> {
  const res = await api.call('POST', '/v1/transactions', {
    key: operator,
    body: { sourceWalletId: wallet.id, destinationAddr: randomAddress(), assetId: nativeAsset(), amount: '1000' },
  });
  expect(res.status).toBe(201);
  await stack.drain();
  expect((await get(res.body.id)).status).toBe('PENDING_SIGNATURE');
  return res.body.id as string;
}
/** The stored receipt's payload changed behind the service's back: its signature no longer verifies. */
async function tamperReceipt(id: string) {
  const item = await stack.store.get(keys.transactionReceipt(tenantId, id), { consistent: true });
  expect(typeof item?.payload).toBe('string');
  const payload = (item!.payload as string).replace('"amount":"1000"', '"amount":"9000"');
  expect(payload).not.toBe(item!.payload);
  await stack.store.write([{ op: 'update', key: keys.transactionReceipt(tenantId, id), set: { payload } }]);
}
const refuse = (
  id: string,
  key: Key,
  body: unknown = { code: 'receipt_invalid', reason: 'receipt signature does not verify' },
) => api.call('POST', `/v1/transactions/${id}/signature-refusal`, { key, body });

describe('a callback signer refusing the policy receipt', () => {
  it('ends a transfer with a tampered receipt FAILED receipt_invalid, its nonce given back, and signs an untouched one', async () => {
    const tampered = await pendingSignature();
    const untouched = await pendingSignature();
    await tamperReceipt(tampered);

    const pass = await worker.runOnce();
    expect(pass.refused).toEqual([tampered]);
    expect(pass.signed).toEqual([untouched]);
    expect(pass.failed).toEqual([]);

    const failed = await get(tampered);
    expect(failed).toMatchObject({ status: 'FAILED', failureCode: 'receipt_invalid' });
    expect(failed.failureReason).toMatch(/^signer refused the policy receipt: ./);
    expect((await get(untouched)).status).toBe('SIGNED');
    const history = (await api.call('GET', `/v1/transactions/${tampered}/history`, { key: operator })).body.history;
    expect(history.at(-1)).toMatchObject({
      events: expect.arrayContaining(['transaction.status_changed', 'transaction.failed']),
    });
    const nonce = await stack.store.get(
      { pk: `TENANT#${tenantId}#NONCE#${wallet.id}`, sk: 'NONCE' },
      { consistent: true },
    );
    expect(nonce!.released).toContain(failed.nonce);

    // Ended: nothing awaits a signature any more, so another refusal is 409 1301 and the next pass leaves it alone.
    const again = await refuse(tampered, operator);
    expect([again.status, again.body.error.code]).toEqual([409, 1301]);
    expect((await worker.runOnce()).refused).toEqual([]);
    // Signed: the refusal comes too late and changes nothing (the table would let a failure end a SIGNED one).
    const signedLate = await refuse(untouched, operator);
    expect([signedLate.status, signedLate.body.error.code]).toEqual([409, 1301]);
    expect((await get(untouched)).status).toBe('SIGNED');
  });

  it('is 409 1301 outside PENDING_SIGNATURE, 403 without transactions:execute, 400 for another code; nothing changes', async () => {
    const id = await pendingSignature();
    const forbidden = await refuse(id, viewer);
    expect(forbidden.status).toBe(403);
    const badCode = await refuse(id, operator, { code: 'signer_refused', reason: 'no' });
    expect([badCode.status, badCode.body.error.code]).toEqual([400, 1100]);
    const noReason = await refuse(id, operator, { code: 'receipt_invalid', reason: '' });
    expect(noReason.status).toBe(400);
    expect((await get(id)).status).toBe('PENDING_SIGNATURE');

    const cancelled = await api.call('POST', `/v1/transactions/${id}/cancel`, { key: operator, body: {} });
    expect(cancelled.body.status).toBe('CANCELLED');
    const late = await refuse(id, operator);
    expect([late.status, late.body.error.code]).toEqual([409, 1301]);
    expect((await get(id)).status).toBe('CANCELLED');
  });
});
