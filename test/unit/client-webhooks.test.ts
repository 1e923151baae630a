import { describe, expect, it } from 'vitest';
import { parseWebhook, verifyWebhookSignature, WebhookVerificationError } from '../../clients/typescript/src/index.js';
import { deliveryBody, deliveryHeaders } from '../../shared/domain/webhooks/delivery-headers.js';
import { generateWebhookSecret } from '../../shared/domain/webhooks/signature.js';

/** The client's webhook verification against the service's own signer (docs/webhooks.md, "Signature"). */
const at = new Date('2026-01-01T00:00:00.000Z');
const now = Math.floor(at.getTime() / 1000);
const rawBody = deliveryBody({
  id: 'evt_1',
  type: 'transaction.status_changed',
  occurredAt: at,
  data: { transaction_id: 't', status: 'QUEUED', previous_status: 'SUBMITTED' },
});
const secret = generateWebhookSecret();
const signed = deliveryHeaders({
  deliveryId: 'd-1',
  at,
  rawBody,
  secrets: [secret],
  jws: 'eyJhbGciOiJNTC1EU0EtNjUifQ..c2ln',
});
const lower = Object.fromEntries(Object.entries(signed).map(([k, v]) => [k.toLowerCase(), v]));

describe('webhook verification', () => {
  it('accepts a delivery signed with the secret: Node headers, fetch Headers, string or bytes', () => {
    expect(verifyWebhookSignature({ secret, headers: lower, rawBody, nowSeconds: now })).toBe(true);
    expect(
      verifyWebhookSignature({
        secret,
        headers: new Headers(signed),
        rawBody: Buffer.from(rawBody),
        nowSeconds: now + 300,
      }),
    ).toBe(true);
    expect(parseWebhook({ secret, headers: signed, rawBody, nowSeconds: now })).toMatchObject({
      id: 'evt_1',
      type: 'transaction.status_changed',
      data: { status: 'QUEUED' },
    });
  });

  it('rejects another secret, a changed body, a changed timestamp, a malformed or missing signature', () => {
    expect(verifyWebhookSignature({ secret: generateWebhookSecret(), headers: lower, rawBody, nowSeconds: now })).toBe(
      false,
    );
    expect(
      verifyWebhookSignature({ secret, headers: lower, rawBody: rawBody.replace('QUEUED', 'SIGNED'), nowSeconds: now }),
    ).toBe(false);
    expect(
      verifyWebhookSignature({
        secret,
        headers: { ...lower, 'x-webhook-timestamp': String(now + 1) },
        rawBody,
        nowSeconds: now,
      }),
    ).toBe(false);
    expect(
      verifyWebhookSignature({ secret, headers: { ...lower, 'x-webhook-signature': 'abc' }, rawBody, nowSeconds: now }),
    ).toBe(false);
    expect(
      verifyWebhookSignature({
        secret,
        headers: { ...lower, 'x-webhook-signature': undefined },
        rawBody,
        nowSeconds: now,
      }),
    ).toBe(false);
    expect(() => parseWebhook({ secret: generateWebhookSecret(), headers: lower, rawBody, nowSeconds: now })).toThrow(
      new WebhookVerificationError('webhook rejected: no signature matches the secret'),
    );
  });

  it('rejects a timestamp outside the tolerance, either way', () => {
    expect(verifyWebhookSignature({ secret, headers: lower, rawBody, nowSeconds: now + 301 })).toBe(false);
    expect(verifyWebhookSignature({ secret, headers: lower, rawBody, nowSeconds: now - 301 })).toBe(false);
    expect(
      verifyWebhookSignature({ secret, headers: lower, rawBody, nowSeconds: now + 3600, toleranceSeconds: 3600 }),
    ).toBe(true);
    expect(() => parseWebhook({ secret, headers: lower, rawBody, nowSeconds: now + 301 })).toThrow(
      'timestamp outside the tolerance',
    );
  });

  it('during a rotation accepts either secret (two signatures), and takes several secrets of its own', () => {
    const fresh = generateWebhookSecret();
    const both = deliveryHeaders({
      deliveryId: 'd-1',
      at,
      rawBody,
      secrets: [fresh, secret],
      jws: 'eyJhbGciOiJNTC1EU0EtNjUifQ..c2ln',
    });
    expect(verifyWebhookSignature({ secret, headers: both, rawBody, nowSeconds: now })).toBe(true);
    expect(verifyWebhookSignature({ secret: fresh, headers: both, rawBody, nowSeconds: now })).toBe(true);
    expect(verifyWebhookSignature({ secret: generateWebhookSecret(), headers: both, rawBody, nowSeconds: now })).toBe(
      false,
    );
    expect(
      verifyWebhookSignature({ secret: [generateWebhookSecret(), secret], headers: lower, rawBody, nowSeconds: now }),
    ).toBe(true);
  });
});

