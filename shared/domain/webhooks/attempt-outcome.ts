import { parseRetryAfter } from './retry-schedule.js';

/**
 * What one delivery attempt came to (docs/webhooks.md, "Answers, retries, dead letters"): a 2xx answer is delivered; 410 Gone disables the
 * endpoint for good; any other answer, a timeout, a DNS, TLS or connection failure, or a refused destination is a
 * failed attempt with its reason, retried on the schedule. 429 and 503 may carry `Retry-After`.
 */
export const RESPONSE_BODY_LIMIT_BYTES = 4 * 1024;
/** One attempt's whole budget: connect, TLS and the complete answer (docs/webhooks.md). */
export const DELIVERY_TIMEOUT_MS = 10_000;

/** The outbound call's result, in domain terms (the adapter's answer or its failure). */
export type AttemptResult =
  | { status: number; headers: Record<string, string | string[] | undefined>; body: string; truncated: boolean }
  | { failure: 'refused' | 'invalid-url' | 'timeout' | 'dns' | 'tls' | 'connection'; reason: string };

export type AttemptOutcome =
  | { outcome: 'delivered'; status: number; responseBody: string }
  | { outcome: 'endpoint-gone'; status: 410; responseBody: string }
  | {
      outcome: 'failed';
      status: number | null;
      reason: string;
      responseBody: string | null;
      retryAfterSeconds: number | null;
    };

export function classifyAttempt(result: AttemptResult, now: Date): AttemptOutcome {
  if ('failure' in result)
    return {
      outcome: 'failed',
      status: null,
      reason: `${result.failure}: ${result.reason}`,
      responseBody: null,
      retryAfterSeconds: null,
    };
  const responseBody = result.body;
  if (result.status >= 200 && result.status <= 299)
    return { outcome: 'delivered', status: result.status, responseBody };
  if (result.status === 410) return { outcome: 'endpoint-gone', status: 410, responseBody };
  const header = result.headers['retry-after'];
  const retryAfterSeconds =
    result.status === 429 || result.status === 503
      ? parseRetryAfter(Array.isArray(header) ? header[0] : header, now)
      : null;
  return { outcome: 'failed', status: result.status, reason: `HTTP ${result.status}`, responseBody, retryAfterSeconds };
}
