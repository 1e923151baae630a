import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../shared/ports/clock.js';
import { createTenantWithAdmin, startTestApi, type Key, type TestApi } from '../support/local-api.js';
import { TestBrowser } from '../support/browser.js';
import { startDevOidcProvider, type DevOidcProvider } from '../../tools/dev-idp/oidc-provider.js';

/**
 * The hand-off of a finished browser sign-in over real HTTP, with the real OpenID provider: the redirect carries a
 * one-time code and never a credential; `POST /v1/sso/session` redeems it once, in time, from the browser that
 * finished the sign-in (its cookie, or PKCE for a front end on another origin); `return_to` is only the console or an
 * allowed origin, so sign-ins cannot be chained; a redirect to another origin never lets a fragment ride along.
 */
const clock = new FakeClock(Date.now());
let api: TestApi;
let idp: DevOidcProvider;
const CLIENT = { client_id: 'custody-handoff', client_secret: 'dev-secret-handoff-01' };
const FRONT_END = 'https://wallet.acme.example';

type Tenant = { id: string; admin: Key };
let victim: Tenant;
let other: Tenant;

async function connect(t: Tenant, body: Record<string, unknown> = {}) {
  const res = await api.call('PUT', '/v1/sso/oidc', {
    key: t.admin,
    body: { issuer: idp.issuer, ...CLIENT, scopes: ['openid', 'email', 'profile'], ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function refusals(t: Tenant) {
  const res = await api.call('GET', '/v1/audit/entries?order=desc&limit=100', { key: t.admin });
  return (res.body.entries as { action: string; change: Record<string, unknown> }[])
    .filter((e) => e.action === 'sso.sign_in_refused')
    .map((e) => e.change);
}

/** A sign-in through the real provider, from login to the callback's answer, in `browser`. */
async function signIn(browser: TestBrowser, query: Record<string, string>, email = 'alice@acme.example') {
  const login = await browser.get(`${api.baseUrl}/v1/sso/oidc/login?${new URLSearchParams(query)}`);
  expect(login.status, login.text).toBe(302);
  const toForm = await browser.follow(login.location!, (next) => /\/interaction\/[^/]+$/.test(new URL(next).pathname));
  const posted = await browser.request('POST', `${toForm.next!}/login`, { email });
  const back = await browser.follow(posted.location!, (u) => u.startsWith(`${api.baseUrl}/v1/sso/oidc/callback`));
  return { login, res: await browser.get(back.next!) };
}

const fragmentOf = (location: string) => new URLSearchParams(new URL(location).hash.slice(1));
const redeem = (browser: TestBrowser, body: Record<string, unknown>) =>
  browser.postJson(`${api.baseUrl}/v1/sso/session`, body);

beforeAll(async () => {
  api = await startTestApi({ clock });
  idp = await startDevOidcProvider({
    clients: [{ ...CLIENT, redirect_uris: [`${api.baseUrl}/v1/sso/oidc/callback`] }],
    users: [{ email: 'alice@acme.example', groups: [] }],
  });
  const [v, o] = [await createTenantWithAdmin(api), await createTenantWithAdmin(api)];
  victim = { id: v.tenant.id, admin: v.admin };
  other = { id: o.tenant.id, admin: o.admin };
  await connect(victim, { allowed_return_origins: [FRONT_END] });
  await connect(other);
  expect(
    (
      await api.call('POST', '/v1/users', {
        key: victim.admin,
        body: { email: 'alice@acme.example', name: 'Alice', role_ids: ['role_admin'] },
      })
    ).status,
  ).toBe(201);
});
afterAll(async () => {
  await idp?.close();
  await api?.close();
});

describe('the sign-in hand-off', () => {
  it('redirects with a code and the client state only; the code works once, and a second use is refused and audited', async () => {
    const browser = new TestBrowser();
    const { res } = await signIn(browser, {
      tenant_id: victim.id,
      return_to: '/console',
      client_state: 'console-state-0123456789',
    });
    expect(res.status, res.text).toBe(302);
    const fragment = fragmentOf(res.location!);
    expect(Object.fromEntries(fragment)).toEqual({
      code: expect.stringMatching(new RegExp(`^${victim.id}\\.[A-Za-z0-9_-]{43}$`)),
      client_state: 'console-state-0123456789',
    });
    expect(res.headers.get('cache-control')).toBe('no-store');

    const first = await redeem(browser, { code: fragment.get('code') });
    expect(first.status, first.text).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const session = JSON.parse(first.text);
    expect(session).toMatchObject({
      key_id: expect.any(String),
      secret: expect.any(String),
      user: { email: 'alice@acme.example' },
    });
    expect(
      (await api.call('GET', '/v1/me', { key: { keyId: session.key_id, secret: session.secret } })).body.credential,
    ).toMatchObject({ kind: 'session' });

    const second = await redeem(browser, { code: fragment.get('code') });
    expect(second.status).toBe(401);
    expect(JSON.parse(second.text).error).toMatchObject({ code: 1011, details: { reason: 'code_used' } });
    expect((await refusals(victim))[0]).toMatchObject({ reason: 'code_used', code: 1011 });
    expect(second.text).not.toContain(session.secret);
  });

  it('refuses a code from another browser (audited) and uses it up, so its own browser cannot redeem it after', async () => {
    const browser = new TestBrowser();
    const { res } = await signIn(browser, { tenant_id: victim.id, return_to: '/console' });
    const code = fragmentOf(res.location!).get('code');
    const stolen = await redeem(new TestBrowser(), { code });
    expect(stolen.status).toBe(401);
    expect(JSON.parse(stolen.text).error.details).toMatchObject({ reason: 'browser_mismatch' });
    expect((await refusals(victim))[0]).toMatchObject({ reason: 'browser_mismatch' });
    expect(JSON.parse((await redeem(browser, { code })).text).error.details).toMatchObject({ reason: 'code_used' });
  });

  it('refuses a code redeemed after 60 seconds, audited', async () => {
    const browser = new TestBrowser();
    const { res } = await signIn(browser, { tenant_id: victim.id, return_to: '/console' });
    clock.advance(61_000);
    const late = await redeem(browser, { code: fragmentOf(res.location!).get('code') });
    expect(late.status).toBe(401);
    expect(JSON.parse(late.text).error.details).toMatchObject({ reason: 'code_expired' });
    expect((await refusals(victim))[0]).toMatchObject({ reason: 'code_expired' });
  });

  it('refuses an unknown or forged code (401 1011), audited in the tenant it names', async () => {
    const forged = await redeem(new TestBrowser(), { code: `${victim.id}.${randomBytes(32).toString('base64url')}` });
    expect(forged.status).toBe(401);
    expect(JSON.parse(forged.text).error).toMatchObject({ code: 1011, details: { reason: 'code_unknown' } });
    expect((await refusals(victim))[0]).toMatchObject({ reason: 'code_unknown' });
    expect((await redeem(new TestBrowser(), { code: 'garbage' })).status).toBe(401);
    expect((await redeem(new TestBrowser(), {})).status).toBe(400);
  });

  it('binds a code for a front end on another origin by PKCE: required at login, the verifier redeems it, nothing else does', async () => {
    const noChallenge = await new TestBrowser().get(
      `${api.baseUrl}/v1/sso/oidc/login?${new URLSearchParams({ tenant_id: victim.id, return_to: `${FRONT_END}/signed-in` })}`,
    );
    expect(noChallenge.status).toBe(400);
    expect(JSON.parse(noChallenge.text).error).toMatchObject({
      code: 1018,
      details: { reason: 'code_challenge_missing' },
    });

    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const { res } = await signIn(new TestBrowser(), {
      tenant_id: victim.id,
      return_to: `${FRONT_END}/signed-in`,
      code_challenge: challenge,
    });
    expect(res.location!.startsWith(`${FRONT_END}/signed-in#code=`)).toBe(true);
    const code = fragmentOf(res.location!).get('code');
    // The front end's back end redeems it: no cookie of the service's, only the verifier.
    const wrong = await redeem(new TestBrowser(), { code, code_verifier: randomBytes(32).toString('base64url') });
    expect(JSON.parse(wrong.text).error.details).toMatchObject({ reason: 'browser_mismatch' });

    const { res: again } = await signIn(new TestBrowser(), {
      tenant_id: victim.id,
      return_to: `${FRONT_END}/signed-in`,
      code_challenge: challenge,
    });
    const ok = await redeem(new TestBrowser(), {
      code: fragmentOf(again.location!).get('code'),
      code_verifier: verifier,
    });
    expect(ok.status, ok.text).toBe(200);
  });
});

describe('return_to and redirects that could carry a secret away', () => {
  it("refuses the chained login (return_to naming another tenant's login route), and any path of the service but the console (1018)", async () => {
    const chained = `/v1/sso/oidc/login?tenant_id=${other.id}`;
    for (const returnTo of [
      chained,
      `${api.baseUrl}${chained}`,
      `/v1/sso/saml/login?tenant_id=${other.id}`,
      '/v1/me',
      '/console/console.js',
      '/docs',
      '/',
    ]) {
      for (const kind of ['oidc', 'saml']) {
        const res = await new TestBrowser().get(
          `${api.baseUrl}/v1/sso/${kind}/login?${new URLSearchParams({ tenant_id: victim.id, return_to: returnTo })}`,
        );
        // SAML has no connection in this tenant (1010 comes first); OIDC checks the return_to.
        if (kind === 'saml') expect(res.status).toBe(404);
        else
          expect(JSON.parse(res.text).error, returnTo).toMatchObject({
            code: 1018,
            details: { reason: 'return_to_not_allowed' },
          });
      }
    }
    const console = await new TestBrowser().get(
      `${api.baseUrl}/v1/sso/oidc/login?${new URLSearchParams({ tenant_id: victim.id, return_to: `${api.baseUrl}/console?tenant_id=${victim.id}` })}`,
    );
    expect(console.status).toBe(302);
  });

  it('ends every redirect to the identity provider with its own (empty) fragment', async () => {
    const res = await new TestBrowser().get(`${api.baseUrl}/v1/sso/oidc/login?tenant_id=${victim.id}`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')!.startsWith(idp.issuer)).toBe(true);
    expect(res.headers.get('location')!.endsWith('#')).toBe(true);
  });
});
