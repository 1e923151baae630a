import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { config } from '../../shared/config.js';
import { makeDynamoClient, overrideServices, services } from '../../shared/app/services.js';
import { ensureTable } from '../../shared/adapters/dynamodb/create-table.js';
import { IDLE_RETURN_MS, SpendAllowances, SpendLimitReached, spendAllowances, type SpendRequest } from '../../shared/domain/policies/spend-allowance.js';
import { keys } from '../../shared/store/keys.js';
import type { Store } from '../../shared/ports/store.js';

/**
 * DAILY_LIMIT allowances against DynamoDB Local: several containers (one `SpendAllowances` each) on one counter. The
 * limit is never exceeded, nothing reserved is lost, and most transfers take no counter write.
 */
beforeAll(async () => {
  await ensureTable(makeDynamoClient(config()), config().CUSTODY_TABLE_NAME);
});

const tomorrow = () => new Date(Date.now() + 86_400_000);
const counter = (limit: bigint) => ({ tenantId: `T${randomUUID()}`, counterId: `DAILY#vault#${randomUUID()}`, limit, windowEnd: tomorrow() });
const spentOn = async (c: { tenantId: string; counterId: string }) => BigInt(((await services().store.get(keys.spendCounter(c.tenantId, c.counterId), { consistent: true }))?.spent as bigint | undefined) ?? 0);

/** The real store, counting the writes made through it. */
function counting(): { store: Store; writes: () => number } {
  const real = services().store;
  let n = 0;
  const store = Object.create(real) as Store;
  store.write = (ops, o) => {
    n++;
    return real.write(ops, o);
  };
  return { store, writes: () => n };
}

async function tryTake(a: SpendAllowances, store: Store, r: SpendRequest): Promise<bigint> {
  try {
    await a.take(store, r);
    return r.amount;
  } catch (e) {
    if (e instanceof SpendLimitReached) return 0n;
    throw e;
  }
}

