import { describe, expect, it } from 'vitest';
import { parseWebhook, verifyWebhookSignature, WebhookVerificationError } from '../../clients/typescript/src/index.js';
import { deliveryBody, deliveryHeaders } from '../../shared/domain/webhooks/delivery-headers.js';
import { generateWebhookSecret } from '../../shared/domain/webhooks/signature.js';

/** The client's webhook verification against the service's own signer (docs/webhooks.md, "Signature"). */
const at = new Date('2026-01-01T00:00:00.000Z');
const now = Math.floor(at.getTime() / 1000);
const rawBody = deliveryBody({ id: 'evt_1', type: 'transaction.status_changed', occurredAt: at, data: { transaction_id: 't', status: 'QUEUED', previous_status: 'SUBMITTED' } });
const secret = generateWebhookSecret();
const signed = deliveryHeaders({ deliveryId: 'd-1', at, rawBody, secrets: [secret], jws: 'eyJhbGciOiJNTC1EU0EtNjUifQ..c2ln' });
const lower = Object.fromEntries(Object.entries(signed).map(([k, v]) => [k.toLowerCase(), v]));

describe('webhook verification', () => {
  it('accepts a delivery signed with the secret: Node headers, fetch Headers, string or bytes', () => {
    expect(verifyWebhookSignature({ secret, headers: lower, rawBody, nowSeconds: now })).toBe(true);
    expect(verifyWebhookSignature({ secret, headers: new Headers(signed), rawBody: Buffer.from(rawBody), nowSeconds: now + 300 })).toBe(true);
    expect(parseWebhook({ secret, headers: signed, rawBody, nowSeconds: now })).toMatchObject({ id: 'evt_1', type: 'transaction.status_changed', data: { status: 'QUEUED' } });
  });

  it('rejects another secret, a changed body, a changed timestamp, a malformed or missing signature', () => {
    expect(verifyWebhookSignature({ secret: generateWebhookSecret(), headers: lower, rawBody, nowSeconds: now })).toBe(false);
    expect(verifyWebhookSignature({ secret, headers: lower, rawBody: rawBody.replace('QUEUED', 'SIGNED'), nowSeconds: now })).toBe(false);
    expect(verifyWebhookSignature({ secret, headers: { ...lower, 'x-webhook-timestamp': String(now + 1) }, rawBody, nowSeconds: now })).toBe(false);
    expect(verifyWebhookSignature({ secret, headers: { ...lower, 'x-webhook-signature': 'abc' }, rawBody, nowSeconds: now })).toBe(false);
    expect(verifyWebhookSignature({ secret, headers: { ...lower, 'x-webhook-signature': undefined }, rawBody, nowSeconds: now })).toBe(false);
    expect(() => parseWebhook({ secret: generateWebhookSecret(), headers: lower, rawBody, nowSeconds: now })).toThrow(new WebhookVerificationError('webhook rejected: no signature matches the secret'));
  });

  it('rejects a timestamp outside the tolerance, either way', () => {
    expect(verifyWebhookSignature({ secret, headers: lower, rawBody, nowSeconds: now + 301 })).toBe(false);
    expect(verifyWebhookSignature({ secret, headers: lower, rawBody, nowSeconds: now - 301 })).toBe(false);
    expect(verifyWebhookSignature({ secret, headers: lower, rawBody, nowSeconds: now + 3600, toleranceSeconds: 3600 })).toBe(true);
    expect(() => parseWebhook({ secret, headers: lower, rawBody, nowSeconds: now + 301 })).toThrow('timestamp outside the tolerance');
  });

  it('during a rotation accepts either secret (two signatures), and takes several secrets of its own', () => {
    const fresh = generateWebhookSecret();
    const both = deliveryHeaders({ deliveryId: 'd-1', at, rawBody, secrets: [fresh, secret], jws: 'eyJhbGciOiJNTC1EU0EtNjUifQ..c2ln' });
    expect(verifyWebhookSignature({ secret, headers: both, rawBody, nowSeconds: now })).toBe(true);
    expect(verifyWebhookSignature({ secret: fresh, headers: both, rawBody, nowSeconds: now })).toBe(true);
    expect(verifyWebhookSignature({ secret: generateWebhookSecret(), headers: both, rawBody, nowSeconds: now })).toBe(false);
    expect(verifyWebhookSignature({ secret: [generateWebhookSecret(), secret], headers: lower, rawBody, nowSeconds: now })).toBe(true);
  });
});
