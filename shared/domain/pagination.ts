import type { Item, Store } from '../ports/store.js';
import { InvalidPaginationError } from '../errors/domain-errors.js';
import { positionAttributes, positionWithin, sortKeyOf, type AccessPattern } from '../store/access-patterns.js';
import type { CursorCodec, Listing } from './cursor-codec.js';

/**
 * Cursor pagination, for the table's listings (`listPage`) and for short lists held in memory (`pageOfList`), with
 * one contract: `limit`/`cursor` or `page`/`per_page`, and a cursor from the one codec (cursor-codec.ts), bound to the
 * tenant, the listing and its filters, so a cursor from elsewhere or an edited one is 1108 rather than a peek
 * elsewhere. `page`/`per_page` are served by walking cursors from the start.
 */
export const DEFAULT_LIMIT = 50;

/** Filters of a list of a tenant's wallet-bound items (transactions, deposits). */
export type WalletScopedFilters<S extends string> = { wallet_id?: string; vault_id?: string; status?: S };

/**
 * The index a list filtered by wallet, vault and status reads: the narrowest that applies (a wallet lies in one
 * vault; a status spans the tenant). The other filters are applied to its items by the caller.
 */
export function narrowestPattern<S extends string, R = AccessPattern>(
  f: WalletScopedFilters<S>,
  p: { wallet: (id: string) => R; vault: (id: string) => R; status: (s: S) => R; tenant: () => R },
): R {
  if (f.wallet_id) return p.wallet(f.wallet_id);
  if (f.vault_id) return p.vault(f.vault_id);
  if (f.status) return p.status(f.status);
  return p.tenant();
}

export type PageRequest = { limit?: number; cursor?: string; page?: number; per_page?: number };
export type Page<T> = { items: T[]; next_cursor: string | null };

/** What a table listing reads: the resource's name and filters (for the cursor) and the access pattern. */
export type TableListing = {
  name: string;
  filters?: Record<string, unknown>;
  pattern: AccessPattern;
  newestFirst?: boolean;
  consistent?: boolean;
  /** Only the entries whose sort key lies in this range (inclusive), bounded in the query's key condition. */
  sortKeyWithin?: { min?: string; max?: string };
};

export type PagingContext = { store: Store; cursors: CursorCodec };

/** A table listing's cursor identity: its filters, plus the pattern and order read (another vault is other filters). */
function listingOf(l: TableListing): Listing {
  return {
    name: l.name,
    filters: {
      ...l.filters,
      $pattern: [l.pattern.name, l.pattern.partition, l.pattern.prefix ?? null],
      $order: l.newestFirst ? 'desc' : 'asc',
      ...(l.sortKeyWithin ? { $within: [l.sortKeyWithin.min ?? null, l.sortKeyWithin.max ?? null] } : {}),
    },
  };
}

/** The cursor of a position in a table listing (also for a listing that starts its next page at a chosen key). */
export function encodeTableCursor(
  cursors: CursorCodec,
  l: TableListing,
  position: Record<string, unknown> | undefined,
): string | null {
  return position ? cursors.encode(listingOf(l), position) : null;
}

function decodeTableCursor(cursors: CursorCodec, l: TableListing, cursor: string): Record<string, unknown> {
  const position = cursors.decode(cursor, listingOf(l));
  // Authentic cursors always pass these; they keep the store's input to key attributes inside the listing's partition.
  const allowed = new Set(positionAttributes(l.pattern));
  const wellFormed = Object.entries(position).every(
    ([k, v]) => allowed.has(k) && typeof v === 'string' && v.length <= 1024,
  );
  if (!wellFormed || !positionWithin(l.pattern, position)) throw new InvalidPaginationError('cursor malformed');
  return position;
}

export async function listPage(
  ctx: PagingContext,
  listing: TableListing,
  req: PageRequest,
  filter: (item: Item) => boolean = () => true,
): Promise<Page<Item>> {
  const limit = req.per_page ?? req.limit ?? DEFAULT_LIMIT;
  const start = req.cursor ? decodeTableCursor(ctx.cursors, listing, req.cursor) : undefined;
  const { items, next } = await pageAt(req, start, async (from) => {
    const items: Item[] = [];
    let last = from;
    do {
      const page = await ctx.store.query({
        pattern: listing.pattern,
        newestFirst: listing.newestFirst,
        consistent: listing.consistent,
        sortKeyWithin: listing.sortKeyWithin,
        limit: limit - items.length,
        startKey: last,
      });
      items.push(...page.items.filter(filter));
      last = page.lastKey;
    } while (last && items.length < limit);
    return { items, next: last };
  });
  return { items, next_cursor: encodeTableCursor(ctx.cursors, listing, next) };
}

/**
 * The page a request asks for, read by `read` from a position (undefined: the start) up to the next position
 * (undefined: the end): from the cursor's position, or `page` (with `per_page`) walked page by page from the start.
 */
async function pageAt<P>(
  req: PageRequest,
  start: P | undefined,
  read: (from: P | undefined) => Promise<{ items: Item[]; next: P | undefined }>,
): Promise<{ items: Item[]; next: P | undefined }> {
  let from = start;
  if (req.page && req.page > 1 && !req.cursor) {
    for (let p = 1; p < req.page; p++) {
      const skipped = await read(from);
      if (skipped.next === undefined) return { items: [], next: undefined };
      from = skipped.next;
    }
  }
  return read(from);
}

