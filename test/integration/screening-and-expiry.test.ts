import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { config, readConfig } from '../../shared/config.js';
import { stepDeps } from '../support/step-deps.js';
import {
  httpScreeningOnDemand,
  loadHttpScreening,
  screening as screeningPort,
} from '../../shared/composition/http-screening.js';
import { services } from '../../shared/composition/standalone.js';
import { FakeClock } from '../../shared/ports/clock.js';
import { ScreeningUnavailableError, type ScreeningPort } from '../../shared/ports/screening.js';
import { HttpScreening } from '../../shared/adapters/screening/http-screening.js';
import { OutboundClient } from '../../shared/adapters/http/outbound-client.js';
import { advanceTransaction, runTransactionSteps } from '../../shared/domain/transactions/advance.js';
import { createTenantWithAdmin, startTestApi, type Key, type TestApi } from '../support/local-api.js';
import { createUserWithRole, createVault, nativeAsset, randomAddress, registerWallet } from '../support/fixtures.js';

/**
 * The HTTP screening provider against a real HTTP server on loopback (verdicts, retries, fail closed), and the
 * approval window driven by a fake clock.
 */
type Reply = { status: number; body?: unknown; delayMs?: number };
let replies: Reply[] = [];
let seen: unknown[] = [];
const screeningServer = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    seen.push(JSON.parse(body));
    const r = replies.shift() ?? { status: 200, body: { result: 'clean' } };
    setTimeout(() => {
      res.writeHead(r.status, { 'Content-Type': 'application/json' });
      res.end(typeof r.body === 'string' ? r.body : JSON.stringify(r.body ?? {}));
    }, r.delayMs ?? 0);
  });
});
let screeningUrl: string;
// The screening service runs on loopback: the local allowance of the one outbound client.
const outbound = new OutboundClient({ allowPrivateNetworks: true });

const clock = new FakeClock(Date.now());
let api: TestApi;
let tenantId: string;
let admin: Key;
let approver: { key: Key };
let walletId: string;

beforeAll(async () => {
  await new Promise<void>((r) => screeningServer.listen(0, '127.0.0.1', r));
  screeningUrl = `http://127.0.0.1:${(screeningServer.address() as AddressInfo).port}/screen`;
  api = await startTestApi({ clock });
  const t = await createTenantWithAdmin(api);
  tenantId = t.tenant.id;
  admin = t.admin;
  approver = await createUserWithRole(api, admin, 'approver');
  const vault = await createVault(api, admin);
  walletId = (await registerWallet(api, admin, tenantId, vault.id, Math.floor(clock.now().getTime() / 1000))).wallet.id;
  await api.call('POST', '/v1/policies', {
    key: admin,
    body: { vault_id: vault.id, name: 'one', rules: [{ type: 'REQUIRE_APPROVAL', value: '1' }] },
  });
});
afterAll(async () => {
  await api?.close();
  screeningServer.close();
  outbound.close();
});

const submit = async () =>
  (
    await api.call('POST', '/v1/transactions', {
      key: admin,
      body: { sourceWalletId: walletId, destinationAddr: randomAddress(), assetId: nativeAsset(), amount: '7' },
    })
  ).body;
/** A screening request for a random destination (the provider sees only what it is sent). */
const screeningRequest = () => ({
  tenantId: 't',
  transactionId: 'x',
  destination: randomAddress(),
  amount: '5',
  assetId: 'a',
  chainId: 20803,
});
const deps = (screening: ScreeningPort | null) => ({ ...stepDeps(), clock, screening, approvalTtlSeconds: 600 });
const statusOf = async (id: string) => (await api.call('GET', `/v1/transactions/${id}`, { key: admin })).body;

