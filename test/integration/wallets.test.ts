import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { createTenantWithAdmin, type Key, type TestApi } from '../support/local-api.js';
import {
  deriveAddress,
  keccak256Hex,
  ML_DSA,
  toHex,
  type ChainProfile,
} from '../../shared/domain/chain/chain-profile.js';
import { newId } from '../../shared/domain/ids.js';
import type { ReferenceSigner } from '../../tools/reference-signer/server.js';
import {
  SIGNER_TOKEN as TOKEN,
  startWalletsFixture,
  type RegistrationOptions,
  type WalletsFixture,
} from '../support/wallets-fixture.js';

/*
 * Wallets over real HTTP, with real ML-DSA-65 ownership proofs, and generation through the reference signer (its
 * own HTTP server on a free port). The signer's URL is set before the service's first configuration read.
 */
let api: TestApi;
let signer: ReferenceSigner;
let signerDir: string;
let profile: ChainProfile;
let admin: Key;
let vaultId: string;

let fixture: WalletsFixture | undefined;
beforeAll(async () => {
  fixture = await startWalletsFixture();
  ({ api, signer, signerDir, admin, vaultId } = fixture);
  profile = fixture.profile;
});
afterAll(async () => fixture?.close());

const nowSec = () => Math.floor(Date.now() / 1000);

const registration = (opts?: RegistrationOptions) => fixture!.registration(opts);

const register = (body: unknown, vault = vaultId, key: Key = admin) =>
  api.call('POST', `/v1/vault/accounts/${vault}/wallets`, { key, body });

