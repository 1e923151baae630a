import { BoundedMap } from '../bounded-map.js';
import { ConcurrentModificationError } from '../../errors/domain-errors.js';
import { WriteConflictError, type Condition, type Store, type WriteOp } from '../../ports/store.js';
import { keys } from '../../store/keys.js';
import { accessPatterns } from '../../store/access-patterns.js';
import { newId } from '../ids.js';

/**
 * DAILY_LIMIT spend reserved ahead of need, as leases in storage (docs/policies.md, "Spend allowances").
 *
 * A DAILY_LIMIT counter (one item per vault or wallet, asset and day) holds what has been reserved in its window.
 * Written by every submission of a vault, it would be a second store call per submission and a vault-wide hot item.
 * Instead a container takes a LEASE: one transaction adds the transfer's amount and an allowance ahead
 * (`transfersAhead` more transfers of the same amount, at most 1/`LIMIT_SHARE_DIVISOR` of the limit) to the counter,
 * capped at the limit, and puts a lease item beside it (`{amount, used: 0, expires_at}`) holding that sum. Every
 * submission then consumes its amount from the lease INSIDE its own transaction (`used += amount`, or the lease deleted
 * when that uses it up), conditioned on the `used` the container knows and on the lease not expiring within
 * `LEASE_MARGIN_MS`. So:
 *
 * - The limit is never exceeded: everything consumed was first added to the counter by a capped add under the limit
 *   the rule had, and the store refuses a consumption beyond a lease, of an expired lease or of one given back.
 *   A lease is used only under the limit it was taken at.
 * - Nothing depends on a container running: the unused part of a lease (`amount - used`) goes back to the counter
 *   with the lease deleted, in one transaction conditioned on the `used` read. Its owner does so at its next counter
 *   write; anyone else once it has expired (`LEASE_MS`, plus the margin), when a capped add does not fit. A
 *   submission that does not commit consumed nothing. A crash leaves at most a lease that expires.
 * - A reclaim and a consumption meet on the lease item: whichever commits first changes `used` (or deletes it), and
 *   the other's condition fails. No amount is counted twice or given back twice.
 *
 * A container consumes a lease from one submission at a time (two transactions on one item would conflict), so a
 * container serving concurrent submissions (the local stack) holds one lease per submission in flight.
 * `transfersAhead = 0` makes every lease exactly the transfer's amount (`CUSTODY_DAILY_LIMIT_ALLOWANCE`).
 */
export type SpendRequest = {
  tenantId: string;
  counterId: string;
  limit: bigint;
  windowEnd: Date;
  amount: bigint;
  now: Date;
};

/**
 * An amount taken from a lease: `write` consumes it, in the submission's transaction; then `kept` when that
 * transaction committed, `giveBack` when it did not (nothing consumed: the lease is the container's to use again).
 * `written`: a counter write was made for it.
 */
export type Taken = { write: WriteOp; written: boolean; kept: () => void; giveBack: () => void };

/** The counter has no room for the amount (its capped add failed, after reclaiming the expired leases). */
export class SpendLimitReached extends Error {
  constructor() {
    super('daily limit counter has no room for the amount');
    this.name = 'SpendLimitReached';
  }
}

/** An allowance is at most this share of its limit (1/64: about 1.6 %). */
export const LIMIT_SHARE_DIVISOR = 64n;
/** A lease can be consumed for this long after it was taken. */
export const LEASE_MS = 60_000;
/** Clocks differ: a lease is not consumed within this of its expiry, and not reclaimed until this after it. */
export const LEASE_MARGIN_MS = 5_000;
/** Counters a container keeps leases for. */
export const ALLOWANCES_CAPACITY = 10_000;
/** A counter and its leases outlive the window by this much (then DynamoDB's TTL deletes them). */
const COUNTER_GRACE_SECONDS = 2 * 86_400;
/** Leases given back in one transaction with the counter (DynamoDB takes at most 100 items). */
const MAX_RETURNED = 98;

