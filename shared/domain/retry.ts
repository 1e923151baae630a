/**
 * Backoff for optimistic-concurrency retries (a moved audit head, a spend counter changed by a concurrent transfer):
 * exponential with full jitter, so racers spread out instead of colliding again in lockstep.
 */
export const CONFLICT_RETRY_ATTEMPTS = 10;

export function conflictBackoffMs(attempt: number, baseMs = 4, capMs = 250): number {
  return Math.random() * Math.min(capMs, baseMs * 2 ** attempt);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
