import { ConcurrentModificationError } from '../errors/domain-errors.js';

/**
 * Backoff for optimistic-concurrency retries (an item read by the change moved, a spend counter inside another
 * change's transaction): exponential with full jitter, so racers spread out instead of colliding again in lockstep.
 */
export const CONFLICT_RETRY_ATTEMPTS = 10;

export function conflictBackoffMs(attempt: number, baseMs = 4, capMs = 250): number {
  return Math.random() * Math.min(capMs, baseMs * 2 ** attempt);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The one retry rule of a change (`runInUnitOfWork`, the API pipeline): after a `ConcurrentModificationError` met while
 * building the change or committing it, waits the backoff and answers true (build it again from fresh reads), up to
 * `CONFLICT_RETRY_ATTEMPTS` attempts in all; false for any other error or once the budget is spent.
 */
export async function retryAfterConflict(e: unknown, attempt: number): Promise<boolean> {
  if (!(e instanceof ConcurrentModificationError) || attempt >= CONFLICT_RETRY_ATTEMPTS) return false;
  await sleep(conflictBackoffMs(attempt));
  return true;
}
