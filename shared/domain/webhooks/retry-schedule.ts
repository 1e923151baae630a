/**
 * The delivery schedule (docs/webhooks.md, "Answers, retries, dead letters"), exactly: attempt 1 immediately, then 30 s, 2 min,
 * 10 min, 1 h and 6 h after the previous failure; after the 6th failure the delivery is dead.
 *
 * A receiver answering 429 or 503 with `Retry-After` is honoured when it asks for a later time than the schedule's
 * next step and no later than the schedule's longest step (6 h); anything else (earlier, later than 6 h,
 * unreadable, or on another status) leaves the schedule's delay. Either way it is still one of the 6 attempts.
 */
export const RETRY_DELAYS_SECONDS = [0, 30, 120, 600, 3_600, 21_600] as const;
export const MAX_DELIVERY_ATTEMPTS = RETRY_DELAYS_SECONDS.length;
const LONGEST_DELAY_SECONDS = Math.max(...RETRY_DELAYS_SECONDS);

/** SQS holds a message back at most this long; longer waits go through the scheduler port. */
export const SQS_MAX_DELAY_SECONDS = 900;

export type NextAttempt =
  | {
      kind: 'retry';
      /** Number of the attempt to make (2..6). */
      attempt: number;
      delaySeconds: number;
      at: Date;
      /** `queue`: an SQS message delay; `scheduler`: a one-time schedule (delays over 900 s). */
      via: 'queue' | 'scheduler';
      /** True when the delay is the receiver's `Retry-After` rather than the schedule's. */
      retryAfterHonoured: boolean;
    }
  | { kind: 'dead'; attempts: number };

/**
 * What follows failed attempt number `failedAttempt` (1-based), which failed at `failedAt`. `retryAfterSeconds` is
 * the receiver's wish, already read from a 429/503 answer (see `retryAfterSeconds`).
 */
export function nextAttempt(failedAttempt: number, failedAt: Date, retryAfterSeconds?: number | null): NextAttempt {
  if (!Number.isInteger(failedAttempt) || failedAttempt < 1) throw new Error(`invalid attempt number ${failedAttempt}`);
  if (failedAttempt >= MAX_DELIVERY_ATTEMPTS) return { kind: 'dead', attempts: failedAttempt };
  const scheduled = RETRY_DELAYS_SECONDS[failedAttempt]!;
  const honoured =
    retryAfterSeconds != null && retryAfterSeconds > scheduled && retryAfterSeconds <= LONGEST_DELAY_SECONDS;
  const delaySeconds = honoured ? retryAfterSeconds : scheduled;
  return {
    kind: 'retry',
    attempt: failedAttempt + 1,
    delaySeconds,
    at: new Date(failedAt.getTime() + delaySeconds * 1000),
    via: delaySeconds > SQS_MAX_DELAY_SECONDS ? 'scheduler' : 'queue',
    retryAfterHonoured: honoured,
  };
}

/**
 * Seconds a `Retry-After` value asks to wait, from `now`: delta-seconds (`120`) or an HTTP date. Null when absent
 * or unreadable; a date in the past is 0.
 */
export function parseRetryAfter(value: string | undefined, now: Date): number | null {
  if (value === undefined) return null;
  const v = value.trim();
  if (/^\d{1,10}$/.test(v)) return Number(v);
  if (!/[a-z]/i.test(v)) return null;
  const t = Date.parse(v);
  if (Number.isNaN(t)) return null;
  return Math.max(0, Math.ceil((t - now.getTime()) / 1000));
}
