import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantWithAdmin, startTestApi, type Key, type TestApi } from '../support/local-api.js';
import { TestBrowser } from '../support/browser.js';
import { startDevOidcProvider, type DevOidcProvider } from '../../tools/dev-idp/oidc-provider.js';
import { createDevSamlIdp, makeSamlSigningKey, type DevSamlIdp } from '../../tools/dev-idp/saml-idp.js';

/**
 * The role sync at sign-in (a connection with a `role_mapping` sets the user's roles from the provider's groups) never
 * leaves a tenant without an active admin: the same lockout guard as the users API. Over real HTTP, through the real
 * development providers (oidc-provider for OIDC, samlify for SAML).
 */
let api: TestApi;
let oidc: DevOidcProvider;
let saml: DevSamlIdp;
const CLIENT = { client_id: 'custody-role-sync', client_secret: 'dev-secret-role-sync-0123' };
const MAPPING = { 'custody-admins': ['role_admin'], 'custody-approvers': ['role_approver'] };
// The tenants' bootstrap admins have these e-mails (createTenantWithAdmin: admin@<name>.example); the providers list them.
const OIDC_TENANT = `rolesync-oidc-${Math.random().toString(36).slice(2, 8)}`;
const SAML_TENANT = `rolesync-saml-${Math.random().toString(36).slice(2, 8)}`;
const oidcAdmin = `admin@${OIDC_TENANT}.example`;
const samlAdmin = `admin@${SAML_TENANT}.example`;

type Tenant = { id: string; admin: Key; adminUserId: string };

async function tenant(name: string): Promise<Tenant> {
  const t = await createTenantWithAdmin(api, name);
  return { id: t.tenant.id, admin: t.admin, adminUserId: t.adminUserId };
}

async function auditEntries(t: Tenant, action: string) {
  const res = await api.call('GET', '/v1/audit/entries?order=desc&limit=200', { key: t.admin });
  expect(res.status).toBe(200);
  return (res.body.entries as { action: string; change: Record<string, unknown> }[]).filter((e) => e.action === action);
}

async function sessions(t: Tenant) {
  const res = await api.call('GET', '/v1/credentials?limit=200', { key: t.admin });
  return (res.body.credentials as { kind: string }[]).filter((c) => c.kind === 'session');
}

async function roleIds(t: Tenant, userId: string) {
  return (await api.call('GET', `/v1/users/${userId}`, { key: t.admin })).body.role_ids as string[];
}

