import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ApiError } from '../../shared/errors/catalog.js';
import {
  generateWebhookSecret,
  signatureHeader,
  signPayload,
  WEBHOOK_SECRET_PREFIX,
} from '../../shared/domain/webhooks/signature.js';
import { deliveryBody, deliveryHeaders } from '../../shared/domain/webhooks/delivery-headers.js';
import {
  MAX_DELIVERY_ATTEMPTS,
  nextAttempt,
  parseRetryAfter,
  RETRY_DELAYS_SECONDS,
} from '../../shared/domain/webhooks/retry-schedule.js';
import { classifyAttempt } from '../../shared/domain/webhooks/attempt-outcome.js';
import { normaliseSubscription, subscribes } from '../../shared/domain/webhooks/subscriptions.js';
import { validateWebhookUrl } from '../../shared/domain/webhooks/webhook-url.js';

const BODY = '{"id":"evt_1","type":"transaction.created","timestamp":"2026-01-01T00:00:00.000Z","data":{}}';
const T0 = new Date('2026-01-01T00:00:00.000Z'); // Unix 1767225600

describe('signature', () => {
  // Vectors computed outside Node: printf '%s' '<ts>.<body>' | openssl dgst -sha256 -hmac '<secret>'
  it('is the lowercase hex HMAC-SHA256 of "<timestamp>.<raw body>" keyed with the secret string', () => {
    expect(signPayload('whsk_test-secret', 1767225600, BODY)).toBe(
      '381575e74298180626e28198e5e7e3d02f58bd8bdbcdca8f5ed861b6af3fe98a',
    );
    expect(signPayload('clé', 1700000000, 'é')).toBe(
      '6bbf53c30143f705ef537201cb9223b5925ba0f7d90e758c73fde0a94aa6a2ba',
    );
  });

  it('carries both signatures during a rotation, newest first, comma-separated', () => {
    expect(signatureHeader(['whsk_new-secret', 'whsk_test-secret'], 1767225600, BODY)).toBe(
      '0ae5e7871f3a2973b6eead5675ff9fb79ad1da4bbc990507f792c308c70055fb,381575e74298180626e28198e5e7e3d02f58bd8bdbcdca8f5ed861b6af3fe98a',
    );
    expect(() => signatureHeader([], 1, BODY)).toThrow();
  });

  it('generates secrets of 32 random bytes behind a prefix, never the same twice', () => {
    const a = generateWebhookSecret();
    const b = generateWebhookSecret();
    expect(a).not.toBe(b);
    expect(a.startsWith(WEBHOOK_SECRET_PREFIX)).toBe(true);
    expect(Buffer.from(a.slice(WEBHOOK_SECRET_PREFIX.length), 'base64url')).toHaveLength(32);
  });
});

describe('delivery headers and body', () => {
  it('sends the delivery id, the attempt time in Unix seconds, the signature over that time, and JSON', () => {
    const h = deliveryHeaders({
      deliveryId: 'dlv_1',
      at: new Date(T0.getTime() + 999),
      rawBody: BODY,
      secrets: ['whsk_test-secret'],
      jws: 'h..s',
    });
    expect(h).toEqual({
      'Content-Type': 'application/json',
      'X-Webhook-ID': 'dlv_1',
      'X-Webhook-Timestamp': '1767225600',
      'X-Webhook-Signature': '381575e74298180626e28198e5e7e3d02f58bd8bdbcdca8f5ed861b6af3fe98a',
      'X-Webhook-JWS': 'h..s',
    });
  });

  it('signs each attempt with its own timestamp', () => {
    const first = deliveryHeaders({ deliveryId: 'd', at: T0, rawBody: BODY, secrets: ['s'], jws: '' });
    const retry = deliveryHeaders({
      deliveryId: 'd',
      at: new Date(T0.getTime() + 30_000),
      rawBody: BODY,
      secrets: ['s'],
      jws: '',
    });
    expect(retry['X-Webhook-Timestamp']).toBe('1767225630');
    expect(retry['X-Webhook-Signature']).not.toBe(first['X-Webhook-Signature']);
    expect(retry['X-Webhook-Signature']).toBe(signPayload('s', 1767225630, BODY));
  });

  it('builds the body {id, type, timestamp, data}', () => {
    expect(deliveryBody({ id: 'evt_1', type: 'transaction.created', occurredAt: T0, data: {} })).toBe(BODY);
  });
});

