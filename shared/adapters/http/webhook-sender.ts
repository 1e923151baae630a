import {
  DELIVERY_TIMEOUT_MS,
  RESPONSE_BODY_LIMIT_BYTES,
  type AttemptResult,
} from '../../domain/webhooks/attempt-outcome.js';
import { OutboundRequestError, type OutboundClient } from './outbound-client.js';

/**
 * Sends one webhook delivery attempt through the outbound client and reports it in domain terms
 * (`classifyAttempt` takes it from there): a `POST` with the delivery's headers and raw body, 10 s in all, at most
 * 4 KiB of the answer read. Never throws for what the receiver or the network did; only for programming errors.
 */
export type DeliveryAttempt = { url: string; headers: Record<string, string>; rawBody: string; timeoutMs?: number };

export async function sendDeliveryAttempt(client: OutboundClient, attempt: DeliveryAttempt): Promise<AttemptResult> {
  try {
    const res = await client.request({
      method: 'POST',
      url: attempt.url,
      headers: attempt.headers,
      body: attempt.rawBody,
      timeoutMs: attempt.timeoutMs ?? DELIVERY_TIMEOUT_MS,
      maxResponseBytes: RESPONSE_BODY_LIMIT_BYTES,
    });
    return { status: res.status, headers: res.headers, body: res.body.toString('utf8'), truncated: res.truncated };
  } catch (e) {
    if (e instanceof OutboundRequestError) return { failure: e.kind, reason: e.reason };
    throw e;
  }
}
