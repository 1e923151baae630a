import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { services } from '../../shared/composition/standalone.js';
import { FakeClock } from '../../shared/ports/clock.js';
import { runTransactionSteps } from '../../shared/domain/transactions/advance.js';
import { createVault, nativeAsset, randomAddress } from '../support/fixtures.js';
import {
  engineStepDeps,
  fundedWallet,
  startEngineWorld,
  stopEngineWorld,
  type EngineWorld,
} from '../support/engine-world.js';
import { GWEI, testKey } from '../support/pq-chain.js';
import { seedSigned } from '../support/seed-signed.js';

/**
 * A speed-up's extra fee counts against the vault's DAILY_LIMIT (shared/domain/transactions/speed-up-limits.ts), on
 * DynamoDB Local, the real API and the dev chain: one that does not fit is 422 1200 naming the rule and stores
 * nothing; one that fits is taken from the day's limit, so a later transfer has that much less room. A cancel is never
 * refused by the limit.
 */
const ETH = 10n ** 18n;
const clock = new FakeClock(new Date('2026-03-01T12:00:00Z').getTime());
const LIMIT = 10_000_000_000_000n; // 1e13 wei a day
let world: EngineWorld;
let api: EngineWorld['api'];
let admin: EngineWorld['tenant']['admin'];
let tenantId: string;
const stepDeps = () => engineStepDeps(clock, world.direct);
const get = async (id: string) => (await api.call('GET', `/v1/transactions/${id}`, { key: admin })).body;

/** A wallet in a new vault under one DAILY_LIMIT, and a transfer of it broadcast (seeded as signed: its amount is not counted). */
async function broadcastUnderLimit(seed: number, limit = LIMIT) {
  const vault = await createVault(api, admin);
  const policy = await api.call('POST', '/v1/policies', {
    key: admin,
    body: {
      vault_id: vault.id,
      name: 'daily',
      rules: [
        { type: 'MAX_AMOUNT', value: String(ETH) },
        { type: 'DAILY_LIMIT', value: limit.toString() },
      ],
    },
  });
  expect(policy.status).toBe(201);
  const key = testKey(seed);
  const walletId = await fundedWallet(world, clock, key, vault.id);
  const tx = await seedSigned(services().store, {
    tenantId,
    key,
    now: clock.now(),
    vaultId: vault.id,
    walletId,
  });
  await runTransactionSteps(stepDeps(), tenantId, tx.id);
  expect((await get(tx.id)).status).toBe('CONFIRMING');
  return { id: tx.id, walletId, policyId: policy.body.id as string };
}

beforeAll(async () => {
  world = await startEngineWorld(clock);
  ({ api } = world);
  ({ id: tenantId, admin } = world.tenant);
}, 60_000);
afterAll(() => stopEngineWorld(world ?? {}));

describe('a speed-up under a DAILY_LIMIT', () => {
  it('is refused with 422 1200 naming the rule when its extra fee does not fit, and counted when it does', async () => {
    const { id, walletId, policyId } = await broadcastUnderLimit(0xc1);
    // 3 -> 4 gwei on 21,000 gas: up to 2.1e13 wei more, over the 1e13 limit.
    const over = await api.call('POST', `/v1/transactions/${id}/speed-up`, {
      key: admin,
      body: { maxFeePerGas: (4n * GWEI).toString() },
    });
    expect(over.status).toBe(422);
    expect(over.body.error.code).toBe(1200);
    expect(over.body.error.details.rule).toEqual({ policy_id: policyId, rule_index: 1, type: 'DAILY_LIMIT' });
    expect((await get(id)).replacements).toEqual([]);

    // 3 -> 3.3 gwei: up to 6.3e12 wei more, within the limit.
    const extra = 21_000n * ((33n * GWEI) / 10n - 3n * GWEI);
    const fits = await api.call('POST', `/v1/transactions/${id}/speed-up`, {
      key: admin,
      body: { maxFeePerGas: ((33n * GWEI) / 10n).toString() },
    });
    expect(fits.status).toBe(202);
    expect(fits.body.replacements).toHaveLength(1);

    // The day has LIMIT - extra left: one wei more is refused, exactly that is accepted.
    const transfer = (amount: bigint) =>
      api.call('POST', '/v1/transactions', {
        key: admin,
        body: {
          sourceWalletId: walletId,
          destinationAddr: randomAddress(),
          assetId: nativeAsset(),
          amount: amount.toString(),
        },
      });
    const denied = await transfer(LIMIT - extra + 1n);
    expect(denied.status).toBe(422);
    expect(denied.body.error.details.rule.type).toBe('DAILY_LIMIT');
    expect((await transfer(LIMIT - extra)).status).toBe(201);
  });

  it('never refuses a cancel after broadcast, whatever its fee', async () => {
    // A limit of 1e12 wei: below the cancel's extra fee (3 -> 3.3 gwei on 21,000 gas, 6.3e12), which a speed-up could not pay.
    const { id } = await broadcastUnderLimit(0xc2, 1_000_000_000_000n);
    expect((await api.call('POST', `/v1/transactions/${id}/speed-up`, { key: admin, body: {} })).status).toBe(422);
    const cancel = await api.call('POST', `/v1/transactions/${id}/cancel`, { key: admin, body: { reason: 'stop' } });
    expect(cancel.status).toBe(202);
    expect(cancel.body.replacements).toMatchObject([{ reason: 'CANCEL', status: 'AWAITING_SIGNATURE' }]);
  });
});
