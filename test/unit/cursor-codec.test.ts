import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CursorCodec, MAX_CURSOR_LENGTH } from '../../shared/domain/cursor-codec.js';
import { ApiError } from '../../shared/errors/catalog.js';

const KEY = new Uint8Array(32).fill(1);
const codec = new CursorCodec(KEY, 'tenant-a');
const listing = { name: 'vaults', filters: { status: 'active' } };
const position = { pk: 'TENANT#tenant-a', sk: 'VAULT#0001' };

const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e instanceof ApiError ? { code: e.code, message: e.message } : { code: -1, message: String(e) };
  }
  return undefined;
};

describe('cursor codec', () => {
  it('gives back the position it encoded, for the same tenant, listing and filters', () => {
    expect(codec.decode(codec.encode(listing, position), listing)).toEqual(position);
    // Filters are compared by content, not by key order; an absent filter equals an undefined one.
    expect(
      codec.decode(codec.encode({ name: 'x', filters: { a: 1, b: 2 } }, position), {
        name: 'x',
        filters: { b: 2, a: 1, c: undefined },
      }),
    ).toEqual(position);
  });

  it('refuses any single-character edit (1108)', () => {
    const cursor = codec.encode(listing, position);
    fc.assert(
      fc.property(
        fc.nat({ max: cursor.length - 1 }),
        fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'),
        (at, ch) => {
          fc.pre(cursor[at] !== ch && cursor[at] !== '.');
          expect(refusal(() => codec.decode(cursor.slice(0, at) + ch + cursor.slice(at + 1), listing))?.code).toBe(
            1108,
          );
        },
      ),
    );
  });

  it('refuses a cursor of another tenant, or made with another key', () => {
    const cursor = codec.encode(listing, position);
    expect(refusal(() => new CursorCodec(KEY, 'tenant-b').decode(cursor, listing))).toEqual({
      code: 1108,
      message: 'cursor malformed: edited, or not issued to this tenant',
    });
    expect(refusal(() => new CursorCodec(new Uint8Array(32).fill(2), 'tenant-a').decode(cursor, listing))?.code).toBe(
      1108,
    );
  });

  it('names a cursor of another listing or of other filters', () => {
    const cursor = codec.encode(listing, position);
    expect(refusal(() => codec.decode(cursor, { name: 'users', filters: listing.filters }))).toEqual({
      code: 1108,
      message: 'cursor was issued for another listing',
    });
    expect(refusal(() => codec.decode(cursor, { name: 'vaults', filters: { status: 'archived' } }))).toEqual({
      code: 1108,
      message: 'cursor was issued for other filters',
    });
    expect(refusal(() => codec.decode(cursor, { name: 'vaults' }))).toEqual({
      code: 1108,
      message: 'cursor was issued for other filters',
    });
  });

  it('refuses over-long and malformed input before any parsing', () => {
    expect(refusal(() => codec.decode('A'.repeat(MAX_CURSOR_LENGTH + 1), listing))).toEqual({
      code: 1108,
      message: 'cursor malformed',
    });
    for (const bad of ['', '.', 'abc', 'a.b', `a.${'A'.repeat(21)}`, `a b.${'A'.repeat(22)}`])
      expect(refusal(() => codec.decode(bad, listing))?.code).toBe(1108);
  });

  it('needs a key of at least 32 bytes', () => {
    expect(() => new CursorCodec(new Uint8Array(16), 't')).toThrow();
  });
});
