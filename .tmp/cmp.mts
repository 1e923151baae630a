import { build } from 'esbuild';
import { esbuildBuildOptions, functionBuildOptions } from '/work/wt-split/lib/function-bundle.ts';
const entry = process.argv[2]!;
const a = await build({ ...esbuildBuildOptions(), entryPoints: [entry], outfile: '/tmp/cmp-a/index.mjs', metafile: true });
const b = await build({ ...functionBuildOptions(entry, '/tmp/cmp-b') });
const per = (m: any) => { const r = new Map<string, number>(); for (const o of Object.values<any>(m.outputs)) for (const [i, v] of Object.entries<any>(o.inputs ?? {})) { const k = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(i)?.[1] ?? '(ours)'; r.set(k, (r.get(k) ?? 0) + v.bytesInOutput); } return r; };
const pa = per(a.metafile), pb = per(b.metafile);
for (const k of new Set([...pa.keys(), ...pb.keys()])) { const x = pa.get(k) ?? 0, y = pb.get(k) ?? 0; if (Math.abs(x - y) > 1024) console.log(k, Math.round(x / 1024), Math.round(y / 1024)); }
for (const [o, v] of Object.entries<any>(b.metafile.outputs)) if (o.endsWith('.mjs')) for (const i of v.imports) if (i.external) console.log(o, JSON.stringify(i));
const ins = (m: any, filter: (o: string) => boolean) => { const r = new Map<string, number>(); for (const [o, v] of Object.entries<any>(m.outputs)) if (filter(o)) for (const [i, x] of Object.entries<any>(v.inputs ?? {})) r.set(i, (r.get(i) ?? 0) + x.bytesInOutput); return r; };
const ia = ins(a.metafile, () => true);
const ib = ins(b.metafile, (o) => o.endsWith('index.mjs') || (b.metafile.outputs['../../tmp/cmp-b/index.mjs'] as any).imports.some((i: any) => i.kind === 'import-statement' && i.path === o));
const diff = [...ib].filter(([i]) => i.includes('viem')).map(([i, y]) => [i, (ia.get(i) ?? 0), y] as const).filter(([, x, y]) => y - x > 500).sort((p, q) => (q[2] - q[1]) - (p[2] - p[1]));
for (const d of diff.slice(0, 30)) console.log(d.join(' '));
