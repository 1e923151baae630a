import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { services } from '../../shared/composition/standalone.js';
import { FakeClock } from '../../shared/ports/clock.js';
import { runTransactionSteps } from '../../shared/domain/transactions/advance.js';
import { pollConfirmations } from '../../shared/domain/transactions/confirm.js';
import { nativeAsset, randomAddress } from '../support/fixtures.js';
import {
  engineConfirmDeps,
  engineStepDeps,
  fundedWallet as fundWallet,
  signAsCallbackSigner,
  startEngineWorld,
  stopEngineWorld,
  type EngineWorld,
} from '../support/engine-world.js';
import { testKey, type TestKey } from '../support/pq-chain.js';
import { seedSigned } from '../support/seed-signed.js';
import { devChainRpc } from '../support/test-chain.js';
import { tenantAuditRecords, tenantEvents } from '../support/tenant-events.js';

/**
 * Nonce gaps (shared/domain/transactions/nonce-gap.ts) and an unanswering node, on DynamoDB Local, the real API over
 * HTTP and the dev chain (a real EVM that holds a transaction above the account's next nonce in its pool, as geth
 * does). A callback signer's part is played through the API (signing payload, the wallet's test key, signature route).
 */
const clock = new FakeClock(new Date('2026-03-01T00:00:00Z').getTime());
let chain: EngineWorld['chain'];
let api: EngineWorld['api'];
let tenant: EngineWorld['tenant'];
let direct: EngineWorld['direct'];
let seedByte = 0x90;

const rpc = devChainRpc(() => chain.url);
const balanceOf = async (address: string) => BigInt((await rpc('eth_getBalance', [address, 'latest'])) as string);
const stepDeps = () => engineStepDeps(clock, direct);
const confirmDeps = () => engineConfirmDeps(clock, direct);
const BOUNDS = { maxTransactions: 100, maxMillis: 60_000 };
const get = async (id: string) => (await api.call('GET', `/v1/transactions/${id}`, { key: tenant.admin })).body;

async function fundedWallet(): Promise<{ key: TestKey; walletId: string }> {
  const key = testKey(seedByte++);
  return { key, walletId: await fundWallet({ chain, api, tenant, direct }, clock, key) };
}

/** A SIGNED transfer of 1 wei at nonce 0 from a new funded wallet, stored as signing leaves it (seed-signed.ts). */
async function signedFromNewWallet() {
  const { key, walletId } = await fundedWallet();
  return seedSigned(services().store, {
    tenantId: tenant.id,
    key,
    now: clock.now(),
    vaultId: tenant.vaultId,
    walletId,
  });
}

/** Submits a transfer through the API and runs the worker's steps up to PENDING_SIGNATURE (a callback signer). */
async function submitted(walletId: string, amount: string) {
  const destinationAddr = randomAddress();
  const res = await api.call('POST', '/v1/transactions', {
    key: tenant.admin,
    body: { sourceWalletId: walletId, destinationAddr, assetId: nativeAsset(), amount },
  });
  expect(res.status).toBe(201);
  await runTransactionSteps(stepDeps(), tenant.id, res.body.id);
  const tx = await get(res.body.id);
  expect(tx.status).toBe('PENDING_SIGNATURE');
  return { id: res.body.id as string, nonce: tx.nonce as number, to: destinationAddr };
}

const sign = async (key: TestKey, id: string) => (await signAsCallbackSigner({ api, tenant }, key, id)).payload;

const fillersOf = async (walletId: string) =>
  (
    (await api.call('GET', `/v1/transactions?wallet_id=${walletId}`, { key: tenant.admin })).body.transactions as {
      id: string;
      operation: string;
      nonce: number;
      status: string;
    }[]
  ).filter((t) => t.operation === 'FILL_NONCE');

beforeAll(async () => {
  ({ chain, api, tenant, direct } = await startEngineWorld(clock, { breakerFailures: 50 }));
}, 60_000);
afterAll(() => stopEngineWorld({ api, chain }));
afterEach(() => chain.faults.reset());

