import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { services } from '../../shared/composition/standalone.js';
import { FakeClock } from '../../shared/ports/clock.js';
import { keys } from '../../shared/store/keys.js';
import { runTransactionSteps } from '../../shared/domain/transactions/advance.js';
import { redriveStalled, type RedriveOptions } from '../../shared/domain/transactions/redrive.js';
import { routeChange } from '../../shared/domain/outbox/stream-routing.js';
import { nativeAsset, randomAddress } from '../support/fixtures.js';
import {
  engineStepDeps,
  fundedWallet,
  startEngineWorld,
  stopEngineWorld,
  type EngineWorld,
} from '../support/engine-world.js';
import { testKey } from '../support/pq-chain.js';
import { tenantAuditRecords, tenantEvents } from '../support/tenant-events.js';

/**
 * Stalled transactions re-driven (shared/domain/transactions/redrive.ts), on DynamoDB Local, the real API over HTTP
 * and the dev chain: a transaction whose worker message never came (lost, or dead-lettered after failing again and
 * again) is marked STALLED in an audited change, and that change is what the stream router turns into a fresh worker
 * message; the worker's next move clears it.
 */
const clock = new FakeClock(new Date('2026-04-01T00:00:00Z').getTime());
let world: EngineWorld;
const AFTER = 120;
const opts = (o: Partial<RedriveOptions> = {}): RedriveOptions => ({
  afterSeconds: AFTER,
  signerPushes: false,
  maxPerRun: 100,
  ...o,
});
const deps = () => ({ store: services().store, keys: services().keys, clock });
const stored = (id: string) => services().store.get(keys.transaction(world.tenant.id, id), { consistent: true });
const get = async (id: string) =>
  (await world.api.call('GET', `/v1/transactions/${id}`, { key: world.tenant.admin })).body;

beforeAll(async () => {
  world = await startEngineWorld(clock);
}, 60_000);
afterAll(() => stopEngineWorld(world));

describe('a stalled transaction', () => {
  it('is marked STALLED in an audited change that routes a fresh worker message, again only after another stall time, and cleared by its next move', async () => {
    const walletId = await fundedWallet(world, clock, testKey(0x61));
    const res = await world.api.call('POST', '/v1/transactions', {
      key: world.tenant.admin,
      body: { sourceWalletId: walletId, destinationAddr: randomAddress(), assetId: nativeAsset(), amount: '1000' },
    });
    expect(res.status).toBe(201);
    const id = res.body.id as string;

    // Not yet stalled: nothing done.
    clock.advance((AFTER - 1) * 1000);
    expect(await redriveStalled(deps(), opts())).toEqual({});
    clock.advance(1000);

    const before = await stored(id);
    expect(await redriveStalled(deps(), opts())).toEqual({ SUBMITTED: 1 });
    const after = await stored(id);
    expect(after).toMatchObject({ status: 'SUBMITTED', sub_status: 'STALLED', version: Number(before!.version) + 1 });
    expect(await get(id)).toMatchObject({ status: 'SUBMITTED', subStatus: 'STALLED' });

    // The change itself is what sends the worker a message (a new version: a new deduplication id).
    const routed = routeChange({ eventName: 'MODIFY', newImage: after, oldImage: before });
    expect(routed).toHaveLength(1);
    expect(routed[0]).toMatchObject({ queue: 'transactions', message: { groupId: id } });
    expect(JSON.parse(routed[0]!.message.body)).toMatchObject({ kind: 'transaction', transaction_id: id });

    const audit = (await tenantAuditRecords(services().store, world.tenant.id)).filter(
      (r) => r.resource_id === id && r.action === 'transaction.redriven',
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.change).toMatchObject({ status: 'SUBMITTED', from: 'AWAITING_PROCESSING', to: 'STALLED' });
    const events = (await tenantEvents(services().store, world.tenant.id)).filter(
      (e) => e.type === 'transaction.status_changed' && (e.data as { transaction_id?: string }).transaction_id === id,
    );
    expect(events.map((e) => (e.data as { sub_status?: string }).sub_status)).toEqual(['STALLED']);

    // The operator's stuck view shows it, though its updatedAt is the re-drive's.
    const stuck = await world.api.call('GET', '/v1/transactions?stuck=true', { key: world.tenant.admin });
    expect((stuck.body.transactions as { id: string }[]).map((t) => t.id)).toContain(id);

    // Re-driven again only after another stall time; it stays STALLED (no second event), with a second audit entry.
    clock.advance((AFTER - 1) * 1000);
    expect(await redriveStalled(deps(), opts())).toEqual({});
    clock.advance(1000);
    expect(await redriveStalled(deps(), opts())).toEqual({ SUBMITTED: 1 });
    expect(
      (await tenantAuditRecords(services().store, world.tenant.id)).filter(
        (r) => r.resource_id === id && r.action === 'transaction.redriven',
      ),
    ).toHaveLength(2);

    // The worker's next move clears it: a callback signer's transaction waits in PENDING_SIGNATURE.
    await runTransactionSteps(engineStepDeps(clock, world.direct), world.tenant.id, id);
    expect(await get(id)).toMatchObject({ status: 'PENDING_SIGNATURE', subStatus: 'AWAITING_SIGNATURE' });

    // Waiting for a callback signer is not a stall; with a signer the service pushes to, it is.
    clock.advance(AFTER * 1000);
    expect(await redriveStalled(deps(), opts({ signerPushes: false }))).toEqual({});
    expect(await redriveStalled(deps(), opts({ signerPushes: true }))).toEqual({ PENDING_SIGNATURE: 1 });
  });

  it('is not re-driven when the worker moved it after the sweep read it', async () => {
    const walletId = await fundedWallet(world, clock, testKey(0x62));
    const res = await world.api.call('POST', '/v1/transactions', {
      key: world.tenant.admin,
      body: { sourceWalletId: walletId, destinationAddr: randomAddress(), assetId: nativeAsset(), amount: '1000' },
    });
    const id = res.body.id as string;
    clock.advance((AFTER + 1) * 1000);
    // The worker moves it while the sweep is between its read and its write.
    const store = services().store;
    const realWrite = store.write.bind(store);
    let moved = false;
    store.write = async (ops, o) => {
      if (!moved) {
        moved = true;
        await runTransactionSteps(engineStepDeps(clock, world.direct), world.tenant.id, id);
      }
      return realWrite(ops, o);
    };
    try {
      const redriven = await redriveStalled(deps(), opts());
      expect(redriven.SUBMITTED ?? 0).toBe(0);
    } finally {
      store.write = realWrite;
    }
    expect(await get(id)).toMatchObject({ status: 'PENDING_SIGNATURE', subStatus: 'AWAITING_SIGNATURE' });
  });
});