describe('retry schedule', () => {
  it('is exactly: immediate, 30 s, 2 min, 10 min, 1 h, 6 h; dead after the 6th failure', () => {
    expect(RETRY_DELAYS_SECONDS).toEqual([0, 30, 120, 600, 3600, 21600]);
    expect(MAX_DELIVERY_ATTEMPTS).toBe(6);
    const steps = [1, 2, 3, 4, 5].map((n) => nextAttempt(n, T0));
    expect(steps.map((s) => (s.kind === 'retry' ? [s.attempt, s.delaySeconds, s.via, s.at.toISOString()] : s))).toEqual(
      [
        [2, 30, 'queue', '2026-01-01T00:00:30.000Z'],
        [3, 120, 'queue', '2026-01-01T00:02:00.000Z'],
        [4, 600, 'queue', '2026-01-01T00:10:00.000Z'],
        [5, 3600, 'scheduler', '2026-01-01T01:00:00.000Z'],
        [6, 21600, 'scheduler', '2026-01-01T06:00:00.000Z'],
      ],
    );
    expect(nextAttempt(6, T0)).toEqual({ kind: 'dead', attempts: 6 });
    expect(() => nextAttempt(0, T0)).toThrow();
  });

  it('honours Retry-After when it asks for later than the next step and within the schedule (at most 6 h)', () => {
    expect(nextAttempt(1, T0, 90)).toMatchObject({
      attempt: 2,
      delaySeconds: 90,
      via: 'queue',
      retryAfterHonoured: true,
    });
    expect(nextAttempt(1, T0, 1200)).toMatchObject({
      attempt: 2,
      delaySeconds: 1200,
      via: 'scheduler',
      retryAfterHonoured: true,
    });
    expect(nextAttempt(4, T0, 21600)).toMatchObject({ attempt: 5, delaySeconds: 21600, retryAfterHonoured: true });
    expect(nextAttempt(1, T0, 5)).toMatchObject({ delaySeconds: 30, retryAfterHonoured: false }); // earlier: the schedule wins
    expect(nextAttempt(1, T0, 21601)).toMatchObject({ delaySeconds: 30, retryAfterHonoured: false }); // beyond the schedule
    expect(nextAttempt(6, T0, 60)).toEqual({ kind: 'dead', attempts: 6 }); // never a 7th attempt
  });

  it('never waits less than the schedule, never more than 6 h, and never exceeds 6 attempts', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.option(fc.integer({ min: 0, max: 100_000 })), (n, ra) => {
        const next = nextAttempt(n, T0, ra);
        if (n === 6) return next.kind === 'dead';
        return (
          next.kind === 'retry' &&
          next.attempt === n + 1 &&
          next.delaySeconds >= RETRY_DELAYS_SECONDS[n]! &&
          next.delaySeconds <= 21600
        );
      }),
    );
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('120', T0)).toBe(120);
    expect(parseRetryAfter(' 7 ', T0)).toBe(7);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:05:00 GMT', T0)).toBe(300);
    expect(parseRetryAfter('Wed, 31 Dec 2025 00:00:00 GMT', T0)).toBe(0);
    for (const bad of [undefined, '', '-5', '1.5', 'soon', 'Friday 3pm']) expect(parseRetryAfter(bad, T0)).toBeNull();
  });
});

describe('attempt outcomes', () => {
  const answer = (status: number, headers: Record<string, string> = {}, body = 'ok') => ({
    status,
    headers,
    body,
    truncated: false,
  });

  it('2xx is delivered', () => {
    for (const s of [200, 201, 204, 299])
      expect(classifyAttempt(answer(s), T0)).toEqual({ outcome: 'delivered', status: s, responseBody: 'ok' });
  });

  it('410 Gone disables the endpoint', () => {
    expect(classifyAttempt(answer(410), T0)).toEqual({ outcome: 'endpoint-gone', status: 410, responseBody: 'ok' });
  });

  it('every other status is a failed attempt; only 429 and 503 carry Retry-After', () => {
    for (const s of [100, 301, 307, 400, 404, 500, 502]) {
      expect(classifyAttempt(answer(s, { 'retry-after': '60' }), T0)).toEqual({
        outcome: 'failed',
        status: s,
        reason: `HTTP ${s}`,
        responseBody: 'ok',
        retryAfterSeconds: null,
      });
    }
    expect(classifyAttempt(answer(429, { 'retry-after': '60' }), T0)).toMatchObject({
      outcome: 'failed',
      retryAfterSeconds: 60,
    });
    expect(classifyAttempt(answer(503, { 'retry-after': 'Thu, 01 Jan 2026 01:00:00 GMT' }), T0)).toMatchObject({
      outcome: 'failed',
      retryAfterSeconds: 3600,
    });
    expect(classifyAttempt(answer(503), T0)).toMatchObject({ outcome: 'failed', retryAfterSeconds: null });
  });

  it('timeouts, DNS, TLS, connection failures and refusals are failed attempts with their reason', () => {
    for (const failure of ['timeout', 'dns', 'tls', 'connection', 'refused', 'invalid-url'] as const) {
      expect(classifyAttempt({ failure, reason: 'why' }, T0)).toEqual({
        outcome: 'failed',
        status: null,
        reason: `${failure}: why`,
        responseBody: null,
        retryAfterSeconds: null,
      });
    }
  });
});