describe('wallet registration', () => {
  it('registers a wallet with a real ML-DSA ownership proof (201) and returns its public key', async () => {
    const { body } = registration();
    const res = await register({ ...body, address: body.address.toUpperCase().replace('0X', '0x') });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      vault_id: vaultId,
      address: body.address,
      public_key: body.public_key,
      label: 'hot wallet',
      algorithm: 'ML-DSA-65',
      origin: 'registered',
      signer_key_ref: null,
      status: 'active',
    });
    expect(res.body.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const got = await api.call('GET', `/v1/wallets/${res.body.id}`, { key: admin });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(res.body);
  });

  it('registers through POST /v1/wallets with vault_id in the body', async () => {
    const { body } = registration();
    const res = await api.call('POST', '/v1/wallets', { key: admin, body: { ...body, vault_id: vaultId } });
    expect(res.status).toBe(201);
    expect(res.body.vault_id).toBe(vaultId);
  });

  it('lists the wallets of a vault without their public keys', async () => {
    const v = (await api.call('POST', '/v1/vault/accounts', { key: admin, body: { name: 'listing' } })).body.id;
    const a = await register(registration({ vault: v }).body, v);
    const b = await register(registration({ vault: v }).body, v);
    const list = await api.call('GET', `/v1/vault/accounts/${v}/wallets?limit=1`, { key: admin });
    expect(list.status).toBe(200);
    expect(list.body.wallets).toHaveLength(1);
    expect(list.body.wallets[0].id).toBe(a.body.id);
    expect(list.body.wallets[0].public_key).toBeUndefined();
    expect(list.body.wallets[0].address).toBe(a.body.address);
    const next = await api.call('GET', `/v1/vault/accounts/${v}/wallets?limit=1&cursor=${list.body.next_cursor}`, {
      key: admin,
    });
    expect(next.body.wallets.map((w: { id: string }) => w.id)).toEqual([b.body.id]);
  });

  it('answers a malformed address with 400 1102', async () => {
    const { body } = registration();
    const res = await register({ ...body, address: '0x1234' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 1102, type: 'INVALID_ADDRESS' });
  });

  it('answers a proof that does not verify with 400 1105', async () => {
    const { body } = registration();
    const sig = body.proof_signature;
    const tampered = sig.slice(0, 100) + (sig[100] === '0' ? '1' : '0') + sig.slice(101);
    const res = await register({ ...body, proof_signature: tampered });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 1105, type: 'OWNERSHIP_PROOF' });
  });

  it("answers an address that is not the key's with 1105", async () => {
    const { body } = registration();
    const other = registration().body.address;
    expect((await register({ ...body, address: other })).body.error.code).toBe(1105);
  });

  it('answers a stale proof timestamp (over 300 s old) with 1105, even when correctly signed', async () => {
    const { body } = registration({ ts: nowSec() - 400 });
    const res = await register(body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(1105);
  });

  it('answers a proof made for another vault or another tenant with 1105', async () => {
    const other = (await api.call('POST', '/v1/vault/accounts', { key: admin, body: { name: 'other-vault' } })).body.id;
    expect((await register(registration({ vault: other }).body)).body.error.code).toBe(1105);
    expect((await register(registration({ tenant: newId() }).body)).body.error.code).toBe(1105);
  });

  it('answers a public key of the wrong size for the configured parameter set with 1100, and malformed hex with 1100', async () => {
    const kp44 = ML_DSA['ML-DSA-44'].keygen();
    const { body } = registration();
    const wrongSize = await register({
      ...body,
      public_key: toHex(kp44.publicKey),
      address: deriveAddress(kp44.publicKey),
    });
    expect(wrongSize.status).toBe(400);
    expect(wrongSize.body.error.code).toBe(1100);
    expect((await register({ ...body, public_key: '0xnothex' })).body.error.code).toBe(1100);
    expect((await register({ ...body, public_key: '0x' + '00'.repeat(5000) })).body.error.code).toBe(1100);
  });

  it('answers a missing proof with 1101 and an unknown member with 1100', async () => {
    const { body } = registration();
    const { proof_signature: _omit, ...noProof } = body;
    expect((await register(noProof)).body.error.code).toBe(1101);
    expect((await register({ ...body, vault_id: vaultId })).body.error.code).toBe(1100);
  });

  it('registers an address once per tenant (409 1104), in any vault and letter case; another tenant may register it too', async () => {
    const first = registration();
    expect((await register(first.body)).status).toBe(201);
    const again = await register(registration({ keys: first.keys }).body);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 1104, type: 'DUPLICATE_EXTERNAL_ID' });
    const v2 = (await api.call('POST', '/v1/vault/accounts', { key: admin, body: { name: 'second' } })).body.id;
    expect((await register(registration({ keys: first.keys, vault: v2 }).body, v2)).body.error.code).toBe(1104);
    const other = await createTenantWithAdmin(api);
    const otherVault = (await api.call('POST', '/v1/vault/accounts', { key: other.admin, body: { name: 'theirs' } }))
      .body.id;
    const theirs = await register(
      registration({ keys: first.keys, tenant: other.tenant.id, vault: otherVault }).body,
      otherVault,
      other.admin,
    );
    expect(theirs.status).toBe(201);
  });

  it('answers an unknown vault with 404 1400 on both registration paths, and a malformed vault_id with 1100', async () => {
    const unknown = newId();
    expect((await register(registration({ vault: unknown }).body, unknown)).body.error.code).toBe(1400);
    const viaBody = await api.call('POST', '/v1/wallets', {
      key: admin,
      body: { ...registration({ vault: unknown }).body, vault_id: unknown },
    });
    expect(viaBody.status).toBe(404);
    expect(viaBody.body.error.code).toBe(1400);
    expect(
      (await api.call('POST', '/v1/wallets', { key: admin, body: { ...registration().body, vault_id: 'nope' } })).body
        .error.code,
    ).toBe(1100);
  });

  it("hides another tenant's wallet (404 1400) from get and archive", async () => {
    const w = (await register(registration().body)).body;
    const other = await createTenantWithAdmin(api);
    for (const res of [
      await api.call('GET', `/v1/wallets/${w.id}`, { key: other.admin }),
      await api.call('POST', `/v1/wallets/${w.id}/archive`, { key: other.admin, body: {} }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe(1400);
    }
    expect((await api.call('GET', `/v1/wallets/${w.id}`, { key: admin })).body.status).toBe('active');
  });

  it('archives a wallet (only its status changes) and audits registration and archive with a key fingerprint', async () => {
    const w = (await register(registration().body)).body;
    const res = await api.call('POST', `/v1/wallets/${w.id}/archive`, { key: admin, body: { reason: 'rotated' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: w.id, status: 'archived', address: w.address, public_key: w.public_key });
    expect((await api.call('POST', `/v1/wallets/${w.id}/archive`, { key: admin, body: {} })).body.status).toBe(
      'archived',
    );
    const entries = (
      await api.call('GET', '/v1/audit/entries?limit=200&order=desc', { key: admin })
    ).body.entries.filter((e: { resource_id: string }) => e.resource_id === w.id);
    expect(entries.map((e: { action: string }) => e.action).sort()).toEqual(['wallet.archived', 'wallet.registered']);
    const registered = entries.find((e: { action: string }) => e.action === 'wallet.registered');
    expect(registered.change.public_key_keccak256).toBe(keccak256Hex(Buffer.from(w.public_key.slice(2), 'hex')));
    expect(JSON.stringify(registered.change)).not.toContain(w.public_key.slice(2, 200));
  });
});

describe('wallet generation through the reference signer', () => {
  it("generates a key pair in the signer (201): the address is the key's, and the signer really holds the key", async () => {
    const res = await api.call('POST', `/v1/vault/accounts/${vaultId}/wallets/generate`, {
      key: admin,
      body: { label: 'generated' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      vault_id: vaultId,
      label: 'generated',
      origin: 'generated',
      algorithm: 'ML-DSA-65',
      status: 'active',
    });
    expect((res.body.public_key.length - 2) / 2).toBe(1952);
    expect(res.body.address).toBe(deriveAddress(res.body.public_key));
    expect(res.body.signer_key_ref).toMatch(/^key_/);
    // Ask the signer to sign a digest with that key: the signature verifies against the wallet's public key.
    const digest = keccak256Hex(new TextEncoder().encode('payload'));
    const signed = await fetch(`${signer.url}/sign`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ key_ref: res.body.signer_key_ref, digest, context: profile.context }),
    });
    const { signature } = (await signed.json()) as { signature: string };
    expect(profile.verify(res.body.public_key, Buffer.from(digest.slice(2), 'hex'), signature)).toBe(true);
    const files = await readdir(join(signerDir, 'keys'));
    expect(files).toContain(`${res.body.signer_key_ref}.json`);
    expect((await stat(join(signerDir, 'keys', `${res.body.signer_key_ref}.json`))).mode & 0o777).toBe(0o600);
    const entries = (await api.call('GET', '/v1/audit/entries?limit=200', { key: admin })).body.entries;
    expect(
      entries.some(
        (e: { action: string; resource_id: string }) =>
          e.action === 'wallet.generated' && e.resource_id === res.body.id,
      ),
    ).toBe(true);
  });

  it('answers a retried generate with the same Idempotency-Key with the same wallet (one key in the signer)', async () => {
    const before = (await readdir(join(signerDir, 'keys'))).length;
    const headers = { 'Idempotency-Key': `gen-${newId()}` };
    const a = await api.call('POST', `/v1/vault/accounts/${vaultId}/wallets/generate`, {
      key: admin,
      body: {},
      headers,
    });
    const b = await api.call('POST', `/v1/vault/accounts/${vaultId}/wallets/generate`, {
      key: admin,
      body: {},
      headers,
    });
    expect(a.status).toBe(201);
    expect(b.body.id).toBe(a.body.id);
    expect((await readdir(join(signerDir, 'keys'))).length).toBe(before + 1);
  });

  it('refuses generation in an archived vault (409 1301) and an unknown one (404 1400)', async () => {
    const v = (await api.call('POST', '/v1/vault/accounts', { key: admin, body: { name: 'gen-archived' } })).body.id;
    await api.call('POST', `/v1/vault/accounts/${v}/archive`, { key: admin, body: {} });
    const archived = await api.call('POST', `/v1/vault/accounts/${v}/wallets/generate`, {
      key: admin,
      body: { label: 'x' },
    });
    expect(archived.status).toBe(409);
    expect(archived.body.error.code).toBe(1301);
    expect(
      (await api.call('POST', `/v1/vault/accounts/${newId()}/wallets/generate`, { key: admin, body: {} })).body.error
        .code,
    ).toBe(1400);
  });

  // Last in the file: it stops the signer.
  it('answers 503 1500 when the signer is down, and stores nothing', async () => {
    await signer.close();
    const before = (await api.call('GET', `/v1/vault/accounts/${vaultId}/wallets?limit=200`, { key: admin })).body
      .wallets.length;
    const res = await api.call('POST', `/v1/vault/accounts/${vaultId}/wallets/generate`, {
      key: admin,
      body: { label: 'down' },
    });
    expect(res.status).toBe(503);
    expect(res.body.error).toMatchObject({ code: 1500, type: 'NODE_UNAVAILABLE', details: { upstream: 'signer' } });
    expect(
      (await api.call('GET', `/v1/vault/accounts/${vaultId}/wallets?limit=200`, { key: admin })).body.wallets.length,
    ).toBe(before);
  });
});
