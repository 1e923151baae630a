import { stripKeys } from './keys.js';

/**
 * Stored items are decoded, not cast: every read of an item goes through its kind's decoder, which checks the shape
 * and fails loudly here, where it is read, instead of letting a malformed item travel on as a valid record (answered
 * to a client, signed, counted). A malformed item is a fault of the service (a bad migration, a hand edit, a bug in a
 * writer), never of the caller: `MalformedItemError` is not a catalog error, so the API answers it 500 "internal
 * error" and logs it with the item's kind and key (shared/http/pipeline/respond.ts); a worker's run fails and retries.
 *
 * Two ways to write a decoder, both ending in this error:
 *  - `schemaDecoder(kind, Schema)`: a zod schema (`z.lazySchema`, built at its first decode), for most records;
 *  - `decodeItem(kind, item, read)` with the field checks below, for the items read on the engine's hot path (the
 *    transaction, on every move): about 2-4 µs per transaction item (bench/decode-items.ts), where a zod schema of it
 *    took about 15 µs, and no schema code in the transactions function, which is near its bundle bound.
 */
export class MalformedItemError extends Error {
  override name = 'MalformedItemError';
  constructor(
    readonly kind: string,
    readonly key: string,
    problem: string,
  ) {
    super(`malformed ${kind} item (${key}): ${problem}`);
  }
}

type Item = Record<string, unknown>;

/** The item's key as the error names it: its partition and sort key (ids, never secrets). */
export const itemKey = (item: Item): string => `${String(item.pk)} ${String(item.sk)}`;

/** The schema a decoder checks with: a zod schema (a lazy one, built at the first decode). */
type Schema = () => {
  safeParse(v: unknown): { success: true; data: unknown } | { success: false; error: { issues: readonly Issue[] } };
};
type Issue = { path: readonly PropertyKey[]; message: string };

/**
 * A decoder from a zod schema: the item without its layout attributes (keys.ts KEY_ATTRIBUTES), checked by the schema
 * (what the record `T` declares, without transforms or defaults), is the record.
 */
export function schemaDecoder<T>(kind: string, schema: Schema): Decoder<T> {
  return ((item: Item | undefined) => {
    if (!item) return item;
    const record = stripKeys(item);
    const out = schema().safeParse(record);
    // The record is the item itself, checked: its attributes the schema does not name are kept (as a record had them).
    if (out.success) return record as T;
    const issue = out.error.issues[0]!;
    throw new MalformedItemError(kind, itemKey(item), `${issue.path.join('.')}: ${issue.message}`);
  }) as Decoder<T>;
}

/** A stored item as its record; a missing item (a read that found nothing) stays undefined. */
export type Decoder<T> = { (item: Item): T; (item: Item | undefined): T | undefined };

/** What a field check throws; `decodeItem` turns it into the MalformedItemError that names the item. */
class FieldError extends Error {
  constructor(
    public field: string,
    message: string,
  ) {
    super(message);
  }
}

/** `read(item)` with the field checks below, a failed check raised as a MalformedItemError naming kind and key. */
export function decodeItem<T>(kind: string, item: Item, read: (item: Item) => T): T {
  try {
    return read(item);
  } catch (e) {
    if (e instanceof FieldError) throw new MalformedItemError(kind, itemKey(item), `${e.field}: ${e.message}`);
    throw e;
  }
}

/** `read(o)` for a nested object, a failed check naming the field as `name.field` (`name[i]` for list elements). */
export function within<T>(name: string, o: Item, read: (o: Item) => T): T {
  try {
    return read(o);
  } catch (e) {
    if (e instanceof FieldError) e.field = `${name}.${e.field}`;
    throw e;
  }
}

const fail = (field: string, expected: string): never => malformed(field, `expected ${expected}`);

/** A check of the decoder's own failed: `field` is not what it should be (raised as a MalformedItemError). */
export const malformed = (field: string, problem: string): never => {
  throw new FieldError(field, problem);
};
/** A map: an object, not a list. */
export const isMap = (v: unknown): v is Item => !!v && typeof v === 'object' && !Array.isArray(v);

/*
 * The field checks: each reads `o[f]` and names `f` when it fails. Keyed reads (each field's name once in the code,
 * not a property read and a name) keep the transactions function under its bound, for about 1.5 µs more per
 * transaction item than passing each value read by name.
 */
/** A string. */
export const str = (o: Item, f: string): string => {
  const v = o[f];
  return typeof v === 'string' ? v : fail(f, 'a string');
};
/** A string, or absent (null). */
export const optStr = (o: Item, f: string): string | null => (o[f] == null ? null : str(o, f));
/** A number. */
export const num = (o: Item, f: string): number => {
  const v = o[f];
  return typeof v === 'number' ? v : fail(f, 'a number');
};
/** A number, or absent (null). */
export const optNum = (o: Item, f: string): number | null => (o[f] == null ? null : num(o, f));
/** A boolean. */
export const bool = (o: Item, f: string): boolean => {
  const v = o[f];
  return typeof v === 'boolean' ? v : fail(f, 'a boolean');
};
/** One of `values`. */
export const oneOf = <T extends string>(o: Item, f: string, values: readonly T[]): T => {
  const v = o[f];
  return values.includes(v as T) ? (v as T) : fail(f, `one of ${values.join()}`);
};
/** One of `values`, or absent (null). */
export const optOneOf = <T extends string>(o: Item, f: string, values: readonly T[]): T | null =>
  o[f] == null ? null : oneOf(o, f, values);
/** A map. */
export const obj = (o: Item, f: string): Item => {
  const v = o[f];
  return isMap(v) ? v : fail(f, 'a map');
};
/** A map read by `read` (a failed check names `f.field`). */
export const mapOf = <T>(o: Item, f: string, read: (m: Item) => T): T => within(f, obj(o, f), read);
/** A map read by `read`, or absent (null). */
export const optMapOf = <T>(o: Item, f: string, read: (m: Item) => T): T | null =>
  o[f] == null ? null : mapOf(o, f, read);
/** A list, absent read as empty (the compact storage leaves empty lists out). */
export const list = (o: Item, f: string): unknown[] => {
  const v = o[f];
  return v == null ? [] : Array.isArray(v) ? v : fail(f, 'a list');
};
/** A list of strings, absent read as empty. */
export const strList = (o: Item, f: string): string[] =>
  list(o, f).map((v, i) => (typeof v === 'string' ? v : fail(`${f}[${i}]`, 'a string')));
/** A list of maps, each read by `read` (a failed check names `f[i].field`), absent read as empty. */
export const mapList = <T>(o: Item, f: string, read: (m: Item) => T): T[] =>
  list(o, f).map((m, i) => (isMap(m) ? within(`${f}[${i}]`, m, read) : fail(`${f}[${i}]`, 'a map')));
/** A map of strings to strings, absent read as empty. */
export const strMap = (o: Item, f: string): Record<string, string> => {
  const m = o[f] == null ? {} : obj(o, f);
  for (const k in m) if (typeof m[k] !== 'string') fail(`${f}.${k}`, 'a string');
  return m as Record<string, string>;
};
