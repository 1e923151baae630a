import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { stepDeps } from '../support/step-deps.js';
import { services } from '../../shared/composition/standalone.js';
import { keys } from '../../shared/store/keys.js';
import { runInUnitOfWork } from '../../shared/domain/unit-of-work.js';
import { stageTransition } from '../../shared/domain/transactions/transition.js';
import type { TransactionRecord } from '../../shared/domain/transactions/transaction.js';
import { decodeTransaction, transactionItem } from '../../shared/domain/transactions/transaction-item.js';
import { advanceTransaction } from '../../shared/domain/transactions/advance.js';
import { createTenantWithAdmin, startTestApi, type Key, type TestApi } from '../support/local-api.js';
import {
  createUserWithKey,
  createUserWithRole,
  createVault,
  nativeAsset,
  randomAddress,
  registerWallet,
} from '../support/fixtures.js';
import { startTestChain, type TestChain } from '../support/test-chain.js';
import { collectPageErrors, launchChromium, screenshot, type TestBrowser } from '../support/chromium.js';
import { audited } from '../support/audited.js';

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

const step = (txId: string) =>
  advanceTransaction({ ...stepDeps(), chain: chain.chain, approvalTtlSeconds: 3600 }, tenantId, txId);
async function runWorker(txId: string) {
  for (let i = 0; i < 10; i++) if ((await step(txId)).outcome !== 'moved') return;
}

async function walletUnderPolicy(approvals: number) {
  const vault = await createVault(api, admin);
  const policy = await api.call('POST', '/v1/policies', {
    key: admin,
    body: {
      vault_id: vault.id,
      name: `needs ${approvals}`,
      rules: [{ type: 'REQUIRE_APPROVAL', value: String(approvals) }],
    },
  });
  expect(policy.status).toBe(201);
  const { wallet } = await registerWallet(api, admin, tenantId, vault.id);
  await chain.fund(wallet.address);
  return wallet.id;
}

/** A transfer of 1.5 units (18 decimals) submitted by `by`, moved by the worker to PENDING_AUTHORIZATION. */
async function pendingTransfer(
  walletId: string,
  by: Key = operator.key,
  note?: string,
  destinationAddr = randomAddress(),
) {
  const res = await api.call('POST', '/v1/transactions', {
    key: by,
    body: {
      sourceWalletId: walletId,
      destinationAddr,
      assetId: nativeAsset(),
      amount: '1500000000000000000',
      ...(note ? { note } : {}),
    },
  });
  expect(res.status).toBe(201);
  await runWorker(res.body.id);
  const mine = await api.call('GET', `/v1/transactions/${res.body.id}`, { key: admin });
  expect(mine.body.status).toBe('PENDING_AUTHORIZATION');
  return res.body.id as string;
}

/** Moves a stored transaction to `status` as a step stores it (endings the API reaches only through the chain). */
async function settle(
  txId: string,
  status: 'CONFIRMING' | 'COMPLETED' | 'FAILED',
  changes: Partial<TransactionRecord> = {},
) {
  const store = services().store;
  const t = decodeTransaction((await store.get(keys.transaction(tenantId, txId), { consistent: true }))!);
  await store.write([
    {
      op: 'put',
      item: transactionItem({ ...t, ...changes, status, version: t.version + 1 }),
      condition: { type: 'version', version: t.version },
    },
  ]);
}

/** Completes a transfer through the transition the chain poller uses (so its destination counts as paid). */
async function complete(txId: string) {
  await settle(txId, 'CONFIRMING');
  const store = services().store;
  const tx = decodeTransaction((await store.get(keys.transaction(tenantId, txId), { consistent: true }))!);
  const now = new Date();
  await runInUnitOfWork(
    audited(store),
    { actor: { type: 'system', user_id: null, key_id: null, component: 'chain-poller' }, requestId: null, now },
    (uow) => stageTransition(store, uow, tx, 'COMPLETED', 'chain', now),
  );
}

