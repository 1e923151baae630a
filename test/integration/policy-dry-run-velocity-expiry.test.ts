import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { stepDeps } from '../support/step-deps.js';
import { FakeClock } from '../../shared/ports/clock.js';
import { advanceTransaction } from '../../shared/domain/transactions/advance.js';
import { createTenantWithAdmin, startTestApi, type Key, type TestApi } from '../support/local-api.js';
import { createUserWithRole, createVault, nativeAsset, randomAddress, registerWallet } from '../support/fixtures.js';

/**
 * Over HTTP on DynamoDB Local: the policy dry run answers what a submission would (a property test over random rule
 * sets and transfers) and stores nothing; VELOCITY_COUNT admits exactly N of parallel submissions; a transfer not
 * signed by its expiresAt ends FAILED EXPIRED with its reservations released.
 */
const clock = new FakeClock(Date.now());
let api: TestApi;
let tenantId: string;
let admin: Key;
beforeAll(async () => {
  api = await startTestApi({ clock });
  const t = await createTenantWithAdmin(api);
  tenantId = t.tenant.id;
  admin = t.admin;
});
afterAll(async () => api?.close());

async function walletInNewVault(rules: unknown[] | null) {
  const vault = await createVault(api, admin);
  const wallet = (await registerWallet(api, admin, tenantId, vault.id, Math.floor(clock.now().getTime() / 1000)))
    .wallet;
  if (rules) {
    const res = await api.call('POST', '/v1/policies', { key: admin, body: { vault_id: vault.id, name: 'p', rules } });
    expect(res.status).toBe(201);
  }
  return { vaultId: vault.id, walletId: wallet.id };
}
const transfer = (
  walletId: string,
  amount: string,
  destinationAddr = randomAddress(),
  extra: Record<string, unknown> = {},
) => ({ sourceWalletId: walletId, destinationAddr, assetId: nativeAsset(), amount, ...extra });

describe('POST /v1/policies/evaluate', () => {
  it('explains every rule with the values it compared, and reserves nothing', async () => {
    const listed = randomAddress();
    const { walletId } = await walletInNewVault([
      { type: 'MAX_AMOUNT', value: '1000' },
      { type: 'WHITELIST_ADDRESS', addresses: [listed] },
      { type: 'DAILY_LIMIT', value: '1500' },
      { type: 'REQUIRE_APPROVAL', value: '2', above: '100' },
    ]);
    const body = transfer(walletId, '800', listed);
    const dry = await api.call('POST', '/v1/policies/evaluate', { key: admin, body });
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ decision: 'require_approval', approvals_required: 2, denial: null });
    const rules = dry.body.policies[0].rules;
    expect(rules.map((r: { result: string }) => r.result)).toEqual(['pass', 'pass', 'pass', 'require_approval']);
    expect(rules[0].compared).toEqual({ amount: '800', max_amount: '1000' });
    expect(rules[1].compared.matched_entry).toBe(listed.toLowerCase());
    expect(rules[2].compared).toMatchObject({ limit: '1500', spent: '0', amount: '800' });
    // Dry runs reserve nothing: two of them and then a real submission of 800 still fit the 1500.
    await api.call('POST', '/v1/policies/evaluate', { key: admin, body });
    const real = await api.call('POST', '/v1/transactions', { key: admin, body });
    expect(real.status).toBe(201);
    const created = await api.call('GET', `/v1/transactions/${real.body.id}/history`, { key: admin });
    expect(created.body.history[0].policyDecision.checks.map((c: { type: string }) => c.type)).toEqual([
      'MAX_AMOUNT',
      'WHITELIST_ADDRESS',
      'DAILY_LIMIT',
      'REQUIRE_APPROVAL',
    ]);
    // The second 800 is denied by the DAILY_LIMIT, the dry run says so with what is already spent.
    const again = await api.call('POST', '/v1/policies/evaluate', { key: admin, body });
    expect(again.body).toMatchObject({
      decision: 'deny',
      denial: { code: 1200, error: 'POLICY_DENIED', rule: { type: 'DAILY_LIMIT', rule_index: 2 } },
    });
    expect(again.body.policies[0].rules[2].compared).toMatchObject({ spent: '800' });
    // The history shows the stored explanation.
    const history = await api.call('GET', `/v1/transactions/${real.body.id}/history`, { key: admin });
    expect(history.body.history[0].policyDecision.checks[0]).toMatchObject({
      type: 'MAX_AMOUNT',
      result: 'pass',
      compared: { amount: '800', max_amount: '1000' },
    });
  });

  it('needs policies:read', async () => {
    const { walletId } = await walletInNewVault(null);
    const auditor = await createUserWithRole(api, admin, 'operator');
    const ok = await api.call('POST', '/v1/policies/evaluate', { key: auditor.key, body: transfer(walletId, '1') });
    expect(ok.status).toBe(200);
    const none = await api.call('POST', '/v1/policies/evaluate', { key: null, body: transfer(walletId, '1') });
    expect(none.status).toBe(401);
  });

  it('answers the decision a submission of the same body gets (random rule sets and transfers)', async () => {
    const dest = [randomAddress(), randomAddress()];
    const rule = fc.oneof(
      fc.integer({ min: 1, max: 300 }).map((v) => ({ type: 'MAX_AMOUNT', value: String(v) })),
      fc.integer({ min: 1, max: 3 }).map((v) => ({ type: 'REQUIRE_APPROVAL', value: String(v), above: '100' })),
      fc.integer({ min: 1, max: 400 }).map((v) => ({ type: 'DAILY_LIMIT', value: String(v) })),
      fc.integer({ min: 1, max: 2 }).map((v) => ({ type: 'VELOCITY_COUNT', value: String(v), window_seconds: 86_400 })),
      fc.constantFrom(0, 1).map((i) => ({ type: 'WHITELIST_ADDRESS', addresses: [dest[i]] })),
      fc.constantFrom(0, 1).map((i) => ({ type: 'BLACKLIST_ADDRESS', addresses: [dest[i]] })),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(rule, { minLength: 1, maxLength: 4 }),
        fc.array(fc.tuple(fc.integer({ min: 1, max: 250 }), fc.constantFrom(0, 1)), { minLength: 1, maxLength: 3 }),
        async (rules, transfers) => {
          const { walletId } = await walletInNewVault(rules);
          for (const [amount, d] of transfers) {
            const body = transfer(walletId, String(amount), dest[d]);
            const dry = await api.call('POST', '/v1/policies/evaluate', { key: admin, body });
            const real = await api.call('POST', '/v1/transactions', { key: admin, body });
            const outcome = real.status === 422 ? 'deny' : real.body.policyDecision.outcome;
            expect(dry.body.decision).toBe(outcome);
            if (outcome === 'deny') expect(dry.body.denial.rule).toEqual(real.body.error.details.rule);
            else expect(dry.body.approvals_required).toBe(real.body.policyDecision.approvalsRequired);
          }
        },
      ),
      { numRuns: 12 },
    );
  });
});

