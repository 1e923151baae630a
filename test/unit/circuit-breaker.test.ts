import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../shared/ports/clock.js';
import { CircuitBreaker } from '../../shared/adapters/chain/circuit-breaker.js';

const COOLDOWN = 30_000;
const make = (failureThreshold = 3) => {
  const clock = new FakeClock();
  return { clock, breaker: new CircuitBreaker({ failureThreshold, cooldownMs: COOLDOWN, clock }) };
};
const fail = (b: CircuitBreaker, n: number) => {
  for (let i = 0; i < n; i++) {
    expect(b.tryAcquire()).toBe(true);
    b.onFailure();
  }
};

describe('circuit breaker', () => {
  it('stays closed below the threshold of consecutive failures', () => {
    const { breaker } = make(3);
    fail(breaker, 2);
    expect(breaker.state).toBe('closed');
    expect(breaker.tryAcquire()).toBe(true);
  });

  it('opens after N consecutive failures and refuses calls during the cool-down', () => {
    const { breaker, clock } = make(3);
    fail(breaker, 3);
    expect(breaker.state).toBe('open');
    expect(breaker.tryAcquire()).toBe(false);
    clock.advance(COOLDOWN - 1);
    expect(breaker.tryAcquire()).toBe(false);
  });

  it('a success resets the count: failures must be consecutive', () => {
    const { breaker } = make(3);
    fail(breaker, 2);
    breaker.onSuccess();
    fail(breaker, 2);
    expect(breaker.state).toBe('closed');
    expect(breaker.consecutiveFailures).toBe(2);
  });

  it('after the cool-down lets exactly one trial call through (half-open)', () => {
    const { breaker, clock } = make(1);
    fail(breaker, 1);
    clock.advance(COOLDOWN);
    expect(breaker.state).toBe('half-open');
    expect(breaker.tryAcquire()).toBe(true);
    expect(breaker.tryAcquire()).toBe(false); // a second caller while the trial is out
    expect(breaker.state).toBe('half-open');
  });

  it('closes when the trial succeeds', () => {
    const { breaker, clock } = make(1);
    fail(breaker, 1);
    clock.advance(COOLDOWN);
    expect(breaker.tryAcquire()).toBe(true);
    breaker.onSuccess();
    expect(breaker.state).toBe('closed');
    expect(breaker.tryAcquire()).toBe(true);
    expect(breaker.tryAcquire()).toBe(true);
  });

  it('reopens for a whole new cool-down when the trial fails', () => {
    const { breaker, clock } = make(2);
    fail(breaker, 2);
    clock.advance(COOLDOWN);
    expect(breaker.tryAcquire()).toBe(true);
    breaker.onFailure(); // one failed trial is enough, whatever the threshold
    expect(breaker.state).toBe('open');
    clock.advance(COOLDOWN - 1);
    expect(breaker.tryAcquire()).toBe(false);
    clock.advance(1);
    expect(breaker.tryAcquire()).toBe(true);
  });

  it('lets a new trial through when the previous one never reported back', () => {
    const { breaker, clock } = make(1);
    fail(breaker, 1);
    clock.advance(COOLDOWN);
    expect(breaker.tryAcquire()).toBe(true); // its caller vanishes
    clock.advance(COOLDOWN - 1);
    expect(breaker.tryAcquire()).toBe(false);
    clock.advance(1);
    expect(breaker.tryAcquire()).toBe(true);
  });

  it('refuses a threshold below one', () => {
    expect(() => new CircuitBreaker({ failureThreshold: 0, cooldownMs: 1, clock: new FakeClock() })).toThrow(
      /failureThreshold/,
    );
  });
});