beforeAll(async () => {
  [chain, api, browser] = await Promise.all([startTestChain(), startTestApi(), launchChromium()]);
  const t = await createTenantWithAdmin(api);
  tenantId = t.tenant.id;
  admin = t.admin;
  operator = await createUserWithRole(api, admin, 'operator');
  approvers = await Promise.all(
    [1, 2].map(async (n) => {
      const { user, key } = await createUserWithKey(
        api,
        admin,
        ['role_approver'],
        `approver${n}-${Math.random().toString(36).slice(2, 6)}`,
      );
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
    expect((await api.call('GET', '/console/console.css', { key: null })).headers.get('content-type')).toContain(
      'text/css',
    );
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
    await page.goto(
      `${api.baseUrl}/console#key_id=${approvers[0]!.key.keyId}&secret=${approvers[0]!.key.secret}&expires_at=2099-01-01T00:00:00.000Z`,
    );
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
    await page.goto(
      `${api.baseUrl}/console?tenant_id=${randomUUID()}#error=access_denied&error_description=user%20suspended&client_state=state-of-this-tab-0001`,
    );
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
    await expect
      .poll(() => r.locator('.submitter').textContent())
      .toMatch(/^User operator-\w+ <operator-\w+@users\.example>$/);
    const tx = (await api.call('GET', `/v1/transactions/${txId}`, { key: admin })).body;
    expect((await r.locator('.destination').textContent())!.replace(/ /g, '')).toBe(tx.destinationAddr);
    expect(await r.locator('.source').textContent()).toContain(tx.sourceVault.name);
    expect(await r.locator('.waited').textContent()).toMatch(/^\d+ s$/);
    await screenshot(page, 'console-pending.png');

    await r.locator('.details').click();
    await page.locator('#detail').waitFor();
    await page.locator('#back').click();

    await row(page, txId).locator('.reason').fill('invoice checked');
    await row(page, txId).locator('button.approve').click();
    await expect.poll(() => followed(page, txId).textContent()).toBe('APPROVED');
    expect(dialogs).toEqual([
      expect.stringContaining(`Approve sending 1.5 ${asset.body.symbol} (1500000000000000000 wei)`),
    ]);
    expect(dialogs[0]).toContain(`to ${tx.destinationAddr}?`);
    expect(await row(page, txId).count()).toBe(0);
    await runWorker(txId);
    await expect.poll(() => followed(page, txId).textContent(), { timeout: 10_000 }).toBe('PENDING_SIGNATURE');
    const stored = await api.call('GET', `/v1/transactions/${txId}`, { key: admin });
    expect(stored.body.approvals.decisions).toEqual([
      expect.objectContaining({ userId: approvers[0]!.userId, decision: 'approved', reason: 'invoice checked' }),
    ]);
  });

  it('rejects with a reason: the transfer ends REJECTED with that reason', async () => {
    const txId = await pendingTransfer(oneApproval);
    const page = await signIn(approvers[1]!.key);
    await row(page, txId).locator('.reason').fill('unknown destination');
    await row(page, txId).locator('button.reject').click();
    await expect.poll(() => followed(page, txId).textContent()).toBe('REJECTED');
    expect(await page.locator(`#followed li[data-tx="${txId}"]`).textContent()).toContain(
      'rejected: unknown destination',
    );
    const stored = await api.call('GET', `/v1/transactions/${txId}`, { key: admin });
    expect(stored.body).toMatchObject({ status: 'REJECTED', failureReason: 'rejected: unknown destination' });
  });

  it('needs a second approver under a 2-of-N policy: the first approval leaves it pending, the second moves it', async () => {
    const txId = await pendingTransfer(twoApprovals);
    const first = await signIn(approvers[0]!.key);
    await row(first, txId).locator('.reason').fill('matches the purchase order');
    await row(first, txId).locator('button.approve').click();
    await expect.poll(() => followed(first, txId).textContent()).toBe('PENDING_AUTHORIZATION');
    // Who decided sees that decision, when and why, instead of the buttons.
    await expect
      .poll(() => row(first, txId).locator('.decided').textContent())
      .toMatch(/^You approved this transfer on .+: “matches the purchase order” \(each approver decides once\)$/);
    expect(await row(first, txId).locator('button.approve, button.reject, .reason').count()).toBe(0);
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
    expect(await row(page, txId).locator('.own').textContent()).toBe(
      'You submitted this transfer: another approver decides',
    );
    const stored = await api.call('GET', `/v1/transactions/${txId}`, { key: admin });
    expect(stored.body).toMatchObject({ status: 'PENDING_AUTHORIZATION', approvals: { decisions: [] } });
  });

  it('shows a viewer the list but no buttons', async () => {
    const txId = await pendingTransfer(oneApproval);
    const page = await signIn(viewer.key);
    await row(page, txId).waitFor();
    expect(await page.locator('#read-only').isVisible()).toBe(true);
    expect(await page.locator('#pending button.approve, #pending button.reject, #pending .reason').count()).toBe(0);
    await expect
      .poll(() => row(page, txId).locator('.submitter').textContent())
      .toMatch(/^User operator-\w+ <operator-\w+@users\.example>$/);
  });
});

describe('lists, history and filters', () => {
  it('pages the pending list with the API cursors and narrows it by vault and wallet', async () => {
    const wallet = await walletUnderPolicy(1);
    const vaultId = (await api.call('GET', `/v1/wallets/${wallet}`, { key: admin })).body.vault_id as string;
    const ids = [await pendingTransfer(wallet), await pendingTransfer(wallet), await pendingTransfer(wallet)];
    context = await browser.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    errors = collectPageErrors(page);
    await page.goto(`${api.baseUrl}/console?page_size=2`);
    await page.locator('#api-key').fill(`${approvers[0]!.key.keyId}:${approvers[0]!.key.secret}`);
    await page.locator('#key-signin').click();
    await page.locator(`#filter-vault option[value="${vaultId}"]`).waitFor({ state: 'attached' });
    await page.locator('#filter-vault').selectOption(vaultId);
    const shown = () =>
      page.locator('#pending tr.tx').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-tx')));
    await expect.poll(shown).toEqual([ids[2], ids[1]]); // newest first, two a page
    expect(await page.locator('.pager .page').textContent()).toBe('Page 1');
    await page.locator('.pager button.older').click();
    await expect.poll(shown).toEqual([ids[0]]);
    expect(await page.locator('.pager button.older').isDisabled()).toBe(true);
    await page.locator('.pager button.newer').click();
    await expect.poll(shown).toEqual([ids[2], ids[1]]);
    // The wallet filter lists the chosen vault's wallets; another wallet of the tenant is not among them.
    await page.locator(`#filter-wallet option[value="${wallet}"]`).waitFor({ state: 'attached' });
    expect(await page.locator(`#filter-wallet option[value="${oneApproval}"]`).count()).toBe(0);
    await page.locator('#filter-wallet').selectOption(wallet);
    await expect.poll(shown).toEqual([ids[2], ids[1]]);
    // A day after today: nothing was submitted then.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await page.locator('#filter-from').fill(tomorrow);
    await expect.poll(() => page.locator('#pending .empty').textContent()).toBe('Nothing is waiting for approval.');
    await page.locator('#filter-clear').click();
    await expect.poll(async () => (await shown()).length).toBe(2);
  }, 90_000); // several transfers driven by the worker

  it('shows the history of ended transfers with their decisions, narrowed by status, asset and date', async () => {
    const wallet = await walletUnderPolicy(1);
    const vaultId = (await api.call('GET', `/v1/wallets/${wallet}`, { key: admin })).body.vault_id as string;
    const rejected = await pendingTransfer(wallet);
    expect(
      (
        await api.call('POST', `/v1/transactions/${rejected}/reject`, {
          key: approvers[1]!.key,
          body: { reason: 'no invoice' },
        })
      ).status,
    ).toBe(200);
    const completed = await pendingTransfer(wallet);
    expect(
      (
        await api.call('POST', `/v1/transactions/${completed}/approve`, {
          key: approvers[0]!.key,
          body: { reason: 'invoice 7' },
        })
      ).status,
    ).toBe(200);
    await complete(completed);
    const open = await pendingTransfer(wallet);

    const page = await signIn(viewer.key);
    await page.locator('#nav-history').click();
    await page.locator('#history').waitFor();
    await page.locator(`#filter-vault option[value="${vaultId}"]`).waitFor({ state: 'attached' });
    await page.locator('#filter-vault').selectOption(vaultId);
    const shown = () =>
      page.locator('#history tr.tx').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-tx')));
    await expect.poll(shown).toEqual([completed, rejected]); // the open one is not in the history
    const r = page.locator(`#history tr[data-tx="${rejected}"]`);
    expect(await r.locator('.status').textContent()).toBe('REJECTED');
    expect(await r.locator('.why').textContent()).toBe('rejected: no invoice');
    await expect
      .poll(() => r.locator('.decisions').textContent())
      .toMatch(/^rejected by User approver2-\w+ <approver2-\w+@users\.example> — no invoice$/);
    await expect
      .poll(() => page.locator(`#history tr[data-tx="${completed}"] .decisions`).textContent())
      .toContain('— invoice 7');
    await screenshot(page, 'console-history.png');

    await page.locator('#filter-status').selectOption('COMPLETED');
    await expect.poll(shown).toEqual([completed]);
    await page.locator('#filter-asset').selectOption(nativeAsset());
    await expect.poll(shown).toEqual([completed]);
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    await page.locator('#filter-to').fill(day);
    await expect.poll(shown).toEqual([completed]);
    await page.locator('#filter-from').fill(new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10));
    await expect.poll(() => page.locator('#history .empty').textContent()).toBe('No transfer matches.');
    expect(open).toBeTruthy();
  }, 90_000); // several transfers driven by the worker
});

