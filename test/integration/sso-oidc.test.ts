import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { FakeClock } from '../../shared/ports/clock.js';
import { config } from '../../shared/config.js';
import { makeDynamoClient } from '../../shared/app/services.js';
import { createTenantWithAdmin, startTestApi, type Key, type TestApi } from '../support/local-api.js';
import { TestBrowser } from '../support/browser.js';
import { startHostileOidc, type HostileOidc } from '../support/hostile-oidc.js';
import { startDevOidcProvider, type DevOidcProvider } from '../../tools/dev-idp/oidc-provider.js';

/**
 * OIDC single sign-on over real HTTP: the local API, a real OpenID provider (oidc-provider) and, for the tokens a real
 * provider will not mint, a hostile provider with real discovery, JWKS and token endpoints. No mocked fetch.
 */
const clock = new FakeClock(Date.now());
let api: TestApi;
let idp: DevOidcProvider;
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
  const res = await api.call('PUT', '/v1/sso/oidc', { key: t.admin, body: { issuer: idp.issuer, ...CLIENT, scopes: ['openid', 'email', 'profile', 'groups'], ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function addUser(t: Tenant, email: string, roleIds: string[], extra: Record<string, unknown> = {}) {
  const res = await api.call('POST', '/v1/users', { key: t.admin, body: { email, name: email, role_ids: roleIds, ...extra } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

const isCallback = (u: string) => u.startsWith(`${api.baseUrl}/v1/sso/oidc/callback`);

/** Login through the real provider up to (not including) the callback; returns the callback URL. */
async function toCallback(browser: TestBrowser, tenantId: string, email: string, returnTo?: string): Promise<string> {
  const q = new URLSearchParams({ tenant_id: tenantId, ...(returnTo ? { return_to: returnTo } : {}) });
  const login = await browser.get(`${api.baseUrl}/v1/sso/oidc/login?${q}`);
  expect(login.status, login.text).toBe(302);
  const toForm = await browser.follow(login.location!, (next) => /\/interaction\/[^/]+$/.test(new URL(next).pathname) && new URL(next).origin === idp.issuer);
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
  idp = await startDevOidcProvider({ clients: [{ ...CLIENT, redirect_uris: [`${api.baseUrl}/v1/sso/oidc/callback`] }], users: USERS });
  hostile = await startHostileOidc();
  acme = await newTenant();
  await connect(acme, { allowed_email_domains: ['acme.example'] });
  await addUser(acme, 'alice@acme.example', ['role_viewer']);
});
afterAll(async () => {
  await idp?.close();
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
