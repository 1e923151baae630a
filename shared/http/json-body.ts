import { ValidationError } from '../errors/domain-errors.js';

/**
 * Parses a request body into plain data that no schema or store can trip over: objects have a null prototype, no
 * member is named `__proto__`, `constructor` or `prototype` (they would be dropped, or reach the marshaller as the
 * prototype's function), and nesting is at most `MAX_JSON_DEPTH` levels (a deeper body would overflow the stack of a
 * recursive validator). Each refusal is 400 1100, before any validation or write.
 */
export const MAX_JSON_DEPTH = 32;
const RESERVED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export function parseJsonBody(text: string): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ValidationError('request body is not valid JSON');
  }
  checkDepth(parsed);
  return toPlainData(parsed, '');
}

/** Iterative, so a hostile depth cannot overflow the check itself. */
function checkDepth(root: unknown): void {
  const stack: { value: unknown; depth: number }[] = [{ value: root, depth: 0 }];
  while (stack.length) {
    const { value, depth } = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (depth + 1 > MAX_JSON_DEPTH)
      throw new ValidationError(`request body is nested more than ${MAX_JSON_DEPTH} levels deep`, {
        max_depth: MAX_JSON_DEPTH,
      });
    for (const child of Object.values(value)) stack.push({ value: child, depth: depth + 1 });
  }
}

function toPlainData(value: unknown, path: string): unknown {
  if (Array.isArray(value)) return value.map((v, i) => toPlainData(v, path ? `${path}.${i}` : String(i)));
  if (value === null || typeof value !== 'object') return value;
  const out = Object.create(null) as Record<string, unknown>;
  for (const key of Object.keys(value)) {
    const field = path ? `${path}.${key}` : key;
    if (RESERVED_KEYS.has(key))
      throw new ValidationError(`${field}: the member name '${key}' is not allowed`, { field });
    out[key] = toPlainData((value as Record<string, unknown>)[key], field);
  }
  return out;
}
