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
import { signWebhookJws, webhookJwsHeader } from '../../shared/domain/webhooks/jws.js';
import { LocalWebhookKeys } from '../../shared/adapters/keys/local-webhook-keys.js';
import { LocalKeyProvider } from '../../shared/adapters/keys/local-key-provider.js';
import { createRequire } from 'node:module';

/**
 * The receiver-side verification snippet of docs/webhooks.md, run as published (extracted from the page, not
 * copied), against the service's signer: an independent verifier written from the interface text. The last test
 * sends real deliveries over HTTP to a receiver that verifies with it.
 */
type Verify = (args: {
  secret: string;
  headers: Record<string, string | string[] | undefined>;
  rawBody: string | Buffer;
  toleranceSeconds?: number;
  nowSeconds?: number;
}) => boolean;
type Jwk = { kty: string; alg: string; use: string; kid: string; pub: string };
type VerifyJws = (args: {
  keys: Jwk[];
  webhookId: string;
  headers: Record<string, string | string[] | undefined>;
  rawBody: string | Buffer;
  toleranceSeconds?: number;
  nowSeconds?: number;
}) => { ok: boolean; unknownKid?: boolean };
let verifyWebhook: Verify;
let verifyWebhookJws: VerifyJws;
const dir = mkdtempSync(join(tmpdir(), 'webhook-doc-'));

beforeAll(async () => {
  const page = readFileSync(new URL('../../docs/webhooks.md', import.meta.url), 'utf8');
  const block = /```js\n(\/\/ verify-webhook\.js\n[\s\S]*?)```/.exec(page);
  expect(block, 'the verification snippet in docs/webhooks.md').not.toBeNull();
  const file = join(dir, 'verify-webhook.mjs');
  writeFileSync(file, block![1]!);
  ({ verifyWebhook } = (await import(pathToFileURL(file).href)) as { verifyWebhook: Verify });
  const jwsBlock = /```js\n(\/\/ verify-webhook-jws\.js\n[\s\S]*?)```/.exec(page);
  expect(jwsBlock, 'the JWS verification snippet in docs/webhooks.md').not.toBeNull();
  // Written outside the repository, so its one package import is pointed at the installed file.
  const noble = pathToFileURL(createRequire(import.meta.url).resolve('@noble/post-quantum/ml-dsa.js')).href;
  const jwsFile = join(dir, 'verify-webhook-jws.mjs');
  writeFileSync(jwsFile, jwsBlock![1]!.replace("from '@noble/post-quantum/ml-dsa.js'", `from '${noble}'`));
  ({ verifyWebhookJws } = (await import(pathToFileURL(jwsFile).href)) as { verifyWebhookJws: VerifyJws });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const at = new Date('2026-01-01T00:00:00.000Z');
const now = Math.floor(at.getTime() / 1000);
const rawBody = deliveryBody({
  id: 'evt_1',
  type: 'transaction.status_changed',
  occurredAt: at,
  data: { transaction_id: 't', status: 'QUEUED', previous_status: 'SUBMITTED' },
});
const lower = (h: Record<string, string>) =>
  Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));

