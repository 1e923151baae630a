import {
  BatchGetItemCommand,
  ConditionalCheckFailedException,
  DeleteItemCommand,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  TransactionCanceledException,
  TransactWriteItemsCommand,
  UpdateItemCommand,
  type AttributeValue,
  type BatchGetItemCommandOutput,
  type DynamoDBClient,
  type TransactWriteItem,
} from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import type { Condition, Item, QueryInput, QueryPage, Store, WriteOp } from '../../ports/store.js';
import { WriteConflictError } from '../../ports/store.js';
import type { Key } from '../../store/keys.js';
import { TABLE } from '../../store/table-definition.js';
import { patternKeyNames, positionAttributes } from '../../store/access-patterns.js';

type Expr = {
  ConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
};
type Wire = Record<string, AttributeValue>;

/**
 * Items, keys and expression values to DynamoDB's attribute values and back, with @aws-sdk/util-dynamodb: what the
 * DocumentClient (lib-dynamodb) does, without walking every command's input and output a second time to find them
 * (a fifth of the SDK's allocations per call, and one more package in every function's bundle).
 */
const MARSHALL = { removeUndefinedValues: true, convertClassInstanceToMap: false } as const;
const toWire = (v: Record<string, unknown>): Wire => marshall(v, MARSHALL);
const fromWire = (v: Wire): Item => unmarshall(v) as Item;

/** An expression's values on the wire; the names and the expressions as they are. */
function wireExpr<E extends Expr>(e: E): Omit<E, 'ExpressionAttributeValues'> & { ExpressionAttributeValues?: Wire } {
  const { ExpressionAttributeValues: values, ...rest } = e;
  return values && Object.keys(values).length ? { ...rest, ExpressionAttributeValues: toWire(values) } : rest;
}

/** Turns a port condition into a DynamoDB condition expression (names and values prefixed `#c`/`:c`, or `p`). */
function conditionExpr(c: Condition | undefined, p = 'c'): Expr {
  if (!c) return {};
  switch (c.type) {
    case 'notExists':
      return {
        ConditionExpression: `attribute_not_exists(#${p}pk)`,
        ExpressionAttributeNames: { [`#${p}pk`]: TABLE.partitionKey },
      };
    case 'exists':
      return {
        ConditionExpression: `attribute_exists(#${p}pk)`,
        ExpressionAttributeNames: { [`#${p}pk`]: TABLE.partitionKey },
      };
    case 'version':
      return {
        ConditionExpression: `#${p}ver = :${p}ver`,
        ExpressionAttributeNames: { [`#${p}ver`]: 'version' },
        ExpressionAttributeValues: { [`:${p}ver`]: c.version },
      };
    case 'equals':
      return {
        ConditionExpression: `#${p}att = :${p}val`,
        ExpressionAttributeNames: { [`#${p}att`]: c.attribute },
        ExpressionAttributeValues: { [`:${p}val`]: c.value },
      };
    case 'compare':
      return {
        ConditionExpression: `#${p}att ${c.op} :${p}val`,
        ExpressionAttributeNames: { [`#${p}att`]: c.attribute },
        ExpressionAttributeValues: { [`:${p}val`]: c.value },
      };
    case 'all': {
      // Each part under its own placeholders (`#c0att`, `#c1att`, ...).
      const parts = c.of.map((x, i) => conditionExpr(x, `${p}${i}`));
      return {
        ConditionExpression: parts.map((x) => `(${x.ConditionExpression})`).join(' AND '),
        ExpressionAttributeNames: Object.assign({}, ...parts.map((x) => x.ExpressionAttributeNames)),
        ExpressionAttributeValues: Object.assign({}, ...parts.map((x) => x.ExpressionAttributeValues)),
      };
    }
  }
}