describe('VELOCITY_COUNT', () => {
  it('admits exactly N of parallel submissions, and the next is denied naming the rule', async () => {
    const { walletId } = await walletInNewVault([{ type: 'VELOCITY_COUNT', value: '5', window_seconds: 3600 }]);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        api.call('POST', '/v1/transactions', { key: admin, body: transfer(walletId, '1') }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    expect(
      results.filter((r) => r.status === 422).every((r) => r.body.error.details.rule.type === 'VELOCITY_COUNT'),
    ).toBe(true);
    expect(results.filter((r) => r.status === 422)).toHaveLength(15);
  });

  it('gives the count back when a counted transaction is cancelled', async () => {
    const { walletId } = await walletInNewVault([{ type: 'VELOCITY_COUNT', value: '1', window_seconds: 86_400 }]);
    const first = await api.call('POST', '/v1/transactions', { key: admin, body: transfer(walletId, '1') });
    expect((await api.call('POST', '/v1/transactions', { key: admin, body: transfer(walletId, '1') })).status).toBe(
      422,
    );
    await api.call('POST', `/v1/transactions/${first.body.id}/cancel`, { key: admin, body: {} });
    expect((await api.call('POST', '/v1/transactions', { key: admin, body: transfer(walletId, '1') })).status).toBe(
      201,
    );
  });
});

describe('expiresAt', () => {
  it('refuses an expiresAt in the past with 1100', async () => {
    const { walletId } = await walletInNewVault(null);
    const res = await api.call('POST', '/v1/transactions', {
      key: admin,
      body: transfer(walletId, '1', undefined, { expiresAt: new Date(clock.now().getTime() - 1000).toISOString() }),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(1100);
  });

  it('ends a transfer not signed by then FAILED EXPIRED, with its DAILY_LIMIT released and approvals refused', async () => {
    const { walletId } = await walletInNewVault([
      { type: 'DAILY_LIMIT', value: '10' },
      { type: 'REQUIRE_APPROVAL', value: '2' },
    ]);
    const approver = await createUserWithRole(api, admin, 'approver');
    const expiresAt = new Date(clock.now().getTime() + 60_000).toISOString();
    const tx = (
      await api.call('POST', '/v1/transactions', {
        key: admin,
        body: transfer(walletId, '10', undefined, { expiresAt }),
      })
    ).body;
    expect(tx.expiresAt).toBe(expiresAt);
    const deps = stepDeps();
    await advanceTransaction({ ...deps, screening: null, clock }, tenantId, tx.id); // -> QUEUED
    await advanceTransaction({ ...deps, screening: null, clock }, tenantId, tx.id); // -> PENDING_AUTHORIZATION
    expect((await api.call('POST', `/v1/transactions/${tx.id}/approve`, { key: approver.key, body: {} })).status).toBe(
      200,
    );
    // The limit is all reserved by it.
    expect((await api.call('POST', '/v1/transactions', { key: admin, body: transfer(walletId, '1') })).status).toBe(
      422,
    );
    clock.advance(61_000);
    const late = await api.call('POST', `/v1/transactions/${tx.id}/approve`, {
      key: (await createUserWithRole(api, admin, 'approver')).key,
      body: {},
    });
    expect(late.status).toBe(409);
    const after = (await api.call('GET', `/v1/transactions/${tx.id}`, { key: admin })).body;
    expect(after).toMatchObject({ status: 'FAILED', failureCode: 'expired' });
    const history = (await api.call('GET', `/v1/transactions/${tx.id}/history`, { key: admin })).body.history;
    expect(history.at(-1).events).toContain('transaction.failed');
    // Released: the whole limit is usable again.
    expect((await api.call('POST', '/v1/transactions', { key: admin, body: transfer(walletId, '10') })).status).toBe(
      201,
    );
  });

  it('is ended by the worker before its next step', async () => {
    const { walletId } = await walletInNewVault(null);
    const tx = (
      await api.call('POST', '/v1/transactions', {
        key: admin,
        body: transfer(walletId, '1', undefined, { expiresAt: new Date(clock.now().getTime() + 1000).toISOString() }),
      })
    ).body;
    clock.advance(2000);
    expect(await advanceTransaction({ ...stepDeps(), screening: null, clock }, tenantId, tx.id)).toMatchObject({
      outcome: 'moved',
      to: 'FAILED',
    });
    expect((await api.call('GET', `/v1/transactions/${tx.id}`, { key: admin })).body).toMatchObject({
      status: 'FAILED',
      failureCode: 'expired',
    });
  });
});