type Lease = {
  readonly id: string;
  /** Added to the counter when the lease was taken. */
  readonly amount: bigint;
  /** Consumed by committed submissions (this container is the lease's one consumer, so it knows). */
  used: bigint;
  /** The limit it was taken under. */
  readonly limit: bigint;
  /** Epoch milliseconds. */
  readonly expiresAt: number;
  /** The amount of the submission consuming it that has not committed yet (0: free). */
  pending: bigint;
};

type Entry = {
  readonly leases: Lease[];
  /** Counter writes of this container, one after the other. */ tail: Promise<unknown>;
};

/**
 * A container's leases: one per container of a function that submits transfers (transactions, tokens), its
 * `spendAllowances` port (shared/composition/spend-allowances.ts), given to the domain in the submission's context
 * (transactions/submit-transfer.ts `SubmissionContext`). The policy dry run reads what they hold the same way.
 */
export class SpendAllowances {
  private readonly entries = new BoundedMap<string, Entry>(ALLOWANCES_CAPACITY);

  /**
   * `transfersAhead`: how many transfers of the same amount a lease holds ahead (0: leases of the exact amount), or
   * where to read it at each lease (the container's is `CUSTODY_DAILY_LIMIT_ALLOWANCE`, from the function's settings).
   */
  constructor(private readonly transfersAhead: number | (() => number)) {}

  /**
   * Takes `amount` from a lease of this container that holds enough under the same limit and does not expire soon,
   * else from a new lease (one counter transaction, which also gives back the container's other free leases).
   * Throws `SpendLimitReached` when the amount does not fit, after reclaiming the counter's expired leases and giving
   * back this container's own.
   */
  async take(store: Store, r: SpendRequest): Promise<Taken> {
    const e = this.entry(r);
    const ready = usable(e, r);
    if (ready) return consume(e, ready, r, false);
    // One counter write of this container at a time: two would conflict on the counter, and the second often finds
    // a lease freed meanwhile.
    const run = e.tail.then(async () => {
      const freed = usable(e, r);
      return freed ? consume(e, freed, r, false) : consume(e, await this.lease(store, e, r), r, true);
    });
    e.tail = run.catch(() => undefined);
    return run;
  }

  private entry(r: SpendRequest): Entry {
    const k = entryKey(r.tenantId, r.counterId);
    let e = this.entries.get(k);
    if (!e) this.entries.set(k, (e = { leases: [], tail: Promise.resolve() }));
    return e;
  }

  /** A new lease of the amount and the allowance ahead, else of the exact amount, else after reclaiming expired ones. */
  private async lease(store: Store, e: Entry, r: SpendRequest): Promise<Lease> {
    const ahead = this.ahead(r.amount, r.limit);
    for (const size of ahead > 0n ? [r.amount + ahead, r.amount] : [r.amount]) {
      const lease = await newLease(store, e, r, size);
      if (lease) return lease;
    }
    // No room: the unused part of the counter's expired leases goes back (containers that stopped), then once more.
    if ((await reclaimExpired(store, r, new Set(e.leases.map((l) => l.id)))) > 0n) {
      const lease = await newLease(store, e, r, r.amount);
      if (lease) return lease;
    }
    await giveBackFree(store, e, r);
    throw new SpendLimitReached();
  }

  /** The allowance a lease holds beyond the transfer: `transfersAhead` more of the same amount, at most a share of the limit. */
  private ahead(amount: bigint, limit: bigint): bigint {
    const ahead = typeof this.transfersAhead === 'function' ? this.transfersAhead() : this.transfersAhead;
    const wanted = amount * BigInt(ahead);
    const cap = limit / LIMIT_SHARE_DIVISOR;
    return wanted < cap ? wanted : cap;
  }

  /** What this container's leases of a counter hold unused and not taken (part of the counter's total, this container's to spend). */
  held(tenantId: string, counterId: string): bigint {
    return (this.entries.get(entryKey(tenantId, counterId))?.leases ?? []).reduce(
      (s, l) => s + l.amount - l.used - l.pending,
      0n,
    );
  }
}

/** The free lease of this container that fits the amount best, under the same limit and not expiring soon. */
function usable(e: Entry, r: SpendRequest): Lease | undefined {
  const soon = r.now.getTime() + LEASE_MARGIN_MS;
  let best: Lease | undefined;
  for (const l of e.leases) {
    const left = l.amount - l.used;
    if (
      l.pending === 0n &&
      l.limit === r.limit &&
      left >= r.amount &&
      l.expiresAt > soon &&
      (!best || left < best.amount - best.used)
    )
      best = l;
  }
  return best;
}

