import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Key, TestApi } from '../support/local-api.js';
import { deriveAddress } from '../../shared/domain/chain/chain-profile.js';
import { startWalletsFixture, type WalletsFixture } from '../support/wallets-fixture.js';

/**
 * The wallets function's registration and generation code with the chain profile (functions/wallets/creation.ts) is
 * a lazy chunk: over the real API (DynamoDB Local, real HTTP, the reference signer) the reads, the deposits list and
 * an archive never load it; a registration loads it. A failed load (the module's evaluation throws, as a missing chunk
 * does) fails that request with 500 and stores nothing; it is not kept, so the next registration loads the module
 * and succeeds, and a generation then uses the same module. The mock evaluates the real module and counts its loads;
 * no other module of this process imports it, as the API alone runs here.
 */
const loads = vi.hoisted(() => ({ creation: 0, fail: false }));
vi.mock('../../functions/wallets/creation.js', async (original) => {
  if (loads.fail) throw new Error('chunk failed to load');
  loads.creation++;
  return original();
});

let fixture: WalletsFixture | undefined;
let api: TestApi;
let admin: Key;
let vaultId: string;
beforeAll(async () => {
  fixture = await startWalletsFixture();
  ({ api, admin, vaultId } = fixture);
});
afterAll(async () => fixture?.close());

/** A registration body for a new key, with its ownership proof. */
const registration = () => fixture!.registration().body;

describe('the wallets function loads its registration code only to register or generate', () => {
  it('reads and deposits load nothing; a failed load fails one registration (nothing stored), the next loads it and registers', async () => {
    expect((await api.call('GET', `/v1/vault/accounts/${vaultId}/wallets`, { key: admin })).body.wallets).toEqual([]);
    expect((await api.call('GET', '/v1/wallets/0193b1f4-6f1e-7c3a-9d2b-5a1e8c7f0a11', { key: admin })).status).toBe(
      404,
    );
    expect(
      (await api.call('POST', '/v1/wallets/0193b1f4-6f1e-7c3a-9d2b-5a1e8c7f0a11/archive', { key: admin, body: {} }))
        .status,
    ).toBe(404);
    expect((await api.call('GET', '/v1/deposits', { key: admin })).status).toBe(200);
    expect(loads.creation).toBe(0);

    loads.fail = true;
    const failed = await api.call('POST', `/v1/vault/accounts/${vaultId}/wallets`, {
      key: admin,
      body: registration(),
    });
    loads.fail = false;
    expect(failed.status).toBe(500);
    expect((await api.call('GET', `/v1/vault/accounts/${vaultId}/wallets`, { key: admin })).body.wallets).toEqual([]);

    const body = registration();
    const registered = await api.call('POST', '/v1/wallets', { key: admin, body: { vault_id: vaultId, ...body } });
    expect(registered.status).toBe(201);
    expect(registered.body).toMatchObject({ address: body.address, origin: 'registered' });
    expect(loads.creation).toBe(1);

    const generated = await api.call('POST', `/v1/vault/accounts/${vaultId}/wallets/generate`, {
      key: admin,
      body: { label: 'hot' },
    });
    expect(generated.status).toBe(201);
    expect(generated.body.address).toBe(deriveAddress(generated.body.public_key));
    expect((await api.call('GET', `/v1/vault/accounts/${vaultId}/wallets`, { key: admin })).body.wallets).toHaveLength(
      2,
    );
    expect(loads.creation).toBe(1);
  });
});
