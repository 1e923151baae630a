import { createHmac, randomBytes } from 'node:crypto';

/**
 * Webhook signatures (docs/webhooks.md, "Signature"): lowercase hex HMAC-SHA256, keyed with the endpoint
 * secret's UTF-8 bytes (the whole string, prefix included), over `<X-Webhook-Timestamp>.<raw body>`. During a
 * secret rotation's grace period a delivery carries one signature per live secret, comma-separated, newest first,
 * so a receiver holding either secret verifies it.
 */
export function signPayload(secret: string, timestamp: number, rawBody: string): string {
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex');
}

/** The `X-Webhook-Signature` value for the endpoint's live secrets (newest first; at least one). */
export function signatureHeader(secrets: readonly string[], timestamp: number, rawBody: string): string {
  if (secrets.length === 0) throw new Error('a webhook delivery needs at least one secret');
  return secrets.map((s) => signPayload(s, timestamp, rawBody)).join(',');
}

/** Bytes of randomness in a webhook secret (at least 32). */
export const WEBHOOK_SECRET_BYTES = 32;
/** Prefix of generated secrets, so secret scanners and people recognise them; part of the HMAC key. */
export const WEBHOOK_SECRET_PREFIX = 'whsk_';

/** A new endpoint secret: the prefix and 32 random bytes in base64url (48 characters in all). Shown once. */
export function generateWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(WEBHOOK_SECRET_BYTES).toString('base64url');
}
