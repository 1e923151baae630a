import { afterEach, describe, expect, it, vi } from 'vitest';
import { pollStream } from '../../local/steps/stream.js';
import { Runtime } from '../../local/steps/runtime.js';
import type { StreamReader } from '../../shared/adapters/local/stream-reader.js';

/**
 * The local stack's stream loop: a write wakes it (the store calls `wake` after each commit), so a change is read
 * without waiting out the timer; a write during a read has one more read follow it.
 */
afterEach(() => vi.useRealTimers());

function counting() {
  let reads = 0;
  let release: (() => void) | null = null;
  const reader = {
    pollOnce: () => {
      reads++;
      return new Promise((resolve) => (release = () => resolve({ records: 0, failed: 0, skipped: 0 })));
    },
  } as unknown as StreamReader;
  return {
    reader,
    reads: () => reads,
    finish: async () => {
      release?.();
      release = null;
      await vi.advanceTimersByTimeAsync(0);
    },
  };
}

describe('local stream loop', () => {
  it('reads at once after a write instead of waiting for the timer', async () => {
    vi.useFakeTimers();
    const rt = new Runtime(() => undefined);
    const r = counting();
    const loop = pollStream(rt, r.reader, 60_000);
    await vi.advanceTimersByTimeAsync(0);
    expect(r.reads()).toBe(1);
    await r.finish();
    loop.wake();
    await vi.advanceTimersByTimeAsync(50);
    expect(r.reads()).toBe(2);
    rt.stopping = true;
    rt.clearTimers();
  });

  it('reads once more after the read under way when a write lands during it', async () => {
    vi.useFakeTimers();
    const rt = new Runtime(() => undefined);
    const r = counting();
    const loop = pollStream(rt, r.reader, 60_000);
    await vi.advanceTimersByTimeAsync(0);
    loop.wake();
    loop.wake();
    await r.finish();
    await vi.advanceTimersByTimeAsync(50);
    expect(r.reads()).toBe(2);
    await r.finish();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(r.reads()).toBe(2);
    rt.stopping = true;
    rt.clearTimers();
  });
});
