import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantWithAdmin, startTestApi, type Key, type TestApi } from '../support/local-api.js';
import { createUserWithRole, createVault, nativeAsset, randomAddress, registerWallet } from '../support/fixtures.js';
import { services } from '../../shared/composition/standalone.js';
import { loadVaultPolicies } from '../../shared/domain/policies/policy-store.js';
import { evaluate } from '../../shared/domain/policies/policy-engine.js';

let api: TestApi;
let admin: Key;
let tenantId: string;
beforeAll(async () => {
  api = await startTestApi();
  const t = await createTenantWithAdmin(api);
  admin = t.admin;
  tenantId = t.tenant.id;
});
afterAll(async () => api?.close());

const DEST = '0x8ba1f109551bd432803012645ac136ddd64dba72';
const maxAmount = (value: string) => ({ type: 'MAX_AMOUNT', value });
const create = (body: unknown, key: Key = admin, headers?: Record<string, string>) =>
  api.call('POST', '/v1/policies', { key, body, headers });

async function auditActions(key: Key) {
  const res = await api.call('GET', '/v1/audit/entries?order=desc&limit=200', { key });
  return res.body.entries as { action: string; resource_id: string; change: Record<string, unknown> }[];
}

describe('policies', () => {
  it('creates a policy with normalised rules, reads it back, and audits the creation', async () => {
    const vault = await createVault(api, admin);
    const res = await create({
      vault_id: vault.id,
      name: 'treasury limits',
      rules: [
        { type: 'MAX_AMOUNT', value: '1000000000000000000' },
        { type: 'REQUIRE_APPROVAL', value: '2' },
        { type: 'BLACKLIST_ADDRESS', addresses: [DEST.toUpperCase().replace('0X', '0x')] },
        {
          type: 'TIME_WINDOW',
          days: ['MON', 'TUE', 'WED', 'THU', 'FRI'],
          start: '09:00',
          end: '17:00',
          time_zone: 'America/New_York',
        },
        { type: 'DAILY_LIMIT', value: '5000000000000000000', scope: 'wallet' },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ vault_id: vault.id, name: 'treasury limits' });
    expect(res.body.rules[2].addresses).toEqual([DEST]);
    expect(res.body.rules[4]).toEqual({
      type: 'DAILY_LIMIT',
      value: '5000000000000000000',
      scope: 'wallet',
      time_zone: 'UTC',
    });
    expect(res.body.created_at).toBe(res.body.updated_at);
    const got = await api.call('GET', `/v1/policies/${res.body.id}`, { key: admin });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(res.body);
    const entry = (await auditActions(admin)).find((e) => e.resource_id === res.body.id);
    expect(entry).toMatchObject({ action: 'policy.created', change: { vault_id: vault.id, name: 'treasury limits' } });
    expect((await api.call('GET', '/v1/audit/verify', { key: admin })).body.valid).toBe(true);
  });

  it('is enforced from the moment it is created: the transaction path reads it and the engine denies', async () => {
    const vault = await createVault(api, admin);
    await create({ vault_id: vault.id, name: 'no big transfers', rules: [maxAmount('100')] });
    await create({ vault_id: vault.id, name: 'blocklist', rules: [{ type: 'BLACKLIST_ADDRESS', addresses: [DEST] }] });
    const policies = await loadVaultPolicies(services().store, tenantId, vault.id);
    expect(policies.map((p) => p.name)).toEqual(['no big transfers', 'blocklist']);
    const facts = {
      amount: 50n,
      destination: DEST.toUpperCase().replace('0X', '0x'),
      assetId: nativeAsset(),
      walletId: '0190a0a0-0000-7000-8000-0000000000bb',
      vaultId: vault.id,
    };
    expect(evaluate(policies, facts, new Date(), () => 0n)).toMatchObject({
      outcome: 'deny',
      rule: { policy_id: policies[1]!.id, rule_index: 0, type: 'BLACKLIST_ADDRESS' },
    });
  });

  it('answers 1100 for an unknown rule type or a bad rule shape, and stores nothing', async () => {
    const vault = await createVault(api, admin);
    const cases = [
      [{ type: 'MIN_AMOUNT', value: '1' }],
      [{ type: 'MAX_AMOUNT' }],
      [{ type: 'MAX_AMOUNT', value: 10 }],
      [{ type: 'MAX_AMOUNT', value: '1', currency: 'PQ' }],
      [{ type: 'WHITELIST_ADDRESS', addresses: ['0xnot-an-address'] }],
      [{ type: 'REQUIRE_APPROVAL', value: '0' }],
      [{ type: 'TIME_WINDOW', time_zone: 'Nowhere/Special' }],
      [{ type: 'DAILY_LIMIT', value: '1', scope: 'planet' }],
      [],
    ];
    for (const rules of cases) {
      const res = await create({ vault_id: vault.id, name: 'bad', rules });
      expect(res.status, JSON.stringify(rules)).toBe(400);
      expect(res.body.error.code, JSON.stringify(rules)).toBe(1100);
    }
    const bad = await create({
      vault_id: vault.id,
      name: 'bad',
      rules: [maxAmount('1'), { type: 'BLACKLIST_ADDRESS', addresses: ['0x12'] }],
    });
    expect(bad.body.error.details.field).toBe('rules.1.addresses.0');
    const list = await api.call('GET', `/v1/policies?vault_id=${vault.id}`, { key: admin });
    expect(list.body.policies).toEqual([]);
  });

  it('refuses a rule naming an asset the tenant does not have (1100 naming the rule), on create and on replace', async () => {
    const vault = await createVault(api, admin);
    const token = await api.call('POST', '/v1/assets', {
      key: admin,
      body: {
        type: 'token',
        contract_address: randomAddress(),
        symbol: `P${Date.now() % 100000}`,
        name: 'Policy token',
        decimals: 6,
      },
    });
    expect(token.status).toBe(201);
    const other = await createTenantWithAdmin(api);
    const theirs = await api.call('POST', '/v1/assets', {
      key: other.admin,
      body: { type: 'token', contract_address: randomAddress(), symbol: 'THEIRS', name: 'Theirs', decimals: 6 },
    });
    expect(theirs.status).toBe(201);
    const ruleSet = (assetId: string) => [maxAmount('1'), { type: 'DAILY_LIMIT', value: '10', asset_id: assetId }];

    for (const missing of ['00000000-0000-4000-8000-000000000000', theirs.body.id as string]) {
      const res = await create({ vault_id: vault.id, name: 'limits', rules: ruleSet(missing) });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({
        code: 1100,
        type: 'VALIDATION',
        details: { field: 'rules.1.asset_id', rule: 1, rule_type: 'DAILY_LIMIT' },
      });
      expect(res.body.error.message).toContain('rules.1 (DAILY_LIMIT)');
    }
    expect((await api.call('GET', `/v1/policies?vault_id=${vault.id}`, { key: admin })).body.policies).toEqual([]);

    const native = await create({
      vault_id: vault.id,
      name: 'native',
      rules: [{ type: 'MAX_AMOUNT', value: '5', asset_id: nativeAsset() }],
    });
    expect(native.status).toBe(201);
    const ofToken = await create({ vault_id: vault.id, name: 'token', rules: ruleSet(token.body.id) });
    expect(ofToken.status).toBe(201);
    const replaced = await api.call('PUT', `/v1/policies/${ofToken.body.id}`, {
      key: admin,
      body: { rules: [{ type: 'REQUIRE_APPROVAL', value: '2', asset_id: theirs.body.id }] },
    });
    expect(replaced.status).toBe(400);
    expect(replaced.body.error).toMatchObject({
      code: 1100,
      details: { field: 'rules.0.asset_id', rule: 0, rule_type: 'REQUIRE_APPROVAL' },
    });
    expect((await api.call('GET', `/v1/policies/${ofToken.body.id}`, { key: admin })).body.rules).toEqual(
      ofToken.body.rules,
    );

    // A token still being deployed has no asset yet, but its DEPLOY_TOKEN and operations carry its id: a rule may name it.
    const wallet = await registerWallet(api, admin, tenantId, vault.id);
    const pending = await api.call('POST', '/v1/tokens', {
      key: admin,
      body: {
        template_id: 'ERC20',
        name: 'Pending',
        symbol: 'PEND',
        decimals: 6,
        admin_vault_account_id: vault.id,
        admin_wallet_id: wallet.wallet.id,
      },
    });
    expect(pending.status, JSON.stringify(pending.body)).toBe(202);
    const mints = await create({
      vault_id: vault.id,
      name: 'mints',
      rules: [{ type: 'REQUIRE_APPROVAL', value: '2', asset_id: pending.body.token.id, operations: ['MINT'] }],
    });
    expect(mints.status).toBe(201);
  });

  it('answers 1101 for a missing vault_id, name or rules, and 1110 for an over-long name', async () => {
    const vault = await createVault(api, admin);
    expect((await create({ name: 'x', rules: [maxAmount('1')] })).body.error).toMatchObject({
      code: 1101,
      details: { field: 'vault_id' },
    });
    expect((await create({ vault_id: vault.id, rules: [maxAmount('1')] })).body.error).toMatchObject({
      code: 1101,
      details: { field: 'name' },
    });
    expect((await create({ vault_id: vault.id, name: 'x' })).body.error).toMatchObject({
      code: 1101,
      details: { field: 'rules' },
    });
    expect((await create({ vault_id: vault.id, name: 'n'.repeat(129), rules: [maxAmount('1')] })).body.error.code).toBe(
      1110,
    );
  });

  it("answers 404 1400 for an unknown vault and for another tenant's vault", async () => {
    const unknown = await create({
      vault_id: '0190a0a0-0000-7000-8000-000000000000',
      name: 'x',
      rules: [maxAmount('1')],
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe(1400);
    const other = await createTenantWithAdmin(api);
    const theirs = await createVault(api, other.admin);
    const res = await create({ vault_id: theirs.id, name: 'x', rules: [maxAmount('1')] });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe(1400);
    expect((await api.call('GET', `/v1/policies?vault_id=${theirs.id}`, { key: admin })).body.error.code).toBe(1400);
  });

  it('refuses a policy on an archived vault with 409 1301', async () => {
    const vault = await createVault(api, admin);
    const archived = await api.call('POST', `/v1/vault/accounts/${vault.id}/archive`, {
      key: admin,
      body: { reason: 'closed' },
    });
    expect(archived.status).toBe(200);
    const res = await create({ vault_id: vault.id, name: 'late', rules: [maxAmount('1')] });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe(1301);
  });

  it('lists by vault_id in creation order with cursor and page/per_page pagination', async () => {
    const a = await createVault(api, admin);
    const b = await createVault(api, admin);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await create({ vault_id: a.id, name: `a${i}`, rules: [maxAmount(String(i + 1))] })).body.id);
    const onB = (await create({ vault_id: b.id, name: 'b0', rules: [maxAmount('1')] })).body.id;

    const first = await api.call('GET', `/v1/policies?vault_id=${a.id}&limit=2`, { key: admin });
    expect(first.status).toBe(200);
    expect(first.body.policies.map((p: { id: string }) => p.id)).toEqual(ids.slice(0, 2));
    expect(first.body.next_cursor).toBeTruthy();
    const second = await api.call('GET', `/v1/policies?vault_id=${a.id}&limit=2&cursor=${first.body.next_cursor}`, {
      key: admin,
    });
    expect(second.body.policies.map((p: { id: string }) => p.id)).toEqual(ids.slice(2));

    const page2 = await api.call('GET', `/v1/policies?vault_id=${a.id}&page=2&per_page=2`, { key: admin });
    expect(page2.body.policies.map((p: { id: string }) => p.id)).toEqual(ids.slice(2));

    const all = await api.call('GET', '/v1/policies?limit=200', { key: admin });
    const allIds = all.body.policies.map((p: { id: string }) => p.id);
    expect(allIds).toEqual(expect.arrayContaining([...ids, onB]));
    expect(allIds).toEqual([...allIds].sort()); // creation order (time-ordered ids)

    // A cursor of vault A's listing does not page through vault B's.
    expect(
      (await api.call('GET', `/v1/policies?vault_id=${b.id}&cursor=${first.body.next_cursor}`, { key: admin })).body
        .error.code,
    ).toBe(1108);
  });

  it('replaces the whole rule set on PUT, keeps the name unless given, and audits old and new rules', async () => {
    const vault = await createVault(api, admin);
    const created = (
      await create({
        vault_id: vault.id,
        name: 'limits',
        rules: [maxAmount('10'), { type: 'REQUIRE_APPROVAL', value: 2 }],
      })
    ).body;
    const put = await api.call('PUT', `/v1/policies/${created.id}`, {
      key: admin,
      body: { rules: [{ type: 'DAILY_LIMIT', value: '99' }] },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      id: created.id,
      name: 'limits',
      vault_id: vault.id,
      created_at: created.created_at,
    });
    expect(put.body.rules).toEqual([{ type: 'DAILY_LIMIT', value: '99', scope: 'vault', time_zone: 'UTC' }]);
    const renamed = await api.call('PUT', `/v1/policies/${created.id}`, {
      key: admin,
      body: { name: 'renamed', rules: [maxAmount('5')] },
    });
    expect(renamed.body).toMatchObject({ name: 'renamed', rules: [{ type: 'MAX_AMOUNT', value: '5' }] });
    expect((await api.call('GET', `/v1/policies/${created.id}`, { key: admin })).body).toEqual(renamed.body);
    const entry = (await auditActions(admin)).find(
      (e) => e.resource_id === created.id && e.action === 'policy.updated',
    );
    expect(entry?.change).toMatchObject({
      rules: [{ type: 'MAX_AMOUNT', value: '5' }],
      previous: { name: 'limits', rules: [{ type: 'DAILY_LIMIT', value: '99' }] },
    });
  });

  it('leaves the policy untouched when a PUT is invalid (1100) and answers 404 for an unknown policy', async () => {
    const vault = await createVault(api, admin);
    const created = (await create({ vault_id: vault.id, name: 'keep', rules: [maxAmount('10')] })).body;
    const bad = await api.call('PUT', `/v1/policies/${created.id}`, {
      key: admin,
      body: { rules: [{ type: 'NOPE' }] },
    });
    expect(bad.body.error.code).toBe(1100);
    const noRules = await api.call('PUT', `/v1/policies/${created.id}`, { key: admin, body: { name: 'x' } });
    expect(noRules.body.error.code).toBe(1101);
    expect((await api.call('GET', `/v1/policies/${created.id}`, { key: admin })).body).toEqual(created);
    const unknown = await api.call('PUT', '/v1/policies/0190a0a0-0000-7000-8000-000000000000', {
      key: admin,
      body: { rules: [maxAmount('1')] },
    });
    expect(unknown.status).toBe(404);
  });

  it('deletes a policy: 204, then GET, PUT and DELETE answer 404 and the vault no longer has it', async () => {
    const vault = await createVault(api, admin);
    const created = (await create({ vault_id: vault.id, name: 'temporary', rules: [maxAmount('10')] })).body;
    const del = await api.call('DELETE', `/v1/policies/${created.id}`, { key: admin });
    expect(del.status).toBe(204);
    const got = await api.call('GET', `/v1/policies/${created.id}`, { key: admin });
    expect(got.status).toBe(404);
    expect(got.body.error.code).toBe(1400);
    expect(
      (await api.call('PUT', `/v1/policies/${created.id}`, { key: admin, body: { rules: [maxAmount('1')] } })).status,
    ).toBe(404);
    expect((await api.call('DELETE', `/v1/policies/${created.id}`, { key: admin })).status).toBe(404);
    expect(await loadVaultPolicies(services().store, tenantId, vault.id)).toEqual([]);
    expect(
      (await api.call('GET', '/v1/policies?limit=200', { key: admin })).body.policies.map((p: { id: string }) => p.id),
    ).not.toContain(created.id);
    expect(
      (await auditActions(admin)).find((e) => e.resource_id === created.id && e.action === 'policy.deleted'),
    ).toBeDefined();
  });

  it("hides a tenant's policies from another tenant (404 on get, update and delete; absent from lists)", async () => {
    const vault = await createVault(api, admin);
    const mine = (await create({ vault_id: vault.id, name: 'private', rules: [maxAmount('10')] })).body;
    const other = await createTenantWithAdmin(api);
    expect((await api.call('GET', `/v1/policies/${mine.id}`, { key: other.admin })).status).toBe(404);
    expect(
      (await api.call('PUT', `/v1/policies/${mine.id}`, { key: other.admin, body: { rules: [maxAmount('999')] } }))
        .status,
    ).toBe(404);
    expect((await api.call('DELETE', `/v1/policies/${mine.id}`, { key: other.admin })).status).toBe(404);
    expect((await api.call('GET', '/v1/policies', { key: other.admin })).body.policies).toEqual([]);
    expect((await api.call('GET', `/v1/policies/${mine.id}`, { key: admin })).body).toEqual(mine);
  });

  it('lets a viewer read policies but not change them (403 1001)', async () => {
    const vault = await createVault(api, admin);
    const policy = (await create({ vault_id: vault.id, name: 'read me', rules: [maxAmount('10')] })).body;
    const viewer = await createUserWithRole(api, admin, 'viewer');
    expect((await api.call('GET', `/v1/policies/${policy.id}`, { key: viewer.key })).status).toBe(200);
    const denied = await create({ vault_id: vault.id, name: 'nope', rules: [maxAmount('1')] }, viewer.key);
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe(1001);
    expect((await api.call('DELETE', `/v1/policies/${policy.id}`, { key: viewer.key })).status).toBe(403);
  });

  it('replays a create with the same Idempotency-Key instead of creating a second policy', async () => {
    const vault = await createVault(api, admin);
    const headers = { 'Idempotency-Key': `policy-${Math.random().toString(36).slice(2)}` };
    const body = { vault_id: vault.id, name: 'once', rules: [maxAmount('10')] };
    const first = await create(body, admin, headers);
    const again = await create(body, admin, headers);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect((await api.call('GET', `/v1/policies?vault_id=${vault.id}`, { key: admin })).body.policies).toHaveLength(1);
  });
});