describe('a lost nonce', () => {
  it("is filled with a zero-value self-transfer signed by the wallet's signer, and the later transfer completes", async () => {
    const { key, walletId } = await fundedWallet();
    const first = await submitted(walletId, '1000');
    const second = await submitted(walletId, '2000');
    expect([first.nonce, second.nonce]).toEqual([0, 1]);

    // The later one is signed and broadcast: the node holds it above the account's next nonce.
    await sign(key, second.id);
    await runTransactionSteps(stepDeps(), tenant.id, second.id);
    await chain.mine();
    expect(await pollConfirmations(confirmDeps(), BOUNDS)).toMatchObject({ completed: 0, filled: 0 });
    // Nonce 0 is held by the first, awaiting its signature: a gap waited on, not a lost nonce.
    expect(await get(second.id)).toMatchObject({ status: 'CONFIRMING', subStatus: 'NONCE_GAP' });
    expect(await fillersOf(walletId)).toEqual([]);

    // The first is cancelled before it is signed: nonce 0 is lost, and the second would wait for ever.
    expect(
      (await api.call('POST', `/v1/transactions/${first.id}/cancel`, { key: tenant.admin, body: {} })).status,
    ).toBe(200);
    expect(await pollConfirmations(confirmDeps(), BOUNDS)).toMatchObject({ filled: 1 });
    // A second run while the filler is under way fills nothing more.
    expect(await pollConfirmations(confirmDeps(), BOUNDS)).toMatchObject({ filled: 0 });
    const fillers = await fillersOf(walletId);
    expect(fillers).toHaveLength(1);
    const fillerId = fillers[0]!.id;
    const address = key.address.toLowerCase();
    expect(await get(fillerId)).toMatchObject({
      operation: 'FILL_NONCE',
      status: 'APPROVED',
      nonce: 0,
      amount: '0',
      destinationAddr: address,
      subStatus: 'AWAITING_NONCE',
    });

    await runTransactionSteps(stepDeps(), tenant.id, fillerId);
    const payload = await sign(key, fillerId);
    expect(payload).toMatchObject({ nonce: 0, tx: { to: address, value: '0', data: '0x', gasLimit: 21000 } });
    await runTransactionSteps(stepDeps(), tenant.id, fillerId);
    await chain.mine();
    expect(await pollConfirmations(confirmDeps(), BOUNDS)).toMatchObject({ completed: 2 });
    expect(await get(fillerId)).toMatchObject({ status: 'COMPLETED', subStatus: null });
    expect(await get(second.id)).toMatchObject({ status: 'COMPLETED', subStatus: null });
    expect(await balanceOf(second.to)).toBe(2000n);
    expect(await balanceOf(first.to)).toBe(0n);
    expect(BigInt((await rpc('eth_getTransactionCount', [address, 'latest'])) as string)).toBe(2n);

    // Its own audit record and events, and its history from APPROVED.
    const audit = (await tenantAuditRecords(services().store, tenant.id)).filter((r) => r.resource_id === fillerId);
    expect(audit[0]).toMatchObject({
      action: 'transaction.created',
      actor: { type: 'system', component: 'chain-poller' },
    });
    const events = (await tenantEvents(services().store, tenant.id))
      .filter((e) => e.group === fillerId)
      .map((e) => e.type);
    expect(events).toEqual(expect.arrayContaining(['transaction.created', 'transaction.completed']));
    const history = (await api.call('GET', `/v1/transactions/${fillerId}/history`, { key: tenant.admin })).body.history;
    expect(history[0]).toMatchObject({
      action: 'transaction.created',
      fromStatus: null,
      toStatus: 'APPROVED',
      trigger: 'chain',
    });
    const gapEvents = (await tenantEvents(services().store, tenant.id)).filter(
      (e) => e.group === second.id && e.type === 'transaction.status_changed',
    );
    expect(gapEvents.map((e) => (e.data as { sub_status: string }).sub_status)).toContain('NONCE_GAP');
  });

  it("taken by the wallet's next transfer first leaves nothing to fill", async () => {
    const { key, walletId } = await fundedWallet();
    const first = await submitted(walletId, '1000');
    const second = await submitted(walletId, '2000');
    await sign(key, second.id);
    await runTransactionSteps(stepDeps(), tenant.id, second.id);
    expect(
      (await api.call('POST', `/v1/transactions/${first.id}/cancel`, { key: tenant.admin, body: {} })).status,
    ).toBe(200);
    const third = await submitted(walletId, '3000');
    expect(third.nonce).toBe(0);
    expect(await pollConfirmations(confirmDeps(), BOUNDS)).toMatchObject({ filled: 0 });
    expect(await fillersOf(walletId)).toEqual([]);
    await sign(key, third.id);
    await runTransactionSteps(stepDeps(), tenant.id, third.id);
    await chain.mine();
    await pollConfirmations(confirmDeps(), BOUNDS);
    expect(await get(second.id)).toMatchObject({ status: 'COMPLETED', subStatus: null });
    expect(await get(third.id)).toMatchObject({ status: 'COMPLETED' });
  });
});

describe('an unanswering node', () => {
  it('marks a transfer being broadcast NODE_UNAVAILABLE, in a status_changed event, until the broadcast succeeds', async () => {
    const tx = await signedFromNewWallet();
    chain.faults.set({ down: true });
    await expect(runTransactionSteps(stepDeps(), tenant.id, tx.id)).rejects.toThrow();
    expect(await get(tx.id)).toMatchObject({ status: 'BROADCASTING', subStatus: 'NODE_UNAVAILABLE' });
    const changed = (await tenantEvents(services().store, tenant.id))
      .filter((e) => e.group === tx.id && e.type === 'transaction.status_changed')
      .map((e) => e.data);
    expect(changed).toContainEqual(
      expect.objectContaining({
        status: 'BROADCASTING',
        previous_status: 'BROADCASTING',
        sub_status: 'NODE_UNAVAILABLE',
        previous_sub_status: 'AWAITING_BROADCAST',
      }),
    );
    chain.faults.reset();
    await runTransactionSteps(stepDeps(), tenant.id, tx.id);
    expect(await get(tx.id)).toMatchObject({ status: 'CONFIRMING', subStatus: 'AWAITING_CONFIRMATIONS' });
  });

  it('marks CONFIRMING transfers NODE_UNAVAILABLE when the poller cannot read the chain, and clears it once it can', async () => {
    const tx = await signedFromNewWallet();
    await runTransactionSteps(stepDeps(), tenant.id, tx.id);
    chain.faults.set({ down: true });
    await expect(pollConfirmations(confirmDeps(), BOUNDS)).rejects.toThrow();
    expect(await get(tx.id)).toMatchObject({ status: 'CONFIRMING', subStatus: 'NODE_UNAVAILABLE' });
    chain.faults.reset();
    await pollConfirmations(confirmDeps(), BOUNDS);
    expect(await get(tx.id)).toMatchObject({ status: 'CONFIRMING', subStatus: 'AWAITING_CONFIRMATIONS' });
    await chain.mine();
    await pollConfirmations(confirmDeps(), BOUNDS);
    expect(await get(tx.id)).toMatchObject({ status: 'COMPLETED', subStatus: null });
  });
});
