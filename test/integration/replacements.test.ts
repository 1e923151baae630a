import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { services } from '../../shared/composition/standalone.js';
import { config } from '../../shared/config.js';
import { FakeClock } from '../../shared/ports/clock.js';
import { runTransactionSteps } from '../../shared/domain/transactions/advance.js';
import { pollConfirmations, type ConfirmDeps } from '../../shared/domain/transactions/confirm.js';
import { randomAddress } from '../support/fixtures.js';
import {
  engineConfirmDeps,
  engineStepDeps,
  fundedWallet,
  signAsCallbackSigner as signAs,
  startEngineWorld,
  stopEngineWorld,
  type EngineWorld,
} from '../support/engine-world.js';
import { GWEI, testKey, type TestKey } from '../support/pq-chain.js';
import { seedSigned } from '../support/seed-signed.js';
import { devChainRpc } from '../support/test-chain.js';
import { tenantAuditRecords, tenantEvents } from '../support/tenant-events.js';

/**
 * Replacement at the same nonce (shared/domain/transactions/replace.ts) on DynamoDB Local, the real API over HTTP and
 * the dev chain (a real EVM with geth's replacement rule and the `minTipWei` knob): a stuck transfer sped up to
 * COMPLETED, a cancel after broadcast ending CANCELLED, and the race the original wins ending COMPLETED. A callback
 * signer's part is played through the API: the signing-payload route, signed with the wallet's test key, the signature
 * route.
 */
const clock = new FakeClock(new Date('2026-03-01T00:00:00Z').getTime());
let chain: EngineWorld['chain'];
let api: EngineWorld['api'];
let tenant: EngineWorld['tenant'];
let direct: EngineWorld['direct'];
let seedByte = 0x60;

const rpc = devChainRpc(() => chain.url);
const balanceOf = async (address: string) => BigInt((await rpc('eth_getBalance', [address, 'latest'])) as string);
const stepDeps = () => engineStepDeps(clock, direct);
const confirmDeps = (depth = 1) => engineConfirmDeps(clock, direct, depth);
const BOUNDS = { maxTransactions: 100, maxMillis: 60_000 };
const get = async (id: string) => (await api.call('GET', `/v1/transactions/${id}`, { key: tenant.admin })).body;
const signAsCallbackSigner = (key: TestKey, id: string) => signAs({ api, tenant }, key, id);

/** A funded key registered as a wallet of the tenant, and a transfer of it broadcast (CONFIRMING, in the node's pool). */
async function broadcastTransfer(value = 1_000n): Promise<{ key: TestKey; id: string; hash: string; to: string }> {
  const key = testKey(seedByte++);
  const walletId = await fundedWallet({ chain, api, tenant, direct }, clock, key);
  const to = randomAddress();
  const tx = await seedSigned(services().store, {
    tenantId: tenant.id,
    key,
    to,
    value,
    nonce: 0,
    chainId: config().CUSTODY_CHAIN_ID,
    now: clock.now(),
    vaultId: tenant.vaultId,
    walletId,
  });
  await runTransactionSteps(stepDeps(), tenant.id, tx.id);
  expect((await get(tx.id)).status).toBe('CONFIRMING');
  return { key, id: tx.id, hash: tx.chainTxHash!, to };
}

beforeAll(async () => {
  ({ chain, api, tenant, direct } = await startEngineWorld(clock));
}, 60_000);
afterAll(() => stopEngineWorld({ api, chain }));
afterEach(() => chain.faults.reset());

