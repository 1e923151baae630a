import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Key, TestApi } from '../support/local-api.js';
import { logger } from '../../shared/app/logger.js';
import { deriveAddress, ML_DSA, toHex, type ChainProfile } from '../../shared/domain/chain/chain-profile.js';
import { startWalletsFixture, type WalletsFixture } from '../support/wallets-fixture.js';

/*
 * The wallets function's chain profile loads ML-DSA on demand (its registration chunk, functions/wallets/creation.ts,
 * holds shared/composition/profile-on-demand.ts): served through its entry over real HTTP, the reads, an archive and a
 * generation through the reference signer leave ML-DSA unloaded (the service's profile refuses to verify, no verifier
 * logged); the first registration loads it, verifies a real ML-DSA-65 ownership proof (201) and refuses a bad one
 * (400 1105). The verifier chosen is logged when ML-DSA is loaded.
 */
let api: TestApi;
let testProfile: ChainProfile;
let admin: Key;
let tenantId: string;
let vaultId: string;
const info = vi.spyOn(logger, 'info');
const verifierLogs = () => info.mock.calls.filter(([m]) => m === 'chain profile');

let fixture: WalletsFixture | undefined;
beforeAll(async () => {
  fixture = await startWalletsFixture();
  ({ api, admin, tenantId, vaultId } = fixture);
  testProfile = fixture.profile;
});
afterAll(async () => fixture?.close());

describe('wallets: ML-DSA loaded by the first ownership proof', () => {
  it('reads, archive and generation never load ML-DSA; a registration loads it, verifies a real proof and refuses a bad one', async () => {
    const generated = await api.call('POST', `/v1/vault/accounts/${vaultId}/wallets/generate`, {
      key: admin,
      body: { label: 'hot' },
    });
    expect(generated.status).toBe(201);
    expect((await api.call('GET', `/v1/vault/accounts/${vaultId}/wallets`, { key: admin })).body.wallets).toHaveLength(
      1,
    );
    expect((await api.call('GET', `/v1/wallets/${generated.body.id}`, { key: admin })).body.public_key).toBe(
      generated.body.public_key,
    );
    expect((await api.call('POST', `/v1/wallets/${generated.body.id}/archive`, { key: admin, body: {} })).status).toBe(
      200,
    );
    // The function's profile (its `loadProfile`, built by the registration chunk) has not loaded ML-DSA: no verifier chosen.
    expect(verifierLogs()).toEqual([]);

    const kp = ML_DSA[testProfile.algorithm].keygen();
    const address = deriveAddress(kp.publicKey);
    const ts = Math.floor(Date.now() / 1000);
    const sig = testProfile.sign(
      kp.secretKey,
      testProfile.ownershipProofMessage({ tenantId, vaultId, address, timestamp: ts }),
    );
    const body = { address, public_key: toHex(kp.publicKey), proof_signature: sig, proof_timestamp: ts };
    const bad = { ...body, proof_signature: `${sig.slice(0, 10)}${sig[10] === '0' ? '1' : '0'}${sig.slice(11)}` };
    const refused = await api.call('POST', `/v1/vault/accounts/${vaultId}/wallets`, { key: admin, body: bad });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 1105, type: 'OWNERSHIP_PROOF' });
    const registered = await api.call('POST', '/v1/wallets', { key: admin, body: { vault_id: vaultId, ...body } });
    expect(registered.status).toBe(201);
    expect(registered.body).toMatchObject({ address, origin: 'registered' });
    expect(verifierLogs()).toHaveLength(1);
  });
});
