/**
 * A map holding at most `capacity` entries, dropping the least recently used one when full (a JavaScript Map keeps
 * insertion order: a read moves its entry to the end, so the first entry is the least recently used). What the
 * per-container caches of the request path are built on (identity/credential-owners.ts, policies/policy-cache.ts).
 */
export class BoundedMap<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new Error('capacity must be a positive integer');
  }

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as K);
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  /** Every value, least recently used first (reading them does not reorder). */
  values(): IterableIterator<V> {
    return this.entries.values();
  }

  get size(): number {
    return this.entries.size;
  }
}
