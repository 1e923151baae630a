import type { Item, QueryInput, Store } from '../ports/store.js';
import { InvalidPaginationError } from '../errors/domain-errors.js';
import { TABLE } from '../store/table-definition.js';

/**
 * Cursor pagination over one partition. The cursor is the store's last key, encoded; on the way back in it must
 * name the very partition being listed, so a cursor from another tenant or another filter, or a tampered one, is
 * 1108 rather than a peek elsewhere. `page`/`per_page` are served by walking cursors from the start.
 */
export const DEFAULT_LIMIT = 50;

export type PageRequest = { limit?: number; cursor?: string; page?: number; per_page?: number };
export type Page<T> = { items: T[]; next_cursor: string | null };

export function encodeCursor(lastKey: Record<string, unknown> | undefined): string | null {
  return lastKey ? Buffer.from(JSON.stringify(lastKey), 'utf8').toString('base64url') : null;
}

export function decodeCursor(cursor: string, partition: Record<string, string>, index?: QueryInput['index'], prefix?: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidPaginationError('cursor malformed');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new InvalidPaginationError('cursor malformed');
  const key = parsed as Record<string, unknown>;
  const idx = index ? TABLE.indexes.find((i) => i.name === index) : undefined;
  const allowed = new Set<string>([TABLE.partitionKey, TABLE.sortKey, ...(idx ? [idx.partitionKey, idx.sortKey] : [])]);
  for (const [k, v] of Object.entries(key)) {
    if (!allowed.has(k) || typeof v !== 'string' || v.length > 1024) throw new InvalidPaginationError('cursor malformed');
  }
  for (const [k, v] of Object.entries(partition)) {
    if (key[k] !== v) throw new InvalidPaginationError('cursor does not belong to this listing');
  }
  if (!(TABLE.partitionKey in key) || !(TABLE.sortKey in key)) throw new InvalidPaginationError('cursor malformed');
  // A listing by sort-key prefix shares its partition with other item kinds: the cursor must point inside the prefix.
  const sortName = idx ? idx.sortKey : TABLE.sortKey;
  if (prefix && !String(key[sortName] ?? '').startsWith(prefix)) throw new InvalidPaginationError('cursor does not belong to this listing');
  return key;
}

export async function listPage(
  store: Store,
  query: Omit<QueryInput, 'limit' | 'startKey'>,
  req: PageRequest,
  filter: (item: Item) => boolean = () => true,
): Promise<Page<Item>> {
  const limit = req.per_page ?? req.limit ?? DEFAULT_LIMIT;
  let startKey = req.cursor ? decodeCursor(req.cursor, query.partition, query.index, query.prefix) : undefined;
  const fetchPage = async () => {
    const items: Item[] = [];
    let last = startKey;
    do {
      const page = await store.query({ ...query, limit: limit - items.length, startKey: last });
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
  return { items, next_cursor: encodeCursor(last) };
}
