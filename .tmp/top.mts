import { build } from 'esbuild';
import { functionBuildOptions } from '/work/wt-split/lib/function-bundle.ts';
const out = '/tmp/top-out';
const b = await build({ ...functionBuildOptions(process.argv[2]!, out), write: false });
const m = b.metafile;
const entry = Object.keys(m.outputs).find((o) => o.endsWith('/index.mjs'))!;
const loaded = new Set<string>(); const todo = [entry];
while (todo.length) { const o = todo.pop()!; if (loaded.has(o)) continue; loaded.add(o); for (const i of m.outputs[o]!.imports) if (i.kind === 'import-statement' && !i.external) todo.push(i.path); }
const per = new Map<string, number>();
for (const o of loaded) for (const [i, v] of Object.entries(m.outputs[o]!.inputs)) { const k = i.replace(/^node_modules\/((?:@[^/]+\/)?[^/]+)\/.*/, '$1').replace(/^(shared\/[^/]+\/[^/]+).*/, '$1'); per.set(k, (per.get(k) ?? 0) + v.bytesInOutput); }
console.log([...per].sort((a, b) => b[1] - a[1]).slice(0, Number(process.argv[3] ?? 25)).map(([k, v]) => `${k} ${(v / 1024).toFixed(1)}`).join('\n'));