/** Takes the amount from the lease: the write that consumes it, for the submission's transaction. */
function consume(e: Entry, lease: Lease, r: SpendRequest, written: boolean): Taken {
  lease.pending = r.amount;
  const key = keys.spendLease(r.tenantId, r.counterId, lease.id);
  // The used amount this container knows, and not within the margin of the expiry: a lease reclaimed or given back
  // (deleted), consumed by an earlier commit whose answer was lost, or expired fails the submission's transaction.
  const condition: Condition = {
    type: 'all',
    of: [
      { type: 'equals', attribute: 'used', value: lease.used },
      { type: 'compare', attribute: 'expires_at', op: '>', value: r.now.getTime() + LEASE_MARGIN_MS },
    ],
  };
  const onConditionFailed = () => {
    forget(e, lease);
    return new ConcurrentModificationError('a DAILY_LIMIT lease expired or was given back; retry');
  };
  const write: WriteOp =
    lease.used + r.amount === lease.amount
      ? { op: 'delete', key, condition, onConditionFailed } // used up: nothing left to give back
      : { op: 'add', key, attribute: 'used', amount: r.amount, condition, onConditionFailed };
  return {
    write,
    written,
    kept: () => {
      lease.pending = 0n;
      lease.used += r.amount;
      if (lease.used === lease.amount) forget(e, lease);
    },
    giveBack: () => {
      lease.pending = 0n;
    },
  };
}

const forget = (e: Entry, lease: Lease) => {
  const i = e.leases.indexOf(lease);
  if (i >= 0) e.leases.splice(i, 1);
};

/**
 * ONE transaction: the counter's add of `size` less what this container's free leases hold unused, capped at the
 * limit; the new lease; those leases deleted (each conditioned on its `used`). Undefined when the cap refuses it. A
 * lease of this container reclaimed meanwhile (it had expired) is dropped and the write made again without it.
 */
async function newLease(store: Store, e: Entry, r: SpendRequest, size: bigint): Promise<Lease | undefined> {
  for (;;) {
    const back = e.leases.filter((l) => l.pending === 0n).slice(0, MAX_RETURNED);
    const unused = back.reduce((s, l) => s + l.amount - l.used, 0n);
    // Taken for the writer's amount from the start: no other submission of this container may pick it up first.
    const lease: Lease = {
      id: newId(),
      amount: size,
      used: 0n,
      limit: r.limit,
      expiresAt: r.now.getTime() + LEASE_MS,
      pending: r.amount,
    };
    try {
      await store.write([
        counterAdd(r.tenantId, r.counterId, size - unused, r.limit, r.windowEnd),
        leaseItem(r, lease),
        ...back.map((l) => leaseReturn(r, l)),
      ]);
    } catch (err) {
      if (!(err instanceof WriteConflictError) || err.failed.length === 0) throw err;
      const gone = err.failed.filter((i) => i >= 2).map((i) => back[i - 2]!);
      if (gone.length === 0) return undefined; // the cap
      for (const l of gone) forget(e, l); // reclaimed by another container: its unused part is back already
      continue;
    }
    for (const l of back) forget(e, l);
    e.leases.push(lease);
    return lease;
  }
}

/** Gives this container's free leases back (uncapped), so that a denial reads what is really spent. Best effort. */
async function giveBackFree(store: Store, e: Entry, r: SpendRequest): Promise<void> {
  const back = e.leases.filter((l) => l.pending === 0n).slice(0, MAX_RETURNED);
  if (back.length === 0) return;
  const unused = back.reduce((s, l) => s + l.amount - l.used, 0n);
  try {
    await store.write([
      counterAdd(r.tenantId, r.counterId, -unused, undefined, r.windowEnd),
      ...back.map((l) => leaseReturn(r, l)),
    ]);
    for (const l of back) forget(e, l);
  } catch (err) {
    // Reclaimed meanwhile: forgotten. Otherwise still leases in storage, given back later or reclaimed once expired.
    if (err instanceof WriteConflictError) for (const i of err.failed) if (i >= 1) forget(e, back[i - 1]!);
  }
}

