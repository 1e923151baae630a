import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_FUNCTIONS } from '../../functions/index.js';
import { metaRoutes } from '../../shared/http/routes/meta.js';
import { BUNDLE_OPTIONS } from '../../lib/service-function.js';
import { functionByDescription, synth, type CfnResource } from './synth.js';

/*
 * Real esbuild bundling through the construct, for one API family (plus the stream router, which every stack has):
 * the deployed artefact is an ESM bundle with source maps that loads in Node and exports `handler`.
 */
let outdir: string;
let resources: Record<string, CfnResource>;

beforeAll(() => {
  outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-bundling-'));
  ({ resources } = synth({ outdir, bundling: 'esbuild', routes: Object.values(metaRoutes), apiFunctions: { meta: API_FUNCTIONS.meta! }, workers: [], scheduled: [] }));
}, 120_000);
afterAll(() => fs.rmSync(outdir, { recursive: true, force: true }));

describe('bundled functions', () => {
  it('run index.handler from an ESM bundle with a source map and the createRequire banner', () => {
    const fn = resources[functionByDescription(resources, 'Custody API: meta routes')]!.Properties!;
    expect(fn.Handler).toBe('index.handler');
    const bundles = fs.readdirSync(outdir).filter((d) => d.startsWith('asset.') && fs.existsSync(path.join(outdir, d, 'index.mjs')));
    expect(bundles).toHaveLength(2);
    for (const dir of bundles) {
      const code = fs.readFileSync(path.join(outdir, dir, 'index.mjs'), 'utf8');
      expect(code.startsWith(BUNDLE_OPTIONS.banner)).toBe(true);
      expect(fs.existsSync(path.join(outdir, dir, 'index.mjs.map'))).toBe(true);
    }
  });

  it('load in Node and export a handler function', () => {
    for (const dir of fs.readdirSync(outdir).filter((d) => d.startsWith('asset.'))) {
      const file = path.join(outdir, dir, 'index.mjs');
      const out = execFileSync(process.execPath, ['--input-type=module', '-e', `const m = await import(${JSON.stringify(file)}); console.log(typeof m.handler);`], {
        env: { PATH: process.env.PATH ?? '', CUSTODY_LOG_LEVEL: 'SILENT' },
      });
      expect(out.toString().trim(), dir).toBe('function');
    }
  });
});