describe('one transfer, by URL', () => {
  it('opens from its URL with its history, why it needs approval, screening, fee, decisions and whether the destination was paid before', async () => {
    const wallet = await walletUnderPolicy(1);
    const destination = randomAddress();
    const paid = await pendingTransfer(wallet, operator.key, undefined, destination);
    expect(
      (await api.call('POST', `/v1/transactions/${paid}/approve`, { key: approvers[1]!.key, body: {} })).status,
    ).toBe(200);
    await complete(paid);
    // As a speed-up leaves it: one replacement at the same nonce, sent to the node.
    const replacement = {
      reason: 'SPEED_UP',
      cancel: false,
      status: 'BROADCAST',
      maxFeePerGas: '3000000000',
      maxPriorityFeePerGas: '1000000000',
      hash: `0x${'ab'.repeat(32)}`,
      replaces: `0x${'cd'.repeat(32)}`,
      requestedBy: null,
      createdAt: new Date().toISOString(),
      rejection: null,
      payload: null,
    } as const;
    await settle(paid, 'COMPLETED', { replacements: [replacement] });
    const again = await pendingTransfer(wallet, operator.key, 'second payment', destination);
    const fresh = await pendingTransfer(wallet, operator.key, 'invoice 99');

    const page = await signIn(approvers[0]!.key);
    // In the list, only the transfer to a new address carries the flag.
    await row(page, fresh).locator('.first-time').waitFor();
    expect(await row(page, again).locator('.first-time').count()).toBe(0);

    await page.goto(`${api.baseUrl}/console#/transactions/${fresh}`);
    await page.locator(`#detail[data-tx="${fresh}"]`).waitFor();
    await screenshot(page, 'console-detail.png');
    expect(await page.locator('#detail-first-time').textContent()).toBe('No: a first payment to this address');
    expect(await page.locator('#detail-screening').textContent()).toMatch(/^clean /);
    expect(await page.locator('#detail-fee').textContent()).toContain('not estimated yet');
    await expect.poll(() => page.locator('#explanation').textContent()).toContain('Why this needs approval');
    expect(await page.locator('#explanation .checks').textContent()).toMatch(
      /require approval “needs 1” rule 0 \(REQUIRE_APPROVAL\): .+/,
    );
    const steps = await page.locator('#timeline li strong').allTextContents();
    expect(steps).toEqual([
      'SUBMITTED',
      'SUBMITTED → QUEUED',
      'QUEUED → PENDING_AML_SCREENING',
      'PENDING_AML_SCREENING → PENDING_AUTHORIZATION',
    ]);

    // A reload keeps the page (the URL names it; the credential stays in this tab).
    await page.reload();
    await page.locator(`#detail[data-tx="${fresh}"] .reason`).fill('invoice 99 checked');
    await page.locator('#detail button.approve').click();
    await expect.poll(() => page.locator('#detail-status').textContent()).toBe('APPROVED');
    await expect
      .poll(() => page.locator('#decisions').textContent())
      .toMatch(/^approved by you — invoice 99 checked · .+/);
    expect(await page.locator('#detail .decided').textContent()).toContain('You approved this transfer on');
    await runWorker(fresh);
    await expect
      .poll(() => page.locator('#detail-fee').textContent(), { timeout: 10_000 })
      .toMatch(/wei\), at most \(gas limit \d+\)$/);
    await expect
      .poll(() => page.locator('#timeline li strong').allTextContents())
      .toContain('APPROVED → PENDING_SIGNATURE');
    expect(await page.locator('#timeline').textContent()).toContain('approved (1 of 1)');

    await page.goto(`${api.baseUrl}/console#/transactions/${again}`);
    await expect.poll(() => page.locator('#detail-first-time').textContent()).toBe('Yes');
    await page.goto(`${api.baseUrl}/console#/transactions/${paid}`);
    await expect.poll(() => page.locator('#detail-status').textContent()).toBe('COMPLETED');
    expect(await page.locator('#replacements tbody tr').allTextContents()).toEqual([
      expect.stringMatching(/^SPEED_UPBROADCAST3000000000(0xab)+.+$/),
    ]);
    await page.locator('#back').click();
    await page.locator('#history').waitFor();
  }, 90_000); // several transfers driven by the worker

  it("answers an unknown transfer with the API's error", async () => {
    const page = await signIn(approvers[0]!.key);
    await page.goto(`${api.baseUrl}/console#/transactions/${randomUUID()}`);
    await expect.poll(() => page.locator('#detail .error').textContent()).toMatch(/\(404 · 1300\)$/);
  });
});