/**
 * Gives back the unused part of the counter's leases that expired more than `LEASE_MARGIN_MS` ago (not this
 * container's: it gives its own back itself): ONE transaction adds minus their unused parts to the counter and deletes
 * them, each conditioned on the `used` read and on its expiry, so a consumption committing in between fails the
 * reclaim of that lease (or the reclaim fails the consumption), never both. A lease that moved is left for a next
 * time, the others are tried once more. Returns what went back.
 */
export async function reclaimExpired(
  store: Store,
  r: Pick<SpendRequest, 'tenantId' | 'counterId' | 'windowEnd' | 'now'>,
  own: ReadonlySet<string> = new Set(),
): Promise<bigint> {
  const { items } = await store.query({
    pattern: accessPatterns.spendLeasesOfCounter(r.tenantId, r.counterId),
    limit: 100,
    consistent: true,
  });
  const before = r.now.getTime() - LEASE_MARGIN_MS;
  let expired = items
    .map((i) => ({
      id: String(i.sk).slice('LEASE#'.length),
      amount: BigInt(i.amount as bigint | number),
      used: BigInt(i.used as bigint | number),
      expiresAt: Number(i.expires_at),
    }))
    .filter((l) => l.expiresAt < before && !own.has(l.id))
    .slice(0, MAX_RETURNED);
  for (let attempt = 0; attempt < 2 && expired.length > 0; attempt++) {
    const unused = expired.reduce((s, l) => s + l.amount - l.used, 0n);
    const deletes: WriteOp[] = expired.map((l) => ({
      op: 'delete',
      key: keys.spendLease(r.tenantId, r.counterId, l.id),
      condition: {
        type: 'all',
        of: [
          { type: 'equals', attribute: 'used', value: l.used },
          { type: 'compare', attribute: 'expires_at', op: '<', value: before },
        ],
      },
    }));
    try {
      await store.write([counterAdd(r.tenantId, r.counterId, -unused, undefined, r.windowEnd), ...deletes]);
      return unused;
    } catch (err) {
      if (!(err instanceof WriteConflictError) || err.failed.length === 0) throw err;
      const moved = new Set(err.failed);
      expired = expired.filter((_, i) => !moved.has(i + 1));
    }
  }
  return 0n;
}

const ttlAfter = (windowEnd: Date) => Math.floor(windowEnd.getTime() / 1000) + COUNTER_GRACE_SECONDS;

/** The atomic add on a DAILY_LIMIT counter: created when absent, with its limit and its expiry (TTL) after the window. */
export function counterAdd(
  tenantId: string,
  counterId: string,
  amount: bigint,
  atMost: bigint | undefined,
  windowEnd: Date,
): WriteOp {
  const ttl = ttlAfter(windowEnd);
  return {
    op: 'add',
    key: keys.spendCounter(tenantId, counterId),
    attribute: 'spent',
    amount,
    ...(atMost === undefined
      ? { set: { ttl } }
      : { atMost, set: { entity: 'spend_counter', counter_id: counterId, limit: atMost.toString(), ttl } }),
  };
}

/** A new lease item (`used` 0), with the counter's TTL. */
function leaseItem(r: SpendRequest, l: Lease): WriteOp {
  const item = {
    ...keys.spendLease(r.tenantId, r.counterId, l.id),
    entity: 'spend_lease',
    amount: l.amount,
    used: 0n,
    limit: l.limit.toString(),
    expires_at: l.expiresAt,
    ttl: ttlAfter(r.windowEnd),
  };
  return { op: 'put', item, condition: { type: 'notExists' } };
}

/** Its owner gives a lease back: deleted, still at the `used` the owner knows (not reclaimed meanwhile). */
const leaseReturn = (r: SpendRequest, l: Lease): WriteOp => ({
  op: 'delete',
  key: keys.spendLease(r.tenantId, r.counterId, l.id),
  condition: { type: 'equals', attribute: 'used', value: l.used },
});

const entryKey = (tenantId: string, counterId: string) => `${tenantId}\u0000${counterId}`;
