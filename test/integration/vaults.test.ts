import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantWithAdmin, startTestApi, type Key, type TestApi } from '../support/local-api.js';
import { overrideServices, services } from '../../shared/composition/standalone.js';
import type { Store } from '../../shared/ports/store.js';
import { nativeAsset } from '../support/fixtures.js';
import { config } from '../../shared/config.js';
import { chainProfileFromConfig, deriveAddress, ML_DSA, toHex } from '../../shared/domain/chain/chain-profile.js';
import { walletAddressItem, walletItem, type WalletRecord } from '../../shared/domain/wallets/wallet-record.js';
import { newId } from '../../shared/domain/ids.js';
import { keys } from '../../shared/store/keys.js';

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

/** Registers a wallet with a real ML-DSA ownership proof. */
async function registerWallet(key: Key, tid: string, vaultId: string) {
  const profile = chainProfileFromConfig(config());
  const { publicKey, secretKey } = ML_DSA[profile.algorithm].keygen();
  const address = deriveAddress(publicKey);
  const ts = Math.floor(Date.now() / 1000);
  const proof_signature = profile.sign(
    secretKey,
    profile.ownershipProofMessage({ tenantId: tid, vaultId, address, timestamp: ts }),
  );
  return api.call('POST', `/v1/vault/accounts/${vaultId}/wallets`, {
    key,
    body: { address, public_key: toHex(publicKey), label: 'w', proof_signature, proof_timestamp: ts },
  });
}

const createVault = (name: string, key: Key = admin, metadata?: Record<string, unknown>) =>
  api.call('POST', '/v1/vault/accounts', { key, body: { name, ...(metadata ? { metadata } : {}) } });

