import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { stepDeps } from '../../shared/app/worker-services.js';
import { advanceTransaction } from '../../shared/domain/transactions/advance.js';
import { createTenantWithAdmin, startTestApi, type Key, type TestApi } from '../support/local-api.js';
import { createUserWithKey, createUserWithRole, createVault, nativeAsset, randomAddress, registerWallet } from '../support/fixtures.js';
import { startTestChain, type TestChain } from '../support/test-chain.js';
import { collectPageErrors, launchChromium, screenshot, type TestBrowser } from '../support/chromium.js';

/*
 * The approver console (/console) in Debian's Chromium against a local API on DynamoDB Local: the page signs in with
 * a pasted credential, lists transfers waiting in PENDING_AUTHORIZATION, and decides on them through the public API.
 * The worker's steps are driven by the test (one call = one delivered queue message), so what the page shows after a
 * decision is the status the API reports. Every page must run with no error, CSP violations included.
 */
let chain: TestChain;
let api: TestApi;
let browser: TestBrowser;
let tenantId: string;
let admin: Key;
let operator: { userId: string; key: Key };
let approvers: { userId: string; key: Key; email: string }[];
let viewer: { userId: string; key: Key };
let oneApproval: string;
let twoApprovals: string;

const step = (txId: string) => advanceTransaction({ ...stepDeps(), chain: chain.chain, approvalTtlSeconds: 3600 }, tenantId, txId);
async function runWorker(txId: string) {
  for (let i = 0; i < 10; i++) if ((await step(txId)).outcome !== 'moved') return;
}

async function walletUnderPolicy(approvals: number) {
  const vault = await createVault(api, admin);
  const policy = await api.call('POST', '/v1/policies', { key: admin, body: { vault_id: vault.id, name: `needs ${approvals}`, rules: [{ type: 'REQUIRE_APPROVAL', value: String(approvals) }] } });
  expect(policy.status).toBe(201);
  const { wallet } = await registerWallet(api, admin, tenantId, vault.id);
  await chain.fund(wallet.address);
  return wallet.id;
}

/** A transfer of 1.5 units (18 decimals) submitted by `by`, moved by the worker to PENDING_AUTHORIZATION. */
async function pendingTransfer(walletId: string, by: Key = operator.key, note?: string) {
  const res = await api.call('POST', '/v1/transactions', { key: by, body: { sourceWalletId: walletId, destinationAddr: randomAddress(), assetId: nativeAsset(), amount: '1500000000000000000', ...(note ? { note } : {}) } });
  expect(res.status).toBe(201);
  await runWorker(res.body.id);
  const mine = await api.call('GET', `/v1/transactions/${res.body.id}`, { key: admin });
  expect(mine.body.status).toBe('PENDING_AUTHORIZATION');
  return res.body.id as string;
}

beforeAll(async () => {
  [chain, api, browser] = await Promise.all([startTestChain(), startTestApi(), launchChromium()]);
  const t = await createTenantWithAdmin(api);
  tenantId = t.tenant.id;
  admin = t.admin;
  operator = await createUserWithRole(api, admin, 'operator');
  approvers = await Promise.all(
    [1, 2].map(async (n) => {
      const { user, key } = await createUserWithKey(api, admin, ['role_approver'], `approver${n}-${Math.random().toString(36).slice(2, 6)}`);
      return { userId: user.id, key, email: user.email };
    }),
  );
  viewer = await createUserWithRole(api, admin, 'viewer');
  [oneApproval, twoApprovals] = await Promise.all([walletUnderPolicy(1), walletUnderPolicy(2)]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await api?.close();
  await chain?.stop();
});

let context: BrowserContext | undefined;
let errors: string[] = [];
afterEach(async () => {
  await context?.close();
  context = undefined;
  expect(errors).toEqual([]);
});

let dialogs: string[] = [];

/** A fresh context (its own sessionStorage), the console opened and signed in with a pasted credential. */
async function signIn(key: Key): Promise<Page> {
  context = await browser.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  errors = collectPageErrors(page);
  // A decision is confirmed in a dialog naming the amount, the asset and the full destination: accept, and keep it.
  dialogs = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.accept();
  });
  await page.goto(`${api.baseUrl}/console`);
  await page.locator('#api-key').fill(`${key.keyId}:${key.secret}`);
  await page.locator('#key-signin').click();
  await page.locator('#pending').waitFor();
  return page;
}

const row = (page: Page, txId: string) => page.locator(`#pending tr[data-tx="${txId}"]`);
const followed = (page: Page, txId: string) => page.locator(`#followed li[data-tx="${txId}"] .status`);