function merge<A extends Expr>(a: A, b: Expr): A & Expr {
  const names = { ...a.ExpressionAttributeNames, ...b.ExpressionAttributeNames };
  const values = { ...a.ExpressionAttributeValues, ...b.ExpressionAttributeValues };
  return {
    ...a,
    ...(a.ConditionExpression || b.ConditionExpression
      ? { ConditionExpression: a.ConditionExpression ?? b.ConditionExpression }
      : {}),
    ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
    ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
  };
}

/**
 * SET/REMOVE expression for a partial update; attribute names are indexed (`#u0`) so any name is safe. An attribute
 * set to `undefined` is removed: the item then reads as a put of the same values would store it.
 */
function updateExpr(set: Record<string, unknown> = {}, remove: string[] = []) {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets: string[] = [];
  const removes: string[] = [];
  const unset = Object.keys(set).filter((k) => set[k] === undefined);
  Object.entries(set).forEach(([k, v], i) => {
    if (v === undefined) return;
    names[`#u${i}`] = k;
    values[`:u${i}`] = v;
    sets.push(`#u${i} = :u${i}`);
  });
  [...remove, ...unset].forEach((k, i) => {
    names[`#r${i}`] = k;
    removes.push(`#r${i}`);
  });
  const parts = [
    sets.length ? `SET ${sets.join(', ')}` : '',
    removes.length ? `REMOVE ${removes.join(', ')}` : '',
  ].filter(Boolean);
  return { UpdateExpression: parts.join(' '), ExpressionAttributeNames: names, ExpressionAttributeValues: values };
}

const keyOf = (k: Key) => ({ pk: k.pk, sk: k.sk });

/**
 * `ADD #a :amt` (plus `more` attributes and any SET), guarded so the total stays at or below `atMost` when given and
 * by `condition` when given.
 */
