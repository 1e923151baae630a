import type * as z from '../schemas/zod.js';

/**
 * Puts an answer's keys in a stable order before it is serialised: an object's declared members in the schema's
 * order, then any others sorted; free-form maps (metadata, an audit entry's `change`) sorted by key. Stored maps come
 * back from DynamoDB in no particular order, so without this two reads of one resource could differ byte for byte.
 */
type Def = {
  type: string;
  shape?: Record<string, z.ZodMiniType>;
  element?: z.ZodMiniType;
  innerType?: z.ZodMiniType;
  in?: z.ZodMiniType;
  out?: z.ZodMiniType;
  options?: z.ZodMiniType[];
  valueType?: z.ZodMiniType;
  getter?: () => z.ZodMiniType;
};

const defOf = (schema: z.ZodMiniType | undefined): Def | undefined =>
  (schema as unknown as { _zod?: { def: Def } } | undefined)?._zod?.def;

export function inSchemaOrder(schema: z.ZodMiniType | null | undefined, value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  const def = defOf(schema ?? undefined);
  if (Array.isArray(value)) return value.map((v) => inSchemaOrder(def?.type === 'array' ? def.element : undefined, v));
  switch (def?.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return inSchemaOrder(def.innerType, value);
    case 'pipe':
      return inSchemaOrder(defOf(def.out)?.type === 'transform' ? def.in : def.out, value);
    case 'lazy':
      return inSchemaOrder(def.getter!(), value);
    case 'union':
      return inSchemaOrder(bestOption(def.options ?? [], value as Record<string, unknown>), value);
    case 'object':
      return ordered(value as Record<string, unknown>, Object.keys(def.shape ?? {}), (k) => def.shape?.[k]);
    case 'record':
      return ordered(value as Record<string, unknown>, [], () => def.valueType);
    default:
      return ordered(value as Record<string, unknown>, [], () => undefined);
  }
}

function ordered(
  value: Record<string, unknown>,
  declared: string[],
  member: (key: string) => z.ZodMiniType | undefined,
) {
  const present = new Set(Object.keys(value));
  const keys = [...declared.filter((k) => present.has(k)), ...[...present].filter((k) => !declared.includes(k)).sort()];
  const out: Record<string, unknown> = {};
  for (const k of keys) out[k] = inSchemaOrder(member(k), value[k]);
  return out;
}

/** The object option that declares the most of the value's keys (a discriminated union's match declares them all). */
function bestOption(options: z.ZodMiniType[], value: Record<string, unknown>): z.ZodMiniType | undefined {
  let best: z.ZodMiniType | undefined;
  let bestScore = -1;
  for (const o of options) {
    const shape = objectShape(o);
    if (!shape) continue;
    const literalMismatch = Object.entries(shape).some(([k, s]) => {
      const values = (defOf(s) as { values?: unknown[] } | undefined)?.values;
      return defOf(s)?.type === 'literal' && k in value && !values?.includes(value[k]);
    });
    if (literalMismatch) continue;
    const score = Object.keys(value).filter((k) => k in shape).length;
    if (score > bestScore) [best, bestScore] = [o, score];
  }
  return best;
}

function objectShape(schema: z.ZodMiniType): Record<string, z.ZodMiniType> | undefined {
  const def = defOf(schema);
  if (!def) return undefined;
  if (def.type === 'object') return def.shape;
  if (def.innerType) return objectShape(def.innerType);
  if (def.type === 'pipe') return objectShape(def.in!);
  return undefined;
}
