import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../shared/ports/clock.js';
import { startLocalStack, type LocalStack } from '../../local/stack.js';
import { httpCaller, type Key } from '../support/local-api.js';
import { makeTestCertificate } from '../support/test-certificate.js';
import { runInUnitOfWork } from '../../shared/domain/unit-of-work.js';
import type { EventData, EventType } from '../../shared/domain/events/catalog.js';
import { accessPatterns } from '../../shared/store/access-patterns.js';
import { OutboundClient } from '../../shared/adapters/http/outbound-client.js';

/**
 * Webhook delivery end to end through the local stack: endpoints over the API, events written to the outbox, the
 * stream router, the webhooks queue, the real worker, and real receivers (node:http and node:https with a
 * certificate made at run time). Time is a fake clock: each retry becomes due when the clock is moved and `drain()`
 * runs the due queue messages and scheduler jobs; nothing sleeps.
 */

// --- An independent verifier, from the interface text (section 6): lowercase hex HMAC-SHA256 with the endpoint
// secret as key over `<timestamp>.<raw_body>`, compared in constant time; several values are comma-separated.
function verify(secret: string, timestamp: string, rawBody: string, header: string): boolean {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest();
  return header.split(',').some((h) => /^[0-9a-f]{64}$/.test(h) && timingSafeEqual(Buffer.from(h, 'hex'), mac));
}

type Received = { path: string; headers: http.IncomingHttpHeaders; body: string; at: number };
type Reply = { status: number; headers?: Record<string, string>; body?: string | Buffer; hang?: boolean };
const received: Received[] = [];
const replies = new Map<string, Reply>();
const clock = new FakeClock(Date.parse('2026-03-01T00:00:00.000Z'));

function handler(req: http.IncomingMessage, res: http.ServerResponse) {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const path = req.url ?? '/';
    received.push({
      path,
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
      at: clock.now().getTime(),
    });
    const r = replies.get(path) ?? { status: 200, body: 'ok' };
    if (r.hang) return; // never answers
    res.writeHead(r.status, r.headers ?? {});
    res.end(r.body ?? '');
  });
}
const receiver = http.createServer(handler);
const cert = makeTestCertificate();
const tlsReceiver = https.createServer({ key: cert.key, cert: cert.cert }, handler);
// The receivers keep idle connections for the whole file: a receiver closing one (Node's 5 s default) while the
// service's keep-alive pool hands it to the next delivery makes that delivery a connection reset, on a loaded machine,
// where a test expects a timeout or an answer.
receiver.keepAliveTimeout = 600_000;
tlsReceiver.keepAliveTimeout = 600_000;
let base: string;
let tlsBase: string;

let stack: LocalStack;
let call: ReturnType<typeof httpCaller>;
let operator: Key;

