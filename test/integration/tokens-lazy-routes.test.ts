import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTenantWithAdmin, startTestApi, type Key, type TestApi } from '../support/local-api.js';
import { createVault, randomAddress, registerWallet } from '../support/fixtures.js';

/**
 * The tokens function's writes (functions/tokens/submissions.ts: creating a token, its operations and allowlist
 * changes, each a transaction with the policies and the spend allowances) are a lazy chunk: over the real API
 * (DynamoDB Local, real HTTP) the templates and the token reads never load it; a create loads it. A failed load (the
 * module's evaluation throws, as a missing chunk does) fails that request with 500 and stores nothing; it is not kept,
 * so the next create loads the module and is accepted, and the operations then use the same module. The mock
 * evaluates the real module and counts its loads; no other module of this process imports it.
 */
const loads = vi.hoisted(() => ({ submissions: 0, fail: false }));
vi.mock('../../functions/tokens/submissions.js', async (original) => {
  if (loads.fail) throw new Error('chunk failed to load');
  loads.submissions++;
  return original();
});

let api: TestApi;
let admin: Key;
let vaultId: string;
let walletId: string;
beforeAll(async () => {
  api = await startTestApi();
  const t = await createTenantWithAdmin(api);
  admin = t.admin;
  vaultId = (await createVault(api, admin)).id;
  walletId = (await registerWallet(api, admin, t.tenant.id as string, vaultId)).wallet.id;
});
afterAll(async () => api?.close());

describe('the tokens function loads its writes only to submit', () => {
  it('reads load nothing; a failed load fails one create (nothing stored), the next loads it and is accepted', async () => {
    expect((await api.call('GET', '/v1/token-templates', { key: admin })).status).toBe(200);
    expect((await api.call('GET', '/v1/tokens', { key: admin })).body.tokens).toEqual([]);
    expect((await api.call('GET', '/v1/tokens/0193b1f4-6f1e-7c3a-9d2b-5a1e8c7f0a11', { key: admin })).status).toBe(404);
    expect(loads.submissions).toBe(0);

    const body = { template_id: 'ERC20', name: 'Lazy token', symbol: 'LZY', decimals: 6, admin_vault_account_id: vaultId, admin_wallet_id: walletId };
    loads.fail = true;
    const failed = await api.call('POST', '/v1/tokens', { key: admin, body });
    loads.fail = false;
    expect(failed.status).toBe(500);
    expect((await api.call('GET', '/v1/tokens', { key: admin })).body.tokens).toEqual([]);
    expect((await api.call('GET', '/v1/transactions', { key: admin })).body.transactions).toEqual([]);

    const created = await api.call('POST', '/v1/tokens', { key: admin, body });
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    expect(created.body).toMatchObject({ token: { symbol: 'LZY', status: 'PENDING_DEPLOYMENT' }, transaction: { operation: 'DEPLOY_TOKEN' } });
    expect(loads.submissions).toBe(1);

    // An operation and an allowlist change go through the same module: a token not yet deployed refuses them (409).
    const tokenId = created.body.token.id as string;
    expect((await api.call('POST', `/v1/tokens/${tokenId}/operations`, { key: admin, body: { operation: 'PAUSE', params: {} } })).status).toBe(409);
    expect((await api.call('POST', `/v1/tokens/${tokenId}/allowlist`, { key: admin, body: { address: randomAddress() } })).status).toBe(409);
    expect((await api.call('GET', '/v1/tokens', { key: admin })).body.tokens).toHaveLength(1);
    expect(loads.submissions).toBe(1);
  });
});
