import type { Item, Store } from '../ports/store.js';
import { InvalidPaginationError } from '../errors/domain-errors.js';
import { positionAttributes, positionWithin, type AccessPattern } from '../store/access-patterns.js';
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
export function narrowestPattern<S extends string>(
  f: WalletScopedFilters<S>,
  p: { wallet: (id: string) => AccessPattern; vault: (id: string) => AccessPattern; status: (s: S) => AccessPattern; tenant: () => AccessPattern },
): AccessPattern {
  if (f.wallet_id) return p.wallet(f.wallet_id);
  if (f.vault_id) return p.vault(f.vault_id);
  if (f.status) return p.status(f.status);
  return p.tenant();
}

export type PageRequest = { limit?: number; cursor?: string; page?: number; per_page?: number };
export type Page<T> = { items: T[]; next_cursor: string | null };

/** What a table listing reads: the resource's name and filters (for the cursor) and the access pattern. */
export type TableListing = { name: string; filters?: Record<string, unknown>; pattern: AccessPattern; newestFirst?: boolean; consistent?: boolean };

export type PagingContext = { store: Store; cursors: CursorCodec };

/** A table listing's cursor identity: its filters, plus the pattern and order read (another vault is other filters). */
function listingOf(l: TableListing): Listing {
  return { name: l.name, filters: { ...l.filters, $pattern: [l.pattern.name, l.pattern.partition, l.pattern.prefix ?? null], $order: l.newestFirst ? 'desc' : 'asc' } };
}

/** The cursor of a position in a table listing (also for a listing that starts its next page at a chosen key). */
export function encodeTableCursor(cursors: CursorCodec, l: TableListing, position: Record<string, unknown> | undefined): string | null {
  return position ? cursors.encode(listingOf(l), position) : null;
}

function decodeTableCursor(cursors: CursorCodec, l: TableListing, cursor: string): Record<string, unknown> {
  const position = cursors.decode(cursor, listingOf(l));
  // Authentic cursors always pass these; they keep the store's input to key attributes inside the listing's partition.
  const allowed = new Set(positionAttributes(l.pattern));
  const wellFormed = Object.entries(position).every(([k, v]) => allowed.has(k) && typeof v === 'string' && v.length <= 1024);
  if (!wellFormed || !positionWithin(l.pattern, position)) throw new InvalidPaginationError('cursor malformed');
  return position;
}

export async function listPage(ctx: PagingContext, listing: TableListing, req: PageRequest, filter: (item: Item) => boolean = () => true): Promise<Page<Item>> {
  const limit = req.per_page ?? req.limit ?? DEFAULT_LIMIT;
  let startKey = req.cursor ? decodeTableCursor(ctx.cursors, listing, req.cursor) : undefined;
  const fetchPage = async () => {
    const items: Item[] = [];
    let last = startKey;
    do {
      const page = await ctx.store.query({ pattern: listing.pattern, newestFirst: listing.newestFirst, consistent: listing.consistent, limit: limit - items.length, startKey: last });
      items.push(...page.items.filter(filter));
      last = page.lastKey;
    } while (last && items.length < limit);
    return { items, last };
  };
  if (req.page && req.page > 1 && !req.cursor) {
    for (let p = 1; p < req.page; p++) {
      const skipped = await fetchPage();
      if (!skipped.last) return { items: [], next_cursor: null };
      startKey = skipped.last;
    }
  }
  const { items, last } = await fetchPage();
  return { items, next_cursor: encodeTableCursor(ctx.cursors, listing, last) };
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
