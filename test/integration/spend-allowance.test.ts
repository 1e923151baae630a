import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { config } from '../../shared/config.js';
import { makeDynamoClient, services } from '../../shared/composition/standalone.js';
import { spendAllowancesFrom } from '../../shared/composition/spend-allowances.js';
import { ensureTable } from '../../shared/adapters/dynamodb/create-table.js';
import {
  LEASE_MARGIN_MS,
  LEASE_MS,
  SpendAllowances,
  SpendLimitReached,
  reclaimExpired,
  type SpendRequest,
  type Taken,
} from '../../shared/domain/policies/spend-allowance.js';
import { keys } from '../../shared/store/keys.js';
import { accessPatterns } from '../../shared/store/access-patterns.js';
import { WriteConflictError, type Store } from '../../shared/ports/store.js';
import { ConcurrentModificationError } from '../../shared/errors/domain-errors.js';

/**
 * DAILY_LIMIT leases against DynamoDB Local: several containers (one `SpendAllowances` each) on one counter, time
 * driven by hand (`now` of each request). The limit is never exceeded, what a container holds unused never outlives its
 * lease, and most transfers take no counter write.
 */
beforeAll(async () => {
  await ensureTable(makeDynamoClient(config()), config().CUSTODY_TABLE_NAME);
});

const T0 = Date.now();
const at = (ms: number) => new Date(T0 + ms);
const counter = (limit: bigint) => ({
  tenantId: `T${randomUUID()}`,
  counterId: `DAILY#vault#${randomUUID()}`,
  limit,
  windowEnd: new Date(T0 + 86_400_000),
});
type Counter = ReturnType<typeof counter>;
const spentOn = async (c: Counter) =>
  BigInt(
    ((await services().store.get(keys.spendCounter(c.tenantId, c.counterId), { consistent: true }))?.spent as
      bigint | undefined) ?? 0,
  );
/** The leases of the counter still in storage, with what each holds unused. */
async function leasesOf(c: Counter) {
  const { items } = await services().store.query({
    pattern: accessPatterns.spendLeasesOfCounter(c.tenantId, c.counterId),
    limit: 100,
    consistent: true,
  });
  return items.map((i) => ({
    amount: BigInt(i.amount as bigint),
    used: BigInt(i.used as bigint),
    unused: BigInt(i.amount as bigint) - BigInt(i.used as bigint),
  }));
}
const unusedOf = async (c: Counter) => (await leasesOf(c)).reduce((s, l) => s + l.unused, 0n);

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

/** The submission's transaction, reduced to the write that consumes the lease: commits it and says so to the lease. */
async function commitTaken(store: Store, t: Taken): Promise<void> {
  try {
    await store.write([t.write]);
  } catch (e) {
    t.giveBack();
    if (e instanceof WriteConflictError && e.failed.length && t.write.onConditionFailed)
      throw t.write.onConditionFailed();
    throw e;
  }
  t.kept();
}

/**
 * One transfer of a container, as the pipeline runs it: take, commit, and again after a concurrent change (another
 * container's counter transaction, a lease reclaimed). The amount spent, or 0 when the limit refused it.
 */
async function transfer(a: SpendAllowances, store: Store, r: SpendRequest): Promise<bigint> {
  for (let attempt = 0; ; attempt++) {
    try {
      await commitTaken(store, await a.take(store, r));
      return r.amount;
    } catch (e) {
      if (e instanceof SpendLimitReached) return 0n;
      const again =
        e instanceof ConcurrentModificationError || (e instanceof WriteConflictError && e.transactionConflict);
      if (!again || attempt > 30) throw e;
      await new Promise((res) => setTimeout(res, Math.random() * 20));
    }
  }
}

