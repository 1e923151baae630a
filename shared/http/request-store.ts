import type { Item, Store } from '../ports/store.js';
import type { Key } from '../store/keys.js';

/**
 * The store one request's use case reads through: consistent single-item reads issued together (in the same turn of
 * the event loop, e.g. under one `Promise.all`) go to the table as ONE BatchGetItem instead of one GetItem each.
 * Nothing is kept once a read has answered: every read asks the table (no item is cached within or across requests;
 * the two per-container caches of the request path, identity/credential-owners.ts and policies/policy-cache.ts, keep
 * only what a fresh read of this request proves current). Everything else goes straight to `store`.
 * `alreadyRead` (by `readKeyId`): items this request read consistently a moment ago (with authentication), each
 * handed to the first read of its key and then forgotten.
 */
export function coalescingReads(store: Store, alreadyRead: Map<string, Item | undefined> = new Map()): Store {
  type Waiting = { key: Key; resolve: (item: Item | undefined) => void; reject: (e: unknown) => void };
  let waiting: Waiting[] = [];
  const flush = () => {
    const batch = waiting;
    waiting = [];
    const read =
      batch.length === 1 ? store.get(batch[0]!.key).then((item) => [item]) : store.getMany(batch.map((w) => w.key));
    read.then(
      (items) => batch.forEach((w, i) => w.resolve(items[i])),
      (e: unknown) => batch.forEach((w) => w.reject(e)),
    );
  };
  const coalescing = Object.create(store) as Store;
  coalescing.get = (key, options) => {
    if (options?.consistent === false) return store.get(key, options);
    const id = readKeyId(key);
    if (alreadyRead.has(id)) {
      const item = alreadyRead.get(id);
      alreadyRead.delete(id);
      return Promise.resolve(item);
    }
    return new Promise((resolve, reject) => {
      // setImmediate: after every read started by the promise chain now running has been asked for.
      if (waiting.length === 0) setImmediate(flush);
      waiting.push({ key, resolve, reject });
    });
  };
  return coalescing;
}

export const readKeyId = (k: Key): string => `${k.pk}\u0000${k.sk}`;