/**
 * A listing over several partitions of one index that together hold each of its items once (a tenant's transactions:
 * the open ones, and one partition per ending status), read as one list in sort-key order.
 */
export type MergedListing = {
  name: string;
  filters?: Record<string, unknown>;
  patterns: readonly AccessPattern[];
  newestFirst?: boolean;
  /** As `TableListing.sortKeyWithin`, in every partition. */
  sortKeyWithin?: { min?: string; max?: string };
};

/**
 * A page of a merged listing: every partition is queried at once from the same sort-key bound (the last sort key the
 * previous page took), `limit` entries each (keys only), and the entries are merged by sort key; the first `limit` are
 * the page (a partition's entries past its `limit`-th come after at least `limit` entries: none of them can be in the
 * page), and only their items are read. Equal sort keys are one item seen twice (an index entry moving between
 * partitions while the index catches up: the sort key is the item's own, unique in the listing) and are taken once;
 * otherwise they are ordered by table key. The cursor is the last sort key taken, so the next page starts after it in
 * every partition. The same contract as `listPage` (limit/cursor, page/per_page walked, cursor bound to listing and
 * filters); `filter` drops items after they are read, and the page is refilled as `listPage` does.
 */
export async function listMergedPage(
  ctx: PagingContext,
  listing: MergedListing,
  req: PageRequest,
  filter: (item: Item) => boolean = () => true,
): Promise<Page<Item>> {
  const limit = req.per_page ?? req.limit ?? DEFAULT_LIMIT;
  const identity: Listing = {
    name: listing.name,
    filters: {
      ...listing.filters,
      $patterns: listing.patterns.map((p) => [p.name, p.partition]),
      $order: listing.newestFirst ? 'desc' : 'asc',
      $merge: 1,
      ...(listing.sortKeyWithin
        ? { $within: [listing.sortKeyWithin.min ?? null, listing.sortKeyWithin.max ?? null] }
        : {}),
    },
  };
  const start = req.cursor ? decodeMergedCursor(ctx.cursors, identity, req.cursor) : undefined;
  const before = (a: string, b: string) => (listing.newestFirst ? a > b : a < b);
  const { items, next } = await pageAt(req, start, async (from) => {
    const items: Item[] = [];
    let after = from;
    let more = true;
    while (more && items.length < limit) {
      const want = limit - items.length;
      const pages = await Promise.all(
        listing.patterns.map((pattern) =>
          ctx.store.query({
            pattern,
            limit: want,
            newestFirst: listing.newestFirst,
            sortKeyAfter: after,
            sortKeyWithin: listing.sortKeyWithin,
            keysOnly: true,
          }),
        ),
      );
      const entries = pages
        .flatMap((page, i) =>
          page.items.map((e) => ({ key: { pk: e.pk, sk: e.sk }, sortKey: sortKeyOf(listing.patterns[i]!, e) })),
        )
        .sort((a, b) =>
          a.sortKey === b.sortKey
            ? a.key.pk < b.key.pk
              ? -1
              : a.key.pk > b.key.pk
                ? 1
                : 0
            : before(a.sortKey, b.sortKey)
              ? -1
              : 1,
        )
        .filter((e, i, all) => i === 0 || e.sortKey !== all[i - 1]!.sortKey);
      const taken = entries.slice(0, want);
      more = taken.length > 0 && (entries.length > taken.length || pages.some((p) => p.lastKey !== undefined));
      if (taken.length) {
        const found = await ctx.store.getMany(taken.map((e) => e.key));
        items.push(...found.filter((i): i is Item => i !== undefined && filter(i)));
        after = taken.at(-1)!.sortKey;
      }
    }
    return { items, next: more ? after : undefined };
  });
  return { items, next_cursor: next === undefined ? null : ctx.cursors.encode(identity, { s: next }) };
}

function decodeMergedCursor(cursors: CursorCodec, identity: Listing, cursor: string): string {
  const position = cursors.decode(cursor, identity);
  const keys = Object.keys(position);
  if (keys.length !== 1 || typeof position.s !== 'string' || position.s.length > 1024)
    throw new InvalidPaginationError('cursor malformed');
  return position.s;
}

/**
 * Pagination over a short list held in memory (the system roles, a user's roles): the same contract as the table
 * listings, with an offset as the cursor's position.
 */
export function pageOfList<T>(cursors: CursorCodec, all: readonly T[], req: PageRequest, listing: Listing): Page<T> {
  const limit = req.per_page ?? req.limit ?? DEFAULT_LIMIT;
  let offset = req.page && !req.cursor ? (req.page - 1) * limit : 0;
  if (req.cursor) {
    const o = cursors.decode(req.cursor, listing).o;
    if (typeof o !== 'number' || !Number.isInteger(o) || o < 0) throw new InvalidPaginationError('cursor malformed');
    offset = o;
  }
  const items = all.slice(offset, offset + limit);
  return { items, next_cursor: offset + limit < all.length ? cursors.encode(listing, { o: offset + limit }) : null };
}
