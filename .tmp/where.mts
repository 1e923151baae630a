import fs from 'node:fs';
import { build } from 'esbuild';
import { functionBuildOptions } from '/work/wt-split/lib/function-bundle.ts';
const b = await build({ ...functionBuildOptions(process.argv[2]!, '/tmp/cmp-b') });
for (const [o, v] of Object.entries<any>(b.metafile.outputs)) if (o.endsWith('.mjs')) {
  const has = Object.keys(v.inputs).filter((i) => i.includes(process.argv[3]!));
  console.log(o, v.entryPoint ?? '', Math.round(v.bytes / 1024), 'imports:', v.imports.filter((i: any) => !i.external).map((i: any) => i.kind[0] + ':' + i.path.split('/').pop()).join(' '), has.length ? 'HAS ' + has.join(',') : '');
}