/** The client's X-Webhook-JWS verification against the published vector (docs/webhook-jws-vector.json). */
describe('webhook JWS verification', async () => {
  const { readFileSync } = await import('node:fs');
  const { WebhookKeySet, UNKNOWN_KID, webhookProblem } = await import('../../clients/typescript/src/index.js');
  const vector = JSON.parse(readFileSync(new URL('../../docs/webhook-jws-vector.json', import.meta.url), 'utf8'));
  const at = Number(vector.headers['X-Webhook-Timestamp']);
  const base = {
    keys: vector.jwks.keys,
    webhookId: vector.webhook_id,
    headers: vector.headers,
    rawBody: vector.raw_body as string,
    nowSeconds: at,
  };

  it('accepts the vector, its body as a string or bytes, its headers in any case', () => {
    expect(webhookProblem(base)).toBeNull();
    expect(
      webhookProblem({
        ...base,
        rawBody: Buffer.from(base.rawBody),
        headers: new Headers(vector.headers),
        nowSeconds: at + 300,
      }),
    ).toBeNull();
  });

  it('refuses a changed body byte, another endpoint, an unknown key, a stale or changed timestamp, a tampered signature', () => {
    const flipped = Buffer.from(base.rawBody);
    flipped[10]! ^= 1;
    expect(webhookProblem({ ...base, rawBody: flipped })).toBe('X-Webhook-JWS does not verify');
    expect(webhookProblem({ ...base, webhookId: '0193b1f4-7a00-7c3a-9d2b-5a1e8c7f0a14' })).toBe(
      'X-Webhook-JWS was made for another endpoint (aud)',
    );
    expect(webhookProblem({ ...base, keys: [{ ...base.keys[0], kid: 'other' }] })).toBe(UNKNOWN_KID);
    expect(webhookProblem({ ...base, nowSeconds: at + 301 })).toBe('timestamp outside the tolerance');
    expect(webhookProblem({ ...base, headers: { ...vector.headers, 'X-Webhook-Timestamp': String(at + 1) } })).toBe(
      'X-Webhook-JWS iat differs from X-Webhook-Timestamp',
    );
    const jws: string = vector.headers['X-Webhook-JWS'];
    const sig = Buffer.from(jws.split('.')[2]!, 'base64url');
    sig[0]! ^= 1;
    expect(
      webhookProblem({
        ...base,
        headers: { ...vector.headers, 'X-Webhook-JWS': `${jws.split('.')[0]}..${sig.toString('base64url')}` },
      }),
    ).toBe('X-Webhook-JWS does not verify');
    expect(webhookProblem({ ...base, headers: { ...vector.headers, 'X-Webhook-JWS': undefined } })).toBe(
      'missing X-Webhook-JWS',
    );
    expect(webhookProblem({ ...base, webhookId: undefined })).toMatch(/webhookId is needed/);
  });

  it('refuses a header choosing another algorithm, or with crit', () => {
    const [, , sig] = (vector.headers['X-Webhook-JWS'] as string).split('.');
    for (const h of [
      { ...JSON.parse(vector.protected_header), alg: 'EdDSA' },
      { ...JSON.parse(vector.protected_header), crit: ['b64'] },
    ]) {
      const jws = `${Buffer.from(JSON.stringify(h)).toString('base64url')}..${sig}`;
      expect(webhookProblem({ ...base, headers: { ...vector.headers, 'X-Webhook-JWS': jws } })).toBe(
        'X-Webhook-JWS is not ML-DSA-65',
      );
    }
  });

  it('with a secret and keys, needs both: a valid HMAC does not rescue a bad JWS, nor the reverse', () => {
    const hmacSecret = generateWebhookSecret();
    const hmac = deliveryHeaders({
      deliveryId: 'd-1',
      at: new Date(at * 1000),
      rawBody: base.rawBody,
      secrets: [hmacSecret],
      jws: vector.headers['X-Webhook-JWS'],
    });
    expect(webhookProblem({ ...base, headers: hmac, secret: hmacSecret })).toBeNull();
    expect(webhookProblem({ ...base, headers: hmac, secret: generateWebhookSecret() })).toBe(
      'no signature matches the secret',
    );
    expect(webhookProblem({ ...base, headers: hmac, secret: hmacSecret, webhookId: 'another' })).toBe(
      'X-Webhook-JWS was made for another endpoint (aud)',
    );
    expect(webhookProblem({ headers: hmac, rawBody: base.rawBody, nowSeconds: at })).toMatch(/nothing to verify with/);
  });

  it('the key set fetches once, keeps its keys for their max-age, and fetches again (once a minute at most) for an unknown kid', async () => {
    let now = at;
    let served = [{ ...base.keys[0], kid: 'old' }];
    let fetches = 0;
    const set = new WebhookKeySet(async () => (fetches++, { keys: served }), { nowSeconds: () => now });
    const input = { webhookId: base.webhookId, headers: base.headers, rawBody: base.rawBody, nowSeconds: at };
    expect(await set.problem(input)).toBe(UNKNOWN_KID); // fetched, then not again within the minute
    expect(fetches).toBe(1);
    served = base.keys;
    now = at + 61;
    expect(await set.problem({ ...input, nowSeconds: now })).toBeNull(); // the rotation: fetched again
    expect(fetches).toBe(2);
    expect(await set.parse({ ...input, nowSeconds: now })).toMatchObject({ type: JSON.parse(base.rawBody).type });
    expect(fetches).toBe(2);
    await expect(set.parse({ ...input, nowSeconds: now, webhookId: 'another' })).rejects.toThrow(
      WebhookVerificationError,
    );
  });
});
