import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { API_FUNCTIONS } from '../functions/index.js';
import { BUNDLE_OPTIONS, REPO_ROOT } from '../lib/service-function.js';
import { STREAM_ROUTER_ENTRY } from '../lib/stream-router-construct.js';
import { DEFAULT_SCHEDULED, DEFAULT_WORKERS } from '../lib/workers-construct.js';

/**
 * Bundles every function entry exactly as the CDK construct does (the same BUNDLE_OPTIONS), prints each bundle's
 * size, and fails when
 *  - an API bundle is larger than MAX_API_BUNDLE_KIB (cold starts grow with the code a function loads; every API
 *    function shares the same base of SDK client, zod and middy, so a jump means a dependency or another family
 *    leaked in),
 *  - a bundle contains another function's module (`functions/<other>/...`, or `functions/index.ts`, whose lazy
 *    imports would pull in every handler),
 *  - a bundle does not load in Node (`--no-load` skips this): catches a CommonJS `require` that the ESM banner
 *    does not cover, or a missing `handler` export.
 *
 * Usage: npm run bundle-sizes [-- --max-api-kib=1536] [--no-load]
 */
const MAX_API_BUNDLE_KIB = Number(process.argv.find((a) => a.startsWith('--max-api-kib='))?.split('=')[1] ?? 1536);
const LOAD = !process.argv.includes('--no-load');

type Entry = { name: string; kind: 'api' | 'background'; entry: string };
const entries: Entry[] = [
  ...Object.entries(API_FUNCTIONS).map(([family, f]) => ({ name: family, kind: 'api' as const, entry: f!.entry })),
  { name: 'stream-router', kind: 'background' as const, entry: STREAM_ROUTER_ENTRY },
  ...[...DEFAULT_WORKERS, ...DEFAULT_SCHEDULED].map((w) => ({ name: w.name, kind: 'background' as const, entry: w.entry })),
].filter((e) => fs.existsSync(path.resolve(REPO_ROOT, e.entry)));

/** `functions/<dir>/...` -> `<dir>`; the directory that owns a function module. */
const functionDir = (file: string) => /^functions\/([^/]+)\//.exec(file)?.[1];

/** Inputs of the bundle that belong to another function, or the registry that imports them all. */
function foreignModules(entry: string, meta: Metafile): string[] {
  const own = functionDir(entry);
  return Object.keys(meta.inputs).filter((input) => input === 'functions/index.ts' || (functionDir(input) !== undefined && functionDir(input) !== own));
}

/** The largest packages in the bundle, by bytes of output they contribute. */
function topPackages(meta: Metafile, output: string, n: number): string {
  const bytes = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(meta.outputs[output]!.inputs)) {
    const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
    const pkg = m ? m[1]! : '(ours)';
    bytes.set(pkg, (bytes.get(pkg) ?? 0) + bytesInOutput);
  }
  return [...bytes].sort((a, b) => b[1] - a[1]).slice(0, n).map(([p, b]) => `${p} ${Math.round(b / 1024)}`).join(', ');
}

const outRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-sizes-'));
const failures: string[] = [];
const rows: string[][] = [];
try {
  for (const e of entries) {
    const outfile = path.join(outRoot, e.name, 'index.mjs');
    const result = await build({
      absWorkingDir: REPO_ROOT,
      entryPoints: [e.entry],
      outfile,
      bundle: true,
      platform: 'node',
      target: BUNDLE_OPTIONS.target,
      format: BUNDLE_OPTIONS.format,
      minify: BUNDLE_OPTIONS.minify,
      keepNames: BUNDLE_OPTIONS.keepNames,
      sourcemap: BUNDLE_OPTIONS.sourceMap,
      sourcesContent: BUNDLE_OPTIONS.sourcesContent,
      mainFields: [...BUNDLE_OPTIONS.mainFields],
      banner: { js: BUNDLE_OPTIONS.banner },
      external: [...BUNDLE_OPTIONS.externalModules],
      metafile: true,
      logLevel: 'error',
    });
    const meta = result.metafile;
    const output = path.relative(REPO_ROOT, outfile);
    const bytes = fs.statSync(outfile).size;
    const kib = bytes / 1024;
    const checks: string[] = [];
    if (e.kind === 'api' && kib > MAX_API_BUNDLE_KIB) checks.push(`larger than ${MAX_API_BUNDLE_KIB} KiB`);
    const foreign = foreignModules(e.entry, meta);
    if (foreign.length) checks.push(`contains ${foreign.join(', ')}`);
    if (LOAD) {
      try {
        const code = `const m = await import(${JSON.stringify(outfile)}); if (typeof m.handler !== 'function') { console.error('no handler export'); process.exit(2); }`;
        execFileSync(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'ignore', 'pipe'], env: { PATH: process.env.PATH ?? '', CUSTODY_LOG_LEVEL: 'SILENT' } });
      } catch (err) {
        const stderr = String((err as { stderr?: Buffer }).stderr ?? err).trim().split('\n').find((l) => /Error|error/.test(l)) ?? 'failed';
        checks.push(`does not load: ${stderr.slice(0, 160)}`);
      }
    }
    if (checks.length) failures.push(`${e.name} (${e.entry}): ${checks.join('; ')}`);
    rows.push([e.name, e.kind, String(bytes), kib.toFixed(1), String(Object.keys(meta.inputs).length), checks.length ? 'FAIL' : 'ok', topPackages(meta, output, 4)]);
  }
} finally {
  fs.rmSync(outRoot, { recursive: true, force: true });
}

const header = ['function', 'kind', 'bytes', 'KiB', 'modules', 'check', 'largest packages (KiB)'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => cells.map((c, i) => (i === 2 || i === 3 || i === 4 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ').trimEnd();
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const r of rows) console.log(line(r));
console.log(`\nAPI bundle limit: ${MAX_API_BUNDLE_KIB} KiB (minified ESM, source map not counted).`);
if (failures.length) {
  console.error(`\n${failures.length} bundle(s) failed:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