describe('HTTP screening provider', () => {
  it('sends the transfer and reads each verdict', async () => {
    const provider = new HttpScreening({ url: screeningUrl, timeoutMs: 2000, client: outbound });
    replies = [{ status: 200, body: { result: 'flagged', reason: 'mixer' } }];
    seen = [];
    const v = await provider.screen({
      tenantId: 't',
      transactionId: 'x',
      destination: '0xABCDEF0000000000000000000000000000000000',
      amount: '5',
      assetId: 'a',
      chainId: 20803,
    });
    expect(v).toEqual({ result: 'flagged', reason: 'mixer', provider: 'http' });
    expect(seen[0]).toMatchObject({
      transaction_id: 'x',
      address: '0xabcdef0000000000000000000000000000000000',
      amount: '5',
      chain_id: 20803,
    });
  });

  it('retries a 5xx and succeeds, but gives up (fail closed) after its attempts, on timeouts and on unreadable verdicts', async () => {
    const provider = new HttpScreening({ url: screeningUrl, timeoutMs: 300, attempts: 3, client: outbound });
    const req = screeningRequest();
    replies = [{ status: 503 }, { status: 200, body: { result: 'blocked', reason: 'sanctioned' } }];
    expect((await provider.screen(req)).result).toBe('blocked');
    replies = [{ status: 500 }, { status: 500 }, { status: 500 }];
    await expect(provider.screen(req)).rejects.toBeInstanceOf(ScreeningUnavailableError);
    replies = [
      { status: 200, delayMs: 1000 },
      { status: 200, delayMs: 1000 },
      { status: 200, delayMs: 1000 },
    ];
    await expect(provider.screen(req)).rejects.toThrow(/timeout/);
    replies = [{ status: 200, body: { result: 'probably fine' } }];
    await expect(provider.screen(req)).rejects.toBeInstanceOf(ScreeningUnavailableError);
  });

  it('goes through the outbound client: a destination refused outside the local environment is never called', async () => {
    const productionClient = new OutboundClient({ allowPrivateNetworks: false });
    try {
      seen = [];
      const provider = new HttpScreening({ url: screeningUrl, timeoutMs: 2000, client: productionClient });
      const req = screeningRequest();
      await expect(provider.screen(req)).rejects.toThrow(/not callable: loopback address 127\.0\.0\.1/);
      expect(seen).toEqual([]);
    } finally {
      productionClient.close();
    }
  });

  it('keeps the transaction in PENDING_AML_SCREENING while the provider is down, and shows it as stuck', async () => {
    const down = new HttpScreening({ url: 'http://127.0.0.1:9/screen', timeoutMs: 200, attempts: 2, client: outbound });
    const tx = await submit();
    await advanceTransaction(deps(down), tenantId, tx.id); // -> QUEUED
    await advanceTransaction(deps(down), tenantId, tx.id); // -> PENDING_AML_SCREENING
    await expect(advanceTransaction(deps(down), tenantId, tx.id)).rejects.toBeInstanceOf(ScreeningUnavailableError);
    expect((await statusOf(tx.id)).status).toBe('PENDING_AML_SCREENING');
    expect(
      (await api.call('GET', '/v1/transactions?stuck=true', { key: admin })).body.transactions.map(
        (t: { id: string }) => t.id,
      ),
    ).not.toContain(tx.id);
    clock.advance((config().CUSTODY_STUCK_AFTER_SECONDS + 1) * 1000);
    expect(
      (await api.call('GET', '/v1/transactions?stuck=true', { key: admin })).body.transactions.map(
        (t: { id: string }) => t.id,
      ),
    ).toContain(tx.id);
    replies = [{ status: 200, body: { result: 'clean' } }];
    expect(
      await advanceTransaction(
        deps(new HttpScreening({ url: screeningUrl, timeoutMs: 2000, client: outbound })),
        tenantId,
        tx.id,
      ),
    ).toMatchObject({ outcome: 'moved', to: 'PENDING_AUTHORIZATION' });
  });
});

