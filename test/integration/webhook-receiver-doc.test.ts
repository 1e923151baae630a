import http from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboundClient } from '../../shared/adapters/http/outbound-client.js';
import { deliveryBody, deliveryHeaders } from '../../shared/domain/webhooks/delivery-headers.js';
import { generateWebhookSecret } from '../../shared/domain/webhooks/signature.js';

/**
 * The receiver-side verification snippet of docs/webhooks.md, run as published (extracted from the page, not
 * copied), against the service's signer: an independent verifier written from the interface text. The last test
 * sends real deliveries over HTTP to a receiver that verifies with it.
 */
type Verify = (args: { secret: string; headers: Record<string, string | string[] | undefined>; rawBody: string | Buffer; toleranceSeconds?: number; nowSeconds?: number }) => boolean;
let verifyWebhook: Verify;
const dir = mkdtempSync(join(tmpdir(), 'webhook-doc-'));

beforeAll(async () => {
  const page = readFileSync(new URL('../../docs/webhooks.md', import.meta.url), 'utf8');
  const block = /```js\n(\/\/ verify-webhook\.js\n[\s\S]*?)```/.exec(page);
  expect(block, 'the verification snippet in docs/webhooks.md').not.toBeNull();
  const file = join(dir, 'verify-webhook.mjs');
  writeFileSync(file, block![1]!);
  ({ verifyWebhook } = (await import(pathToFileURL(file).href)) as { verifyWebhook: Verify });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const at = new Date('2026-01-01T00:00:00.000Z');
const now = Math.floor(at.getTime() / 1000);
const rawBody = deliveryBody({ id: 'evt_1', type: 'transaction.status_changed', occurredAt: at, data: { transaction_id: 't', status: 'QUEUED', previous_status: 'SUBMITTED' } });
const lower = (h: Record<string, string>) => Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));

describe('the documented verifier against the signer', () => {
  const secret = generateWebhookSecret();
  const headers = lower(deliveryHeaders({ deliveryId: 'd-1', at, rawBody, secrets: [secret], jws: '' }));

  it('accepts a delivery signed with the secret, as string or bytes', () => {
    expect(verifyWebhook({ secret, headers, rawBody, nowSeconds: now })).toBe(true);
    expect(verifyWebhook({ secret, headers, rawBody: Buffer.from(rawBody), nowSeconds: now + 299 })).toBe(true);
  });

  it('rejects another secret, a changed body, a changed timestamp and a malformed signature', () => {
    expect(verifyWebhook({ secret: generateWebhookSecret(), headers, rawBody, nowSeconds: now })).toBe(false);
    expect(verifyWebhook({ secret, headers, rawBody: rawBody.replace('QUEUED', 'SIGNED'), nowSeconds: now })).toBe(false);
    expect(verifyWebhook({ secret, headers: { ...headers, 'x-webhook-timestamp': String(now + 1) }, rawBody, nowSeconds: now })).toBe(false);
    expect(verifyWebhook({ secret, headers: { ...headers, 'x-webhook-signature': 'abc' }, rawBody, nowSeconds: now })).toBe(false);
    expect(verifyWebhook({ secret, headers: { ...headers, 'x-webhook-signature': undefined }, rawBody, nowSeconds: now })).toBe(false);
  });

  it('rejects a timestamp outside the tolerance, either way', () => {
    expect(verifyWebhook({ secret, headers, rawBody, nowSeconds: now + 301 })).toBe(false);
    expect(verifyWebhook({ secret, headers, rawBody, nowSeconds: now - 301 })).toBe(false);
    expect(verifyWebhook({ secret, headers, rawBody, nowSeconds: now + 3600, toleranceSeconds: 3600 })).toBe(true);
  });

  it('accepts either secret during a rotation (two signatures), and neither a third', () => {
    const fresh = generateWebhookSecret();
    const both = lower(deliveryHeaders({ deliveryId: 'd-1', at, rawBody, secrets: [fresh, secret], jws: '' }));
    expect(both['x-webhook-signature']).toMatch(/^[0-9a-f]{64},[0-9a-f]{64}$/);
    expect(verifyWebhook({ secret: fresh, headers: both, rawBody, nowSeconds: now })).toBe(true);
    expect(verifyWebhook({ secret, headers: both, rawBody, nowSeconds: now })).toBe(true);
    expect(verifyWebhook({ secret: generateWebhookSecret(), headers: both, rawBody, nowSeconds: now })).toBe(false);
  });
});

describe('a signed delivery over HTTP', () => {
  it('verifies at a real receiver, with a fresh timestamp and signature on each attempt', async () => {
    const secret = generateWebhookSecret();
    const seen: Array<{ ok: boolean; id: string | undefined; ts: string | undefined }> = [];
    const receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const ts = req.headers['x-webhook-timestamp'] as string | undefined;
        seen.push({ ok: verifyWebhook({ secret, headers: req.headers, rawBody: Buffer.concat(chunks), nowSeconds: Number(ts) }), id: req.headers['x-webhook-id'] as string | undefined, ts });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const client = new OutboundClient({ allowPrivateNetworks: true });
    try {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
      for (const attemptAt of [at, new Date(at.getTime() + 30_000)]) {
        const res = await client.request({ method: 'POST', url, headers: deliveryHeaders({ deliveryId: 'd-1', at: attemptAt, rawBody, secrets: [secret], jws: '' }), body: rawBody, maxResponseBytes: 4096 });
        expect(res.status).toBe(204);
      }
      expect(seen).toEqual([
        { ok: true, id: 'd-1', ts: String(now) },
        { ok: true, id: 'd-1', ts: String(now + 30) },
      ]);
    } finally {
      client.close();
      receiver.close();
    }
  });
});