/** A second active admin, and its API key (the first admin's key loses its powers once the sync demotes it). */
async function addAdmin(t: Tenant): Promise<Tenant> {
  const res = await api.call('POST', '/v1/users', {
    key: t.admin,
    body: { email: `second@${t.id}.example`, name: 'Second admin', role_ids: ['role_admin'] },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const cred = await api.call('POST', '/v1/credentials', {
    key: t.admin,
    body: { user_id: res.body.id, name: 'second admin' },
  });
  expect(cred.status, JSON.stringify(cred.body)).toBe(201);
  return { ...t, admin: { keyId: cred.body.key_id, secret: cred.body.secret } };
}

/** An OIDC sign-in through the real provider, answered as JSON (no return_to). */
async function oidcSignIn(tenantId: string, email: string) {
  const browser = new TestBrowser();
  const login = await browser.get(`${api.baseUrl}/v1/sso/oidc/login?tenant_id=${tenantId}`);
  expect(login.status, login.text).toBe(302);
  const toForm = await browser.follow(
    login.location!,
    (next) => new URL(next).origin === oidc.issuer && /\/interaction\/[^/]+$/.test(new URL(next).pathname),
  );
  const posted = await browser.request('POST', `${toForm.next!}/login`, { email });
  const back = await browser.follow(posted.location!, (next) => next.startsWith(`${api.baseUrl}/v1/sso/oidc/callback`));
  const res = await browser.get(back.next!);
  return { status: res.status, body: JSON.parse(res.text) };
}

/** A SAML sign-in: the real AuthnRequest answered by the real IdP, posted to the ACS. */
async function samlSignIn(tenantId: string, email: string, groups: string[]) {
  const login = await new TestBrowser().get(`${api.baseUrl}/v1/sso/saml/login?tenant_id=${tenantId}`);
  expect(login.status, login.text).toBe(302);
  const answer = await saml.respond(login.location!, { email, groups });
  const res = await new TestBrowser().request('POST', `${api.baseUrl}/v1/sso/saml/acs`, {
    SAMLResponse: answer.samlResponse,
  });
  return { status: res.status, body: JSON.parse(res.text) };
}

beforeAll(async () => {
  api = await startTestApi();
  oidc = await startDevOidcProvider({
    clients: [{ ...CLIENT, redirect_uris: [`${api.baseUrl}/v1/sso/oidc/callback`] }],
    users: [{ email: oidcAdmin, groups: ['custody-approvers'] }],
  });
  saml = await createDevSamlIdp({
    entityId: 'https://idp.rolesync.example/saml',
    ssoUrl: 'https://idp.rolesync.example/sso',
    signingKey: await makeSamlSigningKey('Role sync IdP'),
  });
});
afterAll(async () => {
  await oidc?.close();
  await api?.close();
});

describe("the role sync at sign-in keeps the tenant's last active admin", () => {
  it('OIDC: refuses the last admin whose groups map elsewhere (403 1017 last_active_admin), audited, roles kept, no session; signs in once another admin exists', async () => {
    const t = await tenant(OIDC_TENANT);
    const put = await api.call('PUT', '/v1/sso/oidc', {
      key: t.admin,
      body: { issuer: oidc.issuer, ...CLIENT, scopes: ['openid', 'email', 'profile', 'groups'], role_mapping: MAPPING },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);

    const refused = await oidcSignIn(t.id, oidcAdmin);
    expect(refused.status, JSON.stringify(refused.body)).toBe(403);
    expect(refused.body.error).toMatchObject({
      code: 1017,
      type: 'SSO_NO_ROLE',
      details: { reason: 'last_active_admin' },
    });
    expect((await auditEntries(t, 'sso.sign_in_refused'))[0]!.change).toMatchObject({
      reason: 'last_active_admin',
      code: 1017,
      email: oidcAdmin,
    });
    expect(await roleIds(t, t.adminUserId)).toEqual(['role_admin']);
    expect(await auditEntries(t, 'user.roles_synced')).toEqual([]);
    expect(await sessions(t)).toEqual([]);

    const second = await addAdmin(t);
    const signed = await oidcSignIn(t.id, oidcAdmin);
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body.user.role_ids).toEqual(['role_approver']);
    expect((await auditEntries(second, 'user.roles_synced'))[0]!.change).toMatchObject({
      from: ['role_admin'],
      to: ['role_approver'],
    });
  });

  it('SAML: refuses the last admin whose groups map elsewhere (403 1017 last_active_admin), audited, roles kept; an admin group still signs in', async () => {
    const t = await tenant(SAML_TENANT);
    const put = await api.call('PUT', '/v1/sso/saml', {
      key: t.admin,
      body: { idp_metadata_xml: saml.metadataXml, role_mapping: MAPPING },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);

    const refused = await samlSignIn(t.id, samlAdmin, ['custody-approvers']);
    expect(refused.status, JSON.stringify(refused.body)).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 1017, details: { reason: 'last_active_admin' } });
    expect((await auditEntries(t, 'sso.sign_in_refused'))[0]!.change).toMatchObject({
      reason: 'last_active_admin',
      code: 1017,
      email: samlAdmin,
    });
    expect(await roleIds(t, t.adminUserId)).toEqual(['role_admin']);
    expect(await sessions(t)).toEqual([]);

    const kept = await samlSignIn(t.id, samlAdmin, ['custody-admins', 'custody-approvers']);
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.user.role_ids).toEqual(['role_admin', 'role_approver']);
  });
});
