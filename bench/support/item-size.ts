/**
 * An item's size as DynamoDB counts it for capacity: each attribute name's UTF-8 length plus its value's size
 * (string: UTF-8 length; binary: its length; number: about one byte per two significant digits plus one; boolean and null: 1; list and
 * map: 3 plus one byte per element plus the elements). Close enough to see which attributes cost what.
 */
export function dynamoItemBytes(item: Record<string, unknown>): number {
  return Object.entries(item).reduce(
    (s, [k, v]) => (v === undefined ? s : s + Buffer.byteLength(k) + valueBytes(v)),
    0,
  );
}

function valueBytes(v: unknown): number {
  if (v === null || typeof v === 'boolean') return 1;
  if (typeof v === 'string') return Buffer.byteLength(v);
  if (v instanceof Uint8Array) return v.byteLength;
  if (typeof v === 'number' || typeof v === 'bigint')
    return Math.ceil(String(v).replace(/^-|\.|^0+/g, '').length / 2) + 1;
  if (Array.isArray(v)) return 3 + v.reduce((s: number, e) => s + 1 + valueBytes(e), 0);
  if (typeof v === 'object')
    return (
      3 +
      Object.entries(v as Record<string, unknown>).reduce(
        (s, [k, e]) => (e === undefined ? s : s + 1 + Buffer.byteLength(k) + valueBytes(e)),
        0,
      )
    );
  return 0;
}
