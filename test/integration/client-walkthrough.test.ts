import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../shared/ports/clock.js';
import { startLocalStack, type LocalStack } from '../../local/stack.js';
import {
  createCustodyClient,
  CustodyApiError,
  verifyWebhookSignature,
  WebhookKeySet,
  type CustodyClient,
} from '../../clients/typescript/src/index.js';

/**
 * The README's curl walkthrough, step for step, through the TypeScript client against the local stack (its own
 * DynamoDB Local, dev chain and reference signer; a fake clock, drain() and mined blocks instead of sleeping): a
 * tenant, a credential, a vault and a generated wallet, a webhook receiver, a two-approver policy, a transfer that
 * two approvers approve and that completes on chain, the signed deliveries and the audit check.
 */
const clock = new FakeClock(Date.now());
let stack: LocalStack;
let receiver: http.Server;
const deliveries: { headers: http.IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  stack = await startLocalStack({
    port: 0,
    inMemory: true,
    clock,
    env: { ...process.env },
    schedules: { 'deposit-scanner': null },
  });
  receiver = http.createServer((req, res) => {
    let body = '';
    req
      .on('data', (c) => (body += c))
      .on('end', () => {
        deliveries.push({ headers: req.headers, body });
        res.end('ok');
      });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
}, 120_000);
afterAll(async () => {
  await new Promise<void>((resolve) => receiver?.close(() => resolve()));
  await stack?.stop();
});

const as = (apiKey: string): CustodyClient => createCustodyClient({ baseUrl: stack.baseUrl, apiKey });
const DEST = '0x8ba1f109551bd432803012645ac136ddd64dba72';
const COIN = 10n ** 18n;
async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

describe('the README walkthrough through the TypeScript client', () => {
  it('goes from a new tenant to a completed, approved transfer with signed webhooks and a valid audit trail', async () => {
    const operator = as(`${stack.operator!.keyId}:${stack.operator!.secret}`);

    // 1. The platform operator creates a tenant with its first admin.
    const tenant = await operator.post('/v1/tenants', {
      body: { name: 'Acme', admin_email: 'admin@acme.example', admin_name: 'Acme Admin' },
      idempotencyKey: 'acme-1',
    });
    const admin = as(`${tenant.admin_credential.key_id}:${tenant.admin_credential.secret}`);

    // 2. The admin creates a credential for its service.
    const cred = await admin.post('/v1/credentials', { body: { user_id: tenant.admin_user.id, name: 'backend' } });
    if ('quorum' in cred) throw new Error('a credential for oneself is never held for the quorum');
    const key = as(`${cred.key_id}:${cred.secret}`);

    // 3. A vault and a generated wallet, with 10 coins on the dev chain.
    const vault = await key.post('/v1/vault/accounts', { body: { name: 'Treasury' } });
    const wallet = await key.post('/v1/vault/accounts/{vaultAccountId}/wallets/generate', {
      params: { path: { vaultAccountId: vault.id } },
      body: { label: 'hot' },
    });
    await stack.devChain!.state.setBalance(wallet.address, 10n * COIN);

    // 4. A webhook receiver for transaction events.
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const hook = await admin.post('/v1/webhooks', {
      body: { url: hookUrl, events: ['transaction.*'], description: 'local receiver' },
    });

    // 5. A policy: two approvals, at most 5 coins per transfer.
    await key.post('/v1/policies', {
      body: {
        vault_id: vault.id,
        name: 'four eyes',
        rules: [
          { type: 'REQUIRE_APPROVAL', value: '2' },
          { type: 'MAX_AMOUNT', value: String(5n * COIN) },
        ],
      },
    });

    // 6. A transfer of 1 coin; its retry with the same idempotency key is the same transfer.
    const [asset] = await collect(key.list('/v1/assets'));
    const transfer = {
      sourceWalletId: wallet.id,
      destinationAddr: DEST,
      assetId: asset!.id,
      amount: String(COIN),
      externalId: 'invoice-42',
    };
    const tx = await key.post('/v1/transactions', { body: transfer, idempotencyKey: 'pay-0001' });
    expect(tx.status).toBe('SUBMITTED');
    expect((await key.post('/v1/transactions', { body: transfer, idempotencyKey: 'pay-0001' })).id).toBe(tx.id);
    await stack.drain();
    const byId = { params: { path: { id: tx.id } } };
    expect((await key.get('/v1/transactions/{id}', byId)).status).toBe('PENDING_AUTHORIZATION');

    //    9 coins is over MAX_AMOUNT: a typed 1200 POLICY_DENIED.
    const denied = await key
      .post('/v1/transactions', { body: { ...transfer, amount: String(9n * COIN), externalId: 'invoice-43' } })
      .catch((e: unknown) => e);
    expect(denied).toBeInstanceOf(CustodyApiError);
    expect(denied).toMatchObject({ status: 422, code: 1200, type: 'POLICY_DENIED' });

    // 7. Two approvers approve; the reference signer signs, the transfer is broadcast and confirmed.
    for (const n of [1, 2]) {
      const user = await admin.post('/v1/users', {
        body: { email: `approver${n}@acme.example`, name: `Approver ${n}`, role_ids: ['role_approver'] },
      });
      const c = await admin.post('/v1/credentials', { body: { user_id: user.id, name: `approver ${n}` } });
      if ('quorum' in c) throw new Error('held for the quorum: the tenant has quorum 1');
      await as(`${c.key_id}:${c.secret}`).post('/v1/transactions/{id}/approve', { ...byId, body: { reason: 'ok' } });
    }
    await stack.drain();
    for (let round = 0; round < 5 && (await key.get('/v1/transactions/{id}', byId)).status !== 'COMPLETED'; round++) {
      await stack.devChain!.mine(stack.config.CUSTODY_CONFIRMATION_DEPTH + 1);
      await stack.runSchedule('chain-poller');
      await stack.drain();
    }
    const done = await key.get('/v1/transactions/{id}', byId);
    expect(done).toMatchObject({
      status: 'COMPLETED',
      nonce: 0,
      chainTxHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    });
    expect(done.confirmations).toBeGreaterThanOrEqual(stack.config.CUSTODY_CONFIRMATION_DEPTH);
    expect(await stack.devChain!.state.balanceOf(DEST)).toBe(COIN);

    // 9. Every delivery is signed with the endpoint's secret and the service's key; the deliveries list pages through its cursor.
    await stack.drain();
    const types = deliveries.map((d) => (JSON.parse(d.body) as { type: string }).type);
    expect(types).toContain('transaction.created');
    expect(types).toContain('transaction.completed');
    const now = Math.floor(clock.now().getTime() / 1000);
    expect(
      deliveries.every((d) =>
        verifyWebhookSignature({ secret: hook.secret, headers: d.headers, rawBody: d.body, nowSeconds: now }),
      ),
    ).toBe(true);
    expect(
      verifyWebhookSignature({
        secret: hook.secret,
        headers: deliveries[0]!.headers,
        rawBody: deliveries[0]!.body.replace('SUBMITTED', 'COMPLETED'),
        nowSeconds: now,
      }),
    ).toBe(false);
    // ... and with the service's ML-DSA-65 key (X-Webhook-JWS), fetched from GET /v1/webhooks/jwks: both must verify.
    const keySet = new WebhookKeySet(() => admin.get('/v1/webhooks/jwks'), { nowSeconds: () => now });
    for (const d of deliveries)
      expect(
        await keySet.problem({
          secret: hook.secret,
          webhookId: hook.id,
          headers: d.headers,
          rawBody: d.body,
          nowSeconds: now,
        }),
      ).toBeNull();
    expect(
      await keySet.problem({
        webhookId: hook.id,
        headers: deliveries[0]!.headers,
        rawBody: deliveries[0]!.body.replace('SUBMITTED', 'COMPLETED'),
        nowSeconds: now,
      }),
    ).toBe('X-Webhook-JWS does not verify');
    const listed = await collect(
      admin.list('/v1/webhooks/{id}/deliveries', { params: { path: { id: hook.id }, query: { limit: 2 } } }),
    );
    expect(listed.length).toBe(deliveries.length);
    expect(listed.every((d) => d.status === 'delivered')).toBe(true);

    // 10. The audit trail verifies.
    await stack.drain();
    const audit = await admin.get('/v1/audit/verify');
    expect(audit).toMatchObject({ valid: true, first_problem: null });
    expect(audit.entries_checked).toBeGreaterThan(0);

    // A wrong credential is a typed 1000 UNAUTHORIZED.
    await expect(as('pqck_nope:pqcs_nope').get('/v1/audit/verify')).rejects.toMatchObject({
      status: 401,
      code: 1000,
      type: 'UNAUTHORIZED',
    });
  }, 120_000);
});
