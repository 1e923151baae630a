import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../shared/ports/clock.js';
import { createTenantWithAdmin, startTestApi, type Key, type TestApi } from '../support/local-api.js';
import { createUserWithRole, createVault, nativeAsset, randomAddress, registerWallet } from '../support/fixtures.js';

/**
 * Over HTTP on DynamoDB Local: the address book (governed creation and removal, the cooling period, catalog errors,
 * tenant isolation, permissions), the ADDRESS_BOOK_ONLY rule and WHITELIST_ADDRESS by entries (submission and dry
 * run), and the transaction view's destination name and look-alike flag.
 */
const clock = new FakeClock(new Date('2026-06-01T12:00:00.000Z').getTime());
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ clock });
});
afterAll(async () => api?.close());

const HOUR = 3_600_000;
type Tenant = { id: string; admin: Key };

async function tenant(): Promise<Tenant> {
  const t = await createTenantWithAdmin(api);
  return { id: t.tenant.id, admin: t.admin };
}

/** A vault with a wallet (proved at the fake clock's time) and, when given, a policy of `rules`. */
async function walletInVault(t: Tenant, rules: unknown[] | null) {
  const vault = await createVault(api, t.admin);
  const wallet = (await registerWallet(api, t.admin, t.id, vault.id, Math.floor(clock.now().getTime() / 1000))).wallet;
  if (rules) {
    const res = await api.call('POST', '/v1/policies', {
      key: t.admin,
      body: { vault_id: vault.id, name: 'p', rules },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
  return { vaultId: vault.id, walletId: wallet.id };
}

const addEntry = (key: Key, body: Record<string, unknown>) => api.call('POST', '/v1/address-book', { key, body });
async function entry(key: Key, body: Record<string, unknown>) {
  const res = await addEntry(key, { name: 'payee', ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; address: string; usable_at: string; status: string };
}
const transfer = (walletId: string, destinationAddr: string, extra: Record<string, unknown> = {}) => ({
  sourceWalletId: walletId,
  destinationAddr,
  assetId: nativeAsset(),
  amount: '1',
  ...extra,
});
const submit = (key: Key, body: unknown) => api.call('POST', '/v1/transactions', { key, body });
const setCooling = (key: Key, hours: number, quorum = 1) =>
  api.call('PUT', '/v1/governance', { key, body: { quorum, address_cooling_hours: hours } });
const actions = async (key: Key) =>
  (await api.call('GET', '/v1/audit/entries?order=desc&limit=200', { key })).body.entries as {
    action: string;
    resource_id: string;
  }[];

/** An address that looks like `a` (same first 4 and last 4 hex characters) but differs in the middle. */
const lookalike = (a: string) =>
  `${a.slice(0, 6)}${a.slice(6, 38) === '0'.repeat(32) ? '1'.repeat(32) : '0'.repeat(32)}${a.slice(38)}`;

describe('address book entries', () => {
  it('with quorum 1 adds an entry at once, cooling for the default 24 h, listed, read and removed with audit entries', async () => {
    const t = await tenant();
    const address = randomAddress();
    const created = await entry(t.admin, {
      address: address.toUpperCase().replace('0X', '0x'),
      name: 'Treasury cold',
      notes: 'ops desk',
    });
    expect(created).toMatchObject({
      address,
      name: 'Treasury cold',
      notes: 'ops desk',
      asset_id: null,
      vault_id: null,
      status: 'COOLING',
    });
    expect(created.usable_at).toBe(new Date(clock.now().getTime() + 24 * HOUR).toISOString());
    expect((await api.call('GET', '/v1/governance', { key: t.admin })).body.address_cooling_hours).toBe(24);
    const second = await entry(t.admin, { address: randomAddress() });

    const page1 = await api.call('GET', '/v1/address-book?limit=1', { key: t.admin });
    expect(page1.body.entries.map((e: { id: string }) => e.id)).toEqual([created.id]);
    const page2 = await api.call('GET', `/v1/address-book?limit=1&cursor=${page1.body.next_cursor}`, { key: t.admin });
    expect(page2.body.entries.map((e: { id: string }) => e.id)).toEqual([second.id]);
    expect(
      (await api.call('GET', `/v1/address-book?cursor=${page1.body.next_cursor}x`, { key: t.admin })).body.error.code,
    ).toBe(1108);
    expect((await api.call('GET', `/v1/address-book/${created.id}`, { key: t.admin })).body).toMatchObject({
      id: created.id,
      status: 'COOLING',
    });

    expect((await api.call('DELETE', `/v1/address-book/${created.id}`, { key: t.admin })).status).toBe(204);
    const gone = await api.call('GET', `/v1/address-book/${created.id}`, { key: t.admin });
    expect(gone.status).toBe(404);
    expect(gone.body.error.code).toBe(1400);
    const audit = await actions(t.admin);
    expect(
      audit
        .filter((a) => a.resource_id === created.id)
        .map((a) => a.action)
        .sort(),
    ).toEqual(['address_book.entry_added', 'address_book.entry_removed']);
    expect((await api.call('GET', '/v1/audit/verify', { key: t.admin })).body.valid).toBe(true);
    // Removed, the address may be added again in the same scope.
    expect((await addEntry(t.admin, { address, name: 'again' })).status).toBe(201);
  });

  it('with quorum 2 keeps creation and removal pending until a second admin approves; cooling counts from the approval', async () => {
    const t = await tenant();
    const a2 = await createUserWithRole(api, t.admin, 'admin');
    expect((await api.call('PUT', '/v1/governance', { key: t.admin, body: { quorum: 2 } })).status).toBe(200);
    const address = randomAddress();
    const pending = await addEntry(t.admin, { address, name: 'pending payee' });
    expect(pending.status).toBe(202);
    expect(pending.body).toMatchObject({
      kind: 'address_book.add',
      status: 'PENDING',
      quorum: 2,
      before: null,
      after: { address, name: 'pending payee' },
    });
    expect((await api.call('GET', '/v1/address-book', { key: t.admin })).body.entries).toEqual([]);

    clock.advance(HOUR);
    const applied = await api.call('POST', `/v1/changes/${pending.body.id}/approve`, { key: a2.key, body: {} });
    expect(applied.body).toMatchObject({ status: 'APPLIED' });
    const [created] = (await api.call('GET', '/v1/address-book', { key: t.admin })).body.entries;
    expect(created).toMatchObject({ id: applied.body.result.id, address, status: 'COOLING' });
    expect(created.usable_at).toBe(new Date(clock.now().getTime() + 24 * HOUR).toISOString());

    const removal = await api.call('DELETE', `/v1/address-book/${created.id}`, { key: t.admin });
    expect(removal.status).toBe(202);
    expect(removal.body).toMatchObject({ kind: 'address_book.remove', before: { id: created.id, address } });
    expect((await api.call('GET', `/v1/address-book/${created.id}`, { key: t.admin })).status).toBe(200);
    expect(
      (await api.call('POST', `/v1/changes/${removal.body.id}/approve`, { key: a2.key, body: {} })).body.status,
    ).toBe('APPLIED');
    expect((await api.call('GET', `/v1/address-book/${created.id}`, { key: t.admin })).status).toBe(404);
  });

  it('raises the cooling period at once but lowers it only through the quorum', async () => {
    const t = await tenant();
    const a2 = await createUserWithRole(api, t.admin, 'admin');
    expect((await api.call('PUT', '/v1/governance', { key: t.admin, body: { quorum: 2 } })).status).toBe(200);
    const raised = await setCooling(t.admin, 48, 2);
    expect(raised.status).toBe(200);
    expect(raised.body.address_cooling_hours).toBe(48);
    const lowered = await setCooling(t.admin, 0, 2);
    expect(lowered.status).toBe(202);
    expect(lowered.body).toMatchObject({ kind: 'governance.update', before: { address_cooling_hours: 48 } });
    expect((await api.call('GET', '/v1/governance', { key: t.admin })).body.address_cooling_hours).toBe(48);
    expect(
      (await api.call('POST', `/v1/changes/${lowered.body.id}/approve`, { key: a2.key, body: {} })).body.status,
    ).toBe('APPLIED');
    expect((await api.call('GET', '/v1/governance', { key: t.admin })).body.address_cooling_hours).toBe(0);
    const pending = await addEntry(t.admin, { address: randomAddress(), name: 'x' });
    expect(pending.status).toBe(202);
    const created = (await api.call('POST', `/v1/changes/${pending.body.id}/approve`, { key: a2.key, body: {} })).body
      .result;
    expect(created).toMatchObject({ status: 'ACTIVE', usable_at: clock.now().toISOString() });
  });

  it('answers catalog errors for bad input and stores nothing', async () => {
    const t = await tenant();
    const vault = await createVault(api, t.admin);
    const checksum = '0x8Ba1f109551bD432803012645Ac136ddd64DBA72'; // mixed case, wrong EIP-55 checksum
    const cases: [Record<string, unknown>, number, number][] = [
      [{ address: checksum, name: 'x' }, 400, 1102],
      [{ address: '0x1234', name: 'x' }, 400, 1102],
      [{ address: randomAddress() }, 400, 1101],
      [{ address: randomAddress(), name: 'x'.repeat(129) }, 400, 1110],
      [{ address: randomAddress(), name: 'x', colour: 'red' }, 400, 1100],
      [{ address: randomAddress(), name: 'x', vault_id: '0190f4c2-6a4e-7c1b-9d3e-2f5a8b7c6d10' }, 404, 1400],
      [{ address: randomAddress(), name: 'x', asset_id: '0190f4c2-6a4e-7c1b-9d3e-2f5a8b7c6d10' }, 404, 1400],
      [{ address: randomAddress(), name: 'x', vault_id: 'not-a-uuid' }, 400, 1100],
    ];
    for (const [body, status, code] of cases) {
      const res = await addEntry(t.admin, body);
      expect([res.status, res.body.error?.code], JSON.stringify(body)).toEqual([status, code]);
    }
    expect((await api.call('GET', '/v1/address-book', { key: t.admin })).body.entries).toEqual([]);

    const address = randomAddress();
    await entry(t.admin, { address });
    const dup = await addEntry(t.admin, { address: address.toUpperCase().replace('0X', '0x'), name: 'dup' });
    expect([dup.status, dup.body.error.code]).toEqual([409, 1401]);
    // Another scope of the same address is another entry.
    expect((await addEntry(t.admin, { address, name: 'vault only', vault_id: vault.id })).status).toBe(201);
    expect((await addEntry(t.admin, { address, name: 'vault only 2', vault_id: vault.id })).status).toBe(409);
    expect((await api.call('GET', '/v1/address-book', { key: t.admin })).body.entries).toHaveLength(2);
  });

  it('keeps tenants apart: another tenant neither sees, removes nor refers to an entry', async () => {
    const a = await tenant();
    const b = await tenant();
    const address = randomAddress();
    const e = await entry(a.admin, { address });
    expect((await api.call('GET', `/v1/address-book/${e.id}`, { key: b.admin })).status).toBe(404);
    expect((await api.call('DELETE', `/v1/address-book/${e.id}`, { key: b.admin })).status).toBe(404);
    expect((await api.call('GET', '/v1/address-book', { key: b.admin })).body.entries).toEqual([]);
    const vault = await createVault(api, b.admin);
    const refer = await api.call('POST', '/v1/policies', {
      key: b.admin,
      body: { vault_id: vault.id, name: 'p', rules: [{ type: 'WHITELIST_ADDRESS', entry_ids: [e.id] }] },
    });
    expect([refer.status, refer.body.error.code, refer.body.error.details.field]).toEqual([
      400,
      1100,
      'rules.0.entry_ids.0',
    ]);
    // B may hold the same address in its own book.
    expect((await addEntry(b.admin, { address, name: 'mine too' })).status).toBe(201);
    // A's vault is not B's to scope an entry to.
    const aVault = await createVault(api, a.admin);
    expect((await addEntry(b.admin, { address: randomAddress(), name: 'x', vault_id: aVault.id })).status).toBe(404);
  });

  it('lets every role read the book and only admins change it', async () => {
    const t = await tenant();
    const e = await entry(t.admin, { address: randomAddress() });
    for (const role of ['viewer', 'approver', 'operator', 'compliance_officer'] as const) {
      const { key } = await createUserWithRole(api, t.admin, role);
      expect((await api.call('GET', '/v1/address-book', { key })).status, role).toBe(200);
      expect((await api.call('GET', `/v1/address-book/${e.id}`, { key })).status, role).toBe(200);
      const add = await addEntry(key, { address: randomAddress(), name: 'x' });
      expect([add.status, add.body.error?.code], role).toEqual([403, 1001]);
      expect((await api.call('DELETE', `/v1/address-book/${e.id}`, { key })).status, role).toBe(403);
    }
    expect((await api.call('GET', '/v1/address-book', { key: t.admin })).body.entries).toHaveLength(1);
  });
});

describe('ADDRESS_BOOK_ONLY and WHITELIST_ADDRESS by entries', () => {
  it('denies a transfer to a cooling entry saying when it becomes usable, and allows it once the period has passed', async () => {
    const t = await tenant();
    const { walletId } = await walletInVault(t, [{ type: 'ADDRESS_BOOK_ONLY' }]);
    const e = await entry(t.admin, { address: randomAddress(), name: 'exchange deposit' });

    const early = await submit(t.admin, transfer(walletId, e.address));
    expect([early.status, early.body.error.code]).toEqual([422, 1200]);
    expect(early.body.error.message).toContain(`usable from ${e.usable_at}`);
    const dry = await api.call('POST', '/v1/policies/evaluate', { key: t.admin, body: transfer(walletId, e.address) });
    expect(dry.body).toMatchObject({ decision: 'deny', denial: { code: 1200 } });
    expect(dry.body.policies[0].rules[0]).toMatchObject({
      type: 'ADDRESS_BOOK_ONLY',
      result: 'deny',
      compared: { destination: e.address, matched_entry: e.id, usable_at: e.usable_at },
    });

    const unknown = await submit(t.admin, transfer(walletId, randomAddress()));
    expect([unknown.status, unknown.body.error.code]).toEqual([422, 1200]);
    expect(unknown.body.error.message).toContain('is not in the address book');

    clock.advance(24 * HOUR - 1000);
    expect((await submit(t.admin, transfer(walletId, e.address))).status).toBe(422);
    clock.advance(1000);
    const ok = await submit(t.admin, transfer(walletId, e.address));
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const later = await api.call('POST', '/v1/policies/evaluate', {
      key: t.admin,
      body: transfer(walletId, e.address),
    });
    expect(later.body.policies[0].rules[0]).toMatchObject({
      result: 'pass',
      compared: { matched_entry: e.id, entry_name: 'exchange deposit' },
    });
  });

  it('uses an entry only within its vault and asset scope, and not after its removal', async () => {
    const t = await tenant();
    expect((await setCooling(t.admin, 0)).status).toBe(200);
    const { walletId, vaultId } = await walletInVault(t, [{ type: 'ADDRESS_BOOK_ONLY' }]);
    const other = await createVault(api, t.admin);
    const otherVault = await entry(t.admin, { address: randomAddress(), vault_id: other.id });
    const denied = await submit(t.admin, transfer(walletId, otherVault.address));
    expect([denied.status, denied.body.error.code]).toEqual([422, 1200]);
    expect(denied.body.error.message).toContain('not for this vault');

    const mine = await entry(t.admin, { address: randomAddress(), vault_id: vaultId, asset_id: nativeAsset() });
    expect((await submit(t.admin, transfer(walletId, mine.address))).status).toBe(201);
    expect((await api.call('DELETE', `/v1/address-book/${mine.id}`, { key: t.admin })).status).toBe(204);
    expect((await submit(t.admin, transfer(walletId, mine.address))).status).toBe(422);
  });

  it('WHITELIST_ADDRESS with entry_ids allows only the listed active entries', async () => {
    const t = await tenant();
    const listed = await entry(t.admin, { address: randomAddress(), name: 'listed' });
    const unlisted = await entry(t.admin, { address: randomAddress(), name: 'unlisted' });
    const { walletId, vaultId } = await walletInVault(t, [{ type: 'WHITELIST_ADDRESS', entry_ids: [listed.id] }]);
    const cooling = await submit(t.admin, transfer(walletId, listed.address));
    expect([cooling.status, cooling.body.error.code]).toEqual([422, 1200]);
    expect(cooling.body.error.message).toContain(`usable from ${listed.usable_at}`);
    clock.advance(24 * HOUR);
    expect((await submit(t.admin, transfer(walletId, listed.address))).status).toBe(201);
    const notListed = await submit(t.admin, transfer(walletId, unlisted.address));
    expect([notListed.status, notListed.body.error.code]).toEqual([422, 1200]);
    expect(notListed.body.error.message).toContain('is not in 1 address-book entry of the whitelist');

    const both = await api.call('POST', '/v1/policies', {
      key: t.admin,
      body: {
        vault_id: vaultId,
        name: 'p',
        rules: [{ type: 'WHITELIST_ADDRESS', entry_ids: [listed.id], addresses: [randomAddress()] }],
      },
    });
    expect([both.status, both.body.error.code]).toEqual([400, 1100]);
    const neither = await api.call('POST', '/v1/policies', {
      key: t.admin,
      body: { vault_id: vaultId, name: 'p', rules: [{ type: 'WHITELIST_ADDRESS' }] },
    });
    expect([neither.status, neither.body.error.code]).toEqual([400, 1100]);
    const unknownId = await api.call('POST', '/v1/policies', {
      key: t.admin,
      body: {
        vault_id: vaultId,
        name: 'p',
        rules: [
          { type: 'MAX_AMOUNT', value: '5' },
          { type: 'WHITELIST_ADDRESS', entry_ids: ['0190f4c2-6a4e-7c1b-9d3e-2f5a8b7c6d10'] },
        ],
      },
    });
    expect([unknownId.status, unknownId.body.error.code, unknownId.body.error.details.field]).toEqual([
      400,
      1100,
      'rules.1.entry_ids.0',
    ]);
    const stored = (await api.call('GET', `/v1/policies?vault_id=${vaultId}`, { key: t.admin })).body.policies;
    expect(stored.map((p: { rules: unknown }) => p.rules)).toEqual([
      [{ type: 'WHITELIST_ADDRESS', entry_ids: [listed.id] }],
    ]);
  });
});

describe('the transaction view and the address book', () => {
  it('names a destination found in the book and flags a look-alike of an entry', async () => {
    const t = await tenant();
    const { walletId } = await walletInVault(t, null);
    const e = await entry(t.admin, { address: randomAddress(), name: 'Payroll' });
    const named = (await submit(t.admin, transfer(walletId, e.address))).body;
    const seen = (await api.call('GET', `/v1/transactions/${named.id}`, { key: t.admin })).body;
    expect(seen).toMatchObject({ destinationName: 'Payroll', destinationEntryId: e.id, destinationLookalike: null });

    const poison = lookalike(e.address).toUpperCase().replace('0X', '0x');
    const flagged = (await submit(t.admin, transfer(walletId, poison))).body;
    const view = (await api.call('GET', `/v1/transactions/${flagged.id}`, { key: t.admin })).body;
    expect(view).toMatchObject({
      destinationName: null,
      destinationLookalike: { entryId: e.id, name: 'Payroll', address: e.address },
    });
    const plain = (await submit(t.admin, transfer(walletId, randomAddress()))).body;
    const list = (await api.call('GET', `/v1/transactions?wallet_id=${walletId}`, { key: t.admin })).body
      .transactions as { id: string; destinationName: string | null; destinationLookalike: unknown }[];
    expect(list.find((x) => x.id === plain.id)).toMatchObject({ destinationName: null, destinationLookalike: null });
    expect(list.find((x) => x.id === flagged.id)?.destinationLookalike).toMatchObject({ entryId: e.id });

    // Another tenant's book names nothing here.
    const b = await tenant();
    await entry(b.admin, { address: randomAddress(), name: 'not yours' });
    const { walletId: bWallet } = await walletInVault(b, null);
    const bTx = (await submit(b.admin, transfer(bWallet, e.address))).body;
    expect((await api.call('GET', `/v1/transactions/${bTx.id}`, { key: b.admin })).body).toMatchObject({
      destinationName: null,
      destinationLookalike: null,
    });
  });
});