describe('HTTP screening as the transaction worker declares it (shared/composition/http-screening.ts: the adapter loaded by the first screening)', () => {
  const httpCfg = () =>
    readConfig({
      ...process.env,
      CUSTODY_ENV: 'local',
      CUSTODY_SCREENING_PROVIDER: 'http',
      CUSTODY_SCREENING_URL: screeningUrl,
    });

  it('screens through the configured service and moves the transaction on its verdict', async () => {
    const screening = screeningPort({ config: httpCfg(), store: services().store })!;
    expect(screening.name).toBe('http');
    const tx = await submit();
    await advanceTransaction(deps(screening), tenantId, tx.id); // -> QUEUED
    await advanceTransaction(deps(screening), tenantId, tx.id); // -> PENDING_AML_SCREENING
    replies = [{ status: 200, body: { result: 'blocked', reason: 'sanctioned' } }];
    seen = [];
    expect(await advanceTransaction(deps(screening), tenantId, tx.id)).toMatchObject({
      outcome: 'moved',
      to: 'BLOCKED',
    });
    expect(seen).toEqual([expect.objectContaining({ transaction_id: tx.id, tenant_id: tenantId, amount: '7' })]);
  });

  it('does not keep a failed load: that screening is unavailable (the message comes back), the next one loads again', async () => {
    const load = vi.fn(loadHttpScreening).mockRejectedValueOnce(new Error('chunk not readable'));
    const screening = httpScreeningOnDemand({ ...httpCfg(), CUSTODY_SCREENING_URL: screeningUrl }, load);
    const req = screeningRequest();
    await expect(screening.screen(req)).rejects.toThrow('chunk not readable');
    replies = [
      { status: 200, body: { result: 'blocked', reason: 'sanctioned' } },
      { status: 200, body: { result: 'clean' } },
    ];
    expect(await screening.screen(req)).toEqual({ result: 'blocked', reason: 'sanctioned', provider: 'http' });
    expect(await screening.screen(req)).toEqual({ result: 'clean', reason: null, provider: 'http' });
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('approval window', () => {
  it('answers 404 1202 after the window and moves the transaction to REJECTED', async () => {
    const tx = await submit();
    for (let i = 0; i < 3; i++) await advanceTransaction(deps(null), tenantId, tx.id);
    const waiting = await statusOf(tx.id);
    expect(waiting.status).toBe('PENDING_AUTHORIZATION');
    expect(Date.parse(waiting.approvals.expiresAt) - clock.now().getTime()).toBe(600_000);
    clock.advance(600_000);
    const late = await api.call('POST', `/v1/transactions/${tx.id}/approve`, { key: approver.key, body: {} });
    expect(late.status).toBe(404);
    expect(late.body.error).toMatchObject({ code: 1202, type: 'APPROVAL_NOT_FOUND' });
    expect(await statusOf(tx.id)).toMatchObject({ status: 'REJECTED', failureReason: 'approval window expired' });
  });

  it('accepts an approval just inside the window', async () => {
    const tx = await submit();
    for (let i = 0; i < 3; i++) await advanceTransaction(deps(null), tenantId, tx.id);
    clock.advance(599_000);
    expect(
      (await api.call('POST', `/v1/transactions/${tx.id}/approve`, { key: approver.key, body: {} })).body.status,
    ).toBe('APPROVED');
  });
});

describe('one worker run', () => {
  const history = async (id: string) => {
    const entries = (await api.call('GET', '/v1/audit/entries?limit=200', { key: admin })).body.entries as {
      resource_id: string;
      action: string;
      change: { from: string; to: string };
    }[];
    return entries
      .filter((e) => e.resource_id === id && e.action === 'transaction.status_changed')
      .map((e) => `${e.change.from}->${e.change.to}`)
      .sort();
  };

  it('runs consecutive steps back to back, each move its own audited write, until the transaction waits', async () => {
    replies = [{ status: 200, body: { result: 'clean' } }];
    const tx = await submit();
    const run = await runTransactionSteps(
      deps(new HttpScreening({ url: screeningUrl, timeoutMs: 2000, client: outbound })),
      tenantId,
      tx.id,
      'SUBMITTED',
    );
    expect(run).toEqual({
      moves: [
        { from: 'SUBMITTED', to: 'QUEUED', durationMs: expect.any(Number), inStatusMs: expect.any(Number) },
        { from: 'QUEUED', to: 'PENDING_AML_SCREENING', durationMs: expect.any(Number), inStatusMs: expect.any(Number) },
        {
          from: 'PENDING_AML_SCREENING',
          to: 'PENDING_AUTHORIZATION',
          durationMs: expect.any(Number),
          inStatusMs: expect.any(Number),
        },
      ],
      stopped: 'waiting',
    });
    expect((await statusOf(tx.id)).status).toBe('PENDING_AUTHORIZATION');
    expect(await history(tx.id)).toEqual([
      'PENDING_AML_SCREENING->PENDING_AUTHORIZATION',
      'QUEUED->PENDING_AML_SCREENING',
      'SUBMITTED->QUEUED',
    ]);
  });

  it('keeps the moves made before a step that fails; a message for a status already left does nothing, the retry goes on from there', async () => {
    const down = new HttpScreening({ url: 'http://127.0.0.1:9/screen', timeoutMs: 200, attempts: 1, client: outbound });
    const tx = await submit();
    await expect(runTransactionSteps(deps(down), tenantId, tx.id, 'SUBMITTED')).rejects.toBeInstanceOf(
      ScreeningUnavailableError,
    );
    expect((await statusOf(tx.id)).status).toBe('PENDING_AML_SCREENING');
    // The redelivered first message finds its step done; the message routed for PENDING_AML_SCREENING screens again.
    expect(await runTransactionSteps(deps(down), tenantId, tx.id, 'SUBMITTED')).toEqual({ moves: [], stopped: 'idle' });
    replies = [{ status: 200, body: { result: 'clean' } }];
    expect(
      (
        await runTransactionSteps(
          deps(new HttpScreening({ url: screeningUrl, timeoutMs: 2000, client: outbound })),
          tenantId,
          tx.id,
          'PENDING_AML_SCREENING',
        )
      ).moves,
    ).toMatchObject([{ from: 'PENDING_AML_SCREENING', to: 'PENDING_AUTHORIZATION' }]);
  });
});