describe('speed-up', () => {
  it("takes a transfer stuck under minTipWei to COMPLETED under the replacement's hash", async () => {
    chain.faults.set({ minTipWei: (2n * GWEI).toString() });
    const { key, id, hash, to } = await broadcastTransfer(4_321n);
    await chain.mine();
    expect(await pollConfirmations(confirmDeps(), BOUNDS)).toMatchObject({ completed: 0 });

    const sped = await api.call('POST', `/v1/transactions/${id}/speed-up`, {
      key: tenant.admin,
      body: { maxFeePerGas: (6n * GWEI).toString(), maxPriorityFeePerGas: (3n * GWEI).toString() },
    });
    expect(sped.status).toBe(202);
    expect(sped.body).toMatchObject({
      status: 'CONFIRMING',
      chainTxHash: hash,
      replacements: [
        {
          reason: 'SPEED_UP',
          status: 'AWAITING_SIGNATURE',
          hash: null,
          replaces: hash,
          maxFeePerGas: (6n * GWEI).toString(),
        },
      ],
    });

    const { payload, transaction } = await signAsCallbackSigner(key, id);
    expect(payload).toMatchObject({
      nonce: 0,
      replacement: { reason: 'SPEED_UP', cancel: false, replaces: hash },
      tx: { to, value: '4321', maxPriorityFeePerGas: (3n * GWEI).toString() },
    });
    const replacementHash = transaction.replacements[0].hash as string;
    expect(transaction).toMatchObject({
      status: 'BROADCASTING',
      chainTxHash: replacementHash,
      replacements: [{ status: 'BROADCAST', hash: replacementHash }],
    });

    await runTransactionSteps(stepDeps(), tenant.id, id);
    await chain.mine();
    expect(await pollConfirmations(confirmDeps(), BOUNDS)).toMatchObject({ completed: 1 });
    expect(await get(id)).toMatchObject({ status: 'COMPLETED', chainTxHash: replacementHash });
    expect(await balanceOf(to)).toBe(4_321n);

    const events = (await tenantEvents(services().store, tenant.id)).filter((e) => e.group === id).map((e) => e.type);
    expect(events).toEqual(
      expect.arrayContaining(['transaction.replacement_requested', 'transaction.replaced', 'transaction.completed']),
    );
    const audit = (await tenantAuditRecords(services().store, tenant.id))
      .filter((r) => r.resource_id === id)
      .map((r) => r.action);
    expect(audit).toContain('transaction.replacement_requested');
  });

  it('refuses fees below the replacement minimum with 400 1100 naming it, and any status but BROADCASTING or CONFIRMING with 409 1301', async () => {
    const { id } = await broadcastTransfer();
    const low = await api.call('POST', `/v1/transactions/${id}/speed-up`, {
      key: tenant.admin,
      body: { maxFeePerGas: (3n * GWEI + 1n).toString() },
    });
    expect(low.status).toBe(400);
    expect(low.body.error.code).toBe(1100);
    expect(low.body.error.message).toContain(`${(33n * GWEI) / 10n}`);
    expect((await get(id)).replacements).toEqual([]);

    await chain.mine();
    await pollConfirmations(confirmDeps(), BOUNDS);
    expect((await get(id)).status).toBe('COMPLETED');
    const late = await api.call('POST', `/v1/transactions/${id}/speed-up`, { key: tenant.admin, body: {} });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe(1301);
  });

  it('raises both fees by 10 % when none are given, and refuses a second request while one awaits its signature', async () => {
    const { id } = await broadcastTransfer();
    const sped = await api.call('POST', `/v1/transactions/${id}/speed-up`, { key: tenant.admin, body: {} });
    expect(sped.status).toBe(202);
    expect(sped.body.replacements[0]).toMatchObject({
      maxFeePerGas: ((33n * GWEI) / 10n).toString(),
      maxPriorityFeePerGas: ((11n * GWEI) / 10n).toString(),
    });
    const again = await api.call('POST', `/v1/transactions/${id}/speed-up`, { key: tenant.admin, body: {} });
    expect(again.status).toBe(409);
    await chain.mine();
    await pollConfirmations(confirmDeps(), BOUNDS);
  });
});

describe('a callback signer refusing a replacement', () => {
  it('records the replacement REJECTED with the reason; the transaction keeps its hash and status', async () => {
    const { id, hash } = await broadcastTransfer();
    expect((await api.call('POST', `/v1/transactions/${id}/speed-up`, { key: tenant.admin, body: {} })).status).toBe(
      202,
    );
    const refused = await api.call('POST', `/v1/transactions/${id}/signature-refusal`, {
      key: tenant.admin,
      body: { code: 'receipt_invalid', reason: 'gasLimit x maxFeePerGas exceeds max_fee_wei' },
    });
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({
      status: 'CONFIRMING',
      chainTxHash: hash,
      replacements: [
        {
          reason: 'SPEED_UP',
          status: 'REJECTED',
          rejection: 'signer refused the policy receipt: gasLimit x maxFeePerGas exceeds max_fee_wei',
        },
      ],
    });
    expect((await api.call('GET', `/v1/transactions/${id}/signing-payload`, { key: tenant.admin })).status).toBe(409);
    const audit = (await tenantAuditRecords(services().store, tenant.id))
      .filter((r) => r.resource_id === id)
      .map((r) => r.action);
    expect(audit).toContain('transaction.replacement_refused');
    // Nothing awaits a signature now: a second refusal is 409 1301.
    const again = await api.call('POST', `/v1/transactions/${id}/signature-refusal`, {
      key: tenant.admin,
      body: { code: 'receipt_invalid', reason: 'again' },
    });
    expect([again.status, again.body.error.code]).toEqual([409, 1301]);
    await chain.mine();
    await pollConfirmations(confirmDeps(), BOUNDS);
  });
});

