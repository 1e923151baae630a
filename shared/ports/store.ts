import type { Key } from '../store/keys.js';
import type { AccessPattern } from '../store/access-patterns.js';

/**
 * The store port: what domain code may ask of the single table. It speaks in keys, items and guarded writes, never
 * in SDK types, so use cases can be read (and tested) without knowing which engine is behind it.
 */
export type Item = Key & Record<string, unknown>;
/** An item under optimistic locking. */
export type VersionedItem = Item & { version: number };

/** A guard on one write. `version` means "the stored item still has this version" (optimistic locking). */
export type Condition =
  | { type: 'notExists' }
  | { type: 'exists' }
  | { type: 'version'; version: number }
  | { type: 'equals'; attribute: string; value: string | number | boolean | bigint }
  /** The attribute exists and compares so with `value` (a missing attribute never does). */
  | { type: 'compare'; attribute: string; op: '<' | '>'; value: number | bigint }
  /** Every condition holds. */
  | { type: 'all'; of: Condition[] };

type Guarded = {
  condition?: Condition;
  /** The error to raise when this write's condition fails; otherwise a version failure is a concurrent change. */
  onConditionFailed?: () => Error;
};

export type WriteOp =
  | ({ op: 'put'; item: Item } & Guarded)
  | ({ op: 'delete'; key: Key } & Guarded)
  | ({ op: 'check'; key: Key; condition: Condition } & Omit<Guarded, 'condition'>)
  | ({ op: 'update'; key: Key; set?: Record<string, unknown>; remove?: string[] } & Guarded)
  /**
   * Atomically adds `amount` (negative to subtract) to a numeric attribute, creating the item if needed, with no
   * read-modify-write window; `more` adds to further attributes in the same write. With `atMost`, the write fails
   * unless the result stays at or below it; with `condition`, unless the condition holds (an item that must exist,
   * such as a vault whose status is checked, is then never created). Values must fit DynamoDB's 38 exact digits.
   */
  | ({
      op: 'add';
      key: Key;
      attribute: string;
      amount: bigint;
      atMost?: bigint;
      more?: Record<string, bigint>;
      set?: Record<string, unknown>;
    } & Guarded);

export type QueryInput = {
  /** What to read, by name: `accessPatterns.transactionsByStatus(tenant, status)` (index and key condition). */
  pattern: AccessPattern;
  limit: number;
  /** Opaque position from a previous page (already decoded and checked by the caller). */
  startKey?: Record<string, unknown>;
  newestFirst?: boolean;
  /** Strongly consistent (table patterns only; an index is always eventually consistent). */
  consistent?: boolean;
  /** Only these attributes of each item (and its keys), for a table pattern: less to transfer and unmarshal. */
  attributes?: string[];
  /**
   * Only the entries whose sort key comes strictly after this one in the order read (below it newest first, above it
   * oldest first): a position that any partition of the pattern's index can resume from. Not with a prefix pattern.
   */
  sortKeyAfter?: string;
  /**
   * Only the entries whose sort key lies between `min` and `max` (each inclusive, either optional), in the key
   * condition: a range of a time-ordered sort key reads nothing outside it. With `sortKeyAfter` too, both apply. Not
   * with a prefix pattern.
   */
  sortKeyWithin?: { min?: string; max?: string };
  /** The index entries (keys) only, without reading the items of an index that projects keys only. */
  keysOnly?: boolean;
};

/** Whole items, in the pattern's order, also when the pattern reads an index that projects keys only. */
export type QueryPage = { items: Item[]; lastKey?: Record<string, unknown> };

export type ConsumedCapacity = { readUnits: number; writeUnits: number };

export interface Store {
  get(key: Key, options?: { consistent?: boolean }): Promise<Item | undefined>;
  /**
   * Any number of keys (repeats allowed), read consistently; answers in the order asked, undefined where missing.
   * `attributes`: read only these attributes (and the keys) of each item.
   */
  getMany(keys: Key[], options?: { attributes?: string[] }): Promise<(Item | undefined)[]>;
  query(input: QueryInput): Promise<QueryPage>;
  /** All writes or none. Throws `WriteConflictError` naming the writes whose conditions failed. */
  write(ops: WriteOp[], options?: { idempotencyToken?: string }): Promise<void>;
  /** Atomically adds `by` to a numeric attribute (creating the item) and returns the new value. */
  increment(key: Key, attribute: string, by: number, ttlEpochSeconds?: number): Promise<number>;
}

/** A guarded write failed: `failed` holds the indexes (into the ops given) whose conditions did not hold. */
export class WriteConflictError extends Error {
  constructor(
    readonly failed: number[],
    readonly transactionConflict = false,
  ) {
    super(transactionConflict ? 'transaction conflict' : `condition failed on write ${failed.join(',')}`);
    this.name = 'WriteConflictError';
  }
}