describe('DAILY_LIMIT spend allowances', () => {
  it('never hands out more than the limit across four containers, loses nothing, and reaches the limit less what the others hold', async () => {
    const c = counter(10_000n);
    const containers = Array.from({ length: 4 }, () => new SpendAllowances(16));
    const { store } = counting();
    // 240 concurrent transfers of 1 to 300 spread over the containers: more than the limit in all.
    const amounts = Array.from({ length: 240 }, (_, i) => BigInt(1 + ((i * 7919) % 300)));
    const granted = await Promise.all(amounts.map((amount, i) => tryTake(containers[i % 4]!, store, { ...c, amount })));
    const total = granted.reduce((s, g) => s + g, 0n);
    expect(total).toBeLessThanOrEqual(10_000n);
    // Refused early by at most what the OTHER containers hold (each less than 1.5 allowances of at most 1/64 of the
    // limit) and one transfer.
    expect(total).toBeGreaterThan(10_000n - (3n * 3n * (10_000n / 64n)) / 2n - 300n);
    expect(granted.filter((g) => g === 0n).length).toBeGreaterThan(0);
    // The counter holds what was handed out plus what the containers hold; once they give it back, exactly what was handed out.
    await Promise.all(containers.map((a) => a.settle()));
    const held = containers.reduce((s, a) => s + a.held(c.tenantId, c.counterId), 0n);
    expect(await spentOn(c)).toBe(total + held);
    await Promise.all(containers.map((a) => a.sweep(Date.now() + IDLE_RETURN_MS)));
    expect(await spentOn(c)).toBe(total);
  });

  it('serves the next transfers from the allowance, taking the next one in the background before it runs out', async () => {
    const c = counter(1_000_000n);
    const a = new SpendAllowances(16);
    const { store, writes } = counting();
    const first = await a.take(store, { ...c, amount: 100n });
    expect(first.written).toBe(true);
    expect(await spentOn(c)).toBe(100n + 1_600n);
    // 40 more: none writes the counter itself (a refill starts once less than half of 1,600 is left).
    for (let i = 0; i < 40; i++) expect((await a.take(store, { ...c, amount: 100n })).written).toBe(false);
    await a.settle();
    expect(writes()).toBeGreaterThanOrEqual(3); // 4,100 handed out needs at least two refills of 1,600 after the first
    expect(writes()).toBeLessThanOrEqual(4);
    expect(a.held(c.tenantId, c.counterId)).toBeLessThan(2_400n); // at most 1.5 allowances
    expect(await spentOn(c)).toBe(4_100n + a.held(c.tenantId, c.counterId));
  });

  it('gives back what a failed submission took to the allowance, without a write', async () => {
    const c = counter(1_000_000n);
    const a = new SpendAllowances(16);
    const { store, writes } = counting();
    const taken = await a.take(store, { ...c, amount: 300n });
    expect(a.held(c.tenantId, c.counterId)).toBe(4_800n);
    taken.giveBack(); // its submission did not commit: the amount is the container's again, still reserved
    expect(a.held(c.tenantId, c.counterId)).toBe(5_100n);
    expect(writes()).toBe(1);
    expect(await spentOn(c)).toBe(5_100n);
  });

  it('takes concurrent transfers of one container with one write of their own', async () => {
    const c = counter(1_000_000n);
    const a = new SpendAllowances(16);
    const { store } = counting();
    const taken = await Promise.all(Array.from({ length: 10 }, () => a.take(store, { ...c, amount: 50n })));
    expect(taken.filter((t) => t.written)).toHaveLength(1);
    await a.settle();
    expect(await spentOn(c)).toBe(500n + a.held(c.tenantId, c.counterId));
  });

  it('caps an allowance at 1/64 of the limit, and reserves the exact amount when the allowance does not fit', async () => {
    const c = counter(6_400n);
    const a = new SpendAllowances(16);
    await a.take(services().store, { ...c, amount: 1_000n });
    expect(await spentOn(c)).toBe(1_100n); // 1,000 + 100 (not 16,000)
    expect(a.held(c.tenantId, c.counterId)).toBe(100n);
    // 5,350 + 100 ahead - 100 held would pass 6,400: the add is the exact 5,350 less the 100 held.
    expect((await a.take(services().store, { ...c, amount: 5_350n })).written).toBe(true);
    expect(await spentOn(c)).toBe(6_350n);
    expect(a.held(c.tenantId, c.counterId)).toBe(0n);
    await expect(a.take(services().store, { ...c, amount: 51n })).rejects.toBeInstanceOf(SpendLimitReached);
    expect((await a.take(services().store, { ...c, amount: 50n })).written).toBe(true);
    expect(await spentOn(c)).toBe(6_400n);
  });

  it('uses an allowance only under the limit it was taken at: a lowered limit writes, giving the allowance back', async () => {
    const c = counter(640_000n);
    const a = new SpendAllowances(16);
    await a.take(services().store, { ...c, amount: 100n });
    expect(await spentOn(c)).toBe(1_700n);
    // The policy now says 1,000: the 1,600 held is not used; the add gives it back and must fit 1,000.
    const lowered = { ...c, limit: 1_000n };
    expect((await a.take(services().store, { ...lowered, amount: 100n })).written).toBe(true);
    expect(await spentOn(c)).toBe(200n + 15n);
    // Under the lowered limit, what was spent before still counts: 800 more fit, 801 do not.
    await expect(a.take(services().store, { ...lowered, amount: 801n })).rejects.toBeInstanceOf(SpendLimitReached);
    expect(await spentOn(c)).toBe(200n); // the refusal gave the allowance back
    await a.take(services().store, { ...lowered, amount: 800n });
    expect(await spentOn(c)).toBe(1_000n);
  });

  it('gives back only what was idle for 30 s, everything when the stack stops, and nothing for a window that ended', async () => {
    const c = counter(1_000_000n);
    const ended = { ...counter(1_000_000n), windowEnd: new Date(Date.now() - 1_000) };
    const a = new SpendAllowances(16);
    await a.take(services().store, { ...c, amount: 10n });
    await a.take(services().store, { ...ended, amount: 10n });
    await a.sweep(Date.now() + IDLE_RETURN_MS - 1_000);
    expect(await spentOn(c)).toBe(170n);
    await a.sweep(Number.POSITIVE_INFINITY); // the local stack's stop
    expect(await spentOn(c)).toBe(10n);
    expect(await spentOn(ended)).toBe(170n); // its day is over at that time: nothing written
    expect(a.held(ended.tenantId, ended.counterId)).toBe(0n);
  });

  it('with allowances off (0), writes every transfer exactly', async () => {
    const c = counter(1_000n);
    const a = new SpendAllowances(0);
    const { store, writes } = counting();
    for (let i = 0; i < 3; i++) expect((await a.take(store, { ...c, amount: 300n })).written).toBe(true);
    expect(writes()).toBe(3);
    expect(await spentOn(c)).toBe(900n);
    await expect(a.take(store, { ...c, amount: 101n })).rejects.toBeInstanceOf(SpendLimitReached);
  });
});

/*
 * The container's allowances (the module's `spendAllowances`) take CUSTODY_DAILY_LIMIT_ALLOWANCE from
 * shared/app/spend-wiring.ts, which only the entries that submit import; this file imports it in the second test.
 */
describe("the container's allowances (spend-wiring.ts)", () => {
  it('without the wiring, the first submission fails and names the module to import', async () => {
    await expect(spendAllowances.take(services().store, { ...counter(64_000n), amount: 10n })).rejects.toThrow('spend allowances not configured: import shared/app/spend-wiring.ts in the entry');
  });

  it('with it, read CUSTODY_DAILY_LIMIT_ALLOWANCE, and again when the configuration is replaced', async () => {
    const s = services();
    await import('../../shared/app/spend-wiring.js');
    expect(s.config.CUSTODY_DAILY_LIMIT_ALLOWANCE).toBe(16);
    const c = counter(64_000n);
    await spendAllowances.take(s.store, { ...c, amount: 10n });
    expect(spendAllowances.held(c.tenantId, c.counterId)).toBe(160n); // 16 transfers of 10 ahead
    expect(await spentOn(c)).toBe(170n);
    overrideServices({ config: { ...s.config, CUSTODY_DAILY_LIMIT_ALLOWANCE: 0 } });
    const d = counter(64_000n);
    await spendAllowances.take(s.store, { ...d, amount: 10n });
    expect(spendAllowances.held(d.tenantId, d.counterId)).toBe(0n); // exact reservations
    expect(await spentOn(d)).toBe(10n);
    overrideServices({ config: s.config });
    await spendAllowances.sweep(Number.POSITIVE_INFINITY);
    expect(await spentOn(c)).toBe(10n); // given back, as the local stack does when it stops
    spendAllowances.clear();
  });
});