describe('governance changes', () => {
  it('shows an admin the pending changes with their diff and approvals; approving reaches the quorum, rejecting ends one', async () => {
    const t = await createTenantWithAdmin(api);
    const second = await createUserWithKey(
      api,
      t.admin,
      ['role_admin'],
      `admin2-${Math.random().toString(36).slice(2, 6)}`,
    );
    const vault = await createVault(api, t.admin);
    const policy = await api.call('POST', '/v1/policies', {
      key: t.admin,
      body: { vault_id: vault.id, name: 'small only', rules: [{ type: 'MAX_AMOUNT', value: '1000' }] },
    });
    expect(policy.status).toBe(201);
    expect((await api.call('PUT', '/v1/governance', { key: t.admin, body: { quorum: 2 } })).status).toBe(200);
    const loosen = await api.call('PUT', `/v1/policies/${policy.body.id}`, {
      key: t.admin,
      body: { rules: [{ type: 'MAX_AMOUNT', value: '5000' }] },
    });
    expect(loosen.status).toBe(202);
    const create = await api.call('POST', '/v1/policies', {
      key: t.admin,
      body: { vault_id: vault.id, name: 'four eyes', rules: [{ type: 'REQUIRE_APPROVAL', value: '2' }] },
    });
    expect(create.status).toBe(202);

    // The requester sees its changes without an approve button, with why.
    const requester = await signIn(t.admin);
    await requester.locator('#nav-changes').click();
    const card = (p: Page, id: string) => p.locator(`#changes [data-change="${id}"]`);
    await card(requester, loosen.body.id).waitFor();
    expect(await card(requester, loosen.body.id).locator('button.approve').count()).toBe(0);
    expect(await card(requester, loosen.body.id).locator('.decided').textContent()).toMatch(
      /^You requested and so approved this change on .+; each admin counts once\.$/,
    );
    await context!.close();

    const page = await signIn(second.key);
    await page.locator('#nav-changes').click();
    const c = card(page, loosen.body.id);
    await c.waitFor();
    expect(await c.locator('.kind').textContent()).toBe('policy.update');
    expect(await c.locator('.count').textContent()).toBe('1 of 2 approvals');
    await expect.poll(() => c.locator('.requested').textContent()).toMatch(/^Requested by .+@.+ on /);
    const changed = await c
      .locator('table.diff tr.changed')
      .evaluateAll((rows) => rows.map((r) => Array.from(r.querySelectorAll('td'), (td) => td.textContent)));
    expect(changed).toContainEqual(['rules.0.value', '1000', '5000']);
    await screenshot(page, 'console-changes.png');

    await c.locator('button.approve').click();
    expect(dialogs.at(-1)).toContain('Approve the change policy.update');
    expect(dialogs.at(-1)).toContain('Your approval reaches the quorum');
    await expect.poll(() => c.count()).toBe(0);
    const applied = await api.call('GET', `/v1/changes/${loosen.body.id}`, { key: t.admin });
    expect(applied.body.status).toBe('APPLIED');
    expect((await api.call('GET', `/v1/policies/${policy.body.id}`, { key: t.admin })).body.rules).toEqual([
      expect.objectContaining({ type: 'MAX_AMOUNT', value: '5000' }),
    ]);

    const other = card(page, create.body.id);
    await other.locator('.reason').fill('not now');
    await other.locator('button.reject').click();
    await expect.poll(() => other.count()).toBe(0);
    expect((await api.call('GET', `/v1/changes/${create.body.id}`, { key: t.admin })).body).toMatchObject({
      status: 'REJECTED',
      rejection: { reason: 'not now' },
    });
    await expect.poll(() => page.locator('#changes .empty').textContent()).toBe('No change is waiting.');
  }, 90_000); // several transfers driven by the worker

  it('shows no governance view to a non-admin, even by URL', async () => {
    const page = await signIn(approvers[0]!.key);
    expect(await page.locator('#nav-changes').count()).toBe(0);
    await page.goto(`${api.baseUrl}/console#/changes`);
    await page.locator('#pending').waitFor();
    expect(await page.locator('#changes').count()).toBe(0);
  });
});

describe('leaving', () => {
  it("returns to the sign-in view when the credential is revoked, with the API's message, and forgets it", async () => {
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
    const rotated = await api.call('POST', '/v1/credentials/rotate', {
      key: admin,
      body: { key_id: key.keyId, grace_period_seconds: 0 },
    });
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
