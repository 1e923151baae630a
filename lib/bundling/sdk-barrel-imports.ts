import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, PluginBuild } from 'esbuild';

/**
 * An esbuild plugin: the AWS SDK's imports of names from its re-export modules ("barrels", such as
 * `@smithy/core/protocols` or `@aws-sdk/core/protocols`: only `export { X } from "./x"` lines) are pointed at the
 * modules that define the names. Why: with code splitting, esbuild places each file in the chunk of every entry that
 * reaches the file through import statements, whether or not that entry uses it; and a barrel reaches every module it
 * re-exports. So a module that only a lazy chunk uses (the EventBridge Scheduler client's REST-JSON protocol, which
 * sits in the same barrels as the JSON protocols the SQS and KMS clients use) was placed in a chunk the entry imports
 * statically: loaded at every cold start (16 KiB of the webhook worker's). With the imports pointed past the barrels,
 * an entry reaches only the modules it imports.
 *
 * The code that runs is the same: a name imported from the barrel is the binding the defining module exports. A barrel
 * is skipped (its importers keep importing it) when evaluating it could matter: it holds anything but re-export lines,
 * or its package.json does not declare it and every module it re-exports free of side effects (`sideEffects: false`,
 * or a list that names none of them: `@aws-sdk/core/client` re-exports `util-endpoints/aws.js`, which registers the
 * AWS endpoint functions when evaluated, so it stays). A name the barrel does not re-export by name (`export *`) keeps
 * its import from the barrel. A wrong rewrite cannot pass silently: esbuild fails the build on an import of a name
 * that the target module does not export.
 */

/** The SDK's ES module files (tsc output: one statement per line, imports first). */
const SDK_MODULE = /[\\/]node_modules[\\/](@smithy|@aws-sdk)[\\/].+[\\/]dist-es[\\/].+\.js$/;
/** `import { a, b as c } from "x";` and `export { a, b as c } from "x";` at the start of a line. */
const NAMED_FROM = /^(import|export)\s*\{([^}]*)\}\s*from\s*"([^"]+)";?[ \t]*$/gm;
/** A barrel: nothing but `export { ... } from "..."` and `export * from "..."` lines (and blank lines). */
const BARREL_LINE = /^(export\s*\{[^}]*\}\s*from\s*"[^"]+";?|export\s*\*\s*from\s*"[^"]+";?|\s*)$/;

type Specifier = { imported: string; local: string };
type Origin = { file: string; name: string };
/** A barrel's named re-exports: exported name -> the defining module's file and its name there. */
type Barrel = Map<string, Origin>;

const parseSpecifiers = (list: string): Specifier[] =>
  list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      const [imported, local] = s.split(/\s+as\s+/);
      return { imported: imported!, local: local ?? imported! };
    });

/** The package.json that governs a file (the nearest one with a name), and the file's path relative to it. */
function packageOf(
  file: string,
): { dir: string; json: { name?: string; sideEffects?: boolean | string[] } } | undefined {
  let dir = path.dirname(file);
  while (dir !== path.dirname(dir)) {
    const p = path.join(dir, 'package.json');
    if (fs.existsSync(p)) {
      const json = JSON.parse(fs.readFileSync(p, 'utf8')) as { name?: string; sideEffects?: boolean | string[] };
      if (json.name) return { dir, json };
    }
    dir = path.dirname(dir);
  }
  return undefined;
}

/** Whether the package declares the file free of side effects. */
function sideEffectFree(file: string): boolean {
  const pkg = packageOf(file);
  if (!pkg) return false;
  const { sideEffects } = pkg.json;
  if (sideEffects === false) return true;
  if (!Array.isArray(sideEffects)) return false;
  const rel = `./${path.relative(pkg.dir, file).split(path.sep).join('/')}`;
  // Only plain paths are understood; a glob makes the package's files count as having side effects.
  if (sideEffects.some((s) => /[*?{[]/.test(s))) return false;
  return !sideEffects.includes(rel);
}

export function sdkBarrelImports(): Plugin {
  return {
    name: 'sdk-barrel-imports',
    setup(build: PluginBuild) {
      const barrels = new Map<string, Promise<Barrel | undefined>>();

      const resolve = async (spec: string, importer: string): Promise<string | undefined> => {
        const r = await build.resolve(spec, { resolveDir: path.dirname(importer), kind: 'import-statement', importer });
        return r.errors.length || r.external || !r.path ? undefined : r.path;
      };

      /** The barrel at `file`, its names traced through nested barrels; undefined when `file` is not one we may skip. */
      const barrelAt = (file: string): Promise<Barrel | undefined> => {
        let b = barrels.get(file);
        if (!b) {
          b = (async () => {
            if (!SDK_MODULE.test(file) || !sideEffectFree(file)) return undefined;
            const text = fs.readFileSync(file, 'utf8');
            if (!text.split('\n').every((l) => BARREL_LINE.test(l))) return undefined;
            const map: Barrel = new Map();
            for (const m of text.matchAll(NAMED_FROM)) {
              const target = await resolve(m[3]!, file);
              if (!target || !sideEffectFree(target)) return undefined;
              const nested = await barrelAt(target);
              for (const { imported, local } of parseSpecifiers(m[2]!))
                map.set(local, nested?.get(imported) ?? { file: target, name: imported });
            }
            // `export *` lines: their names are not in the map, so imports of them stay on the barrel; and the
            // modules they reach must be side-effect free too, else the barrel is kept.
            for (const m of text.matchAll(/^export\s*\*\s*from\s*"([^"]+)"/gm)) {
              const target = await resolve(m[1]!, file);
              if (!target || !sideEffectFree(target)) return undefined;
            }
            return map;
          })();
          barrels.set(file, b);
        }
        return b;
      };

      build.onLoad({ filter: SDK_MODULE }, async (args) => {
        const text = await fs.promises.readFile(args.path, 'utf8');
        const statements = [...text.matchAll(NAMED_FROM)];
        if (!statements.length) return undefined;
        const replacements: { start: number; end: number; with: string }[] = [];
        for (const m of statements) {
          const [whole, keyword, list, spec] = m as unknown as [string, 'import' | 'export', string, string];
          const target = await resolve(spec, args.path);
          const barrel = target ? await barrelAt(target) : undefined;
          if (!barrel) continue;
          const groups = new Map<string, string[]>();
          for (const { imported, local } of parseSpecifiers(list)) {
            const origin = barrel.get(imported);
            const from = origin?.file ?? target!;
            const name = origin?.name ?? imported;
            if (!groups.has(from)) groups.set(from, []);
            groups.get(from)!.push(name === local ? name : `${name} as ${local}`);
          }
          const lines = [...groups].map(
            ([from, names]) => `${keyword} { ${names.join(', ')} } from ${JSON.stringify(from)};`,
          );
          // Kept on as many lines as before, so the source map's lines after it stay right.
          replacements.push({
            start: m.index,
            end: m.index + whole.length,
            with: lines.join(' ') + '\n'.repeat(whole.split('\n').length - 1),
          });
        }
        if (!replacements.length) return undefined;
        let out = '';
        let at = 0;
        for (const r of replacements) {
          out += text.slice(at, r.start) + r.with;
          at = r.end;
        }
        return { contents: out + text.slice(at), loader: 'js', resolveDir: path.dirname(args.path) };
      });
    },
  };
}
