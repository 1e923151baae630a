import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../shared/ports/clock.js';
import { keys } from '../../shared/store/keys.js';
import type { LocalStack } from '../../local/stack.js';
import { CallbackWorker } from '../../tools/reference-signer/callback-worker.js';
import { policyKeysFrom } from '../../tools/reference-signer/receipt-check.js';
import type { Key, TestApi } from '../support/local-api.js';
import {
  getTransaction,
  signerHeldWallet,
  startSigningWorld,
  stopSigningWorld,
  submitTransfer,
  type SigningWorld,
} from '../support/signing-world.js';

/**
 * A callback signer's refusal (POST /v1/transactions/{id}/signature-refusal) over real HTTP on DynamoDB Local and the
 * dev chain: the local stack in `callback` mode, the reference signer's callback worker checking receipts with the
 * stack's published policy keys. A transfer whose stored receipt is tampered with is refused by the worker and ends
 * FAILED `receipt_invalid` (its nonce given back, audited, `transaction.failed`); an untouched one is signed.
 */
const clock = new FakeClock(Date.now());
let world: SigningWorld;
let stack: LocalStack;
let api: TestApi;
let tenantId: string;
let operator: Key;
let viewer: Key;
let wallet: { id: string; address: string };
let worker: CallbackWorker;

beforeAll(async () => {
  world = await startSigningWorld(clock, { name: 'refusals' });
  ({ stack, api } = world);
  ({ id: tenantId, operator, viewer } = world.tenant);
  wallet = await signerHeldWallet(world, 10n ** 20n);
  const published = (await api.call('GET', '/v1/keys/policy')).body.keys;
  worker = new CallbackWorker({
    keys: world.signer.keys,
    apiUrl: stack.baseUrl,
    credential: `${operator.keyId}:${operator.secret}`,
    policyKeys: policyKeysFrom(published),
    now: () => clock.now(),
    log: () => undefined,
  });
}, 180_000);
afterAll(async () => {
  await worker?.stop();
  await stopSigningWorld(world);
});

const get = (id: string) => getTransaction(world, id);
async function pendingSignature(): Promise<string> {
  const id = await submitTransfer(world, wallet.id, '1000');
  expect((await get(id)).status).toBe('PENDING_SIGNATURE');
  return id;
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