function addExpr(op: Extract<WriteOp, { op: 'add' }>): Expr & { UpdateExpression: string } {
  const set = updateExpr(op.set ?? {});
  const names: Record<string, string> = { ...set.ExpressionAttributeNames, '#add': op.attribute };
  const values: Record<string, unknown> = { ...set.ExpressionAttributeValues, ':add': op.amount };
  const adds = ['#add :add'];
  Object.entries(op.more ?? {}).forEach(([attribute, amount], i) => {
    names[`#m${i}`] = attribute;
    values[`:m${i}`] = amount;
    adds.push(`#m${i} :m${i}`);
  });
  const expr = [`ADD ${adds.join(', ')}`, set.UpdateExpression].filter(Boolean).join(' ');
  const conditions: string[] = [];
  if (op.atMost !== undefined) {
    // A new counter takes the amount only if it fits the cap; an existing one only if its total stays within it.
    values[':cap'] = op.atMost;
    values[':most'] = op.atMost - op.amount;
    conditions.push('((attribute_not_exists(#add) AND :add <= :cap) OR #add <= :most)');
  }
  const guard = conditionExpr(op.condition);
  if (guard.ConditionExpression) conditions.push(`(${guard.ConditionExpression})`);
  Object.assign(names, guard.ExpressionAttributeNames);
  Object.assign(values, guard.ExpressionAttributeValues);
  return {
    UpdateExpression: expr,
    ...(conditions.length ? { ConditionExpression: conditions.join(' AND ') } : {}),
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

/** The store on DynamoDB: the same adapter talks to AWS and to DynamoDB Local. */
/**
 * The sort-key part of a query's key condition: `sortKeyAfter` (strict) and `sortKeyWithin` (inclusive) as ONE
 * condition, since DynamoDB takes one. Both bounds on a side: the tighter. Both sides: BETWEEN, and when a side is the
 * strict `sortKeyAfter`, its own entry is to be dropped (`dropKey`). `empty` when nothing can match.
 */
type SortKeyBound = { condition: string; values: Record<string, string>; dropKey?: string };
function sortKeyCondition(input: QueryInput): SortKeyBound | 'empty' | undefined {
  let min = input.sortKeyWithin?.min;
  let max = input.sortKeyWithin?.max;
  let strict: 'min' | 'max' | undefined;
  const after = input.sortKeyAfter;
  if (after !== undefined && input.newestFirst && (max === undefined || after <= max)) [max, strict] = [after, 'max'];
  if (after !== undefined && !input.newestFirst && (min === undefined || after >= min)) [min, strict] = [after, 'min'];
  if (min !== undefined && max !== undefined) {
    if (min > max || (strict && min === max)) return 'empty';
    return { condition: ' AND #s BETWEEN :lo AND :hi', values: { ':lo': min, ':hi': max }, dropKey: strict && after };
  }
  if (min !== undefined) return { condition: ` AND #s ${strict ? '>' : '>='} :lo`, values: { ':lo': min } };
  if (max !== undefined) return { condition: ` AND #s ${strict ? '<' : '<='} :hi`, values: { ':hi': max } };
  return undefined;
}

export class DynamoDbStore implements Store {
  /** Consumed capacity of every call, summed; read by the benchmark. */
  readonly consumed = { readUnits: 0, writeUnits: 0 };

  constructor(
    readonly tableName: string,
    /** The low-level client (a benchmark or a tamper test may send its own commands through it). */
    readonly client: DynamoDBClient,
    private readonly trackCapacity = false,
    /** Called after each committed write (the local stack reads its stream then, instead of waiting for its timer). */
    private readonly onWritten: (() => void) | null = null,
  ) {}

  private capacity() {
    return this.trackCapacity ? ({ ReturnConsumedCapacity: 'TOTAL' } as const) : {};
  }
  private track(
    c: { ReadCapacityUnits?: number; WriteCapacityUnits?: number; CapacityUnits?: number } | undefined,
    kind: 'r' | 'w',
  ) {
    if (!c) return;
    if (kind === 'r') this.consumed.readUnits += c.ReadCapacityUnits ?? c.CapacityUnits ?? 0;
    else this.consumed.writeUnits += c.WriteCapacityUnits ?? c.CapacityUnits ?? 0;
  }

  async get(key: Key, options: { consistent?: boolean } = {}): Promise<Item | undefined> {
    const out = await this.client.send(
      new GetItemCommand({
        TableName: this.tableName,
        Key: toWire(keyOf(key)),
        ConsistentRead: options.consistent ?? true,
        ...this.capacity(),
      }),
    );
    this.track(out.ConsumedCapacity, 'r');
    return out.Item && fromWire(out.Item);
  }

  async getMany(keys: Key[], options: { attributes?: string[] } = {}): Promise<(Item | undefined)[]> {
    if (keys.length === 0) return [];
    const wanted = options.attributes && ['pk', 'sk', ...options.attributes.filter((a) => a !== 'pk' && a !== 'sk')];
    const projection = wanted && {
      ProjectionExpression: wanted.map((_, i) => `#a${i}`).join(','),
      ExpressionAttributeNames: Object.fromEntries(wanted.map((a, i) => [`#a${i}`, a])),
    };
    const found = new Map<string, Item>();
    const id = (k: { pk: unknown; sk: unknown }) => `${String(k.pk)}\u0000${String(k.sk)}`;
    // BatchGetItem takes at most 100 distinct keys per call, and may hand some back unprocessed.
    const unique = [...new Map(keys.map((k) => [id(k), keyOf(k)])).values()];
    for (let i = 0; i < unique.length; i += 100) {
      let pending: Wire[] | undefined = unique.slice(i, i + 100).map(toWire);
      for (let attempt = 0; pending && pending.length > 0; attempt++) {
        if (attempt >= 8) throw new Error('BatchGetItem left keys unprocessed after 8 attempts');
        if (attempt > 0) await new Promise((r) => setTimeout(r, 2 ** attempt * 10));
        const out: BatchGetItemCommandOutput = await this.client.send(
          new BatchGetItemCommand({
            RequestItems: { [this.tableName]: { Keys: pending, ConsistentRead: true, ...projection } },
            ...this.capacity(),
          }),
        );
        out.ConsumedCapacity?.forEach((c) => this.track(c, 'r'));
        for (const wire of out.Responses?.[this.tableName] ?? []) {
          const item = fromWire(wire);
          found.set(id(item), item);
        }
        pending = out.UnprocessedKeys?.[this.tableName]?.Keys;
      }
    }
    return keys.map((k) => found.get(id(k)));
  }

  async query(input: QueryInput): Promise<QueryPage> {
    const { pattern } = input;
    const { partitionKey: pkName, sortKey: skName } = patternKeyNames(pattern);
    const index = pattern.index;
    if (index && input.attributes) throw new Error('a projection is for table patterns only');
    const wanted = input.attributes && ['pk', 'sk', ...input.attributes.filter((a) => a !== 'pk' && a !== 'sk')];
    if (pattern.prefix && (input.sortKeyAfter !== undefined || input.sortKeyWithin))
      throw new Error('a sort-key bound does not combine with a prefix pattern');
    const bound: SortKeyBound | 'empty' | undefined = pattern.prefix
      ? { condition: ' AND begins_with(#s, :s)', values: { ':s': pattern.prefix } }
      : sortKeyCondition(input);
    if (bound === 'empty') return { items: [] };
    // A strict bound written as BETWEEN (inclusive) may read the bound's own entry: one more is read, and it is dropped.
    const limit = input.limit + (bound?.dropKey !== undefined ? 1 : 0);
    const out = await this.client.send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: index,
        KeyConditionExpression: `#p = :p${bound?.condition ?? ''}`,
        ...(wanted && { ProjectionExpression: wanted.map((_, i) => `#a${i}`).join(',') }),
        ExpressionAttributeNames: {
          ...(bound ? { '#p': pkName, '#s': skName } : { '#p': pkName }),
          ...(wanted && Object.fromEntries(wanted.map((a, i) => [`#a${i}`, a]))),
        },
        ExpressionAttributeValues: toWire({ ':p': pattern.partition, ...bound?.values }),
        Limit: limit,
        ExclusiveStartKey: input.startKey && toWire(input.startKey),
        ScanIndexForward: !input.newestFirst,
        ConsistentRead: index ? false : (input.consistent ?? false),
        ...this.capacity(),
      }),
    );
    this.track(out.ConsumedCapacity, 'r');
    let found = (out.Items ?? []).map(fromWire);
    let lastKey: Record<string, unknown> | undefined = out.LastEvaluatedKey && fromWire(out.LastEvaluatedKey);
    if (bound?.dropKey !== undefined) {
      // The bound's entry comes first in the order read, if this partition holds it; else one too many was read.
      if (found[0]?.[skName] === bound.dropKey) found = found.slice(1);
      else if (found.length > input.limit) {
        found = found.slice(0, input.limit);
        lastKey = Object.fromEntries(positionAttributes(pattern).map((a) => [a, found.at(-1)![a]]));
      }
    }
    if (input.keysOnly || !index || TABLE.indexes.find((i) => i.name === index)?.projection !== 'KEYS_ONLY')
      return { items: found, lastKey };
    // The index holds keys only: the items themselves, in one consistent batch, in the index's order. An item deleted
    // since the index entry was read simply drops out.
    const items = await this.getMany(found.map(keyOf));
    return { items: items.filter((i): i is Item => i !== undefined), lastKey };
  }

  async write(ops: WriteOp[], options: { idempotencyToken?: string } = {}): Promise<void> {
    if (ops.length === 0) return;
    try {
      if (ops.length === 1 && ops[0]!.op !== 'check') await this.writeOne(ops[0]!);
      else await this.writeMany(ops, options.idempotencyToken);
      this.onWritten?.();
    } catch (e) {
      if (e instanceof ConditionalCheckFailedException) throw new WriteConflictError([0]);
      if (e instanceof TransactionCanceledException) {
        const reasons = e.CancellationReasons ?? [];
        const failed = reasons.flatMap((r, i) => (r.Code === 'ConditionalCheckFailed' ? [i] : []));
        if (failed.length) throw new WriteConflictError(failed);
        if (reasons.some((r) => r.Code === 'TransactionConflict')) throw new WriteConflictError([], true);
      }
      if ((e as { name?: string }).name === 'TransactionConflictException') throw new WriteConflictError([], true);
      throw e;
    }
  }

  private async writeOne(op: WriteOp) {
    const TableName = this.tableName;
    if (op.op === 'put') {
      const out = await this.client.send(
        new PutItemCommand({
          TableName,
          Item: toWire(op.item),
          ...wireExpr(conditionExpr(op.condition)),
          ...this.capacity(),
        }),
      );
      this.track(out.ConsumedCapacity, 'w');
    } else if (op.op === 'delete') {
      const out = await this.client.send(
        new DeleteItemCommand({
          TableName,
          Key: toWire(keyOf(op.key)),
          ...wireExpr(conditionExpr(op.condition)),
          ...this.capacity(),
        }),
      );
      this.track(out.ConsumedCapacity, 'w');
    } else if (op.op === 'update') {
      const out = await this.client.send(
        new UpdateItemCommand({
          TableName,
          Key: toWire(keyOf(op.key)),
          ...wireExpr(merge(updateExpr(op.set, op.remove), conditionExpr(op.condition))),
          ...this.capacity(),
        }),
      );
      this.track(out.ConsumedCapacity, 'w');
    } else if (op.op === 'add') {
      const out = await this.client.send(
        new UpdateItemCommand({ TableName, Key: toWire(keyOf(op.key)), ...wireExpr(addExpr(op)), ...this.capacity() }),
      );
      this.track(out.ConsumedCapacity, 'w');
    }
  }

  private async writeMany(ops: WriteOp[], token?: string) {
    const TableName = this.tableName;
    const TransactItems: TransactWriteItem[] = ops.map((op) => {
      switch (op.op) {
        case 'put':
          return { Put: { TableName, Item: toWire(op.item), ...wireExpr(conditionExpr(op.condition)) } };
        case 'delete':
          return { Delete: { TableName, Key: toWire(keyOf(op.key)), ...wireExpr(conditionExpr(op.condition)) } };
        case 'update':
          return {
            Update: {
              TableName,
              Key: toWire(keyOf(op.key)),
              ...wireExpr(merge(updateExpr(op.set, op.remove), conditionExpr(op.condition))),
            },
          };
        case 'add':
          return { Update: { TableName, Key: toWire(keyOf(op.key)), ...wireExpr(addExpr(op)) } };
        case 'check':
          return {
            ConditionCheck: {
              TableName,
              Key: toWire(keyOf(op.key)),
              ...wireExpr(conditionExpr(op.condition) as Required<Pick<Expr, 'ConditionExpression'>> & Expr),
            },
          };
      }
    });
    const out = await this.client.send(
      new TransactWriteItemsCommand({ TransactItems, ClientRequestToken: token, ...this.capacity() }),
    );
    out.ConsumedCapacity?.forEach((c) => this.track(c, 'w'));
  }

  async increment(key: Key, attribute: string, by: number, ttlEpochSeconds?: number): Promise<number> {
    const out = await this.client.send(
      new UpdateItemCommand({
        TableName: this.tableName,
        Key: toWire(keyOf(key)),
        UpdateExpression: ttlEpochSeconds ? 'ADD #a :by SET #t = if_not_exists(#t, :ttl)' : 'ADD #a :by',
        ExpressionAttributeNames: ttlEpochSeconds ? { '#a': attribute, '#t': TABLE.ttlAttribute } : { '#a': attribute },
        ExpressionAttributeValues: toWire(ttlEpochSeconds ? { ':by': by, ':ttl': ttlEpochSeconds } : { ':by': by }),
        ReturnValues: 'UPDATED_NEW',
        ...this.capacity(),
      }),
    );
    this.track(out.ConsumedCapacity, 'w');
    return Number(out.Attributes?.[attribute]?.N ?? 0);
  }
}
