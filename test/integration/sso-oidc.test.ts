import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { FakeClock } from '../../shared/ports/clock.js';
import { config } from '../../shared/config.js';
import { makeDynamoClient } from '../../shared/composition/standalone.js';
import { createTenantWithAdmin, startTestApi, type Key, type TestApi } from '../support/local-api.js';
import { TestBrowser } from '../support/browser.js';
import { startHostileOidc, type HostileOidc } from '../support/hostile-oidc.js';
import { startDevOidcProvider, type DevOidcProvider } from '../../tools/dev-idp/oidc-provider.js';

/**
 * OIDC single sign-on over real HTTP: the local API, a real OpenID provider (oidc-provider) and, for the tokens a real
 * provider will not mint, a hostile provider with real discovery, JWKS, token and UserInfo endpoints. No mocked fetch.
 * The real provider runs with its defaults: the ID token carries no e-mail or groups, which come from UserInfo; a
 * second one puts them in the ID token.
 */
const clock = new FakeClock(Date.now());
let api: TestApi;
let idp: DevOidcProvider;
let idTokenIdp: DevOidcProvider;
let hostile: HostileOidc;
const CLIENT = { client_id: 'custody-test', client_secret: 'dev-secret-0123456789' };

type Tenant = { id: string; admin: Key; adminUserId: string };
let acme: Tenant;

const USERS = [
  { email: 'alice@acme.example', groups: ['custody-approvers'] },
  { email: 'viewer@acme.example', groups: ['custody-viewers'] },
  { email: 'newbie@acme.example', groups: ['custody-approvers'] },
  { email: 'nogroup@acme.example', groups: [] },
  { email: 'unverified@acme.example', email_verified: false, groups: ['custody-viewers'] },
  { email: 'mallory@other.example', groups: ['custody-approvers'] },
  { email: 'suspended@acme.example', groups: ['custody-viewers'] },
];

async function newTenant(): Promise<Tenant> {
  const t = await createTenantWithAdmin(api);
  return { id: t.tenant.id, admin: t.admin, adminUserId: t.adminUserId };
}

