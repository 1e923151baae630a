import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { FakeClock } from '../../shared/ports/clock.js';
import { config } from '../../shared/config.js';
import { stepDeps } from '../support/step-deps.js';
import { advanceTransaction } from '../../shared/domain/transactions/advance.js';
import { createTenantWithAdmin, startTestApi, type Key, type TestApi } from '../support/local-api.js';
import { createUserWithRole, createVault, nativeAsset, randomAddress, registerWallet } from '../support/fixtures.js';
import { startTestChain, type TestChain } from '../support/test-chain.js';
import { collectPageErrors, launchChromium, type TestBrowser } from '../support/chromium.js';
import { startDevOidcProvider, type DevOidcProvider } from '../../tools/dev-idp/oidc-provider.js';
import { startDevSamlIdp } from '../../tools/dev-idp/saml-idp.js';

/*
 * The approver console signed in through single sign-on for real, in Debian's Chromium: the console's SSO button, the
 * development OpenID provider's sign-in page (tools/dev-idp/oidc-provider.ts), the API's callback, the redirect back
 * with a one-time code and the console's redemption of it; the same through the development SAML IdP (HTTP-Redirect AuthnRequest, the IdP's
 * auto-posting form to the ACS). The API runs on a fake clock, so a session expires when the test says so.
 */
const clock = new FakeClock(Date.now());
let chain: TestChain;
let api: TestApi;
let browser: TestBrowser;
let oidc: DevOidcProvider;
let saml: Awaited<ReturnType<typeof startDevSamlIdp>>;
let tenantId: string;
let admin: Key;
let operator: { userId: string; key: Key };
let walletId: string;
const domain = `sso-${Math.random().toString(36).slice(2, 8)}.example`;
const approver = `approver@${domain}`;
/** Known to the provider, not a user of the tenant (no JIT): a refused sign-in. */
const stranger = `stranger@${domain}`;
const CLIENT = { client_id: 'custody-console', client_secret: 'dev-secret-console-0123' };

const step = (txId: string) =>
  advanceTransaction({ ...stepDeps(), chain: chain.chain, approvalTtlSeconds: 3600 }, tenantId, txId);
async function runWorker(txId: string) {
  for (let i = 0; i < 10; i++) if ((await step(txId)).outcome !== 'moved') return;
}

async function pendingTransfer() {
  const res = await api.call('POST', '/v1/transactions', {
    key: operator.key,
    body: {
      sourceWalletId: walletId,
      destinationAddr: randomAddress(),
      assetId: nativeAsset(),
      amount: '2000000000000000000',
    },
  });
  expect(res.status).toBe(201);
  await runWorker(res.body.id);
  return res.body.id as string;
}

beforeAll(async () => {
  [chain, api, browser] = await Promise.all([startTestChain(), startTestApi({ clock }), launchChromium()]);
  const users = [
    { email: approver, groups: ['custody-approvers'], name: 'Ada Approver' },
    { email: stranger, groups: [], name: 'Stranger' },
  ];
  [oidc, saml] = await Promise.all([
    startDevOidcProvider({ clients: [{ ...CLIENT, redirect_uris: [`${api.baseUrl}/v1/sso/oidc/callback`] }], users }),
    startDevSamlIdp({ users }),
  ]);
  const t = await createTenantWithAdmin(api);
  tenantId = t.tenant.id;
  admin = t.admin;
  const mapping = { allowed_email_domains: [domain], role_mapping: { 'custody-approvers': ['role_approver'] } };
  expect(
    (
      await api.call('PUT', '/v1/sso/oidc', {
        key: admin,
        body: { issuer: oidc.issuer, ...CLIENT, scopes: ['openid', 'email', 'profile', 'groups'], ...mapping },
      })
    ).status,
  ).toBe(200);
  expect(
    (await api.call('PUT', '/v1/sso/saml', { key: admin, body: { idp_metadata_xml: saml.metadataXml, ...mapping } }))
      .status,
  ).toBe(200);
  expect(
    (
      await api.call('POST', '/v1/users', {
        key: admin,
        body: { email: approver, name: 'Ada Approver', role_ids: ['role_approver'] },
      })
    ).status,
  ).toBe(201);
  operator = await createUserWithRole(api, admin, 'operator');
  const vault = await createVault(api, admin);
  expect(
    (
      await api.call('POST', '/v1/policies', {
        key: admin,
        body: { vault_id: vault.id, name: 'one approval', rules: [{ type: 'REQUIRE_APPROVAL', value: '1' }] },
      })
    ).status,
  ).toBe(201);
  const { wallet } = await registerWallet(api, admin, tenantId, vault.id);
  await chain.fund(wallet.address);
  walletId = wallet.id;
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await oidc?.close();
  await saml?.close();
  await api?.close();
  await chain?.stop();
});

let context: BrowserContext | undefined;
let errors: string[] = [];
afterEach(async () => {
  await context?.close();
  context = undefined;
  expect(errors.filter((e) => !e.includes(oidc.issuer) && !e.includes(saml.url))).toEqual([]); // the providers' own pages are not ours
});

