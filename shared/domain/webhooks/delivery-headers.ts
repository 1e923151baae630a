import { signatureHeader } from './signature.js';

/**
 * The headers of one delivery attempt (docs/webhooks.md, "A delivery"). The timestamp is the attempt's own (Unix seconds,
 * taken when the attempt is sent), so every retry carries a fresh timestamp and a fresh signature; `X-Webhook-ID`
 * is the delivery id (one per event and endpoint, the same on every attempt), the body's `id` the event id. Two
 * signatures: the interface's HMAC with the endpoint's secret, and a JWS with the service's published ML-DSA key.
 */
export type DeliveryHeaderInput = {
  deliveryId: string;
  /** The attempt's time; only whole seconds are sent. */
  at: Date;
  rawBody: string;
  /** The endpoint's live secrets, newest first (two during a rotation's grace period). */
  secrets: readonly string[];
  /** The attempt's detached JWS over the raw body, made with the service's webhook key (./jws.ts). */
  jws: string;
};

export const WEBHOOK_HEADERS = {
  id: 'X-Webhook-ID',
  timestamp: 'X-Webhook-Timestamp',
  signature: 'X-Webhook-Signature',
  jws: 'X-Webhook-JWS',
} as const;

export const unixSeconds = (d: Date): number => Math.floor(d.getTime() / 1000);

export function deliveryHeaders(input: DeliveryHeaderInput): Record<string, string> {
  const timestamp = unixSeconds(input.at);
  return {
    'Content-Type': 'application/json',
    [WEBHOOK_HEADERS.id]: input.deliveryId,
    [WEBHOOK_HEADERS.timestamp]: String(timestamp),
    [WEBHOOK_HEADERS.signature]: signatureHeader(input.secrets, timestamp, input.rawBody),
    [WEBHOOK_HEADERS.jws]: input.jws,
  };
}

/** The delivery body: `{id, type, timestamp, data}` with the event's id, type and ISO 8601 time, serialised once. */
export function deliveryBody(event: {
  id: string;
  type: string;
  occurredAt: Date;
  data: Record<string, unknown>;
}): string {
  return JSON.stringify({
    id: event.id,
    type: event.type,
    timestamp: event.occurredAt.toISOString(),
    data: event.data,
  });
}