describe('cancel after broadcast', () => {
  it('ends CANCELLED once the zero-value self-transfer is mined, and the destination is never paid', async () => {
    chain.faults.set({ minTipWei: (2n * GWEI).toString() });
    const { key, id, to } = await broadcastTransfer(9_999n);
    const cancel = await api.call('POST', `/v1/transactions/${id}/cancel`, {
      key: tenant.admin,
      body: { reason: 'wrong destination' },
    });
    expect(cancel.status).toBe(202);
    expect(cancel.body).toMatchObject({
      status: 'CONFIRMING',
      replacements: [{ reason: 'CANCEL', cancel: true, status: 'AWAITING_SIGNATURE' }],
    });

    const { payload } = await signAsCallbackSigner(key, id);
    expect(payload.tx).toMatchObject({ to: key.address.toLowerCase(), value: '0', data: '0x', gasLimit: 21000 });
    await runTransactionSteps(stepDeps(), tenant.id, id);
    // Still under minTipWei: the cancel's default fees (plus 10 %) do not pay enough; it is not CANCELLED before the chain says so.
    await chain.mine();
    await pollConfirmations(confirmDeps(), BOUNDS);
    expect((await get(id)).status).toBe('CONFIRMING');
    chain.faults.reset();
    await chain.mine();
    expect(await pollConfirmations(confirmDeps(), BOUNDS)).toMatchObject({ cancelled: 1 });
    const done = await get(id);
    expect(done).toMatchObject({ status: 'CANCELLED', chainTxHash: done.replacements[0].hash });
    expect(done.failureReason).toContain('cancelled on chain');
    expect(await balanceOf(to)).toBe(0n);
  });

  it('ends COMPLETED when the original is mined before the cancel', async () => {
    const { key, id, hash, to } = await broadcastTransfer(5_555n);
    expect((await api.call('POST', `/v1/transactions/${id}/cancel`, { key: tenant.admin, body: {} })).status).toBe(202);
    await chain.mine(); // the original wins the race
    await signAsCallbackSigner(key, id);
    await runTransactionSteps(stepDeps(), tenant.id, id); // the node answers "nonce too low": the original's receipt is found
    expect(await pollConfirmations(confirmDeps(), BOUNDS)).toMatchObject({ completed: 1, cancelled: 0 });
    expect(await get(id)).toMatchObject({ status: 'COMPLETED', chainTxHash: hash });
    expect(await balanceOf(to)).toBe(5_555n);
  });
});

describe('automatic repricing', () => {
  const reprice = (maxFeePerGas: bigint): ConfirmDeps => ({
    ...confirmDeps(),
    reprice: { afterBlocks: 2, maxFeePerGas },
  });

  it("reprices a transfer pending under minTipWei for the configured blocks at the node's tip, then it completes", async () => {
    chain.faults.set({ minTipWei: (2n * GWEI).toString() });
    const { key, id, hash, to } = await broadcastTransfer(2_468n);
    await chain.mine();
    // One block pending: below the configured two, nothing is repriced.
    expect(await pollConfirmations(reprice(100n * GWEI), BOUNDS)).toMatchObject({ repriced: 0 });
    await chain.mine();
    expect(await pollConfirmations(reprice(100n * GWEI), BOUNDS)).toMatchObject({ repriced: 1 });
    const repriced = await get(id);
    expect(repriced.replacements).toMatchObject([
      { reason: 'REPRICE', status: 'AWAITING_SIGNATURE', replaces: hash, maxPriorityFeePerGas: (2n * GWEI).toString() },
    ]);
    // A second run while it awaits its signature asks for nothing more.
    expect(await pollConfirmations(reprice(100n * GWEI), BOUNDS)).toMatchObject({ repriced: 0 });

    await signAsCallbackSigner(key, id);
    await runTransactionSteps(stepDeps(), tenant.id, id);
    await chain.mine();
    await pollConfirmations(reprice(100n * GWEI), BOUNDS);
    expect(await get(id)).toMatchObject({ status: 'COMPLETED', subStatus: null });
    expect((await get(id)).chainTxHash).not.toBe(hash);
    expect(await balanceOf(to)).toBe(2_468n);
  });

  it('beyond the fee cap waits with subStatus PENDING_ON_CHAIN_UNDERPRICED, said once in a status_changed event', async () => {
    chain.faults.set({ minTipWei: (2n * GWEI).toString() });
    const { id } = await broadcastTransfer();
    await chain.mine(2);
    expect(await pollConfirmations(reprice(3n * GWEI), BOUNDS)).toMatchObject({ repriced: 0 });
    expect(await get(id)).toMatchObject({
      status: 'CONFIRMING',
      subStatus: 'PENDING_ON_CHAIN_UNDERPRICED',
      replacements: [],
    });
    await chain.mine();
    await pollConfirmations(reprice(3n * GWEI), BOUNDS);
    const events = (await tenantEvents(services().store, tenant.id)).filter(
      (e) => e.group === id && e.type === 'transaction.status_changed',
    );
    expect(
      events.filter((e) => (e.data as { sub_status?: string }).sub_status === 'PENDING_ON_CHAIN_UNDERPRICED'),
    ).toEqual([
      expect.objectContaining({
        data: {
          transaction_id: id,
          status: 'CONFIRMING',
          previous_status: 'CONFIRMING',
          sub_status: 'PENDING_ON_CHAIN_UNDERPRICED',
        },
      }),
    ]);
    // Once the chain mines it (the congestion eases), the sub-status is cleared.
    chain.faults.reset();
    await chain.mine();
    await pollConfirmations(reprice(3n * GWEI), BOUNDS);
    expect(await get(id)).toMatchObject({ status: 'COMPLETED', subStatus: null });
  });
});
