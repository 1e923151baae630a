import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ml_dsa65 } from '@noble/post-quantum/ml-dsa.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../shared/ports/clock.js';
import { startLocalStack, type LocalStack } from '../../local/stack.js';
import { httpCaller, type Key } from '../support/local-api.js';
import { runInUnitOfWork } from '../../shared/domain/unit-of-work.js';

/**
 * The `X-Webhook-JWS` of real deliveries (local stack, DynamoDB Local, the real worker, a real node:http receiver),
 * checked by a verifier written here from docs/webhooks.md alone: the key set fetched without a credential from
 * `GET /v1/webhooks/jwks`, the compact detached JWS split by hand, the signing input rebuilt, ML-DSA-65 verified
 * with @noble/post-quantum. Nothing of the service's own JWS code is used.
 */

type Jwk = { kty: string; alg: string; use: string; kid: string; pub: string };
type Verdict = { ok: true; header: Record<string, unknown> } | { ok: false; reason: string };

const b64url = (b: Buffer | string) => Buffer.from(b).toString('base64url');

/** RFC 7638 for key type AKP: the required members alg, kty, pub in lexicographic order, no whitespace. */
const thumbprint = (jwk: Jwk) =>
  createHash('sha256').update(`{"alg":"${jwk.alg}","kty":"${jwk.kty}","pub":"${jwk.pub}"}`).digest('base64url');

function verifyJws(jws: string, rawBody: Buffer, keys: Jwk[], expect: { aud: string; iat: string }): Verdict {
  const parts = jws.split('.');
  if (parts.length !== 3 || parts[1] !== '') return { ok: false, reason: 'not a detached compact JWS' };
  const [protectedB64, , sigB64] = parts as [string, string, string];
  let header: Record<string, unknown>;
  try {
    header = JSON.parse(Buffer.from(protectedB64, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'header is not JSON' };
  }
  if (header.alg !== 'ML-DSA-65') return { ok: false, reason: 'alg' };
  if ('crit' in header || 'b64' in header) return { ok: false, reason: 'unexpected crit/b64' };
  const key = keys.find((k) => k.kid === header.kid && k.kty === 'AKP' && k.alg === 'ML-DSA-65');
  if (!key) return { ok: false, reason: 'unknown kid' };
  if (header.aud !== expect.aud) return { ok: false, reason: 'aud' };
  if (String(header.iat) !== expect.iat) return { ok: false, reason: 'iat' };
  const signingInput = Buffer.from(`${protectedB64}.${b64url(rawBody)}`, 'ascii');
  const sig = Buffer.from(sigB64, 'base64url');
  if (sig.length !== 3309) return { ok: false, reason: 'signature size' };
  const ok = ml_dsa65.verify(sig, signingInput, Buffer.from(key.pub, 'base64url'));
  return ok ? { ok: true, header } : { ok: false, reason: 'signature' };
}

const hmacOk = (secret: string, ts: string, body: string, header: string) =>
  header
    .split(',')
    .some(
      (h) =>
        /^[0-9a-f]{64}$/.test(h) &&
        timingSafeEqual(Buffer.from(h, 'hex'), createHmac('sha256', secret).update(`${ts}.${body}`).digest()),
    );

type Received = { path: string; headers: http.IncomingHttpHeaders; body: Buffer };
const received: Received[] = [];
const replies = new Map<string, number>();
const clock = new FakeClock(Date.parse('2026-03-01T00:00:00.000Z'));
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push({ path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks) });
    res.writeHead(replies.get(req.url ?? '/') ?? 204).end();
  });
});
let base: string;
let stack: LocalStack;
let call: ReturnType<typeof httpCaller>;

beforeAll(async () => {
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  stack = await startLocalStack({
    port: 0,
    inMemory: true,
    clock,
    env: { ...process.env, CUSTODY_WEBHOOK_TIMEOUT_MS: '2000' },
    devChain: null,
    referenceSigner: null,
    workers: { transactions: null },
  });
  call = httpCaller(stack.baseUrl, { keyId: stack.operator!.keyId, secret: stack.operator!.secret });
}, 120_000);
afterAll(async () => {
  await stack?.stop();
  receiver.closeAllConnections();
  receiver.close();
});

async function tenant(): Promise<{ id: string; admin: Key }> {
  const name = `jws-${Math.random().toString(36).slice(2, 8)}`;
  const t = await call('POST', '/v1/tenants', {
    body: { name, admin_email: `admin@${name}.example`, admin_name: 'Admin' },
  });
  expect(t.status).toBe(201);
  return { id: t.body.id, admin: { keyId: t.body.admin_credential.key_id, secret: t.body.admin_credential.secret } };
}
async function endpoint(admin: Key, path: string) {
  const r = await call('POST', '/v1/webhooks', { key: admin, body: { url: `${base}${path}` } });
  expect(r.status).toBe(201);
  return { id: r.body.id as string, secret: r.body.secret as string };
}
async function emit(tenantId: string, tx: string) {
  return runInUnitOfWork(
    stack,
    { actor: { type: 'system', user_id: null, key_id: null }, requestId: null, now: clock.now() },
    async (uow) =>
      uow.event(tenantId, 'transaction.status_changed', {
        transaction_id: tx,
        status: 'QUEUED',
        previous_status: 'SUBMITTED',
      }),
  );
}
async function keySet(): Promise<Jwk[]> {
  const r = await call('GET', '/v1/webhooks/jwks', { key: null });
  expect(r.status).toBe(200);
  return r.body.keys;
}
const at = (path: string) => received.filter((r) => r.path === path);

