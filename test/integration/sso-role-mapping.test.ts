import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantWithAdmin, startTestApi, type Key, type TestApi } from '../support/local-api.js';
import { makeTestCertificate } from '../support/test-certificate.js';

/*
 * A connection's role mapping names system roles by id. An id that names no role is a bad value of the request: 400
 * 1100 naming the role and where it is, and the connection is not stored (it is not a missing resource, 404).
 */
let api: TestApi;
let admin: Key;
beforeAll(async () => {
  api = await startTestApi();
  admin = (await createTenantWithAdmin(api)).admin;
});
afterAll(async () => api?.close());

const mapping = {
  role_mapping: { 'custody-approvers': ['role_approver'], 'custody-root': ['role_viewer', 'role_superuser'] },
};

describe('SSO role mapping', () => {
  it.each([
    ['oidc', () => ({ issuer: 'https://idp.example', client_id: 'custody', client_secret: 's3cret', ...mapping })],
    [
      'saml',
      () => ({
        idp_entity_id: 'https://idp.example/saml',
        idp_sso_url: 'https://idp.example/sso',
        idp_certificate_pem: makeTestCertificate().cert,
        ...mapping,
      }),
    ],
  ])(
    'refuses an unknown role id in a %s connection with 400 1100 naming it, and stores nothing',
    async (kind, body) => {
      const res = await api.call('PUT', `/v1/sso/${kind}`, { key: admin, body: body() });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error).toMatchObject({
        code: 1100,
        type: 'VALIDATION',
        details: { field: 'role_mapping.custody-root.1', role: 'role_superuser' },
      });
      expect(res.body.error.message).toContain('"role_superuser"');
      expect((await api.call('GET', `/v1/sso/${kind}`, { key: admin })).status).toBe(404);
    },
  );
});