describe('subscriptions', () => {
  const KNOWN = [
    'transaction.created',
    'transaction.status_changed',
    'transaction.completed',
    'screening.flagged',
    'deposit.detected',
    'webhook.delivery.failed',
  ];

  it('matches exact types, family wildcards, * and an empty list', () => {
    expect(subscribes(['transaction.completed'], 'transaction.completed')).toBe(true);
    expect(subscribes(['transaction.completed'], 'transaction.created')).toBe(false);
    expect(subscribes(['transaction.*'], 'transaction.status_changed')).toBe(true);
    expect(subscribes(['transaction.*'], 'transactions.x')).toBe(false);
    expect(subscribes(['transaction.*'], 'deposit.detected')).toBe(false);
    expect(subscribes(['screening.*', 'deposit.detected'], 'deposit.detected')).toBe(true);
    expect(subscribes(['*'], 'webhook.delivery.failed')).toBe(true);
    expect(subscribes([], 'deposit.detected')).toBe(true);
    expect(subscribes(undefined, 'deposit.detected')).toBe(true);
    expect(subscribes(['webhook.*'], 'webhook.delivery.failed')).toBe(true);
  });

  it('accepts known types and wildcards, drops duplicates, and refuses an unknown type with 1100 naming it', () => {
    expect(normaliseSubscription(['transaction.*', 'deposit.detected', 'transaction.*', '*'], KNOWN)).toEqual([
      'transaction.*',
      'deposit.detected',
      '*',
    ]);
    expect(normaliseSubscription(undefined, KNOWN)).toEqual([]);
    for (const bad of ['transaction.exploded', 'token.*', '.*', '**', 'transaction*', '']) {
      const e = (() => {
        try {
          normaliseSubscription(['transaction.created', bad], KNOWN);
        } catch (err) {
          return err;
        }
      })();
      expect(e).toBeInstanceOf(ApiError);
      expect(e).toMatchObject({ code: 1100, status: 400, message: `unknown event type ${JSON.stringify(bad)}` });
    }
  });
});

describe('webhook URL at creation', () => {
  const refused = (url: string, env: 'local' | 'production') => {
    try {
      validateWebhookUrl(url, env);
    } catch (e) {
      expect(e).toMatchObject({ code: 1107, status: 400 });
      return (e as Error).message;
    }
    return undefined;
  };

  it('refuses malformed URLs, other schemes, credentials and fragments with 1107', () => {
    for (const url of [
      '',
      'not a url',
      '/relative/path',
      'ftp://example.com/x',
      'javascript:alert(1)',
      'https://user:pw@example.com/',
      'https://example.com/#frag',
      `https://example.com/${'a'.repeat(2048)}`,
    ]) {
      expect(refused(url, 'local'), url).toBeDefined();
    }
  });

  it('accepts http only in the local environment; production takes https only', () => {
    expect(validateWebhookUrl('http://receiver.example.com/hook', 'local')).toBe('http://receiver.example.com/hook');
    expect(refused('http://receiver.example.com/hook', 'production')).toBe('url must use https');
    expect(validateWebhookUrl('https://receiver.example.com:8443/hook?x=1', 'production')).toBe(
      'https://receiver.example.com:8443/hook?x=1',
    );
  });

  it('refuses link-local IP literals in every environment, in every spelling', () => {
    for (const url of [
      'https://169.254.169.254/latest',
      'https://169.254.169.254./',
      'https://0xa9fea9fe/',
      'https://2852039166/',
      'https://[fe80::1]/',
      'https://[::ffff:169.254.169.254]/',
    ]) {
      for (const env of ['local', 'production'] as const)
        expect(refused(url, env), `${url} ${env}`).toMatch(/link-local/);
    }
  });

  it('refuses private, loopback, CGNAT and unique-local literals in production, not locally', () => {
    for (const url of [
      'https://127.0.0.1:9000/',
      'https://10.0.0.1/',
      'https://192.168.0.1/',
      'https://100.64.0.1/',
      'https://[fd00::1]/',
      'https://[::1]/',
      'https://[::ffff:10.0.0.1]/',
    ]) {
      expect(refused(url, 'production'), url).toMatch(/refused outside the local environment/);
      expect(refused(url, 'local'), url).toBeUndefined();
    }
  });

  it('leaves hostnames to the connect-time check (they resolve later)', () => {
    expect(validateWebhookUrl('https://localhost/hook', 'production')).toBe('https://localhost/hook');
  });
});
