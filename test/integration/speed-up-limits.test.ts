import { makePolicyKeys } from '../../shared/app/policy-keys.js';
import '../../shared/app/profile-wiring.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { services } from '../../shared/app/services.js';
import { config } from '../../shared/config.js';
import { FakeClock } from '../../shared/ports/clock.js';
import { JsonRpcChain } from '../../shared/adapters/chain/json-rpc-chain.js';
import { runTransactionSteps } from '../../shared/domain/transactions/advance.js';
import type { StepDeps } from '../../shared/domain/transactions/steps/index.js';
import { startDevChain, type DevChain } from '../../tools/dev-chain/server.js';
import { createTenantWithAdmin, startTestApi, type Key, type TestApi } from '../support/local-api.js';
import { createVault, nativeAsset, randomAddress, registerWallet } from '../support/fixtures.js';
import { GWEI, testKey } from '../support/pq-chain.js';
import { seedSigned } from '../support/seed-signed.js';
import { devChainRpc } from '../support/test-chain.js';

/**
 * A speed-up's extra fee counts against the vault's DAILY_LIMIT (shared/domain/transactions/speed-up-limits.ts), on
 * DynamoDB Local, the real API and the dev chain: one that does not fit is 422 1200 naming the rule and stores
 * nothing; one that fits is taken from the day's limit, so a later transfer has that much less room. A cancel is never
 * refused by the limit.
 */
const ETH = 10n ** 18n;
const clock = new FakeClock(new Date('2026-03-01T12:00:00Z').getTime());
const LIMIT = 10_000_000_000_000n; // 1e13 wei a day
let chain: DevChain;
let api: TestApi;
let admin: Key;
let tenantId: string;
let direct: JsonRpcChain;
const rpc = devChainRpc(() => chain.url);
const stepDeps = (): StepDeps => ({
  store: services().store,
  clock,
  screening: null,
  chain: direct,
  profile: services().profile,
  signer: null,
  chainId: config().CUSTODY_CHAIN_ID,
  approvalTtlSeconds: 3600,
  receipts: { signer: makePolicyKeys(config()), ttlSeconds: 86_400 },
});
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
  await rpc('anvil_setBalance', [key.address, `0x${(10n * ETH).toString(16)}`]);
  const { wallet } = await registerWallet(
    api,
    admin,
    tenantId,
    vault.id,
    Math.floor(clock.now().getTime() / 1000),
    key,
  );
  const tx = await seedSigned(services().store, {
    tenantId,
    key,
    to: randomAddress(),
    value: 1n,
    nonce: 0,
    chainId: config().CUSTODY_CHAIN_ID,
    now: clock.now(),
    vaultId: vault.id,
    walletId: wallet.id,
  });
  await runTransactionSteps(stepDeps(), tenantId, tx.id);
  expect((await get(tx.id)).status).toBe('CONFIRMING');
  return { id: tx.id, walletId: wallet.id, policyId: policy.body.id as string };
}

beforeAll(async () => {
  chain = await startDevChain({ chainId: config().CUSTODY_CHAIN_ID, clock });
  api = await startTestApi({ clock });
  const t = await createTenantWithAdmin(api);
  tenantId = t.tenant.id;
  admin = t.admin;
  direct = new JsonRpcChain({
    urls: [chain.url],
    timeoutMs: 2_000,
    breakerFailures: 5,
    breakerCooldownMs: 30_000,
    clock,
    sleep: async () => undefined,
  });
  await services().profile.loadMlDsa();
}, 60_000);
afterAll(async () => {
  await api?.close();
  await chain?.stop();
});

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
