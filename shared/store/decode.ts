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
 *    transaction, on every move), where a hand-written read costs a few microseconds and no schema code.
 */
export class MalformedItemError extends Error {
  override name = 'MalformedItemError';
  constructor(
    readonly kind: string,
    readonly key: string,
    readonly problem: string,
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
 * A decoder from a zod schema: the item without its layout attributes (keys.ts KEY_ATTRIBUTES) checked by the schema,
 * as the record `T` (the schema checks what `T` declares; attributes a `z.looseObject` does not name are kept).
 */
export function schemaDecoder<T>(kind: string, schema: Schema): Decoder<T> {
  return ((item: Item | undefined) => {
    if (item === undefined) return undefined;
    const out = schema().safeParse(stripKeys(item));
    if (out.success) return out.data as T;
    const problem = out.error.issues.map((i) => `${i.path.map(String).join('.') || '(item)'}: ${i.message}`).join('; ');
    throw new MalformedItemError(kind, itemKey(item), problem);
  }) as Decoder<T>;
}

/** A stored item as its record; a missing item (a read that found nothing) stays undefined. */
export type Decoder<T> = { (item: Item): T; (item: Item | undefined): T | undefined };

/** What a field check throws; `decodeItem` turns it into the MalformedItemError that names the item. */
class FieldError extends Error {
  override name = 'FieldError';
  constructor(
    public field: string,
    readonly problem: string,
  ) {
    super(problem);
  }
}

/** `read(item)` with the field checks below, a failed check raised as a MalformedItemError naming kind and key. */
export function decodeItem<T>(kind: string, item: Item, read: (item: Item) => T): T {
  try {
    return read(item);
  } catch (e) {
    if (e instanceof FieldError) throw new MalformedItemError(kind, itemKey(item), `${e.field}: ${e.problem}`);
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

const fail = (field: string, expected: string, v: unknown): never =>
  malformed(field, `expected ${expected}, got ${v === null ? 'null' : Array.isArray(v) ? 'list' : typeof v}`);

/** A check of the decoder's own failed: `field` is not what it should be (raised as a MalformedItemError). */
export const malformed = (field: string, problem: string): never => {
  throw new FieldError(field, problem);
};
/** A map: an object, not a list nor bytes. */
export const isMap = (v: unknown): v is Item =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Uint8Array);

/*
 * The field checks take the value, read at the call site (`str(item.amount, 'amount')`), and its name for the error:
 * a named property read is cached per call site, where one shared `o[f]` read of every field would not be.
 */
/** A string. */
export const str = (v: unknown, f: string): string => (typeof v === 'string' ? v : fail(f, 'a string', v));
/** A string, or absent (null). */
export const optStr = (v: unknown, f: string): string | null =>
  v == null ? null : typeof v === 'string' ? v : fail(f, 'a string', v);
/** A finite number. */
export const num = (v: unknown, f: string): number =>
  typeof v === 'number' && Number.isFinite(v) ? v : fail(f, 'a number', v);
/** A finite number, or absent (null). */
export const optNum = (v: unknown, f: string): number | null => (v == null ? null : num(v, f));
/** A boolean. */
export const bool = (v: unknown, f: string): boolean => (typeof v === 'boolean' ? v : fail(f, 'a boolean', v));
/** One of `values`. */
export const oneOf = <T extends string>(v: unknown, f: string, values: ReadonlySet<T>): T =>
  values.has(v as T) ? (v as T) : fail(f, `one of ${[...values].join(', ')}`, v);
/** One of `values`, or absent (null). */
export const optOneOf = <T extends string>(v: unknown, f: string, values: ReadonlySet<T>): T | null =>
  v == null ? null : oneOf(v, f, values);
/** A map. */
export const obj = (v: unknown, f: string): Item => (isMap(v) ? v : fail(f, 'a map', v));
/** A map, or absent (null). */
export const optObj = (v: unknown, f: string): Item | null => (v == null ? null : obj(v, f));
/** A list, absent read as empty (the compact storage leaves empty lists out). */
export const list = (v: unknown, f: string): unknown[] =>
  v == null ? [] : Array.isArray(v) ? v : fail(f, 'a list', v);
/** A list of strings, absent read as empty. */
export const strList = (v: unknown, f: string): string[] => {
  const l = list(v, f);
  for (let i = 0; i < l.length; i++) if (typeof l[i] !== 'string') fail(`${f}[${i}]`, 'a string', l[i]);
  return l as string[];
};
/** A list of maps, each read by `read` (a failed check names `f[i].field`), absent read as empty. */
export const mapList = <T>(v: unknown, f: string, read: (m: Item) => T): T[] =>
  list(v, f).map((m, i) => (isMap(m) ? within(`${f}[${i}]`, m, read) : fail(`${f}[${i}]`, 'a map', m)));
/** A map of strings to strings, absent read as empty. */
export const strMap = (v: unknown, f: string): Record<string, string> => {
  if (v == null) return {};
  const m = obj(v, f);
  for (const k in m) if (typeof m[k] !== 'string') fail(`${f}.${k}`, 'a string', m[k]);
  return m as Record<string, string>;
};
