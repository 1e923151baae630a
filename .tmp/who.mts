import { build } from 'esbuild';
import { functionBuildOptions } from '/work/wt-split/lib/function-bundle.ts';
const b = await build({ ...functionBuildOptions(process.argv[2]!, '/tmp/who-out'), write: false });
const m = b.metafile;
const target = process.argv[3]!;
for (const [f, v] of Object.entries(m.inputs)) for (const i of v.imports) if (i.path.includes(target)) console.log(f, '->', i.path, i.kind);