describe('DAILY_LIMIT leases', () => {
  it('never hands out more than the limit across four containers, and the counter is always what was spent plus what the leases hold', async () => {
    const c = counter(8_000n);
    const containers = Array.from({ length: 4 }, () => new SpendAllowances(16));
    const store = services().store;
    // 120 transfers of 1 to 300, 30 per container, one after the other in each (a Lambda container serves one request
    // at a time), the containers at the same time: more than the limit in all.
    const amounts = Array.from({ length: 120 }, (_, i) => BigInt(1 + ((i * 7919) % 300)));
    const granted: bigint[] = [];
    await Promise.all(
      containers.map(async (a, k) => {
        for (let i = k; i < amounts.length; i += 4)
          granted.push(await transfer(a, store, { ...c, amount: amounts[i]!, now: at(0) }));
      }),
    );
    const total = granted.reduce((s, g) => s + g, 0n);
    expect(total).toBeLessThanOrEqual(8_000n);
    // Refused early by at most what the OTHER containers hold unused (one lease each, at most 1/64 of the limit ahead)
    // and one transfer.
    expect(total).toBeGreaterThan(8_000n - 3n * (8_000n / 64n) - 300n);
    expect(granted.filter((g) => g === 0n).length).toBeGreaterThan(0);
    // Exact: the counter is what was spent plus the unused part of the leases in storage.
    expect(await spentOn(c)).toBe(total + (await unusedOf(c)));
    // Once they expire, anyone gives them back: the counter then holds exactly what was spent.
    await reclaimExpired(store, { ...c, now: at(LEASE_MS + LEASE_MARGIN_MS + 1) });
    expect(await spentOn(c)).toBe(total);
    expect(await leasesOf(c)).toEqual([]);
  }, 120_000);

  it('serves the next transfers from the lease, writing the counter once every 17 transfers', async () => {
    const c = counter(1_000_000n);
    const a = new SpendAllowances(16);
    const { store, writes } = counting();
    const first = await a.take(store, { ...c, amount: 100n, now: at(0) });
    expect(first.written).toBe(true);
    await commitTaken(store, first);
    expect(await spentOn(c)).toBe(1_700n); // 100 and 16 more ahead, in one lease
    expect(await leasesOf(c)).toEqual([{ amount: 1_700n, used: 100n, unused: 1_600n }]);
    for (let i = 0; i < 16; i++) {
      const t = await a.take(store, { ...c, amount: 100n, now: at(1_000) });
      expect(t.written).toBe(false);
      await commitTaken(store, t);
    }
    expect(writes()).toBe(1 + 17); // the lease's transaction, then each submission's own
    // Used up: the last submission deleted the lease; the counter holds exactly what was spent.
    expect(await leasesOf(c)).toEqual([]);
    expect(await spentOn(c)).toBe(1_700n);
    expect((await a.take(store, { ...c, amount: 100n, now: at(1_000) })).written).toBe(true);
  });

  it("consumes nothing for a submission that does not commit: the lease is the container's to use again", async () => {
    const c = counter(1_000_000n);
    const a = new SpendAllowances(16);
    const { store, writes } = counting();
    await commitTaken(store, await a.take(store, { ...c, amount: 300n, now: at(0) }));
    const lost = await a.take(store, { ...c, amount: 300n, now: at(0) });
    expect(a.held(c.tenantId, c.counterId)).toBe(4_500n);
    lost.giveBack(); // its submission's transaction did not commit
    expect(a.held(c.tenantId, c.counterId)).toBe(4_800n);
    expect(await leasesOf(c)).toEqual([{ amount: 5_100n, used: 300n, unused: 4_800n }]);
    const next = await a.take(store, { ...c, amount: 300n, now: at(0) });
    expect(next.written).toBe(false);
    await commitTaken(store, next);
    expect(writes()).toBe(3);
    expect(await spentOn(c)).toBe(5_100n);
  });

  it('takes one lease per submission in flight in one container, writing the counter one transaction at a time', async () => {
    const c = counter(1_000_000n);
    const a = new SpendAllowances(16);
    const real = services().store;
    let inFlight = 0;
    let most = 0;
    const store = Object.create(real) as Store;
    store.write = async (ops, o) => {
      const counterWrite = ops.some((op) => ('item' in op ? op.item : op.key).sk === 'SPEND');
      if (counterWrite) most = Math.max(most, ++inFlight);
      try {
        return await real.write(ops, o);
      } finally {
        if (counterWrite) inFlight--;
      }
    };
    const taken = await Promise.all(Array.from({ length: 10 }, () => a.take(store, { ...c, amount: 50n, now: at(0) })));
    expect(most).toBe(1); // never two counter transactions of one container at once (they would conflict)
    expect(taken.filter((t) => t.written)).toHaveLength(10); // none free while all are in flight
    await Promise.all(taken.map((t) => commitTaken(store, t)));
    expect(await spentOn(c)).toBe(500n + (await unusedOf(c)));
    // Freed, the leases serve the next transfers without a write.
    expect((await a.take(store, { ...c, amount: 50n, now: at(0) })).written).toBe(false);
  });

  it("caps a lease's allowance at 1/64 of the limit, and takes the exact amount when the allowance does not fit", async () => {
    const c = counter(6_400n);
    const a = new SpendAllowances(16);
    const store = services().store;
    await commitTaken(store, await a.take(store, { ...c, amount: 1_000n, now: at(0) }));
    expect(await spentOn(c)).toBe(1_100n); // 1,000 + 100 (not 16,000)
    expect(a.held(c.tenantId, c.counterId)).toBe(100n);
    // 5,350 + 100 ahead - 100 given back would pass 6,400: the lease is the exact 5,350, and the old one goes back.
    const exact = await a.take(store, { ...c, amount: 5_350n, now: at(0) });
    expect(exact.written).toBe(true);
    await commitTaken(store, exact);
    expect(await spentOn(c)).toBe(6_350n);
    expect(await leasesOf(c)).toEqual([]);
    expect(await transfer(a, store, { ...c, amount: 51n, now: at(0) })).toBe(0n);
    expect(await transfer(a, store, { ...c, amount: 50n, now: at(0) })).toBe(50n);
    expect(await spentOn(c)).toBe(6_400n);
  });

  it('uses a lease only under the limit it was taken at: a lowered limit writes, giving the lease back', async () => {
    const c = counter(640_000n);
    const a = new SpendAllowances(16);
    const store = services().store;
    await commitTaken(store, await a.take(store, { ...c, amount: 100n, now: at(0) }));
    expect(await spentOn(c)).toBe(1_700n);
    // The policy now says 1,000: the 1,600 held is not used; the write gives it back and must fit 1,000.
    const lowered = { ...c, limit: 1_000n };
    const t = await a.take(store, { ...lowered, amount: 100n, now: at(0) });
    expect(t.written).toBe(true);
    await commitTaken(store, t);
    expect(await spentOn(c)).toBe(200n + 15n);
    // Under the lowered limit, what was spent before still counts: 800 more fit, 801 do not.
    expect(await transfer(a, store, { ...lowered, amount: 801n, now: at(0) })).toBe(0n);
    expect(await spentOn(c)).toBe(200n); // the refusal gave the container's lease back
    expect(await transfer(a, store, { ...lowered, amount: 800n, now: at(0) })).toBe(800n);
    expect(await spentOn(c)).toBe(1_000n);
  });

  it('with allowances off (0), takes a lease of the exact amount for every transfer', async () => {
    const c = counter(1_000n);
    const a = new SpendAllowances(0);
    const { store, writes } = counting();
    for (let i = 0; i < 3; i++) {
      const t = await a.take(store, { ...c, amount: 300n, now: at(0) });
      expect(t.written).toBe(true);
      await commitTaken(store, t);
    }
    expect(writes()).toBe(6);
    expect(await spentOn(c)).toBe(900n);
    expect(await leasesOf(c)).toEqual([]);
    expect(await transfer(a, store, { ...c, amount: 101n, now: at(0) })).toBe(0n);
  });
});