describe('the console page', () => {
  it('is served with a strict Content-Security-Policy, its own script and style, and no inline script or style', async () => {
    const page = await api.call('GET', '/console', { key: null });
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toContain('unsafe');
    const html = String(page.body);
    expect(html).not.toMatch(/<script>|<style|style=|https?:\/\//);
    const script = await api.call('GET', '/console/console.js', { key: null });
    expect(script.headers.get('content-type')).toContain('javascript');
    expect(String(script.body).length).toBeGreaterThan(1000);
    expect((await api.call('GET', '/console/console.css', { key: null })).headers.get('content-type')).toContain('text/css');
  });

  it('shows the sign-in view without a credential, and refuses a credential the API does not know', async () => {
    context = await browser.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    errors = collectPageErrors(page);
    await page.goto(`${api.baseUrl}/console`);
    await page.locator('#signin').waitFor();
    await screenshot(page, 'console-signin.png');
    await page.locator('#api-key').fill('pqck_unknown:not-a-secret');
    await page.locator('#key-signin').click();
    await expect.poll(() => page.locator('#signin-error').textContent()).toContain('invalid credentials');
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
  });

  it('never takes a credential from the URL fragment (the old hand-off): it is ignored, visibly, and cleared', async () => {
    context = await browser.browser.newContext();
    const page = await context.newPage();
    errors = collectPageErrors(page);
    await page.goto(`${api.baseUrl}/console#key_id=${approvers[0]!.key.keyId}&secret=${approvers[0]!.key.secret}&expires_at=2099-01-01T00:00:00.000Z`);
    await page.locator('#signin').waitFor();
    expect(new URL(page.url()).hash).toBe('');
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
  });

  it('asks for the tenant id before starting single sign-on (the sign-in itself: test/browser/console-sso.test.ts)', async () => {
    context = await browser.browser.newContext();
    const page = await context.newPage();
    errors = collectPageErrors(page);
    await page.goto(`${api.baseUrl}/console`);
    await page.locator('#sso-signin').click();
    await expect.poll(() => page.locator('#signin-error').textContent()).toContain('tenant id');
    expect(page.url()).toBe(`${api.baseUrl}/console`);
  });

  it('shows the error a single sign-on it started returns in the fragment, and stays signed out', async () => {
    context = await browser.browser.newContext();
    const page = await context.newPage();
    errors = collectPageErrors(page);
    await page.goto(`${api.baseUrl}/console`);
    await page.evaluate(() => sessionStorage.setItem('custody.console.sign_in_state', 'state-of-this-tab-0001'));
    await page.goto(`${api.baseUrl}/console?tenant_id=${randomUUID()}#error=access_denied&error_description=user%20suspended&client_state=state-of-this-tab-0001`);
    await page.locator('#signin').waitFor();
    expect(await page.locator('#signin-error').textContent()).toBe('Single sign-on failed: user suspended');
    expect(new URL(page.url()).hash).toBe('');
  });
});

describe('deciding on transfers', () => {
  it('lists a pending transfer with amount in units and wei, policy, screening, submitter and wait; approving moves it on', async () => {
    const txId = await pendingTransfer(oneApproval, operator.key, 'invoice 42');
    const page = await signIn(approvers[0]!.key);
    const r = row(page, txId);
    await r.waitFor();
    const asset = await api.call('GET', `/v1/assets/${nativeAsset()}`, { key: admin });
    expect(asset.body.decimals).toBe(18);
    await expect.poll(() => r.locator('.units').textContent()).toBe(`1.5 ${asset.body.symbol}`); // filled in once the asset is read
    expect(await r.locator('.wei').textContent()).toBe('1500000000000000000 wei');
    expect(await r.locator('.policy').textContent()).toContain('0 of 1 approvals');
    expect(await r.locator('[class*="screening-"]').textContent()).toBe('clean');
    // Approvers may not read users; the transaction itself names the submitter.
    await expect.poll(() => r.locator('.submitter').textContent()).toMatch(/^User operator-\w+ <operator-\w+@users\.example>$/);
    const tx = (await api.call('GET', `/v1/transactions/${txId}`, { key: admin })).body;
    expect((await r.locator('.destination').textContent())!.replace(/ /g, '')).toBe(tx.destinationAddr);
    expect(await r.locator('.source').textContent()).toContain(tx.sourceVault.name);
    expect(await r.locator('.waited').textContent()).toMatch(/^\d+ s$/);
    await screenshot(page, 'console-pending.png');

    await r.locator('.details').click();
    await page.locator('#detail').waitFor();
    await screenshot(page, 'console-detail.png');
    await page.locator('#back').click();

    await row(page, txId).locator('.reason').fill('invoice checked');
    await row(page, txId).locator('button.approve').click();
    await expect.poll(() => followed(page, txId).textContent()).toBe('APPROVED');
    expect(dialogs).toEqual([expect.stringContaining(`Approve sending 1.5 ${asset.body.symbol} (1500000000000000000 wei)`)]);
    expect(dialogs[0]).toContain(`to ${tx.destinationAddr}?`);
    expect(await row(page, txId).count()).toBe(0);
    await runWorker(txId);
    await expect.poll(() => followed(page, txId).textContent(), { timeout: 10_000 }).toBe('PENDING_SIGNATURE');
    const stored = await api.call('GET', `/v1/transactions/${txId}`, { key: admin });
    expect(stored.body.approvals.decisions).toEqual([expect.objectContaining({ userId: approvers[0]!.userId, decision: 'approved', reason: 'invoice checked' })]);
  });

  it('rejects with a reason: the transfer ends REJECTED with that reason', async () => {
    const txId = await pendingTransfer(oneApproval);
    const page = await signIn(approvers[1]!.key);
    await row(page, txId).locator('.reason').fill('unknown destination');
    await row(page, txId).locator('button.reject').click();
    await expect.poll(() => followed(page, txId).textContent()).toBe('REJECTED');
    expect(await page.locator(`#followed li[data-tx="${txId}"]`).textContent()).toContain('rejected: unknown destination');
    const stored = await api.call('GET', `/v1/transactions/${txId}`, { key: admin });
    expect(stored.body).toMatchObject({ status: 'REJECTED', failureReason: 'rejected: unknown destination' });
  });

  it('needs a second approver under a 2-of-N policy: the first approval leaves it pending, the second moves it', async () => {
    const txId = await pendingTransfer(twoApprovals);
    const first = await signIn(approvers[0]!.key);
    await row(first, txId).locator('button.approve').click();
    await expect.poll(() => followed(first, txId).textContent()).toBe('PENDING_AUTHORIZATION');
    await expect.poll(() => row(first, txId).textContent()).toContain('You have decided');
    expect(await row(first, txId).locator('.policy').textContent()).toContain('1 of 2 approvals');
    await context!.close();

    const second = await signIn(approvers[1]!.key);
    expect(await row(second, txId).locator('.policy').textContent()).toContain('1 of 2 approvals');
    await row(second, txId).locator('button.approve').click();
    await expect.poll(() => followed(second, txId).textContent()).toBe('APPROVED');
    await runWorker(txId);
    await expect.poll(() => followed(second, txId).textContent(), { timeout: 10_000 }).toBe('PENDING_SIGNATURE');
  });

  it('shows the initiator no buttons on its own transfer, with the reason instead', async () => {
    const txId = await pendingTransfer(oneApproval, admin);
    const page = await signIn(admin);
    await expect.poll(() => row(page, txId).locator('.submitter').textContent()).toBe('you');
    expect(await row(page, txId).locator('button.approve, button.reject, .reason').count()).toBe(0);
    expect(await row(page, txId).locator('.own').textContent()).toBe('You submitted this transfer: another approver decides');
    const stored = await api.call('GET', `/v1/transactions/${txId}`, { key: admin });
    expect(stored.body).toMatchObject({ status: 'PENDING_AUTHORIZATION', approvals: { decisions: [] } });
  });

  it('shows a viewer the list but no buttons', async () => {
    const txId = await pendingTransfer(oneApproval);
    const page = await signIn(viewer.key);
    await row(page, txId).waitFor();
    expect(await page.locator('#read-only').isVisible()).toBe(true);
    expect(await page.locator('#pending button.approve, #pending button.reject, #pending .reason').count()).toBe(0);
    await expect.poll(() => row(page, txId).locator('.submitter').textContent()).toMatch(/^User operator-\w+ <operator-\w+@users\.example>$/);
  });
});

describe('leaving', () => {
  it('returns to the sign-in view when the credential is revoked, with the API\'s message, and forgets it', async () => {
    const txId = await pendingTransfer(oneApproval);
    const { key } = await createUserWithKey(api, admin, ['role_approver']);
    const page = await signIn(key);
    await row(page, txId).waitFor();
    expect((await api.call('DELETE', `/v1/credentials/${key.keyId}`, { key: admin })).status).toBe(200);
    await row(page, txId).locator('.details').click();
    await page.locator('#signin').waitFor();
    expect(await page.locator('#signin-error').textContent()).toBe('Signed out: credential revoked');
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
  });

  it('returns to the sign-in view when the credential has expired (rotated, grace period over)', async () => {
    const { key } = await createUserWithKey(api, admin, ['role_approver']);
    const page = await signIn(key);
    const rotated = await api.call('POST', '/v1/credentials/rotate', { key: admin, body: { key_id: key.keyId, grace_period_seconds: 0 } });
    expect(rotated.status).toBe(201);
    await page.reload();
    await page.locator('#signin').waitFor();
    expect(await page.locator('#signin-error').textContent()).toContain('grace period has ended');
  });

  it('signs out: the credential is forgotten and the sign-in view is back', async () => {
    const page = await signIn(approvers[0]!.key);
    await page.locator('#sign-out').click();
    await page.locator('#signin').waitFor();
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    await page.reload();
    await page.locator('#signin').waitFor();
  });
});
