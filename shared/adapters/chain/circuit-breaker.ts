import type { Clock } from '../../ports/clock.js';

/**
 * A circuit breaker for one endpoint, so a dead node costs one timeout per cool-down instead of one per call.
 *
 *   closed    --N consecutive failures-->   open
 *   open      --cool-down elapsed-->        half-open (the next caller gets the one trial call)
 *   half-open --trial succeeds-->           closed
 *   half-open --trial fails-->              open (a new cool-down)
 *
 * The caller asks `tryAcquire()` before a call and reports `onSuccess()` or `onFailure()` after it. A trial whose
 * outcome never arrives (its caller vanished) does not wedge the breaker: after another cool-down a new trial is let
 * through. Time comes from the clock port, so tests drive it.
 */
export type BreakerState = 'closed' | 'open' | 'half-open';

export type CircuitBreakerOptions = { failureThreshold: number; cooldownMs: number; clock: Clock };

export class CircuitBreaker {
  private failures = 0;
  private openedAt = 0;
  private trialStartedAt: number | null = null;
  private current: BreakerState = 'closed';

  constructor(private readonly opts: CircuitBreakerOptions) {
    if (!Number.isInteger(opts.failureThreshold) || opts.failureThreshold < 1)
      throw new Error('failureThreshold must be a positive integer');
    if (!(opts.cooldownMs >= 0)) throw new Error('cooldownMs must be >= 0');
  }

  /** The state as a caller would find it now: an open breaker whose cool-down has passed reads as half-open. */
  get state(): BreakerState {
    if (this.current === 'open' && this.now() - this.openedAt >= this.opts.cooldownMs) return 'half-open';
    return this.current;
  }

  /** Consecutive failures counted while closed. */
  get consecutiveFailures(): number {
    return this.failures;
  }

  /** May a call go to this endpoint now? Claims the trial slot when the breaker is ready to half-open. */
  tryAcquire(): boolean {
    const now = this.now();
    switch (this.current) {
      case 'closed':
        return true;
      case 'open':
        if (now - this.openedAt < this.opts.cooldownMs) return false;
        this.current = 'half-open';
        this.trialStartedAt = now;
        return true;
      case 'half-open':
        if (this.trialStartedAt !== null && now - this.trialStartedAt < this.opts.cooldownMs) return false;
        this.trialStartedAt = now; // the previous trial never reported back
        return true;
    }
  }

  onSuccess(): void {
    this.current = 'closed';
    this.failures = 0;
    this.trialStartedAt = null;
  }

  onFailure(): void {
    if (this.current === 'closed') {
      this.failures += 1;
      if (this.failures < this.opts.failureThreshold) return;
    }
    this.current = 'open';
    this.openedAt = this.now();
    this.trialStartedAt = null;
    this.failures = 0;
  }

  private now(): number {
    return this.opts.clock.now().getTime();
  }
}
