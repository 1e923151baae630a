import { build } from 'esbuild';
import { esbuildBuildOptions, functionBuildOptions } from '/work/wt-split/lib/function-bundle.ts';
const entry = process.argv[2]!;
const split = await build({ ...functionBuildOptions(entry, '/tmp/esm-split'), minify: false, write: false });
const one = await build({ ...esbuildBuildOptions(), entryPoints: [entry], outfile: '/tmp/esm-one/index.mjs', minify: false, write: false });
const count = (r: typeof split) => r.outputFiles!.filter((f) => f.path.endsWith('.mjs')).reduce((n, f) => n + (f.text.match(/= __esm\(\{/g)?.length ?? 0), 0);
console.log(entry, 'esm wrappers: one file', count(one), 'split', count(split));
