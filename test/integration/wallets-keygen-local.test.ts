import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantWithAdmin, startTestApi, type TestApi } from '../support/local-api.js';
import { resetConfig } from '../../shared/config.js';

/* With CUSTODY_SIGNER_KEYGEN_MODE=local keys are made outside the service and only registered: generate is 1100. */
let api: TestApi;
beforeAll(async () => {
  process.env.CUSTODY_SIGNER_KEYGEN_MODE = 'local';
  process.env.CUSTODY_SIGNER_URL = 'http://127.0.0.1:9'; // would fail if it were ever called
  resetConfig();
  api = await startTestApi();
});
afterAll(async () => api?.close());

describe('wallet generation with CUSTODY_SIGNER_KEYGEN_MODE=local', () => {
  it('answers generate with 400 1100 VALIDATION and creates no wallet', async () => {
    const { admin } = await createTenantWithAdmin(api);
    const vault = (await api.call('POST', '/v1/vault/accounts', { key: admin, body: { name: 'v' } })).body.id;
    const res = await api.call('POST', `/v1/vault/accounts/${vault}/wallets/generate`, {
      key: admin,
      body: { label: 'x' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 1100, type: 'VALIDATION' });
    expect(res.body.error.message).toMatch(/CUSTODY_SIGNER_KEYGEN_MODE=local/);
    expect((await api.call('GET', `/v1/vault/accounts/${vault}/wallets`, { key: admin })).body.wallets).toEqual([]);
  });
});