describe('GET /v1/webhooks/jwks', () => {
  it('publishes the ML-DSA-65 key without a credential, cacheable, its kid the key thumbprint', async () => {
    const r = await call('GET', '/v1/webhooks/jwks', { key: null });
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('public, max-age=300');
    expect(r.body.keys).toHaveLength(1);
    const [k] = r.body.keys as Jwk[];
    expect(Object.keys(k!).sort()).toEqual(['alg', 'kid', 'kty', 'pub', 'use']);
    expect(k).toMatchObject({ kty: 'AKP', alg: 'ML-DSA-65', use: 'sig' });
    expect(k!.pub).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(k!.pub, 'base64url')).toHaveLength(1952);
    expect(k!.kid).toBe(thumbprint(k!));
    // The same key on the next call (derived from the local key file, not made per request).
    expect(await keySet()).toEqual(r.body.keys);
  });

  it('is not taken for the endpoint id "jwks" of GET /v1/webhooks/{id}', async () => {
    const t = await tenant();
    const r = await call('GET', '/v1/webhooks/jwks', { key: t.admin });
    expect(r.status).toBe(200);
    expect(r.body.keys).toBeDefined();
  });
});

describe('X-Webhook-JWS on a real delivery', () => {
  it('verifies with the published key over the raw body, naming the endpoint and the attempt time, beside the HMAC', async () => {
    const t = await tenant();
    const a = await endpoint(t.admin, '/jws-a');
    const b = await endpoint(t.admin, '/jws-b');
    await emit(t.id, '0193b1f4-6f1e-7c3a-9d2b-5a1e8c7f0a11');
    await stack.drain();
    const keys = await keySet();
    for (const [path, h] of [
      ['/jws-a', a],
      ['/jws-b', b],
    ] as const) {
      const [r] = at(path);
      expect(at(path)).toHaveLength(1);
      const ts = r!.headers['x-webhook-timestamp'] as string;
      const jws = r!.headers['x-webhook-jws'] as string;
      expect(jws).toMatch(/^[A-Za-z0-9_-]+\.\.[A-Za-z0-9_-]+$/);
      const v = verifyJws(jws, r!.body, keys, { aud: h.id, iat: ts });
      expect(v).toEqual({ ok: true, header: { alg: 'ML-DSA-65', kid: keys[0]!.kid, iat: Number(ts), aud: h.id } });
      // The protected header's exact bytes, as documented.
      expect(Buffer.from(jws.split('.')[0]!, 'base64url').toString('utf8')).toBe(
        `{"alg":"ML-DSA-65","kid":"${keys[0]!.kid}","iat":${ts},"aud":"${h.id}"}`,
      );
      // The interface's HMAC is still there and still verifies.
      expect(hmacOk(h.secret, ts, r!.body.toString('utf8'), r!.headers['x-webhook-signature'] as string)).toBe(true);
    }
    const [ra] = at('/jws-a');
    const jwsA = ra!.headers['x-webhook-jws'] as string;
    const ts = ra!.headers['x-webhook-timestamp'] as string;
    // A changed body, one byte.
    expect(
      verifyJws(jwsA, Buffer.from(ra!.body.toString('utf8').replace('QUEUED', 'SIGNED')), keys, { aud: a.id, iat: ts }),
    ).toEqual({ ok: false, reason: 'signature' });
    // Endpoint A's delivery presented to endpoint B: refused on aud; with aud rewritten, on the signature.
    expect(verifyJws(jwsA, ra!.body, keys, { aud: b.id, iat: ts })).toEqual({ ok: false, reason: 'aud' });
    const [h, , s] = jwsA.split('.');
    const forged = JSON.parse(Buffer.from(h!, 'base64url').toString('utf8'));
    forged.aud = b.id;
    expect(verifyJws(`${b64url(JSON.stringify(forged))}..${s}`, ra!.body, keys, { aud: b.id, iat: ts })).toEqual({
      ok: false,
      reason: 'signature',
    });
    // Another key (not the service's) does not verify it.
    const other = ml_dsa65.keygen(new Uint8Array(32).fill(7));
    const stranger: Jwk = {
      kty: 'AKP',
      alg: 'ML-DSA-65',
      use: 'sig',
      kid: keys[0]!.kid,
      pub: b64url(Buffer.from(other.publicKey)),
    };
    expect(verifyJws(jwsA, ra!.body, [stranger], { aud: a.id, iat: ts })).toEqual({ ok: false, reason: 'signature' });
  });

  it('signs each attempt afresh: a retry carries its own iat and a signature that verifies', async () => {
    const t = await tenant();
    replies.set('/jws-retry', 500);
    const h = await endpoint(t.admin, '/jws-retry');
    await emit(t.id, '0193b1f4-6f1e-7c3a-9d2b-5a1e8c7f0a12');
    await stack.drain();
    replies.set('/jws-retry', 204);
    clock.advance(30_000);
    await stack.drain();
    const attempts = at('/jws-retry');
    expect(attempts).toHaveLength(2);
    const keys = await keySet();
    const iats = attempts.map((r) => {
      const ts = r.headers['x-webhook-timestamp'] as string;
      const v = verifyJws(r.headers['x-webhook-jws'] as string, r.body, keys, { aud: h.id, iat: ts });
      expect(v.ok).toBe(true);
      return Number(ts);
    });
    expect(iats[1]! - iats[0]!).toBe(30);
    expect(attempts[1]!.headers['x-webhook-jws']).not.toBe(attempts[0]!.headers['x-webhook-jws']);
  });
});
