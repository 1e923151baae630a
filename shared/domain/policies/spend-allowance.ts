import { BoundedMap } from '../bounded-map.js';
import { WriteConflictError, type Store, type WriteOp } from '../../ports/store.js';
import { keys } from '../../store/keys.js';

/**
 * DAILY_LIMIT spend reserved ahead of need, per container (docs/policies.md, "Spend allowances").
 *
 * A DAILY_LIMIT counter (one item per vault or wallet, asset and day) holds what has been reserved in its window. A
 * submission used to add its amount to it with one capped write of its own: a second store call on every submission,
 * and a vault-wide item written by every submission of the vault. Instead, when a container has to write the counter,
 * it reserves a little more than the transfer needs (an ALLOWANCE: `transfersAhead` more transfers of the same amount,
 * at most 1/`LIMIT_SHARE_DIVISOR` of the limit), with the SAME capped add, and serves the next transfers from it without
 * a write; once less than half of it is left, the next allowance is taken in the background. So:
 *
 * - The limit is never exceeded: everything a container hands out was first added to the counter by a capped add
 *   under the limit the rule has now. An allowance is used only under the limit it was taken at: after a policy change
 *   of the limit, the next transfer writes the counter (giving the old allowance back in the same add).
 * - The limit can be reached early: what other containers hold and have not spent counts as spent. Every write a
 *   container makes gives its own unspent allowance back first (it is part of the add), and a container that stops
 *   submitting gives it back `IDLE_RETURN_MS` after its last use (best effort: a container that ends first leaves it
 *   reserved until the window ends). A transfer that does not fit with the allowance is tried for its exact amount,
 *   as before; one that does not fit exactly is denied, with the counter as read.
 *
 * `transfersAhead = 0` turns allowances off: every transfer adds its exact amount (`CUSTODY_DAILY_LIMIT_ALLOWANCE`).
 */
export type SpendRequest = { tenantId: string; counterId: string; limit: bigint; windowEnd: Date; amount: bigint };

/** What a reservation taken from an allowance gives back when its submission does not commit. */
export type Taken = { giveBack: () => void; written: boolean };

/** The counter has no room for the amount (its add failed under the limit). */
export class SpendLimitReached extends Error {
  constructor() {
    super('daily limit counter has no room for the amount');
    this.name = 'SpendLimitReached';
  }
}

/** An allowance is at most this share of its limit (1/64: about 1.6 %; a container holds up to 1.5 allowances). */
export const LIMIT_SHARE_DIVISOR = 64n;
/** Unspent allowance goes back to its counter this long after its last use. */
export const IDLE_RETURN_MS = 30_000;
/** Counters a container keeps allowances for. */
export const ALLOWANCES_CAPACITY = 10_000;
/** A counter item outlives its window by this much (then DynamoDB's TTL deletes it). */
const COUNTER_GRACE_SECONDS = 2 * 86_400;

type Entry = {
  /** The store the counter is in (the last that wrote it). */
  store: Store;
  readonly tenantId: string;
  readonly counterId: string;
  /** The limit the allowance was reserved under (an allowance is used only under that limit). */
  limit: bigint;
  windowEnd: Date;
  /** Reserved on the counter, not yet handed out. */
  left: bigint;
  /** A write of the counter in flight: concurrent submissions of this container wait for it rather than each writing. */
  writing?: Promise<void>;
  lastUsed: number;
};

export class SpendAllowances {
  private readonly entries = new BoundedMap<string, Entry>(ALLOWANCES_CAPACITY);
  private timer: ReturnType<typeof setTimeout> | undefined;

  /** `transfersAhead`: the container's is `CUSTODY_DAILY_LIMIT_ALLOWANCE`, set by shared/app/spend-wiring.ts. */
  constructor(private transfersAhead?: number) {}

  /** How many transfers of the same amount a write reserves ahead (0: exact reservations, no allowance). */
  configure(transfersAhead: number): void {
    this.transfersAhead = transfersAhead;
  }

  /**
   * Reserves `amount` on the counter: from this container's allowance when it holds enough under the same limit, else
   * by one capped add on the counter (which also gives the allowance left back and takes a new one). Throws
   * `SpendLimitReached` when the amount does not fit, after giving the allowance left back.
   */
  async take(store: Store, r: SpendRequest): Promise<Taken> {
    const k = entryKey(r.tenantId, r.counterId);
    for (;;) {
      const e = this.entries.get(k);
      if (e && e.limit === r.limit && e.left >= r.amount) {
        e.left -= r.amount;
        this.used(e);
        this.refillAhead(store, e, r);
        return { giveBack: () => this.giveBack(e, r.amount), written: false };
      }
      if (!e?.writing) break;
      await e.writing;
    }
    return this.write(store, r);
  }

  private async write(store: Store, r: SpendRequest): Promise<Taken> {
    const k = entryKey(r.tenantId, r.counterId);
    let e = this.entries.get(k);
    if (!e) this.entries.set(k, (e = { store, tenantId: r.tenantId, counterId: r.counterId, limit: r.limit, windowEnd: r.windowEnd, left: 0n, lastUsed: 0 }));
    const held = e.left;
    e.store = store;
    e.left = 0n;
    e.limit = r.limit;
    e.windowEnd = r.windowEnd;
    const ahead = this.ahead(r.amount, r.limit);
    return this.writingOn(e, async () => {
      try {
        // The transfer's amount and the new allowance, less what is held (given back in the same add).
        if (ahead > 0n && (await this.add(store, r, r.amount + ahead - held))) {
          e.left += ahead;
        } else if (!(await this.add(store, r, r.amount - held))) {
          if (held > 0n) await this.add(store, r, -held, false);
          throw new SpendLimitReached();
        }
        this.used(e);
        return { giveBack: () => this.giveBack(e, r.amount), written: true };
      } catch (err) {
        // Not written (or not known to be): what was held is still reserved on the counter, so it stays usable.
        if (!(err instanceof SpendLimitReached)) e.left += held;
        throw err;
      }
    });
  }

