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