beforeAll(async () => {
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  await new Promise<void>((r) => tlsReceiver.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  tlsBase = `https://localhost:${(tlsReceiver.address() as AddressInfo).port}`;
  stack = await startLocalStack({
    port: 0,
    inMemory: true,
    clock,
    env: { ...process.env, CUSTODY_WEBHOOK_TIMEOUT_MS: '300' },
    devChain: null,
    referenceSigner: null,
    workers: { transactions: null },
  });
  operator = { keyId: stack.operator!.keyId, secret: stack.operator!.secret };
  call = httpCaller(stack.baseUrl, operator);
}, 120_000);
afterAll(async () => {
  await stack?.stop();
  receiver.closeAllConnections();
  tlsReceiver.closeAllConnections();
  receiver.close();
  tlsReceiver.close();
});
afterEach(() => {
  stack.ports.outbound = undefined;
});

let n = 0;
async function tenant() {
  const name = `wh-${++n}-${Math.random().toString(36).slice(2, 6)}`;
  const t = await call('POST', '/v1/tenants', {
    body: { name, admin_email: `admin@${name}.example`, admin_name: 'Admin' },
  });
  expect(t.status).toBe(201);
  return {
    id: t.body.id as string,
    admin: { keyId: t.body.admin_credential.key_id, secret: t.body.admin_credential.secret } as Key,
  };
}
async function endpoint(admin: Key, path: string, events?: string[], url = base) {
  const r = await call('POST', '/v1/webhooks', {
    key: admin,
    body: { url: `${url}${path}`, ...(events ? { events } : {}) },
  });
  expect(r.status).toBe(201);
  return { id: r.body.id as string, secret: r.body.secret as string };
}
async function emit<T extends EventType>(tenantId: string, type: T, data: EventData<T>): Promise<string> {
  const evt = await runInUnitOfWork(
    stack,
    { actor: { type: 'system', user_id: null, key_id: null }, requestId: null, now: clock.now() },
    async (uow) => uow.event(tenantId, type, data),
  );
  return evt.id;
}
const statusChanged = (tx = '0193b1f4-6f1e-7c3a-9d2b-5a1e8c7f0a11') => ({
  transaction_id: tx,
  status: 'QUEUED' as const,
  previous_status: 'SUBMITTED' as const,
});
const at = (path: string) => received.filter((r) => r.path === path);
async function deliveries(admin: Key, webhookId: string, query = '') {
  const r = await call('GET', `/v1/webhooks/${webhookId}/deliveries${query}`, { key: admin });
  expect(r.status).toBe(200);
  return r.body.deliveries as Array<Record<string, any>>;
}

describe('webhook endpoints', () => {
  it('registers with a secret shown once, lists and gets without it, deletes with 204', async () => {
    const t = await tenant();
    const r = await call('POST', '/v1/webhooks', {
      key: t.admin,
      body: { url: `${base}/a`, events: ['transaction.*', 'deposit.detected'], description: 'ops' },
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      url: `${base}/a`,
      events: ['transaction.*', 'deposit.detected'],
      description: 'ops',
      status: 'active',
    });
    expect(r.body.secret).toMatch(/^whsk_[A-Za-z0-9_-]{43}$/);
    const got = await call('GET', `/v1/webhooks/${r.body.id}`, { key: t.admin });
    expect(got.status).toBe(200);
    expect(got.body.secret).toBeUndefined();
    const list = await call('GET', '/v1/webhooks', { key: t.admin });
    expect(list.body.webhooks.map((w: { id: string }) => w.id)).toEqual([r.body.id]);
    expect(JSON.stringify(list.body)).not.toContain(r.body.secret);
    // Sealed at rest: the stored item holds no plaintext secret.
    const stored = await stack.store.query({
      pattern: accessPatterns.webhooksOfTenant(t.id),
      limit: 10,
      consistent: true,
    });
    expect(JSON.stringify(stored.items)).not.toContain(r.body.secret);
    expect((await call('DELETE', `/v1/webhooks/${r.body.id}`, { key: t.admin })).status).toBe(204);
    expect((await call('GET', `/v1/webhooks/${r.body.id}`, { key: t.admin })).status).toBe(404);
  });

  it('refuses an unknown event type with 400 1100 naming it, and a malformed URL with 400 1107', async () => {
    const t = await tenant();
    const bad = await call('POST', '/v1/webhooks', {
      key: t.admin,
      body: { url: `${base}/x`, events: ['transaction.*', 'transaction.exploded'] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe(1100);
    expect(JSON.stringify(bad.body)).toContain('transaction.exploded');
    for (const url of ['not a url', 'ftp://example.com/x', 'http://169.254.169.254/latest']) {
      const r = await call('POST', '/v1/webhooks', { key: t.admin, body: { url } });
      expect(r.status, url).toBe(400);
      expect(r.body.error.code, url).toBe(1107);
    }
    expect((await call('GET', '/v1/webhooks', { key: t.admin })).body.webhooks).toEqual([]);
  });

  it('is isolated between tenants (another tenant gets 404 and an empty list)', async () => {
    const a = await tenant();
    const b = await tenant();
    const h = await endpoint(a.admin, '/iso');
    expect((await call('GET', `/v1/webhooks/${h.id}`, { key: b.admin })).status).toBe(404);
    expect((await call('DELETE', `/v1/webhooks/${h.id}`, { key: b.admin })).status).toBe(404);
    expect((await call('GET', `/v1/webhooks/${h.id}/deliveries`, { key: b.admin })).status).toBe(404);
    expect((await call('GET', '/v1/webhooks', { key: b.admin })).body.webhooks).toEqual([]);
  });
});

describe('delivery', () => {
  it('sends a signed delivery to matching endpoints only (wildcards), once per event even when the batch is re-delivered', async () => {
    const t = await tenant();
    const tx = await endpoint(t.admin, '/d-tx', ['transaction.*']);
    const all = await endpoint(t.admin, '/d-all');
    await endpoint(t.admin, '/d-dep', ['deposit.*']);
    const eventId = await emit(t.id, 'transaction.status_changed', statusChanged());
    await stack.drain();
    expect(at('/d-dep')).toHaveLength(0);
    for (const [path, h] of [
      ['/d-tx', tx],
      ['/d-all', all],
    ] as const) {
      const [r] = at(path);
      expect(at(path)).toHaveLength(1);
      expect(r!.headers['content-type']).toBe('application/json');
      expect(r!.headers['x-webhook-timestamp']).toBe(String(Math.floor(clock.now().getTime() / 1000)));
      expect(
        verify(
          h.secret,
          r!.headers['x-webhook-timestamp'] as string,
          r!.body,
          r!.headers['x-webhook-signature'] as string,
        ),
      ).toBe(true);
      expect(
        verify(
          h.secret,
          r!.headers['x-webhook-timestamp'] as string,
          r!.body + ' ',
          r!.headers['x-webhook-signature'] as string,
        ),
      ).toBe(false);
      const body = JSON.parse(r!.body);
      expect(body).toMatchObject({ id: eventId, type: 'transaction.status_changed', data: statusChanged() });
      const [d] = await deliveries(t.admin, h.id);
      expect(d).toMatchObject({
        id: r!.headers['x-webhook-id'],
        event_id: eventId,
        event_type: 'transaction.status_changed',
        status: 'delivered',
        attempts: 1,
        last_response_code: 200,
        last_error: null,
        next_attempt_at: null,
      });
    }
    // The stream delivers the same event again: no second record, nothing sent twice.
    await stack.queues.send('webhooks', [
      {
        body: JSON.stringify({ kind: 'event', tenant_id: t.id, event_id: eventId, type: 'transaction.status_changed' }),
      },
    ]);
    await stack.drain();
    expect(at('/d-tx')).toHaveLength(1);
    expect(await deliveries(t.admin, tx.id)).toHaveLength(1);
  });

  it('follows the exact schedule with a fresh timestamp and signature each time, then dead-letters and tells the other endpoints', async () => {
    const t = await tenant();
    replies.set('/s-down', { status: 500, body: 'down' });
    const down = await endpoint(t.admin, '/s-down', ['transaction.*']);
    const watcher = await endpoint(t.admin, '/s-watch', ['webhook.*']);
    const eventId = await emit(t.id, 'transaction.status_changed', statusChanged());
    const start = clock.now().getTime();
    await stack.drain();
    expect(at('/s-down')).toHaveLength(1);
    const delays = [30, 120, 600, 3_600, 21_600];
    for (const [i, delay] of delays.entries()) {
      const [d] = await deliveries(t.admin, down.id);
      expect(d).toMatchObject({
        status: 'retrying',
        attempts: i + 1,
        last_response_code: 500,
        last_error: 'HTTP 500',
        last_response_body: 'down',
      });
      expect(Date.parse(d!.next_attempt_at)).toBe(clock.now().getTime() + delay * 1000);
      if (delay > 900)
        expect(stack.scheduler.pending().map((j) => j.at.getTime())).toContain(clock.now().getTime() + delay * 1000);
      clock.advance(delay * 1000 - 1000);
      await stack.drain();
      expect(at('/s-down'), `attempt ${i + 2} not before ${delay} s`).toHaveLength(i + 1);
      clock.advance(1000);
      await stack.drain();
      expect(at('/s-down'), `attempt ${i + 2} at ${delay} s`).toHaveLength(i + 2);
      const r = at('/s-down')[i + 1]!;
      expect(r.headers['x-webhook-timestamp']).toBe(String(Math.floor(clock.now().getTime() / 1000)));
      expect(
        verify(
          down.secret,
          r.headers['x-webhook-timestamp'] as string,
          r.body,
          r.headers['x-webhook-signature'] as string,
        ),
      ).toBe(true);
      expect(r.headers['x-webhook-id']).toBe(at('/s-down')[0]!.headers['x-webhook-id']);
    }
    expect(at('/s-down').map((r) => (r.at - start) / 1000)).toEqual([0, 30, 150, 750, 4_350, 25_950]);
    const [dead] = await deliveries(t.admin, down.id);
    expect(dead).toMatchObject({ status: 'dead', attempts: 6, next_attempt_at: null });
    expect(await deliveries(t.admin, down.id, '?status=dead')).toHaveLength(1);
    expect(await deliveries(t.admin, down.id, '?status=delivered')).toHaveLength(0);
    // The failed event went to the other endpoint subscribed to it, not to the failing one (no loops).
    const told = at('/s-watch');
    expect(told).toHaveLength(1);
    const failed = JSON.parse(told[0]!.body);
    expect(failed).toMatchObject({
      type: 'webhook.delivery.failed',
      data: {
        webhook_id: down.id,
        event_id: eventId,
        event_type: 'transaction.status_changed',
        attempts: 6,
        last_status: 500,
        last_error: 'HTTP 500',
      },
    });
    expect(
      verify(
        watcher.secret,
        told[0]!.headers['x-webhook-timestamp'] as string,
        told[0]!.body,
        told[0]!.headers['x-webhook-signature'] as string,
      ),
    ).toBe(true);

    // Replay: the same event id and delivery id, a new attempt; the dead delivery is delivered.
    replies.set('/s-down', { status: 204 });
    const other = await tenant();
    expect(
      (await call('POST', `/v1/webhooks/${down.id}/replay`, { key: other.admin, body: { delivery_id: dead!.id } }))
        .status,
    ).toBe(404);
    expect(
      (await call('POST', `/v1/webhooks/${watcher.id}/replay`, { key: t.admin, body: { delivery_id: dead!.id } }))
        .status,
    ).toBe(404);
    const replay = await call('POST', `/v1/webhooks/${down.id}/replay`, {
      key: t.admin,
      body: { delivery_id: dead!.id },
    });
    expect(replay.status).toBe(202);
    await stack.drain();
    expect(at('/s-down')).toHaveLength(7);
    const again = at('/s-down')[6]!;
    expect(JSON.parse(again.body).id).toBe(eventId);
    expect(again.headers['x-webhook-id']).toBe(dead!.id);
    expect(
      verify(
        down.secret,
        again.headers['x-webhook-timestamp'] as string,
        again.body,
        again.headers['x-webhook-signature'] as string,
      ),
    ).toBe(true);
    expect((await deliveries(t.admin, down.id))[0]).toMatchObject({
      status: 'delivered',
      attempts: 7,
      last_response_code: 204,
    });
  });

  it('never raises a failed event for a failed delivery of a failed event', async () => {
    const t = await tenant();
    replies.set('/loop-a', { status: 500 });
    replies.set('/loop-b', { status: 500 });
    const a = await endpoint(t.admin, '/loop-a', ['transaction.*', 'webhook.*']);
    await endpoint(t.admin, '/loop-b', ['webhook.*']);
    await emit(t.id, 'transaction.status_changed', statusChanged());
    await stack.drain();
    for (const delay of [30, 120, 600, 3_600, 21_600, 30, 120, 600, 3_600, 21_600, 30]) {
      clock.advance(delay * 1000);
      await stack.drain();
    }
    // a: 6 attempts of the transaction event; b: 6 attempts of a's failed event; nothing further.
    expect(at('/loop-a')).toHaveLength(6);
    expect(at('/loop-b')).toHaveLength(6);
    expect((await deliveries(t.admin, a.id)).map((d) => d.status)).toEqual(['dead']);
  });

  it('disables an endpoint that answers 410 for good; later events are not sent to it', async () => {
    const t = await tenant();
    replies.set('/gone', { status: 410 });
    const h = await endpoint(t.admin, '/gone');
    await emit(t.id, 'transaction.status_changed', statusChanged());
    await stack.drain();
    expect(at('/gone')).toHaveLength(1);
    expect((await call('GET', `/v1/webhooks/${h.id}`, { key: t.admin })).body.status).toBe('DISABLED');
    expect((await deliveries(t.admin, h.id))[0]).toMatchObject({ status: 'cancelled', last_response_code: 410 });
    replies.set('/gone', { status: 200 });
    await emit(t.id, 'transaction.status_changed', statusChanged());
    await stack.drain();
    clock.advance(60_000);
    await stack.drain();
    expect(at('/gone')).toHaveLength(1);
    const audit = await call('GET', '/v1/audit/entries', { key: t.admin });
    expect(JSON.stringify(audit.body)).toContain('webhook.disabled');
  });

  it('rotation: both signatures for the grace period, the new one first', async () => {
    const t = await tenant();
    const h = await endpoint(t.admin, '/rot');
    const rotated = await call('POST', `/v1/webhooks/${h.id}/rotate-secret`, { key: t.admin });
    expect(rotated.status).toBe(200);
    const fresh = rotated.body.secret as string;
    expect(fresh).not.toBe(h.secret);
    await emit(t.id, 'transaction.status_changed', statusChanged());
    await stack.drain();
    const r = at('/rot')[0]!;
    const [first, second] = (r.headers['x-webhook-signature'] as string).split(',');
    const ts = r.headers['x-webhook-timestamp'] as string;
    expect(verify(fresh, ts, r.body, first!)).toBe(true);
    expect(verify(h.secret, ts, r.body, second!)).toBe(true);
    clock.advance(86_400_000 + 1000);
    await emit(t.id, 'transaction.status_changed', statusChanged());
    await stack.drain();
    const later = at('/rot')[1]!;
    expect((later.headers['x-webhook-signature'] as string).split(',')).toHaveLength(1);
    expect(
      verify(
        fresh,
        later.headers['x-webhook-timestamp'] as string,
        later.body,
        later.headers['x-webhook-signature'] as string,
      ),
    ).toBe(true);
  });

  it("records a suspended tenant's deliveries without sending them; reactivation does not send them", async () => {
    const t = await tenant();
    const h = await endpoint(t.admin, '/susp');
    expect((await call('POST', `/v1/tenants/${t.id}/suspend`, { body: { reason: 'billing' } })).status).toBe(200);
    await emit(t.id, 'transaction.status_changed', statusChanged());
    await stack.drain();
    expect(at('/susp')).toHaveLength(0);
    const page = await stack.store.query({
      pattern: accessPatterns.deliveriesOfWebhook(t.id, h.id),
      limit: 10,
      consistent: true,
    });
    expect(page.items.map((d) => d.status)).toEqual(['suspended']);
    expect((await call('POST', `/v1/tenants/${t.id}/reactivate`)).status).toBe(200);
    await stack.drain();
    clock.advance(3_600_000);
    await stack.drain();
    expect(at('/susp')).toHaveLength(0);
    expect((await deliveries(t.admin, h.id))[0]).toMatchObject({ status: 'suspended', attempts: 0 });
  });

  it('over HTTPS with a certificate made at run time', async () => {
    stack.ports.outbound = new OutboundClient({ allowPrivateNetworks: true, ca: cert.cert });
    const t = await tenant();
    const h = await endpoint(t.admin, '/tls', undefined, tlsBase);
    await emit(t.id, 'transaction.status_changed', statusChanged());
    await stack.drain();
    const r = at('/tls')[0]!;
    expect(
      verify(h.secret, r.headers['x-webhook-timestamp'] as string, r.body, r.headers['x-webhook-signature'] as string),
    ).toBe(true);
    expect((await deliveries(t.admin, h.id))[0]).toMatchObject({ status: 'delivered' });
  });

  it('records an SSRF refusal (production client, loopback) as a failed attempt: nothing is sent', async () => {
    stack.ports.outbound = new OutboundClient({ allowPrivateNetworks: false });
    const t = await tenant();
    const h = await endpoint(t.admin, '/ssrf');
    await emit(t.id, 'transaction.status_changed', statusChanged());
    await stack.drain();
    expect(at('/ssrf')).toHaveLength(0);
    const [d] = await deliveries(t.admin, h.id);
    expect(d).toMatchObject({ status: 'retrying', attempts: 1, last_response_code: null });
    expect(d!.last_error).toMatch(/^refused: .*loopback/);
  });

  it('a receiver that hangs is a timeout; one answering 10 MB is read to 4 KiB', async () => {
    const t = await tenant();
    replies.set('/hang', { status: 200, hang: true });
    replies.set('/big', { status: 200, body: Buffer.alloc(10 * 1024 * 1024, 'x') });
    const hang = await endpoint(t.admin, '/hang');
    const big = await endpoint(t.admin, '/big');
    await emit(t.id, 'transaction.status_changed', statusChanged());
    await stack.drain();
    const [h] = await deliveries(t.admin, hang.id);
    expect(h).toMatchObject({ status: 'retrying', attempts: 1, last_response_code: null });
    expect(h!.last_error).toMatch(/^timeout: /);
    const [b] = await deliveries(t.admin, big.id);
    expect(b).toMatchObject({ status: 'delivered', last_response_code: 200 });
    expect(b!.last_response_body).toBe('x'.repeat(4096));
  });
});
