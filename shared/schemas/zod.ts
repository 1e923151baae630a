import { clone, config, globalRegistry, type core } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

/**
 * The zod every schema of the service is written with: `zod/mini` (functions instead of methods, `.check(...)` for
 * refinements), which lets esbuild keep only the schema kinds and checks a bundle uses: about 35 KiB, where the
 * method-chaining `zod` costs about 100 KiB in every bundle whatever it uses. Import it as
 * `import * as z from '.../schemas/zod.js'`, never from 'zod' or 'zod/mini' directly (eslint.config.js), so that
 *  - the English messages are set before anything parses: zod/mini loads no locale of its own, and the validation
 *    errors (their `message`, and the catalog error validation.ts builds from it) read exactly as with `zod`;
 *  - `z.withMeta` is at hand.
 */
config(en());

export * from 'zod/mini';

/**
 * What `schema.meta(m)` (and `.describe(d)`) is in `zod`: a copy of the schema carrying metadata for the OpenAPI
 * document (`description`, `example`, `pattern`...; an `id` makes it a named component). The copy inherits the
 * metadata of the schema it copies, except its `id`.
 */
export function withMeta<T extends core.$ZodType>(schema: T, meta: core.GlobalMeta): T {
  const copy = clone(schema);
  globalRegistry.add(copy, meta);
  return copy;
}

/**
 * A schema built at its first use instead of at import: `export const Tenant = z.lazySchema(() => z.object(...))`
 * declares it, `Tenant()` is the schema (built once, then the same instance: its OpenAPI `id` is registered once).
 * Every shared schema is declared this way, and routes hold them unbuilt (shared/http/route.ts), so a function's
 * cold start builds none and a request builds only those of its route: building the schemas of a whole family at
 * import cost an API function 2-6 ms (docs/benchmarks.md). Not zod's `z.lazy`, which is itself a schema (for
 * recursive types) whose inner schema is looked up at each parse.
 */
export function lazySchema<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => (built ??= build());
}
