/**
 * Canonical JSON: object keys sorted (UTF-16 code unit order), no whitespace, `undefined` members dropped (`null` in
 * arrays), what `JSON.stringify` would write for each value otherwise. Used wherever a hash must not depend on key
 * order (audit entries, change digests, idempotency body fingerprints). Written as one loop per value, without
 * intermediate arrays: `GET /v1/audit/verify` serializes every record of a tenant with it.
 */
export function canonicalJson(value: unknown): string {
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'boolean':
      return JSON.stringify(value);
    case 'bigint':
      return JSON.stringify(value.toString());
    case 'object': {
      if (value === null) return 'null';
      if (Array.isArray(value)) {
        let out = '[';
        for (let i = 0; i < value.length; i++)
          out += (i ? ',' : '') + (value[i] === undefined ? 'null' : canonicalJson(value[i]));
        return `${out}]`;
      }
      const obj = value as Record<string, unknown>;
      const keys = Object.keys(obj).sort();
      let out = '{';
      for (const k of keys) {
        const v = obj[k];
        if (v === undefined) continue;
        out += `${out.length > 1 ? ',' : ''}${JSON.stringify(k)}:${canonicalJson(v)}`;
      }
      return `${out}}`;
    }
    default:
      return 'null'; // undefined, functions and symbols, as JSON.stringify writes them in an array
  }
}

/**
 * Whether `text`, which JSON.parse read as `value`, is already `canonicalJson(value)`: JSON.stringify (native) writes
 * `value` back as `text` (no whitespace, no repeated keys, no other escapes), and every object's keys, in the order
 * JSON.stringify writes them, are sorted as canonicalJson sorts them. Then both writers give the same text, so a hash
 * of `text` is the hash of the canonical JSON without writing it again (verification reads records written this way).
 */
export function isCanonicalText(text: string, value: unknown): boolean {
  return JSON.stringify(value) === text && keysSorted(value);
}

function keysSorted(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  if (Array.isArray(value)) {
    for (const v of value) if (!keysSorted(v)) return false;
    return true;
  }
  let prev: string | undefined;
  for (const k in value) {
    if (prev !== undefined && !(prev < k)) return false;
    prev = k;
    if (!keysSorted((value as Record<string, unknown>)[k])) return false;
  }
  return true;
}
