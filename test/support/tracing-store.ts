import type { Store } from '../../shared/ports/store.js';
import type { Key } from '../../shared/store/keys.js';

/** One call a store was asked: its method, the keys it named (`pk|sk`), and the access pattern of a query. */
export type StoreCall = { method: string; keys: string[]; detail?: string };

/** A store that records every call before passing it to `store` (the real one: DynamoDB Local in the integration suites). */
export function tracingStore(store: Store): { store: Store; calls: StoreCall[] } {
  const calls: StoreCall[] = [];
  const id = (k: Key) => `${k.pk}|${k.sk}`;
  const traced = Object.create(store) as Store;
  traced.get = (key, options) => (calls.push({ method: 'get', keys: [id(key)] }), store.get(key, options));
  traced.getMany = (keys, options) => (
    calls.push({ method: 'getMany', keys: keys.map(id) }),
    store.getMany(keys, options)
  );
  traced.query = (input) => (calls.push({ method: 'query', keys: [], detail: input.pattern.name }), store.query(input));
  traced.write = (ops, options) => (
    calls.push({ method: 'write', keys: ops.map((o) => ('item' in o ? id(o.item) : id(o.key))) }),
    store.write(ops, options)
  );
  traced.increment = (key, attribute, by, ttl) => (
    calls.push({ method: 'increment', keys: [id(key)] }),
    store.increment(key, attribute, by, ttl)
  );
  return { store: traced, calls };
}

/** Each call as `<method> <kinds>`: a key's kind is its sort key up to the first '#' (CRED, TENANT, WALLET, ...). */
export const callKinds = (calls: StoreCall[]): string[] =>
  calls.map((c) => `${c.method} ${c.detail ?? c.keys.map((k) => k.split('|')[1]!.split('#')[0]!).join(' ')}`);