async function connect(t: Tenant, body: Record<string, unknown>) {
  const res = await api.call('PUT', '/v1/sso/oidc', {
    key: t.admin,
    body: { issuer: idp.issuer, ...CLIENT, scopes: ['openid', 'email', 'profile', 'groups'], ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function addUser(t: Tenant, email: string, roleIds: string[], extra: Record<string, unknown> = {}) {
  const res = await api.call('POST', '/v1/users', {
    key: t.admin,
    body: { email, name: email, role_ids: roleIds, ...extra },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

const isCallback = (u: string) => u.startsWith(`${api.baseUrl}/v1/sso/oidc/callback`);

/** Login through the real provider up to (not including) the callback; returns the callback URL. */
async function toCallback(
  browser: TestBrowser,
  tenantId: string,
  email: string,
  returnTo?: string,
  provider = idp,
): Promise<string> {
  const q = new URLSearchParams({ tenant_id: tenantId, ...(returnTo ? { return_to: returnTo } : {}) });
  const login = await browser.get(`${api.baseUrl}/v1/sso/oidc/login?${q}`);
  expect(login.status, login.text).toBe(302);
  const toForm = await browser.follow(
    login.location!,
    (next) => /\/interaction\/[^/]+$/.test(new URL(next).pathname) && new URL(next).origin === provider.issuer,
  );
  const form = toForm.next!;
  const posted = await browser.request('POST', `${form}/login`, { email });
  expect(posted.status, posted.text).toBeGreaterThanOrEqual(300);
  const back = await browser.follow(posted.location!, isCallback);
  expect(back.next, back.last.text).toBeDefined();
  return back.next!;
}

async function signIn(tenantId: string, email: string, returnTo?: string) {
  const browser = new TestBrowser();
  const callback = await toCallback(browser, tenantId, email, returnTo);
  return { browser, callback, res: await browser.get(callback) };
}

const sessionKey = (body: { key_id: string; secret: string }): Key => ({ keyId: body.key_id, secret: body.secret });

async function auditEntries(t: Tenant, action: string) {
  const res = await api.call('GET', '/v1/audit/entries?order=desc&limit=200', { key: t.admin });
  expect(res.status).toBe(200);
  return (res.body.entries as { action: string; change: Record<string, unknown> }[]).filter((e) => e.action === action);
}

async function lastRefusal(t: Tenant) {
  return (await auditEntries(t, 'sso.sign_in_refused'))[0]?.change;
}

beforeAll(async () => {
  api = await startTestApi({ clock });
  idp = await startDevOidcProvider({
    clients: [{ ...CLIENT, redirect_uris: [`${api.baseUrl}/v1/sso/oidc/callback`] }],
    users: USERS,
  });
  idTokenIdp = await startDevOidcProvider({
    clients: [{ ...CLIENT, redirect_uris: [`${api.baseUrl}/v1/sso/oidc/callback`] }],
    users: USERS,
    claimsInIdToken: true,
  });
  hostile = await startHostileOidc();
  acme = await newTenant();
  await connect(acme, { allowed_email_domains: ['acme.example'] });
  await addUser(acme, 'alice@acme.example', ['role_viewer']);
});
afterAll(async () => {
  await idp?.close();
  await idTokenIdp?.close();
  await hostile?.close();
  await api?.close();
});

describe('OIDC sign-in through a real provider', () => {
  it('signs in (JSON answer), the session works on GET /v1/transactions, signs out, then 401 1002', async () => {
    const { res } = await signIn(acme.id, 'alice@acme.example');
    const body = JSON.parse(res.text);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(body.user).toMatchObject({ email: 'alice@acme.example', role_ids: ['role_viewer'] });
    const key = sessionKey(body);
    expect((await api.call('GET', '/v1/transactions', { key })).status).toBe(200);
    const out = await api.call('POST', '/v1/sso/logout', { key });
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ kind: 'session', status: 'revoked' });
    const after = await api.call('GET', '/v1/transactions', { key });
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe(1002);
    const signedIn = await auditEntries(acme, 'sso.signed_in');
    expect(signedIn[0]!.change).toMatchObject({ method: 'oidc', email: 'alice@acme.example' });
    expect((await auditEntries(acme, 'sso.signed_out')).length).toBeGreaterThan(0);
  });
});

describe('sessions', () => {
  it('redirects to return_to with a one-time code (no credential in the URL), redeemed for a session listed with kind and expires_at', async () => {
    const { res, browser } = await signIn(acme.id, 'alice@acme.example', '/console');
    expect(res.status, res.text).toBe(302);
    const location = new URL(res.location!);
    expect(`${location.origin}${location.pathname}`).toBe(`${api.baseUrl}/console`);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect([...fragment.keys()]).toEqual(['code']);
    const redeemed = await browser.postJson(`${api.baseUrl}/v1/sso/session`, { code: fragment.get('code') });
    expect(redeemed.status, redeemed.text).toBe(200);
    const issued = JSON.parse(redeemed.text);
    const key = { keyId: issued.key_id, secret: issued.secret };
    expect(res.location).not.toContain(key.secret);
    expect((await api.call('GET', '/v1/transactions', { key })).status).toBe(200);
    const list = await api.call('GET', '/v1/credentials?limit=200', { key: acme.admin });
    const session = list.body.credentials.find((c: { key_id: string }) => c.key_id === key.keyId);
    expect(session).toMatchObject({ kind: 'session', expires_at: issued.expires_at, status: 'active' });
    expect(list.body.credentials.find((c: { key_id: string }) => c.key_id === acme.admin.keyId)).toMatchObject({
      kind: 'api_key',
      expires_at: null,
    });
    expect(JSON.stringify(list.body)).not.toContain(key.secret);
  });

  it('refuses a return_to on another origin (400 1018), audited, nothing stored', async () => {
    const res = await new TestBrowser().get(
      `${api.baseUrl}/v1/sso/oidc/login?tenant_id=${acme.id}&return_to=${encodeURIComponent('https://evil.example/steal')}`,
    );
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text).error.code).toBe(1018);
    expect(await lastRefusal(acme)).toMatchObject({ reason: 'return_to_not_allowed', code: 1018 });
  });

  it('ends a session at CUSTODY_SSO_SESSION_TTL (401 1004)', async () => {
    const { res } = await signIn(acme.id, 'alice@acme.example');
    const key = sessionKey(JSON.parse(res.text));
    clock.advance(8 * 3600 * 1000 - 1000);
    expect((await api.call('GET', '/v1/transactions', { key })).status).toBe(200);
    clock.advance(2000);
    const late = await api.call('GET', '/v1/transactions', { key });
    expect(late.status).toBe(401);
    expect(late.body.error.code).toBe(1004);
  });

  it('reads roles at each request: a removed role takes its permissions from a live session (403 1001)', async () => {
    const t = await newTenant();
    await connect(t, {});
    const userId = await addUser(t, 'viewer@acme.example', ['role_viewer']);
    const key = sessionKey(JSON.parse((await signIn(t.id, 'viewer@acme.example')).res.text));
    expect((await api.call('GET', '/v1/transactions', { key })).status).toBe(200);
    expect((await api.call('DELETE', `/v1/users/${userId}/roles/role_viewer`, { key: t.admin })).status).toBeLessThan(
      300,
    );
    const res = await api.call('GET', '/v1/transactions', { key });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe(1001);
  });

  it('refuses a session once its user or its tenant is suspended (401 1000)', async () => {
    const t = await newTenant();
    await connect(t, {});
    const userId = await addUser(t, 'viewer@acme.example', ['role_viewer']);
    const k1 = sessionKey(JSON.parse((await signIn(t.id, 'viewer@acme.example')).res.text));
    expect((await api.call('PUT', `/v1/users/${userId}`, { key: t.admin, body: { status: 'suspended' } })).status).toBe(
      200,
    );
    expect((await api.call('GET', '/v1/transactions', { key: k1 })).body.error.code).toBe(1000);
    expect((await api.call('PUT', `/v1/users/${userId}`, { key: t.admin, body: { status: 'active' } })).status).toBe(
      200,
    );
    const k2 = sessionKey(JSON.parse((await signIn(t.id, 'viewer@acme.example')).res.text));
    expect((await api.call('GET', '/v1/transactions', { key: k2 })).status).toBe(200);
    expect((await api.call('POST', `/v1/tenants/${t.id}/suspend`, { body: { reason: 'test' } })).status).toBeLessThan(
      300,
    );
    const res = await api.call('GET', '/v1/transactions', { key: k2 });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe(1000);
  });

  it('gives a session no more than its roles: a viewer session cannot create credentials or change the connection', async () => {
    const t = await newTenant();
    await connect(t, {});
    await addUser(t, 'viewer@acme.example', ['role_viewer']);
    const key = sessionKey(JSON.parse((await signIn(t.id, 'viewer@acme.example')).res.text));
    expect(
      (await api.call('POST', '/v1/credentials', { key, body: { user_id: t.adminUserId, name: 'x' } })).status,
    ).toBe(403);
    expect((await api.call('PUT', '/v1/sso/oidc', { key, body: { issuer: idp.issuer, client_id: 'x' } })).status).toBe(
      403,
    );
    expect((await api.call('POST', '/v1/credentials/rotate', { key, body: { key_id: key.keyId } })).status).toBe(403);
  });

  it('logout with an API key is 400 1100 (keys are revoked with DELETE)', async () => {
    const res = await api.call('POST', '/v1/sso/logout', { key: acme.admin });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(1100);
  });
});

describe('the SSO requirement (sso_only)', () => {
  it('stops the API keys of a user marked sso_only (401 1005) and refuses new keys for it (1100); its sessions work', async () => {
    const t = await newTenant();
    await connect(t, {});
    const userId = await addUser(t, 'viewer@acme.example', ['role_viewer']);
    const created = await api.call('POST', '/v1/credentials', {
      key: t.admin,
      body: { user_id: userId, name: 'legacy' },
    });
    const apiKey = { keyId: created.body.key_id, secret: created.body.secret };
    expect((await api.call('GET', '/v1/transactions', { key: apiKey })).status).toBe(200);
    const marked = await api.call('PUT', `/v1/users/${userId}`, { key: t.admin, body: { sso_only: true } });
    expect(marked.body.sso_only).toBe(true);
    const refused = await api.call('GET', '/v1/transactions', { key: apiKey });
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe(1005);
    const more = await api.call('POST', '/v1/credentials', { key: t.admin, body: { user_id: userId, name: 'again' } });
    expect(more.status).toBe(400);
    expect(more.body.error.details).toMatchObject({ guard: 'sso_only' });
    const session = sessionKey(JSON.parse((await signIn(t.id, 'viewer@acme.example')).res.text));
    expect((await api.call('GET', '/v1/transactions', { key: session })).status).toBe(200);
  });
});

describe('identity mapping', () => {
  it('refuses an unknown user without JIT (403 1015), audited', async () => {
    const { res } = await signIn(acme.id, 'newbie@acme.example');
    expect(res.status).toBe(403);
    expect(JSON.parse(res.text).error.code).toBe(1015);
    expect(await lastRefusal(acme)).toMatchObject({ reason: 'user_not_found', email: 'newbie@acme.example' });
  });

  it('sends a browser refused after its login state is known back to return_to with the error in the fragment, audited', async () => {
    const { res } = await signIn(acme.id, 'newbie@acme.example', '/console');
    expect(res.status, res.text).toBe(302);
    const location = new URL(res.location!);
    expect(`${location.origin}${location.pathname}`).toBe(`${api.baseUrl}/console`);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(Object.fromEntries(fragment)).toMatchObject({ error: 'SSO_USER_NOT_FOUND', error_code: '1015' });
    expect(fragment.get('error_description')).toBeTruthy();
    expect(fragment.get('secret')).toBeNull();
    expect(await lastRefusal(acme)).toMatchObject({ reason: 'user_not_found', email: 'newbie@acme.example' });
  });

  it('creates the user just in time, sso_only, with the roles its groups map to', async () => {
    const t = await newTenant();
    await connect(t, {
      jit_provisioning: true,
      role_mapping: { 'custody-approvers': ['role_approver'], 'custody-viewers': ['role_viewer'] },
    });
    const { res } = await signIn(t.id, 'newbie@acme.example');
    expect(res.status, res.text).toBe(200);
    expect(JSON.parse(res.text).user).toMatchObject({
      email: 'newbie@acme.example',
      role_ids: ['role_approver'],
      sso_only: true,
    });
    expect((await auditEntries(t, 'user.created')).some((e) => e.change.email === 'newbie@acme.example')).toBe(true);
    const nobody = await signIn(t.id, 'nogroup@acme.example');
    expect(nobody.res.status).toBe(403);
    expect(JSON.parse(nobody.res.text).error.code).toBe(1017);
  });

  it("sets an existing user's roles from the role claim at sign-in when the connection maps roles", async () => {
    const t = await newTenant();
    await connect(t, { role_mapping: { 'custody-approvers': ['role_approver'] } });
    const userId = await addUser(t, 'alice@acme.example', ['role_viewer']);
    const { res } = await signIn(t.id, 'alice@acme.example');
    expect(JSON.parse(res.text).user.role_ids).toEqual(['role_approver']);
    expect((await api.call('GET', `/v1/users/${userId}`, { key: t.admin })).body.role_ids).toEqual(['role_approver']);
    expect((await auditEntries(t, 'user.roles_synced'))[0]!.change).toMatchObject({
      from: ['role_viewer'],
      to: ['role_approver'],
    });
  });

  it('refuses an unverified e-mail (403 1013), audited', async () => {
    await addUser(acme, 'unverified@acme.example', ['role_viewer']);
    const { res } = await signIn(acme.id, 'unverified@acme.example');
    expect(res.status).toBe(403);
    expect(JSON.parse(res.text).error.code).toBe(1013);
    expect(await lastRefusal(acme)).toMatchObject({ reason: 'email_unverified', code: 1013 });
  });

  it('refuses an e-mail outside allowed_email_domains (403 1014), audited', async () => {
    const other = await newTenant();
    await addUser(other, 'mallory@other.example', ['role_admin']);
    await addUser(acme, 'mallory@other.example', ['role_viewer']);
    const { res } = await signIn(acme.id, 'mallory@other.example');
    expect(res.status).toBe(403);
    expect(JSON.parse(res.text).error.code).toBe(1014);
    expect(await lastRefusal(acme)).toMatchObject({ reason: 'email_domain_not_allowed' });
  });

  it('refuses a suspended user (403 1016), audited', async () => {
    const id = await addUser(acme, 'suspended@acme.example', ['role_viewer']);
    expect((await api.call('PUT', `/v1/users/${id}`, { key: acme.admin, body: { status: 'suspended' } })).status).toBe(
      200,
    );
    const { res } = await signIn(acme.id, 'suspended@acme.example');
    expect(res.status).toBe(403);
    expect(JSON.parse(res.text).error.code).toBe(1016);
    expect(await lastRefusal(acme)).toMatchObject({ reason: 'user_suspended' });
  });
});

describe('state, code and browser', () => {
  it('refuses a wrong state (401 1011), audited in the tenant the state names', async () => {
    const browser = new TestBrowser();
    const callback = new URL(await toCallback(browser, acme.id, 'alice@acme.example'));
    const state = callback.searchParams.get('state')!;
    callback.searchParams.set('state', `${state.slice(0, -4)}AAAA`);
    const res = await browser.get(callback.toString());
    expect(res.status).toBe(401);
    expect(JSON.parse(res.text).error.code).toBe(1011);
    expect(await lastRefusal(acme)).toMatchObject({ reason: 'state_unknown_or_used' });
  });

  it('refuses a reused state (401 1011): the first callback wins', async () => {
    const { browser, callback, res } = await signIn(acme.id, 'alice@acme.example');
    expect(res.status).toBe(200);
    const again = await browser.get(callback);
    expect(again.status).toBe(401);
    expect(JSON.parse(again.text).error.code).toBe(1011);
    expect(await lastRefusal(acme)).toMatchObject({ reason: 'state_unknown_or_used', code: 1011 });
  });

  it('refuses a reused authorization code (401 1012): the provider rejects it', async () => {
    const first = await signIn(acme.id, 'alice@acme.example');
    expect(first.res.status).toBe(200);
    const usedCode = new URL(first.callback).searchParams.get('code')!;
    const browser = new TestBrowser();
    const second = new URL(await toCallback(browser, acme.id, 'alice@acme.example'));
    second.searchParams.set('code', usedCode);
    const res = await browser.get(second.toString());
    expect(res.status).toBe(401);
    expect(JSON.parse(res.text).error.code).toBe(1012);
    expect(await lastRefusal(acme)).toMatchObject({ reason: 'code_rejected' });
  });

  it('refuses a callback opened in another browser than the login (401 1011, browser_mismatch)', async () => {
    const callback = await toCallback(new TestBrowser(), acme.id, 'alice@acme.example');
    const res = await new TestBrowser().get(callback);
    expect(res.status).toBe(401);
    expect(await lastRefusal(acme)).toMatchObject({ reason: 'browser_mismatch' });
  });

  it('refuses a callback where the provider reports an error (401 1019), audited', async () => {
    const browser = new TestBrowser();
    const callback = new URL(await toCallback(browser, acme.id, 'alice@acme.example'));
    const denied = new URL(`${api.baseUrl}/v1/sso/oidc/callback`);
    denied.searchParams.set('error', 'access_denied');
    denied.searchParams.set('state', callback.searchParams.get('state')!);
    denied.searchParams.set('iss', callback.searchParams.get('iss') ?? idp.issuer);
    const res = await browser.get(denied.toString());
    expect(res.status).toBe(401);
    expect(JSON.parse(res.text).error.code).toBe(1019);
    expect(await lastRefusal(acme)).toMatchObject({ reason: 'provider_error:access_denied' });
  });

  it('refuses a state older than 10 minutes (401 1011)', async () => {
    const browser = new TestBrowser();
    const callback = await toCallback(browser, acme.id, 'alice@acme.example');
    clock.advance(601_000);
    const res = await browser.get(callback);
    expect(res.status).toBe(401);
    expect(await lastRefusal(acme)).toMatchObject({ reason: 'state_expired' });
  });
});

describe('ID tokens a real provider will not mint (hostile provider)', () => {
  let evil: Tenant;
  beforeAll(async () => {
    evil = await newTenant();
    await connect(evil, { issuer: hostile.issuer, client_id: hostile.clientId, client_secret: 'whatever' });
    await addUser(evil, 'someone@hostile.example', ['role_viewer']);
  });

  async function hostileSignIn(
    mode: Parameters<typeof setMode>[0],
    claims?: Record<string, unknown>,
    userinfo?: Record<string, unknown>,
  ) {
    setMode(mode, claims, userinfo);
    const browser = new TestBrowser();
    const login = await browser.get(`${api.baseUrl}/v1/sso/oidc/login?tenant_id=${evil.id}`);
    expect(login.status, login.text).toBe(302);
    const back = await browser.follow(login.location!, isCallback);
    const res = await browser.get(back.next!);
    return { status: res.status, body: JSON.parse(res.text) };
  }
  function setMode(
    mode: HostileOidc['next']['mode'],
    claims?: Record<string, unknown>,
    userinfo?: Record<string, unknown>,
  ) {
    hostile.next = { mode, claims, userinfo };
  }

  it('accepts a well-formed token (the hostile provider itself works)', async () => {
    expect((await hostileSignIn('ok')).status).toBe(200);
  });

  it.each([
    ['nonce_mismatch', 'nonce_mismatch'],
    ['wrong_audience', 'audience_mismatch'],
    ['expired', 'token_expired'],
    ['unknown_key', undefined],
    ['alg_none', 'alg_not_allowed'],
  ] as const)('refuses %s (401 1012), audited', async (mode, reason) => {
    const { status, body } = await hostileSignIn(mode);
    expect(status, JSON.stringify(body)).toBe(401);
    expect(body.error.code).toBe(1012);
    const audited = await lastRefusal(evil);
    expect(audited).toMatchObject({ code: 1012 });
    if (reason) expect(audited!.reason).toBe(reason);
    else expect(String(audited!.reason)).toMatch(/signature|key/);
  });

  it('refuses email_verified: false from any provider (403 1013)', async () => {
    const { status, body } = await hostileSignIn('ok', { email_verified: false });
    expect(status).toBe(403);
    expect(body.error.code).toBe(1013);
  });

  const noEmailInIdToken = { email: undefined, email_verified: undefined };

  it('reads an e-mail the ID token lacks from UserInfo', async () => {
    const { status, body } = await hostileSignIn('ok', noEmailInIdToken, {
      sub: 'hostile-subject',
      email: 'someone@hostile.example',
      email_verified: true,
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.user.email).toBe('someone@hostile.example');
  });

  it('refuses a UserInfo answer about another subject than the ID token (401 1012 userinfo_subject_mismatch), audited, no session', async () => {
    const sessionsBefore = (await api.call('GET', '/v1/credentials?limit=200', { key: evil.admin })).body.credentials
      .length;
    const { status, body } = await hostileSignIn('ok', noEmailInIdToken, {
      sub: 'someone-else',
      email: 'someone@hostile.example',
      email_verified: true,
    });
    expect(status, JSON.stringify(body)).toBe(401);
    expect(body.error).toMatchObject({ code: 1012, details: { reason: 'userinfo_subject_mismatch' } });
    expect(await lastRefusal(evil)).toMatchObject({ reason: 'userinfo_subject_mismatch', code: 1012 });
    expect((await api.call('GET', '/v1/credentials?limit=200', { key: evil.admin })).body.credentials).toHaveLength(
      sessionsBefore,
    );
  });

  it("takes the e-mail and its verification together: an unverified ID-token e-mail is not verified by UserInfo's other address", async () => {
    const { status, body } = await hostileSignIn(
      'ok',
      { email: 'someone@hostile.example', email_verified: undefined },
      { sub: 'hostile-subject', email: 'else@hostile.example', email_verified: true },
    );
    expect(status, JSON.stringify(body)).toBe(403);
    expect(body.error.code).toBe(1015);
    expect(await lastRefusal(evil)).toMatchObject({ reason: 'user_not_found', email: 'else@hostile.example' });
  });
});

describe('claims from UserInfo or from the ID token', () => {
  it('signs in through a provider with its defaults: e-mail and groups read from UserInfo, roles mapped', async () => {
    const t = await newTenant();
    await connect(t, { role_mapping: { 'custody-approvers': ['role_approver'] } });
    await addUser(t, 'alice@acme.example', ['role_viewer']);
    const before = idp.userInfoRequests();
    const { res } = await signIn(t.id, 'alice@acme.example');
    expect(res.status, res.text).toBe(200);
    expect(JSON.parse(res.text).user).toMatchObject({ email: 'alice@acme.example', role_ids: ['role_approver'] });
    expect(idp.userInfoRequests()).toBe(before + 1);
  });

  it('signs in through a provider that puts the claims in the ID token, without a UserInfo request', async () => {
    const t = await newTenant();
    await connect(t, { issuer: idTokenIdp.issuer, role_mapping: { 'custody-approvers': ['role_approver'] } });
    await addUser(t, 'alice@acme.example', ['role_viewer']);
    const browser = new TestBrowser();
    const res = await browser.get(await toCallback(browser, t.id, 'alice@acme.example', undefined, idTokenIdp));
    expect(res.status, res.text).toBe(200);
    expect(JSON.parse(res.text).user).toMatchObject({ email: 'alice@acme.example', role_ids: ['role_approver'] });
    expect(idTokenIdp.userInfoRequests()).toBe(0);
  });
});

describe('a provider that is down', () => {
  async function loginStates(): Promise<number> {
    const cfg = config();
    const out = await makeDynamoClient(cfg).send(
      new ScanCommand({
        TableName: cfg.CUSTODY_TABLE_NAME,
        FilterExpression: 'entity = :e',
        ExpressionAttributeValues: { ':e': { S: 'sso_login_state' } },
      }),
    );
    return out.Count ?? 0;
  }

  it('answers 502 1502 at login and stores no login state', async () => {
    const down = await startHostileOidc();
    await down.close();
    const t = await newTenant();
    await connect(t, { issuer: down.issuer, client_id: 'x', client_secret: 'y' });
    const before = await loginStates();
    const res = await new TestBrowser().get(`${api.baseUrl}/v1/sso/oidc/login?tenant_id=${t.id}`);
    expect(res.status).toBe(502);
    expect(JSON.parse(res.text).error).toMatchObject({ code: 1502, type: 'SSO_PROVIDER_UNAVAILABLE' });
    expect(await loginStates()).toBe(before);
    expect(await lastRefusal(t)).toMatchObject({ code: 1502 });
  });

  it('answers 502 1502 at the callback when the token endpoint is gone, and issues no session', async () => {
    const flaky = await startHostileOidc();
    const t = await newTenant();
    await connect(t, { issuer: flaky.issuer, client_id: flaky.clientId, client_secret: 'y' });
    await addUser(t, 'someone@hostile.example', ['role_viewer']);
    const browser = new TestBrowser();
    const login = await browser.get(`${api.baseUrl}/v1/sso/oidc/login?tenant_id=${t.id}`);
    const back = await browser.follow(login.location!, isCallback);
    await flaky.close();
    const res = await browser.get(back.next!);
    expect(res.status).toBe(502);
    expect(JSON.parse(res.text).error.code).toBe(1502);
    const creds = await api.call('GET', '/v1/credentials?limit=200', { key: t.admin });
    expect(creds.body.credentials.filter((c: { kind: string }) => c.kind === 'session')).toEqual([]);
  });
});

describe('connection management', () => {
  it('never returns the client secret, keeps it when omitted, and needs it on create (1100)', async () => {
    const t = await newTenant();
    const missing = await api.call('PUT', '/v1/sso/oidc', {
      key: t.admin,
      body: { issuer: idp.issuer, client_id: 'x' },
    });
    expect(missing.status).toBe(400);
    const view = await connect(t, { jit_provisioning: true });
    expect(JSON.stringify(view)).not.toContain(CLIENT.client_secret);
    expect(view).toMatchObject({
      kind: 'oidc',
      secrets_set: ['client_secret'],
      role_claim: 'groups',
      jit_provisioning: true,
    });
    const kept = await api.call('PUT', '/v1/sso/oidc', {
      key: t.admin,
      body: { issuer: idp.issuer, client_id: CLIENT.client_id, scopes: ['openid', 'email', 'groups'] },
    });
    expect(kept.status).toBe(200);
    await addUser(t, 'alice@acme.example', ['role_viewer']);
    expect((await signIn(t.id, 'alice@acme.example')).res.status).toBe(200);
    const got = await api.call('GET', '/v1/sso/oidc', { key: t.admin });
    expect(JSON.stringify(got.body)).not.toContain(CLIENT.client_secret);
    expect((await api.call('DELETE', '/v1/sso/oidc', { key: t.admin })).status).toBe(204);
    const gone = await new TestBrowser().get(`${api.baseUrl}/v1/sso/oidc/login?tenant_id=${t.id}`);
    expect(gone.status).toBe(404);
    expect(JSON.parse(gone.text).error.code).toBe(1010);
  });
});
