import { createHmac, timingSafeEqual } from 'node:crypto';
import type { webhooks } from './schema.js';

/**
 * Receiving webhooks (docs/webhooks.md): `X-Webhook-Signature` is the lowercase hex HMAC-SHA256, keyed with the
 * endpoint secret's UTF-8 bytes (`whsk_...`, prefix included), over `<X-Webhook-Timestamp>.<raw body>`; during a
 * secret rotation it carries two signatures, comma-separated. A delivery is accepted when one of them matches (in
 * constant time) a secret the receiver holds and its timestamp is within the tolerance of now, so a captured
 * delivery cannot be replayed later.
 */
export type WebhookEvent = { [T in keyof webhooks]: webhooks[T]['post'] extends { requestBody: { content: { 'application/json': infer B } } } ? B : never }[keyof webhooks];
export type WebhookEventType = WebhookEvent['type'];

/** Header names in any case: a fetch `Headers`, or Node's `req.headers`. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export type VerifyWebhookInput = {
  /** The endpoint's secret; during your own switch to a rotated secret, both. */
  secret: string | readonly string[];
  headers: WebhookHeaders;
  /** The body exactly as received, before any parsing. */
  rawBody: string | Uint8Array;
  /** Largest distance between the delivery's timestamp and now (default 300 s). */
  toleranceSeconds?: number;
  /** Now, in Unix seconds (default: the system clock). */
  nowSeconds?: number;
};

export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
}

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  const v = key === undefined ? undefined : headers[key];
  return Array.isArray(v) ? v[0] : v;
}

/** Why a delivery does not verify, or null when it does. */
export function webhookProblem(input: VerifyWebhookInput): string | null {
  const timestamp = header(input.headers, 'x-webhook-timestamp');
  const signatures = header(input.headers, 'x-webhook-signature');
  if (timestamp === undefined || !/^\d{1,12}$/.test(timestamp)) return 'missing or malformed X-Webhook-Timestamp';
  if (signatures === undefined) return 'missing X-Webhook-Signature';
  const now = input.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - Number(timestamp)) > (input.toleranceSeconds ?? 300)) return 'timestamp outside the tolerance';
  const body = typeof input.rawBody === 'string' ? Buffer.from(input.rawBody, 'utf8') : Buffer.from(input.rawBody);
  const message = Buffer.concat([Buffer.from(`${timestamp}.`, 'utf8'), body]);
  const secrets = typeof input.secret === 'string' ? [input.secret] : input.secret;
  const given = signatures
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^[0-9a-f]{64}$/.test(s))
    .map((s) => Buffer.from(s, 'hex'));
  let ok = false;
  // Every pair is compared (no early exit), each in constant time.
  for (const secret of secrets) {
    const expected = createHmac('sha256', Buffer.from(secret, 'utf8')).update(message).digest();
    for (const g of given) if (timingSafeEqual(g, expected)) ok = true;
  }
  return ok ? null : 'no signature matches the secret';
}

export function verifyWebhookSignature(input: VerifyWebhookInput): boolean {
  return webhookProblem(input) === null;
}

/** Verifies a delivery and parses its body; throws `WebhookVerificationError` saying why it does not verify. */
export function parseWebhook(input: VerifyWebhookInput): WebhookEvent {
  const problem = webhookProblem(input);
  if (problem) throw new WebhookVerificationError(`webhook rejected: ${problem}`);
  const text = typeof input.rawBody === 'string' ? input.rawBody : Buffer.from(input.rawBody).toString('utf8');
  return JSON.parse(text) as WebhookEvent;
}