describe('the documented verifier against the signer', () => {
  const secret = generateWebhookSecret();
  const headers = lower(deliveryHeaders({ deliveryId: 'd-1', at, rawBody, secrets: [secret], jws: '' }));

  it('accepts a delivery signed with the secret, as string or bytes', () => {
    expect(verifyWebhook({ secret, headers, rawBody, nowSeconds: now })).toBe(true);
    expect(verifyWebhook({ secret, headers, rawBody: Buffer.from(rawBody), nowSeconds: now + 299 })).toBe(true);
  });

  it('rejects another secret, a changed body, a changed timestamp and a malformed signature', () => {
    expect(verifyWebhook({ secret: generateWebhookSecret(), headers, rawBody, nowSeconds: now })).toBe(false);
    expect(verifyWebhook({ secret, headers, rawBody: rawBody.replace('QUEUED', 'SIGNED'), nowSeconds: now })).toBe(
      false,
    );
    expect(
      verifyWebhook({
        secret,
        headers: { ...headers, 'x-webhook-timestamp': String(now + 1) },
        rawBody,
        nowSeconds: now,
      }),
    ).toBe(false);
    expect(
      verifyWebhook({ secret, headers: { ...headers, 'x-webhook-signature': 'abc' }, rawBody, nowSeconds: now }),
    ).toBe(false);
    expect(
      verifyWebhook({ secret, headers: { ...headers, 'x-webhook-signature': undefined }, rawBody, nowSeconds: now }),
    ).toBe(false);
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

describe('the documented JWS verifier', () => {
  const vector = JSON.parse(readFileSync(new URL('../../docs/webhook-jws-vector.json', import.meta.url), 'utf8')) as {
    jwks: { keys: Jwk[] };
    webhook_id: string;
    raw_body: string;
    headers: Record<string, string>;
    protected_header: string;
    signing_input: string;
  };
  const vHeaders = lower(vector.headers);
  const vNow = Number(vector.headers['X-Webhook-Timestamp']);

  it("accepts the published test vector, whose header is the service's format, and refuses it changed", () => {
    const kid = vector.jwks.keys[0]!.kid;
    expect(kid).toBe('Suiu29qbfuaBaR4Ats-c6XQBePB_OpAxAwcTR_0KXVM'); // the draft's example key
    expect(vector.protected_header).toBe(webhookJwsHeader(kid, vNow, vector.webhook_id));
    const [p] = vector.headers['X-Webhook-JWS']!.split('.');
    expect(vector.signing_input).toBe(`${p}.${Buffer.from(vector.raw_body).toString('base64url')}`);
    const args = {
      keys: vector.jwks.keys,
      webhookId: vector.webhook_id,
      headers: vHeaders,
      rawBody: vector.raw_body,
      nowSeconds: vNow,
    };
    expect(verifyWebhookJws(args)).toEqual({ ok: true });
    expect(verifyWebhookJws({ ...args, rawBody: vector.raw_body.replace('QUEUED', 'QUEUEE') })).toEqual({ ok: false });
    expect(verifyWebhookJws({ ...args, webhookId: '0193b1f4-7a00-7c3a-9d2b-5a1e8c7f0a14' })).toEqual({ ok: false });
    expect(verifyWebhookJws({ ...args, nowSeconds: vNow + 301 })).toEqual({ ok: false });
    expect(verifyWebhookJws({ ...args, keys: [] })).toEqual({ ok: false, unknownKid: true });
  });

  it('accepts what the service signs with its key, for that endpoint only', async () => {
    const keys = new LocalWebhookKeys(new LocalKeyProvider(join(dir, 'master.key')));
    const jws = await signWebhookJws(await keys.signingKey(), { rawBody, iat: now, aud: 'w-1' });
    const headers = lower(deliveryHeaders({ deliveryId: 'd-1', at, rawBody, secrets: [generateWebhookSecret()], jws }));
    const set = await keys.publicKeys();
    expect(
      verifyWebhookJws({ keys: set, webhookId: 'w-1', headers, rawBody: Buffer.from(rawBody), nowSeconds: now }),
    ).toEqual({ ok: true });
    expect(verifyWebhookJws({ keys: set, webhookId: 'w-2', headers, rawBody, nowSeconds: now })).toEqual({ ok: false });
    expect(
      verifyWebhookJws({
        keys: vector.jwks.keys.map((k) => ({ ...k, kid: set[0]!.kid })),
        webhookId: 'w-1',
        headers,
        rawBody,
        nowSeconds: now,
      }),
    ).toEqual({ ok: false });
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
        seen.push({
          ok: verifyWebhook({ secret, headers: req.headers, rawBody: Buffer.concat(chunks), nowSeconds: Number(ts) }),
          id: req.headers['x-webhook-id'] as string | undefined,
          ts,
        });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const client = new OutboundClient({ allowPrivateNetworks: true });
    try {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
      for (const attemptAt of [at, new Date(at.getTime() + 30_000)]) {
        const res = await client.request({
          method: 'POST',
          url,
          headers: deliveryHeaders({ deliveryId: 'd-1', at: attemptAt, rawBody, secrets: [secret], jws: '' }),
          body: rawBody,
          maxResponseBytes: 4096,
        });
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