  /**
   * Once less than half of the last allowance is left, the next one is taken in the background (the same capped add,
   * without a transfer), so a steady stream of transfers does not wait for the counter: a container then holds up to
   * one and a half allowances. A refill that does not fit is dropped (the transfer that runs out writes its exact amount).
   */
  private refillAhead(store: Store, e: Entry, r: SpendRequest): void {
    const ahead = this.ahead(r.amount, r.limit);
    if (e.writing || ahead === 0n || e.left * 2n >= ahead) return;
    void this.writingOn(e, async () => {
      if (await this.add(store, r, ahead)) e.left += ahead;
    })
      .catch(() => undefined) // not known to be written: at worst reserved until the window ends (never exceeded)
      .finally(() => this.used(e));
  }

  /** Runs `write` as the entry's one counter write in flight: this container's other transfers wait for it (`take`). */
  private async writingOn<T>(e: Entry, write: () => Promise<T>): Promise<T> {
    let done!: () => void;
    e.writing = new Promise((resolve) => (done = resolve));
    try {
      return await write();
    } finally {
      e.writing = undefined;
      done();
    }
  }

  /** The allowance a write takes beyond the transfer: `transfersAhead` more of the same amount, at most a share of the limit. */
  private ahead(amount: bigint, limit: bigint): bigint {
    // A programming error, loud on the first submission: the entry of a function that submits lacks the wiring import.
    if (this.transfersAhead === undefined) throw new Error('spend allowances not configured: import shared/app/spend-wiring.ts in the entry');
    const wanted = amount * BigInt(this.transfersAhead);
    const cap = limit / LIMIT_SHARE_DIVISOR;
    return wanted < cap ? wanted : cap;
  }

  /** One atomic add on the counter, capped at the limit unless `capped` is false; false when the cap refused it. */
  private async add(store: Store, r: SpendRequest, amount: bigint, capped = true): Promise<boolean> {
    try {
      await store.write([counterAdd(r.tenantId, r.counterId, amount, capped ? r.limit : undefined, r.windowEnd)]);
      return true;
    } catch (e) {
      if (e instanceof WriteConflictError && e.failed.length) return false;
      throw e;
    }
  }

  private giveBack(e: Entry, amount: bigint): void {
    e.left += amount;
    this.used(e);
  }

  private used(e: Entry): void {
    e.lastUsed = Date.now();
    if (!this.timer && e.left > 0n) this.arm();
  }

  /** One timer per container, unreferenced (it never keeps a process alive), while some allowance is unspent. */
  private arm(): void {
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.sweep().then(() => {
        if (!this.timer && [...this.entries.values()].some((e) => e.left > 0n)) this.arm();
      });
    }, IDLE_RETURN_MS);
    this.timer.unref?.();
  }

  /** Waits for the counter writes in flight (a background refill). */
  async settle(): Promise<void> {
    await Promise.all([...this.entries.values()].map((e) => e.writing));
  }

  /**
   * Gives back every allowance unused for `IDLE_RETURN_MS` at `now`: the timer's job; the local stack calls it with no
   * time limit when it stops, and tests with a later time.
   */
  async sweep(now = Date.now()): Promise<void> {
    await this.settle();
    await Promise.all([...this.entries.values()].filter((e) => now - e.lastUsed >= IDLE_RETURN_MS).map((e) => this.giveAllBack(e)));
  }

  /** Gives an allowance's unspent part back to its counter (none after its window: the counter is over). */
  private async giveAllBack(e: Entry): Promise<void> {
    if (e.writing || e.left === 0n) return;
    const left = e.left;
    e.left = 0n;
    if (e.windowEnd.getTime() <= Date.now()) return void this.entries.delete(entryKey(e.tenantId, e.counterId));
    try {
      await e.store.write([counterAdd(e.tenantId, e.counterId, -left, undefined, e.windowEnd)]);
    } catch {
      e.left += left; // still reserved: given back at the next write or the next sweep
    }
  }

  /** What this container holds unspent for a counter (part of the counter's total, but this container's to spend). */
  held(tenantId: string, counterId: string): bigint {
    return this.entries.get(entryKey(tenantId, counterId))?.left ?? 0n;
  }

  /** Forgets every allowance without giving anything back (tests that wipe the table). */
  clear(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.entries.clear();
  }
}

/** The atomic add on a DAILY_LIMIT counter: created when absent, with its limit and its expiry (TTL) after the window. */
export function counterAdd(tenantId: string, counterId: string, amount: bigint, atMost: bigint | undefined, windowEnd: Date): WriteOp {
  const ttl = Math.floor(windowEnd.getTime() / 1000) + COUNTER_GRACE_SECONDS;
  return {
    op: 'add',
    key: keys.spendCounter(tenantId, counterId),
    attribute: 'spent',
    amount,
    ...(atMost === undefined ? { set: { ttl } } : { atMost, set: { entity: 'spend_counter', counter_id: counterId, limit: atMost.toString(), ttl } }),
  };
}

const entryKey = (tenantId: string, counterId: string) => `${tenantId}\u0000${counterId}`;

/**
 * One per container (module scope), configured by shared/app/spend-wiring.ts, which the entries of the functions that
 * submit transfers import (transactions, tokens): the others never load this module.
 */
export const spendAllowances = new SpendAllowances();