describe('containers that stop', () => {
  it('cannot strand the limit: 50 containers each serve one transfer and go idle; once their leases expire, the vault spends its whole limit exactly', async () => {
    const c = counter(6_400n);
    const store = services().store;
    // Each takes a lease of 10 + 100 ahead (1/64 of the limit), spends 10 and is never called again.
    const idle = Array.from({ length: 50 }, () => new SpendAllowances(16));
    for (const a of idle) expect(await transfer(a, store, { ...c, amount: 10n, now: at(0) })).toBe(10n);
    expect(await spentOn(c)).toBe(5_500n); // 500 spent, 5,000 held by containers that will never run again
    const other = new SpendAllowances(16);
    // While the leases run, they count as spent: 900 fit, not 901.
    expect(await transfer(other, store, { ...c, amount: 901n, now: at(30_000) })).toBe(0n);
    // After them (and the margin), the next transfer that does not fit reclaims them: the rest of the limit, exactly.
    const later = at(LEASE_MS + LEASE_MARGIN_MS + 1);
    let spent = 500n;
    for (let i = 0; i < 59; i++) spent += await transfer(other, store, { ...c, amount: 100n, now: later });
    expect(spent).toBe(6_400n);
    expect(await transfer(other, store, { ...c, amount: 1n, now: later })).toBe(0n);
    expect(await spentOn(c)).toBe(6_400n);
    expect(await leasesOf(c)).toEqual([]);
  }, 120_000);

  it('leaves a container that comes back after its lease expired unable to use it: it takes a new lease, and the old one is given back once', async () => {
    const c = counter(6_400n);
    const store = services().store;
    const a = new SpendAllowances(16);
    await transfer(a, store, { ...c, amount: 10n, now: at(0) });
    expect(await spentOn(c)).toBe(110n);
    // Back after its lease expired, nobody having reclaimed it: it writes, giving the old lease back in that write.
    const back = await a.take(store, { ...c, amount: 10n, now: at(LEASE_MS) });
    expect(back.written).toBe(true);
    await commitTaken(store, back);
    expect(await spentOn(c)).toBe(20n + 100n);
    expect(await leasesOf(c)).toEqual([{ amount: 110n, used: 10n, unused: 100n }]);
    // Reclaimed by another container meanwhile: the owner's give-back finds it gone and is not counted again.
    await reclaimExpired(store, { ...c, now: at(3 * LEASE_MS) });
    expect(await spentOn(c)).toBe(20n);
    const again = await a.take(store, { ...c, amount: 10n, now: at(3 * LEASE_MS) });
    expect(again.written).toBe(true);
    await commitTaken(store, again);
    expect(await spentOn(c)).toBe(30n + 100n);
  });

  it('refuses, in storage, a consumption of a lease that was reclaimed (a container whose clock is behind)', async () => {
    const c = counter(6_400n);
    const store = services().store;
    const a = new SpendAllowances(16);
    await transfer(a, store, { ...c, amount: 10n, now: at(0) });
    // The container's clock says its lease still runs; another's says it expired long ago and reclaims it.
    const stale = await a.take(store, { ...c, amount: 10n, now: at(LEASE_MS - LEASE_MARGIN_MS - 1) });
    expect(stale.written).toBe(false);
    expect(await reclaimExpired(store, { ...c, now: at(LEASE_MS + LEASE_MARGIN_MS + 1) })).toBe(100n);
    await expect(commitTaken(store, stale)).rejects.toBeInstanceOf(ConcurrentModificationError);
    expect(await spentOn(c)).toBe(10n);
    // Run again (as the pipeline does), the transfer takes a new lease.
    expect(await transfer(a, store, { ...c, amount: 10n, now: at(LEASE_MS - LEASE_MARGIN_MS - 1) })).toBe(10n);
    expect(await spentOn(c)).toBe(20n + 100n);
  });

  it('never counts twice when a reclaim races consumptions (random amounts and orders, concurrently)', async () => {
    const store = services().store;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 5 }),
        async (amounts, reclaimAt) => {
          const c = counter(6_400n);
          const a = new SpendAllowances(16);
          await transfer(a, store, { ...c, amount: 10n, now: at(0) });
          let spent = 10n;
          // The owner's clock is behind: its lease looks alive to it and expired to the reclaimer.
          const tries = amounts.map(async (amount, i) => {
            if (i === reclaimAt) await reclaimExpired(store, { ...c, now: at(LEASE_MS + LEASE_MARGIN_MS + 1) });
            try {
              await commitTaken(
                store,
                await a.take(store, { ...c, amount: BigInt(amount), now: at(LEASE_MS - LEASE_MARGIN_MS - 1) }),
              );
              spent += BigInt(amount);
            } catch (e) {
              if (!(
                e instanceof ConcurrentModificationError ||
                e instanceof WriteConflictError ||
                e instanceof SpendLimitReached
              ))
                throw e;
            }
          });
          await Promise.all([...tries, reclaimExpired(store, { ...c, now: at(LEASE_MS + LEASE_MARGIN_MS + 1) })]);
          expect(await spentOn(c)).toBe(spent + (await unusedOf(c)));
          await reclaimExpired(store, { ...c, now: at(10 * LEASE_MS) });
          expect(await spentOn(c)).toBe(spent);
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});

/*
 * The container's allowances (the `spendAllowances` port of the functions that submit, built by
 * `spendAllowancesFrom`, shared/composition/spend-allowances.ts) take CUSTODY_DAILY_LIMIT_ALLOWANCE from the
 * function's deps, read at each lease.
 */
describe("the container's allowances (spend-allowances.ts)", () => {
  it("read CUSTODY_DAILY_LIMIT_ALLOWANCE from the function's settings at each lease", async () => {
    const s = services();
    let cfg = s.config;
    const allowances = spendAllowancesFrom({
      get config() {
        return cfg;
      },
    });
    expect(s.config.CUSTODY_DAILY_LIMIT_ALLOWANCE).toBe(16);
    const c = counter(64_000n);
    await commitTaken(s.store, await allowances.take(s.store, { ...c, amount: 10n, now: at(0) }));
    expect(allowances.held(c.tenantId, c.counterId)).toBe(160n); // 16 transfers of 10 ahead
    expect(await spentOn(c)).toBe(170n);
    cfg = { ...s.config, CUSTODY_DAILY_LIMIT_ALLOWANCE: 0 };
    const d = counter(64_000n);
    await commitTaken(s.store, await allowances.take(s.store, { ...d, amount: 10n, now: at(0) }));
    expect(allowances.held(d.tenantId, d.counterId)).toBe(0n); // exact
    expect(await spentOn(d)).toBe(10n);
  });
});
