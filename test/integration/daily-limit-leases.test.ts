import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { services } from '../../shared/composition/standalone.js';
import { FakeClock } from '../../shared/ports/clock.js';
import { keys } from '../../shared/store/keys.js';
import { accessPatterns } from '../../shared/store/access-patterns.js';
import { dailyLimitCounterIds } from '../../shared/domain/policies/policy-engine.js';
import { nativeAssetId } from '../../shared/domain/assets/asset-record.js';
import { config } from '../../shared/config.js';
import { LEASE_MARGIN_MS, LEASE_MS } from '../../shared/domain/policies/spend-allowance.js';
import { spendAllowancesFrom } from '../../shared/composition/spend-allowances.js';
import { createTenantWithAdmin, startTestApi, type Key, type TestApi, type TestPorts } from '../support/local-api.js';
import { createVault, nativeAsset, randomAddress, registerWallet } from '../support/fixtures.js';

/**
 * DAILY_LIMIT over real HTTP on DynamoDB Local, time on a fake clock: the limit stays exact under concurrent
 * submissions, and containers that stop cannot keep the vault from spending its limit. A container that stops is the
 * functions given new allowances (`newContainer()`: a fresh `spendAllowances` port), the previous ones forgotten: their
 * leases stay in the table, as a frozen or recycled Lambda container leaves them.
 */
const noon = new Date();
noon.setUTCHours(12, 0, 0, 0);
const clock = new FakeClock(noon.getTime());
let api: TestApi & { ports: TestPorts };
let admin: Key;
let tenantId: string;

beforeAll(async () => {
  api = await startTestApi({ clock });
  const t = await createTenantWithAdmin(api);
  admin = t.admin;
  tenantId = t.tenant.id;
});
afterAll(async () => {
  await api?.close();
});

/** The next submissions are served by a new container: allowances of its own, built as the functions build theirs. */
const newContainer = () => {
  api.ports.spendAllowances = spendAllowancesFrom(services());
};

/** A wallet in a new vault whose policy is one DAILY_LIMIT of `limit`; the vault's counter for today. */
async function walletUnderLimit(limit: string) {
  const vault = await createVault(api, admin);
  const policy = await api.call('POST', '/v1/policies', {
    key: admin,
    body: { vault_id: vault.id, name: 'daily', rules: [{ type: 'DAILY_LIMIT', value: limit }] },
  });
  expect(policy.status).toBe(201);
  const wallet = (await registerWallet(api, admin, tenantId, vault.id, Math.floor(clock.now().getTime() / 1000)))
    .wallet;
  const facts = {
    amount: 1n,
    destination: null,
    operation: 'TRANSFER' as const,
    assetId: nativeAssetId(config().CUSTODY_CHAIN_ID),
    walletId: wallet.id,
    vaultId: vault.id,
  };
  const [counterId] = dailyLimitCounterIds([{ id: policy.body.id, rules: policy.body.rules }], facts, clock.now());
  return { walletId: wallet.id as string, counterId: counterId! };
}

const submit = (walletId: string, amount: string) =>
  api.call('POST', '/v1/transactions', {
    key: admin,
    body: { sourceWalletId: walletId, destinationAddr: randomAddress(), assetId: nativeAsset(), amount },
  });

const spentOn = async (counterId: string) =>
  BigInt(
    ((await services().store.get(keys.spendCounter(tenantId, counterId), { consistent: true }))?.spent as
      bigint | number | undefined) ?? 0,
  );
const leasesOn = async (counterId: string) =>
  (
    await services().store.query({
      pattern: accessPatterns.spendLeasesOfCounter(tenantId, counterId),
      limit: 100,
      consistent: true,
    })
  ).items;

describe('DAILY_LIMIT under concurrent submissions', () => {
  it('admits exactly 5 of 20 parallel transfers of 1 against a limit of 5, and denies the others naming the rule', async () => {
    const { walletId, counterId } = await walletUnderLimit('5');
    const results = await Promise.all(Array.from({ length: 20 }, () => submit(walletId, '1')));
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    const denied = results.filter((r) => r.status === 422);
    expect(denied).toHaveLength(15);
    expect(denied.every((r) => r.body.error.details.rule.type === 'DAILY_LIMIT')).toBe(true);
    expect(await spentOn(counterId)).toBe(5n);
    expect(await leasesOn(counterId)).toEqual([]); // each lease was exactly its transfer, used up
  }, 60_000);
});

describe('containers that stop holding leases', () => {
  it('cannot strand the limit: after 50 containers served one transfer each and stopped, the vault spends its whole limit once their leases expire', async () => {
    const { walletId, counterId } = await walletUnderLimit('6400');
    for (let i = 0; i < 50; i++) {
      newContainer(); // the previous one never runs again
      expect((await submit(walletId, '10')).status).toBe(201);
    }
    newContainer();
    // Each lease holds 100 ahead (1/64 of the limit) that its container will never spend: 5,000 of 6,400.
    expect(await spentOn(counterId)).toBe(5_500n);
    expect(await leasesOn(counterId)).toHaveLength(50);
    // While the leases run they count as spent.
    clock.advance(30_000);
    const early = await submit(walletId, '901');
    expect(early.status).toBe(422);
    // Once they have expired, the first transfer that does not fit gives them back: the rest of the limit, exactly.
    clock.advance(LEASE_MS + LEASE_MARGIN_MS - 30_000 + 1);
    expect((await submit(walletId, '901')).status).toBe(201);
    expect(await spentOn(counterId)).toBe(500n + 901n); // the 50 leases reclaimed; 901 taken exactly (no room ahead)
    expect(await leasesOn(counterId)).toEqual([]);
    for (let i = 0; i < 49; i++) expect((await submit(walletId, '100')).status).toBe(201);
    expect((await submit(walletId, '99')).status).toBe(201); // 500 + 901 + 4,900 + 99 = 6,400
    const full = await submit(walletId, '1');
    expect(full.status).toBe(422);
    expect(full.body.error.message).toContain('6400 already spent');
    expect(await spentOn(counterId)).toBe(6_400n);
  }, 120_000);
});
