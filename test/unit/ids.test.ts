import { describe, expect, it } from 'vitest';
import { idTimeFence, newIdAt } from '../../shared/domain/ids.js';

/** Ids whose time is the clock's: what lets a creation time range be a range of ids (list-transactions.ts). */
describe('newIdAt and idTimeFence', () => {
  it('gives the id the millisecond asked, in order within one millisecond, and the fence sorts between milliseconds', () => {
    const at = new Date('2026-05-04T03:02:01.123Z');
    const ids = Array.from({ length: 50 }, () => newIdAt(at));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(50);
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at.getTime());
      expect(idTimeFence(at.getTime()) < id && id < idTimeFence(at.getTime() + 1)).toBe(true);
    }
    const before = newIdAt(new Date(at.getTime() - 1));
    expect(before < idTimeFence(at.getTime())).toBe(true);
    expect(idTimeFence(-5)).toBe('00000000-0000');
  });
});
