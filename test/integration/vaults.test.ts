import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantWithAdmin, startTestApi, type Key, type TestApi } from '../support/local-api.js';
import { services } from '../../shared/app/services.js';
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
  const proof_signature = profile.sign(secretKey, profile.ownershipProofMessage({ tenantId: tid, vaultId, address, timestamp: ts }));
  return api.call('POST', `/v1/vault/accounts/${vaultId}/wallets`, { key, body: { address, public_key: toHex(publicKey), label: 'w', proof_signature, proof_timestamp: ts } });
}

const createVault = (name: string, key: Key = admin, metadata?: Record<string, unknown>) =>
  api.call('POST', '/v1/vault/accounts', { key, body: { name, ...(metadata ? { metadata } : {}) } });

describe('vaults', () => {
  it('creates a vault with name and metadata (201) and reads it back', async () => {
    const res = await createVault('Treasury', admin, { desk: 'ops' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Treasury', metadata: { desk: 'ops' }, status: 'active', archived_reason: null, archived_at: null });
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
    expect((await api.call('POST', '/v1/vault/accounts', { key: admin, body: { name: 'n', colour: 'red' } })).body.error.code).toBe(1100);
  });

  it('lists vaults with a cursor, and refuses another listing\'s cursor (1108)', async () => {
    const t = await createTenantWithAdmin(api);
    for (const n of ['a', 'b', 'c']) expect((await createVault(n, t.admin)).status).toBe(201);
    const first = await api.call('GET', '/v1/vault/accounts?limit=2', { key: t.admin });
    expect(first.status).toBe(200);
    expect(first.body.vaults.map((v: { name: string }) => v.name)).toEqual(['a', 'b']);
    expect(first.body.next_cursor).toBeTruthy();
    const second = await api.call('GET', `/v1/vault/accounts?limit=2&cursor=${first.body.next_cursor}`, { key: t.admin });
    expect(second.body.vaults.map((v: { name: string }) => v.name)).toEqual(['c']);
    const foreign = await api.call('GET', `/v1/vault/accounts?limit=2&cursor=${first.body.next_cursor}`, { key: admin });
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
    const renamed = await api.call('PUT', `/v1/vault/accounts/${v.id}`, { key: admin, body: { name: 'Salaries', metadata: { cost_center: '42' } } });
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
    const archived = await api.call('POST', `/v1/vault/accounts/${v.id}/archive`, { key: admin, body: { reason: 'desk closed' } });
    expect(archived.status).toBe(200);
    expect(archived.body).toMatchObject({ id: v.id, status: 'archived', archived_reason: 'desk closed' });
    expect(archived.body.archived_at).toBeTruthy();
    expect((await api.call('GET', `/v1/vault/accounts/${v.id}`, { key: admin })).body.status).toBe('archived');
    const wallets = await api.call('GET', `/v1/vault/accounts/${v.id}/wallets`, { key: admin });
    expect(wallets.body.wallets.map((w: { status: string }) => w.status)).toEqual(['archived', 'archived']);
    expect((await api.call('GET', `/v1/wallets/${w1.body.id}`, { key: admin })).body.status).toBe('archived');
    const refused = await registerWallet(admin, tenantId, v.id);
    expect(refused.status).toBe(409);
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
    const actions = entries.body.entries.filter((e: { resource_id: string }) => e.resource_id === v.id).map((e: { action: string }) => e.action);
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
      return { id: newId(), tenant_id: t.tenant.id, vault_id: v.id, address, public_key: '0x00', algorithm: 'ML-DSA-65', label: `w${i}`, origin: 'registered', signer_key_ref: null, status: 'active', created_at: now, updated_at: now, version: 1 };
    });
    for (let i = 0; i < seeded.length; i += 50) {
      await services().store.write(seeded.slice(i, i + 50).flatMap((w) => [{ op: 'put' as const, item: walletItem(w) }, { op: 'put' as const, item: walletAddressItem(w) }]));
    }
    const res = await api.call('POST', `/v1/vault/accounts/${v.id}/archive`, { key: t.admin, body: {} });
    expect(res.status).toBe(200);
    let cursor: string | null = null;
    const statuses: string[] = [];
    do {
      const page: { body: { wallets: { status: string }[]; next_cursor: string | null } } = await api.call('GET', `/v1/vault/accounts/${v.id}/wallets?limit=200${cursor ? `&cursor=${cursor}` : ''}`, { key: t.admin });
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
    const ids = [...chunked.flatMap((e: { change: { wallet_ids: string[] } }) => e.change.wallet_ids), ...final.change.wallet_ids];
    expect(new Set(ids).size).toBe(200);
    expect((await api.call('GET', '/v1/audit/verify', { key: t.admin })).body.valid).toBe(true);
  });

  it('shows a wallet that slipped into a vault while it was being archived as archived, and archiving again archives it for good', async () => {
    const v = (await createVault('late-wallet')).body;
    await api.call('POST', `/v1/vault/accounts/${v.id}/archive`, { key: admin, body: {} });
    const now = new Date().toISOString();
    const late: WalletRecord = { id: newId(), tenant_id: tenantId, vault_id: v.id, address: '0x' + 'ab'.repeat(20), public_key: '0x00', algorithm: 'ML-DSA-65', label: null, origin: 'registered', signer_key_ref: null, status: 'active', created_at: now, updated_at: now, version: 1 };
    await services().store.write([{ op: 'put', item: walletItem(late) }]);
    expect((await api.call('GET', `/v1/wallets/${late.id}`, { key: admin })).body.status).toBe('archived');
    const listed = await api.call('GET', `/v1/vault/accounts/${v.id}/wallets?status=active`, { key: admin });
    expect(listed.body.wallets).toEqual([]);
    expect((await api.call('POST', `/v1/vault/accounts/${v.id}/archive`, { key: admin, body: {} })).status).toBe(200);
    expect((await services().store.get(keys.wallet(tenantId, late.id)))?.status).toBe('archived');
  });
});
