import {
  WriteConflictError,
  type Condition,
  type Item,
  type QueryInput,
  type QueryPage,
  type Store,
  type WriteOp,
} from '../../shared/ports/store.js';
import type { Key } from '../../shared/store/keys.js';

/**
 * A table in memory with the store port's semantics for put, delete, check and the conditions (all or none), and
 * table-pattern queries (partition + sort-key prefix, in sort-key order). For tests where the engine is not the point
 * (thousands of model runs); the DynamoDB adapter itself is tested against DynamoDB Local.
 */
export class MemoryStore implements Store {
  readonly items = new Map<string, Item>();
  private id = (k: Key) => `${k.pk}\u0000${k.sk}`;

  async get(key: Key): Promise<Item | undefined> {
    const it = this.items.get(this.id(key));
    return it ? structuredClone(it) : undefined;
  }
  async getMany(keys: Key[], options: { attributes?: string[] } = {}): Promise<(Item | undefined)[]> {
    const { attributes } = options;
    const items = await Promise.all(keys.map((k) => this.get(k)));
    if (!attributes) return items;
    return items.map(
      (i) =>
        i &&
        (Object.fromEntries(
          Object.entries(i).filter(([a]) => a === 'pk' || a === 'sk' || attributes.includes(a)),
        ) as Item),
    );
  }
  async query(input: QueryInput): Promise<QueryPage> {
    if (input.pattern.index) throw new Error('MemoryStore reads table patterns only');
    const all = [...this.items.values()]
      .filter(
        (i) => i.pk === input.pattern.partition && (!input.pattern.prefix || i.sk.startsWith(input.pattern.prefix)),
      )
      .sort((a, b) => (a.sk < b.sk ? -1 : a.sk > b.sk ? 1 : 0));
    if (input.newestFirst) all.reverse();
    const start = input.startKey ? all.findIndex((i) => i.sk === input.startKey!.sk) + 1 : 0;
    const page = all.slice(start, start + input.limit);
    const more = start + input.limit < all.length;
    const pick = (i: Item): Item =>
      input.attributes
        ? (Object.fromEntries(
            Object.entries(i).filter(([k]) => k === 'pk' || k === 'sk' || input.attributes!.includes(k)),
          ) as Item)
        : i;
    return {
      items: page.map((i) => structuredClone(pick(i))),
      ...(more ? { lastKey: { pk: page.at(-1)!.pk, sk: page.at(-1)!.sk } } : {}),
    };
  }
  private holds(c: Condition | undefined, cur: Item | undefined): boolean {
    if (!c) return true;
    switch (c.type) {
      case 'notExists':
        return !cur;
      case 'exists':
        return !!cur;
      case 'version':
        return cur?.version === c.version;
      case 'equals':
        return cur?.[c.attribute] === c.value;
      case 'compare': {
        const v = cur?.[c.attribute];
        if (typeof v !== 'number' && typeof v !== 'bigint') return false;
        return c.op === '<' ? BigInt(v) < BigInt(c.value) : BigInt(v) > BigInt(c.value);
      }
      case 'all':
        return c.of.every((x) => this.holds(x, cur));
    }
  }
  async write(ops: WriteOp[]): Promise<void> {
    const failed: number[] = [];
    ops.forEach((op, i) => {
      const key = op.op === 'put' ? op.item : op.key;
      const cond = 'condition' in op ? op.condition : undefined;
      if (!this.holds(cond, this.items.get(this.id(key)))) failed.push(i);
    });
    if (failed.length) throw new WriteConflictError(failed);
    for (const op of ops) {
      if (op.op === 'put') this.items.set(this.id(op.item), structuredClone(op.item));
      else if (op.op === 'delete') this.items.delete(this.id(op.key));
      else if (op.op !== 'check') throw new Error(`MemoryStore does not do ${op.op}`);
    }
  }
  async increment(): Promise<number> {
    throw new Error('MemoryStore does not increment');
  }
}