describe('vaults', () => {
  it('creates a vault with name and metadata (201) and reads it back', async () => {
    const res = await createVault('Treasury', admin, { desk: 'ops' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Treasury',
      metadata: { desk: 'ops' },
      status: 'active',
      archived_reason: null,
      archived_at: null,
    });
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
    const got = await api.call('GET', `/v1/vault/accounts/${res.body.id}`, { key: admin });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(res.body);
  });

  it('refuses a duplicate name in the tenant whatever its letter case (409 1401), but not in another tenant', async () => {
    expect((await createVault('Cold Storage')).status).toBe(201);
    const dup = await createVault('cold STORAGE');
    expect(dup.status).toBe(409);
    expect(dup.body.error).toMatchObject({ code: 1401, type: 'VAULT_DUPLICATE' });
    const other = await createTenantWithAdmin(api);
    expect((await createVault('Cold Storage', other.admin)).status).toBe(201);
  });

  it('answers a missing name with 1101, an over-long name with 1110 and an unknown member with 1100', async () => {
    expect((await api.call('POST', '/v1/vault/accounts', { key: admin, body: {} })).body.error.code).toBe(1101);
    expect((await createVault('x'.repeat(129))).body.error.code).toBe(1110);
    expect(
      (await api.call('POST', '/v1/vault/accounts', { key: admin, body: { name: 'n', colour: 'red' } })).body.error
        .code,
    ).toBe(1100);
  });

  it("lists vaults with a cursor, and refuses another listing's cursor (1108)", async () => {
    const t = await createTenantWithAdmin(api);
    for (const n of ['a', 'b', 'c']) expect((await createVault(n, t.admin)).status).toBe(201);
    const first = await api.call('GET', '/v1/vault/accounts?limit=2', { key: t.admin });
    expect(first.status).toBe(200);
    expect(first.body.vaults.map((v: { name: string }) => v.name)).toEqual(['a', 'b']);
    expect(first.body.next_cursor).toBeTruthy();
    const second = await api.call('GET', `/v1/vault/accounts?limit=2&cursor=${first.body.next_cursor}`, {
      key: t.admin,
    });
    expect(second.body.vaults.map((v: { name: string }) => v.name)).toEqual(['c']);
    const foreign = await api.call('GET', `/v1/vault/accounts?limit=2&cursor=${first.body.next_cursor}`, {
      key: admin,
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.code).toBe(1108);
  });

  it("hides another tenant's vault (404 1400) on get, update, archive and wallet registration", async () => {
    const other = await createTenantWithAdmin(api);
    const v = await createVault('private', other.admin);
    const id = v.body.id;
    for (const res of [
      await api.call('GET', `/v1/vault/accounts/${id}`, { key: admin }),
      await api.call('PUT', `/v1/vault/accounts/${id}`, { key: admin, body: { name: 'mine' } }),
      await api.call('POST', `/v1/vault/accounts/${id}/archive`, { key: admin, body: {} }),
      await api.call('GET', `/v1/vault/accounts/${id}/wallets`, { key: admin }),
      await registerWallet(admin, tenantId, id),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toMatchObject({ code: 1400, type: 'VAULT_NOT_FOUND' });
    }
    expect((await api.call('GET', `/v1/vault/accounts/${id}`, { key: other.admin })).body.status).toBe('active');
  });

  it('answers an unknown vault with 404 1400', async () => {
    const res = await api.call('GET', `/v1/vault/accounts/${newId()}`, { key: admin });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe(1400);
  });

  it('renames a vault: the old name becomes free, the new one is taken, a case-only change is allowed', async () => {
    const v = (await createVault('Payroll')).body;
    expect((await createVault('Taken')).status).toBe(201);
    const clash = await api.call('PUT', `/v1/vault/accounts/${v.id}`, { key: admin, body: { name: 'TAKEN' } });
    expect(clash.status).toBe(409);
    expect(clash.body.error.code).toBe(1401);
    expect((await api.call('GET', `/v1/vault/accounts/${v.id}`, { key: admin })).body.name).toBe('Payroll');
    const renamed = await api.call('PUT', `/v1/vault/accounts/${v.id}`, {
      key: admin,
      body: { name: 'Salaries', metadata: { cost_center: '42' } },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Salaries', metadata: { cost_center: '42' } });
    expect((await createVault('payroll')).status).toBe(201);
    expect((await createVault('SALARIES')).status).toBe(409);
    const caseOnly = await api.call('PUT', `/v1/vault/accounts/${v.id}`, { key: admin, body: { name: 'SALARIES' } });
    expect(caseOnly.status).toBe(200);
    expect(caseOnly.body.name).toBe('SALARIES');
  });

  it('answers an empty update with 1100', async () => {
    const v = (await createVault('empty-update')).body;
    const res = await api.call('PUT', `/v1/vault/accounts/${v.id}`, { key: admin, body: {} });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(1100);
  });

  it('archives a vault with all its wallets; it stays readable, refuses new wallets and updates (409 1301)', async () => {
    const v = (await createVault('to-archive')).body;
    const w1 = await registerWallet(admin, tenantId, v.id);
    const w2 = await registerWallet(admin, tenantId, v.id);
    expect(w1.status).toBe(201);
    expect(w2.status).toBe(201);
    const archived = await api.call('POST', `/v1/vault/accounts/${v.id}/archive`, {
      key: admin,
      body: { reason: 'desk closed' },
    });
    expect(archived.status).toBe(200);
    expect(archived.body).toMatchObject({ id: v.id, status: 'archived', archived_reason: 'desk closed' });
    expect(archived.body.archived_at).toBeTruthy();
    expect((await api.call('GET', `/v1/vault/accounts/${v.id}`, { key: admin })).body.status).toBe('archived');
    const wallets = await api.call('GET', `/v1/vault/accounts/${v.id}/wallets`, { key: admin });
    expect(wallets.body.wallets.map((w: { status: string }) => w.status)).toEqual(['archived', 'archived']);
    expect((await api.call('GET', `/v1/wallets/${w1.body.id}`, { key: admin })).body.status).toBe('archived');
    const refused = await registerWallet(admin, tenantId, v.id);
    expect([refused.status, refused.body.error?.code]).toEqual([409, 1301]);
    expect(refused.body.error).toMatchObject({ code: 1301, type: 'TX_INVALID_STATE' });
    const upd = await api.call('PUT', `/v1/vault/accounts/${v.id}`, { key: admin, body: { name: 'revived' } });
    expect(upd.status).toBe(409);
    expect(upd.body.error.code).toBe(1301);
    const again = await api.call('POST', `/v1/vault/accounts/${v.id}/archive`, { key: admin, body: {} });
    expect(again.status).toBe(200);
    expect(again.body.archived_reason).toBe('desk closed');
  });

  it('audits vault creation and archiving in the tenant chain, and the chain verifies', async () => {
    const t = await createTenantWithAdmin(api);
    const v = (await createVault('audited', t.admin)).body;
    await api.call('POST', `/v1/vault/accounts/${v.id}/archive`, { key: t.admin, body: { reason: 'r' } });
    const entries = await api.call('GET', '/v1/audit/entries?limit=200', { key: t.admin });
    const actions = entries.body.entries
      .filter((e: { resource_id: string }) => e.resource_id === v.id)
      .map((e: { action: string }) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['vault.created', 'vault.archived']));
    expect((await api.call('GET', '/v1/audit/verify', { key: t.admin })).body.valid).toBe(true);
  });

  it('archives more wallets than one transaction holds, in chunks, and archives them all', async () => {
    const t = await createTenantWithAdmin(api);
    const v = (await createVault('big', t.admin)).body;
    // Seed 200 wallets straight into the table (registering each over HTTP would only slow the test down).
    const now = new Date().toISOString();
    const seeded: WalletRecord[] = Array.from({ length: 200 }, (_, i) => {
      const address = '0x' + i.toString(16).padStart(40, '0');
      return {
        id: newId(),
        tenant_id: t.tenant.id,
        vault_id: v.id,
        address,
        public_key: '0x00',
        algorithm: 'ML-DSA-65',
        label: `w${i}`,
        origin: 'registered',
        signer_key_ref: null,
        status: 'active',
        created_at: now,
        updated_at: now,
        version: 1,
      };
    });
    for (let i = 0; i < seeded.length; i += 50) {
      await services().store.write(
        seeded.slice(i, i + 50).flatMap((w) => [
          { op: 'put' as const, item: walletItem(w) },
          { op: 'put' as const, item: walletAddressItem(w) },
        ]),
      );
    }
    const res = await api.call('POST', `/v1/vault/accounts/${v.id}/archive`, { key: t.admin, body: {} });
    expect(res.status).toBe(200);
    let cursor: string | null = null;
    const statuses: string[] = [];
    do {
      const page: { body: { wallets: { status: string }[]; next_cursor: string | null } } = await api.call(
        'GET',
        `/v1/vault/accounts/${v.id}/wallets?limit=200${cursor ? `&cursor=${cursor}` : ''}`,
        { key: t.admin },
      );
      statuses.push(...page.body.wallets.map((w) => w.status));
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(statuses).toHaveLength(200);
    // The stored records, not only the projection through the vault's status:
    const stored = await services().store.getMany(seeded.map((w) => keys.wallet(t.tenant.id, w.id)));
    expect(stored.map((item) => item?.status)).toEqual(seeded.map(() => 'archived'));
    const entries = await api.call('GET', '/v1/audit/entries?limit=200', { key: t.admin });
    const forVault = entries.body.entries.filter((e: { resource_id: string }) => e.resource_id === v.id);
    const chunked = forVault.filter((e: { action: string }) => e.action === 'vault.wallets_archived');
    expect(chunked.length).toBe(2);
    const final = forVault.find((e: { action: string }) => e.action === 'vault.archived');
    expect(final.change.wallets_archived).toBe(200);
    const ids = [
      ...chunked.flatMap((e: { change: { wallet_ids: string[] } }) => e.change.wallet_ids),
      ...final.change.wallet_ids,
    ];
    expect(new Set(ids).size).toBe(200);
    expect((await api.call('GET', '/v1/audit/verify', { key: t.admin })).body.valid).toBe(true);
  });

  it('counts each new wallet on its vault: the version and wallet_count move by one', async () => {
    const v = (await createVault('counted')).body;
    expect((await services().store.get(keys.vault(tenantId, v.id)))?.version).toBe(1);
    expect((await registerWallet(admin, tenantId, v.id)).status).toBe(201);
    expect((await registerWallet(admin, tenantId, v.id)).status).toBe(201);
    expect(await services().store.get(keys.vault(tenantId, v.id))).toMatchObject({
      version: 3,
      wallet_count: 2,
      status: 'active',
    });
    // The vault's own changes still work under its version.
    expect(
      (await api.call('PUT', `/v1/vault/accounts/${v.id}`, { key: admin, body: { metadata: { a: '1' } } })).status,
    ).toBe(200);
    expect((await api.call('POST', `/v1/vault/accounts/${v.id}/archive`, { key: admin, body: {} })).status).toBe(200);
    expect((await api.call('GET', '/v1/audit/verify', { key: admin })).body.valid).toBe(true);
  });

  it('refuses a wallet whose vault was archived after the registration read it (409 1301), writing nothing', async () => {
    const v = (await createVault('archived-under-registration')).body;
    expect((await api.call('POST', `/v1/vault/accounts/${v.id}/archive`, { key: admin, body: {} })).status).toBe(200);
    // The registration reads the vault as it was before the archive committed.
    const real = services().store;
    const stale = Object.create(real) as Store;
    stale.get = async (key, opts) => {
      const item = await real.get(key, opts);
      return key.sk === keys.vault(tenantId, v.id).sk && item ? { ...item, status: 'active' } : item;
    };
    overrideServices({ store: stale });
    const res = await registerWallet(admin, tenantId, v.id).finally(() => overrideServices({ store: real }));
    expect([res.status, res.body.error?.code]).toEqual([409, 1301]);
    const listed = await api.call('GET', `/v1/vault/accounts/${v.id}/wallets`, { key: admin });
    expect(listed.body.wallets).toEqual([]);
    expect((await real.get(keys.vault(tenantId, v.id)))?.wallet_count).toBeUndefined();
  });

  it("archives a wallet registered while the archive was listing the vault's wallets: the archive reads again (no wallet active in an archived vault)", async () => {
    const v = (await createVault('race-archive')).body;
    const first = (await registerWallet(admin, tenantId, v.id)).body;
    const real = services().store;
    let late: { id: string } | undefined;
    const racing = Object.create(real) as Store;
    racing.query = async (input) => {
      const page = await real.query(input);
      if (!late && input.pattern.name === 'walletsOfVault') {
        // Between the archive's listing and its commit, another request registers a wallet in the vault.
        overrideServices({ store: real });
        const res = await registerWallet(admin, tenantId, v.id);
        expect(res.status).toBe(201);
        late = res.body;
      }
      return page;
    };
    overrideServices({ store: racing });
    const archived = await api
      .call('POST', `/v1/vault/accounts/${v.id}/archive`, { key: admin, body: { reason: 'race' } })
      .finally(() => overrideServices({ store: real }));
    expect(archived.status).toBe(200);
    expect(late).toBeDefined();
    const stored = await real.getMany([keys.wallet(tenantId, first.id), keys.wallet(tenantId, late!.id)]);
    expect(stored.map((w) => w?.status)).toEqual(['archived', 'archived']);
    // So a transfer from the late wallet is refused by its own status check (409 1301).
    const asset = nativeAsset();
    const tx = await api.call('POST', '/v1/transactions', {
      key: admin,
      body: { sourceWalletId: late!.id, destinationAddr: '0x' + '12'.repeat(20), assetId: asset, amount: '1' },
    });
    expect([tx.status, tx.body.error?.code]).toEqual([409, 1301]);
    const entries = await api.call('GET', '/v1/audit/entries?limit=50', { key: admin });
    const final = entries.body.entries.find(
      (e: { action: string; resource_id: string }) => e.action === 'vault.archived' && e.resource_id === v.id,
    );
    expect(final.change.wallet_ids).toEqual(expect.arrayContaining([first.id, late!.id]));
    expect((await api.call('GET', '/v1/audit/verify', { key: admin })).body.valid).toBe(true);
  });

  it('does not archive a vault while its index lists fewer wallets than it counts (the index is eventually consistent)', async () => {
    const v = (await createVault('index-lag')).body;
    const w = (await registerWallet(admin, tenantId, v.id)).body;
    // The wallet's entry in the vault index has not arrived yet: hide it.
    const real = services().store;
    const lagging = Object.create(real) as Store;
    lagging.query = async (input) => (input.pattern.name === 'walletsOfVault' ? { items: [] } : real.query(input));
    overrideServices({ store: lagging });
    const refused = await api
      .call('POST', `/v1/vault/accounts/${v.id}/archive`, { key: admin, body: {} })
      .finally(() => overrideServices({ store: real }));
    expect([refused.status, refused.body.error?.code]).toEqual([409, 1301]);
    expect((await real.get(keys.vault(tenantId, v.id)))?.status).toBe('active');
    expect((await real.get(keys.wallet(tenantId, w.id)))?.status).toBe('active');
    // Once the index has caught up, the archive goes through and takes the wallet with it.
    expect((await api.call('POST', `/v1/vault/accounts/${v.id}/archive`, { key: admin, body: {} })).status).toBe(200);
    expect((await real.get(keys.wallet(tenantId, w.id)))?.status).toBe('archived');
  });

  it('shows a wallet that slipped into a vault while it was being archived as archived, and archiving again archives it for good', async () => {
    const v = (await createVault('late-wallet')).body;
    await api.call('POST', `/v1/vault/accounts/${v.id}/archive`, { key: admin, body: {} });
    const now = new Date().toISOString();
    const late: WalletRecord = {
      id: newId(),
      tenant_id: tenantId,
      vault_id: v.id,
      address: '0x' + 'ab'.repeat(20),
      public_key: '0x00',
      algorithm: 'ML-DSA-65',
      label: null,
      origin: 'registered',
      signer_key_ref: null,
      status: 'active',
      created_at: now,
      updated_at: now,
      version: 1,
    };
    await services().store.write([{ op: 'put', item: walletItem(late) }]);
    expect((await api.call('GET', `/v1/wallets/${late.id}`, { key: admin })).body.status).toBe('archived');
    const listed = await api.call('GET', `/v1/vault/accounts/${v.id}/wallets?status=active`, { key: admin });
    expect(listed.body.wallets).toEqual([]);
    expect((await api.call('POST', `/v1/vault/accounts/${v.id}/archive`, { key: admin, body: {} })).status).toBe(200);
    expect((await services().store.get(keys.wallet(tenantId, late.id)))?.status).toBe('archived');
  });

  it('answers a malformed stored vault with 500 internal error, never with the item as a vault', async () => {
    const v = (await createVault('malformed')).body;
    const item = await services().store.get(keys.vault(tenantId, v.id));
    await services().store.write([{ op: 'put', item: { ...item!, status: 'misplaced-status', name: 42 } }]);
    const res = await api.call('GET', `/v1/vault/accounts/${v.id}`, { key: admin });
    expect(res.status).toBe(500);
    expect(res.body.error).toMatchObject({ code: 1600, type: 'INTERNAL_ERROR', message: 'internal error' });
    expect(JSON.stringify(res.body)).not.toContain('misplaced-status');
  });
});