async function newPage(): Promise<Page> {
  context = await browser.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  errors = collectPageErrors(page);
  page.on('dialog', (d) => void d.accept()); // the decision's confirmation
  return page;
}

/** The console's "Sign in with SSO": the provider's sign-in page, the approver picked, back in the console. */
async function signInWithOidc(page: Page, prefilled = false) {
  await page.goto(`${api.baseUrl}/console${prefilled ? `?tenant_id=${tenantId}` : ''}`);
  if (prefilled) expect(await page.locator('#tenant-id').inputValue()).toBe(tenantId);
  else await page.locator('#tenant-id').fill(tenantId);
  await page.locator('#sso-signin').click();
  await page.waitForURL((u) => u.origin === oidc.issuer);
  await page.getByRole('button', { name: new RegExp(approver) }).click();
  await page.locator('#pending').waitFor();
  expect(new URL(page.url()).pathname).toBe('/console');
  expect(await page.locator('#who').textContent()).toBe(approver);
}

const row = (page: Page, txId: string) => page.locator(`#pending tr[data-tx="${txId}"]`);
const followed = (page: Page, txId: string) => page.locator(`#followed li[data-tx="${txId}"] .status`);

describe('the console through single sign-on', () => {
  it('signs in through the development OpenID provider, sees a pending transfer, approves it and sees it move on', async () => {
    const txId = await pendingTransfer();
    const page = await newPage();
    await signInWithOidc(page);
    expect(new URL(page.url()).hash).toBe('');
    const credential = JSON.parse((await page.evaluate(() => sessionStorage.getItem('custody.console.credential')))!);
    const session = await api.call('GET', '/v1/me', { key: { keyId: credential.keyId, secret: credential.secret } });
    expect(session.body.credential).toMatchObject({ kind: 'session' });
    await row(page, txId).locator('.reason').fill('checked against the invoice');
    await row(page, txId).locator('button.approve').click();
    await expect.poll(() => followed(page, txId).textContent()).toBe('APPROVED');
    await runWorker(txId);
    await expect.poll(() => followed(page, txId).textContent(), { timeout: 10_000 }).toBe('PENDING_SIGNATURE');
    const stored = await api.call('GET', `/v1/transactions/${txId}`, { key: admin });
    expect(stored.body.approvals.decisions).toEqual([
      expect.objectContaining({ decision: 'approved', reason: 'checked against the invoice' }),
    ]);
  });

  it('shows a refused sign-in the service sends back to the console (a provider user the tenant does not know), signed out', async () => {
    const page = await newPage();
    await page.goto(`${api.baseUrl}/console?tenant_id=${tenantId}`);
    await page.locator('#sso-signin').click();
    await page.waitForURL((u) => u.origin === oidc.issuer);
    await page.getByRole('button', { name: new RegExp(stranger) }).click();
    await page.locator('#signin').waitFor();
    await expect.poll(() => page.locator('#signin-error').textContent()).toMatch(/^Single sign-on failed: ./);
    expect(new URL(page.url()).hash).toBe('');
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
  });

  it('returns to the sign-in page when the session expires (CUSTODY_SSO_SESSION_TTL passed on the API clock)', async () => {
    const page = await newPage();
    await signInWithOidc(page, true); // from the link `npm start -- --with-idp` prints: the tenant id filled in
    clock.advance((config().CUSTODY_SSO_SESSION_TTL + 1) * 1000);
    await page.reload();
    await page.locator('#signin').waitFor();
    expect(await page.locator('#signin-error').textContent()).toMatch(/^Signed out: /);
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
  });

  it('signs a real session out: the API revokes it (401 after), and the sign-in view is back', async () => {
    const page = await newPage();
    await signInWithOidc(page);
    const credential = JSON.parse((await page.evaluate(() => sessionStorage.getItem('custody.console.credential')))!);
    const key = { keyId: credential.keyId, secret: credential.secret };
    expect((await api.call('GET', '/v1/me', { key })).status).toBe(200);
    await page.locator('#sign-out').click();
    await page.locator('#signin').waitFor();
    await expect.poll(async () => (await api.call('GET', '/v1/me', { key })).status).toBe(401);
    const list = await api.call('GET', '/v1/credentials?limit=200', { key: admin });
    expect(list.body.credentials.find((c: { key_id: string }) => c.key_id === key.keyId)).toMatchObject({
      kind: 'session',
      status: 'revoked',
    });
  });

  it("signs in through the development SAML IdP (HTTP-Redirect request, the IdP's form posted to the ACS)", async () => {
    const page = await newPage();
    await page.goto(`${api.baseUrl}/console?tenant_id=${tenantId}`);
    await page.locator('#sso-signin-saml').click();
    await page.waitForURL((u) => u.origin === saml.url);
    await page.getByRole('link', { name: approver }).click();
    await page.locator('#pending').waitFor();
    expect(new URL(page.url()).pathname).toBe('/console');
    expect(await page.locator('#who').textContent()).toBe(approver);
    const signedIn = await api.call('GET', '/v1/audit/entries?order=desc&limit=20', { key: admin });
    expect(signedIn.body.entries.find((e: { action: string }) => e.action === 'sso.signed_in').change).toMatchObject({
      method: 'saml',
      email: approver,
    });
  });
});
