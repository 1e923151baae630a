import { describe, expect, it } from 'vitest';
import { loadOnce } from '../../shared/domain/load-once.js';

/** The lazy chunks' one loading rule (shared/domain/load-once.ts). */
describe('loadOnce', () => {
  it('runs the load once for every caller, concurrent or later', async () => {
    let runs = 0;
    const get = loadOnce(async () => ({ run: ++runs }));
    const [a, b] = await Promise.all([get(), get()]);
    expect(a).toBe(b);
    expect(await get()).toBe(a);
    expect(runs).toBe(1);
  });

  it('does not keep a failed load: that call fails, the next runs the load again', async () => {
    let runs = 0;
    const get = loadOnce(async () => {
      runs++;
      if (runs === 1) throw new Error('chunk missing');
      return 'loaded';
    });
    await expect(get()).rejects.toThrow('chunk missing');
    expect(await get()).toBe('loaded');
    expect(await get()).toBe('loaded');
    expect(runs).toBe(2);
  });
});
