import { parseRetryAfter } from './errors.js';

/**
 * The interface's retry guidance (section 7), applied below the typed client so every call gets it:
 * - 429 `RATE_LIMITED`: wait `Retry-After` seconds, then again (the request was not run, so any request may repeat);
 * - 502 and 503: exponential backoff with jitter, at most `maxRetries` (5) times, except 1303 `TX_BROADCAST_FAILED`,
 *   whose recovery is to cancel and resubmit;
 * - 500: once, after 1 to 2 seconds;
 * - any other answer is returned as it is (409 `TX_INVALID_STATE` asks the caller to refresh the state first).
 * 5xx answers are retried only for requests that may run twice: GET, HEAD, PUT, DELETE, and a POST carrying an
 * `Idempotency-Key` (the client adds one to every POST by default; the service stores no 5xx, so a retry runs again).
 */
export type RetryOptions = {
  /** Retries of a 429, 502 or 503 (default 5). */
  maxRetries?: number;
  /** First backoff step for 502/503 and a 429 without `Retry-After` (default 500 ms); it doubles on each retry. */
  baseDelayMs?: number;
  /** Longest backoff step (default 8 s). */
  maxDelayMs?: number;
  /** A `Retry-After` longer than this is not waited for: the 429 is returned (default 60 s). */
  maxRetryAfterSeconds?: number;
  /** Told before each wait (a CLI shows it). */
  onRetry?: (info: { attempt: number; status: number; delayMs: number; method: string; url: string }) => void;
  /** For tests: the wait and the jitter's source. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
};

export type FetchLike = (request: Request) => Promise<Response>;

const TX_BROADCAST_FAILED = 1303;
const REPEATABLE = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function retryingFetch(inner: FetchLike, opts: RetryOptions = {}): FetchLike {
  const maxRetries = opts.maxRetries ?? 5;
  const base = opts.baseDelayMs ?? 500;
  const cap = opts.maxDelayMs ?? 8_000;
  const maxRetryAfter = opts.maxRetryAfterSeconds ?? 60;
  const sleep = opts.sleep ?? realSleep;
  const random = opts.random ?? Math.random;
  /** Exponential backoff, half of it jitter: [d/2, d) for d = min(cap, base * 2^n). */
  const backoff = (n: number) => {
    const d = Math.min(cap, base * 2 ** n);
    return Math.round(d / 2 + (random() * d) / 2);
  };

  return async (request) => {
    const repeatable = REPEATABLE.has(request.method) || request.headers.has('idempotency-key');
    let retries = 0;
    let retried500 = false;
    for (;;) {
      const response = await inner(request.clone());
      let delayMs: number | null = null;
      if (response.status === 429 && retries < maxRetries) {
        const after = parseRetryAfter(response.headers.get('retry-after'), Date.now());
        if (after === null) delayMs = backoff(retries);
        else if (after <= maxRetryAfter) delayMs = after * 1000;
      } else if ((response.status === 502 || response.status === 503) && repeatable && retries < maxRetries) {
        if ((await catalogCode(response)) !== TX_BROADCAST_FAILED) delayMs = backoff(retries);
      } else if (response.status === 500 && repeatable && !retried500) {
        retried500 = true;
        delayMs = 1000 + Math.round(random() * 1000);
      }
      if (delayMs === null) return response;
      retries++;
      await response.body?.cancel();
      opts.onRetry?.({ attempt: retries, status: response.status, delayMs, method: request.method, url: request.url });
      await sleep(delayMs);
    }
  };
}

async function catalogCode(response: Response): Promise<number | null> {
  try {
    const body = (await response.clone().json()) as { error?: { code?: unknown } };
    return typeof body.error?.code === 'number' ? body.error.code : null;
  } catch {
    return null;
  }
}
