import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_FUNCTIONS } from '../../functions/index.js';
import { metaRoutes } from '../../shared/http/routes/meta.js';
import { BUNDLE_OPTIONS, REPO_ROOT } from '../../lib/function-bundle.js';
import { SCALAR_BUNDLE } from '../../shared/http/docs-page.js';
import { OPENAPI_DOCUMENT } from '../../shared/http/openapi-document.js';
import { CONSOLE_SCRIPT, CONSOLE_STYLE } from '../../shared/http/console-page.js';
import { functionByDescription, synth, type CfnResource } from './synth.js';

/*
 * Real esbuild bundling through the construct, for one API family (plus the stream router, which every stack has):
 * the deployed artefact is an ESM entry (index.mjs) with its chunks and source maps, that loads in Node and exports
 * `handler` (lib/function-bundle.ts).
 */
let outdir: string;
let resources: Record<string, CfnResource>;

beforeAll(() => {
  outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-bundling-'));
  ({ resources } = synth({
    outdir,
    bundling: 'esbuild',
    routes: Object.values(metaRoutes),
    apiFunctions: { meta: API_FUNCTIONS.meta! },
    workers: [],
    scheduled: [],
  }));
}, 120_000);
afterAll(() => fs.rmSync(outdir, { recursive: true, force: true }));

/** The folder of the meta function's bundle in the cloud assembly. */
function metaBundleDir(): string {
  const fn = resources[functionByDescription(resources, 'Custody API: meta routes')]!.Properties!;
  return path.join(
    outdir,
    String((fn.Code as { S3Key: unknown }).S3Key)
      .replace(/\.zip$/, '')
      .replace(/^/, 'asset.'),
  );
}

/**
 * GETs `paths` from the bundle in `dir`, one after the other, in a fresh Node process outside the repository (no
 * node_modules above the bundle: it can only serve what is beside it); answers `pick` (an object literal over the
 * handler's answer `r`) of each answer.
 */
function served(dir: string, paths: string[], pick: string): any[] {
  const calls = paths.map((p) => ({
    httpMethod: 'GET',
    path: p,
    resource: p,
    headers: {},
    body: null,
    requestContext: { identity: { sourceIp: '127.0.0.1' } },
  }));
  const code = `const m = await import(${JSON.stringify(path.join(dir, 'index.mjs'))}); const out = []; for (const e of ${JSON.stringify(calls)}) { const r = await m.handler(e, {}); out.push(${pick}); } console.log(JSON.stringify(out));`;
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', code], {
      cwd: os.tmpdir(),
      env: { PATH: process.env.PATH ?? '', CUSTODY_LOG_LEVEL: 'SILENT' },
      maxBuffer: 64 * 1024 * 1024,
    })
      .toString()
      .trim()
      .split('\n')
      .pop()!,
  );
}
const ANSWER_HEADERS_AND_LENGTH =
  "{ status: r.statusCode, type: r.headers['Content-Type'], csp: r.headers['Content-Security-Policy'], length: Buffer.byteLength(r.body) }";

describe('bundled functions', () => {
  it('run index.handler from an ESM bundle with a source map and the createRequire banner', () => {
    const fn = resources[functionByDescription(resources, 'Custody API: meta routes')]!.Properties!;
    expect(fn.Handler).toBe('index.handler');
    const bundles = fs
      .readdirSync(outdir)
      .filter((d) => d.startsWith('asset.') && fs.existsSync(path.join(outdir, d, 'index.mjs')));
    expect(bundles).toHaveLength(2);
    for (const dir of bundles) {
      const code = fs.readFileSync(path.join(outdir, dir, 'index.mjs'), 'utf8');
      expect(code.startsWith(BUNDLE_OPTIONS.banner)).toBe(true);
      expect(fs.existsSync(path.join(outdir, dir, 'index.mjs.map'))).toBe(true);
    }
  });

  it("take AWS credentials from the environment only: BUNDLE_OPTIONS.alias replaces the SDK's default chain", () => {
    for (const dir of fs
      .readdirSync(outdir)
      .filter((d) => d.startsWith('asset.') && fs.existsSync(path.join(outdir, d, 'index.mjs')))) {
      const files = [
        'index.mjs',
        ...fs
          .readdirSync(path.join(outdir, dir, 'chunks'))
          .filter((f) => f.endsWith('.mjs'))
          .map((f) => `chunks/${f}`),
      ];
      const code = files.map((f) => fs.readFileSync(path.join(outdir, dir, f), 'utf8')).join('\n');
      expect(code).toContain('@aws-sdk/credential-provider-env - fromEnv'); // the provider's debug line
      expect(code).not.toContain('defaultProvider::fromSSO'); // a link of the default chain
    }
  });

  it("load no Node web streams for middy's streamed-response check (lib/function-bundle.ts), which still tells a ReadableStream", async () => {
    const dir = fs
      .readdirSync(outdir)
      .find(
        (d) =>
          d.startsWith('asset.') &&
          fs.existsSync(path.join(outdir, d, 'index.mjs')) &&
          fs.readFileSync(path.join(outdir, d, 'index.mjs'), 'utf8').includes('@middy'),
      );
    const files = [
      'index.mjs',
      ...fs
        .readdirSync(path.join(outdir, dir!, 'chunks'))
        .filter((f) => f.endsWith('.mjs'))
        .map((f) => `chunks/${f}`),
    ];
    const code = files.map((f) => fs.readFileSync(path.join(outdir, dir!, f), 'utf8')).join('\n');
    expect(code).toContain('@middy');
    expect(code).not.toContain('node:stream/web');
    const { ReadableStream: StandIn } = await import('../../lib/bundling/middy-web-streams.js');
    expect(new globalThis.ReadableStream() instanceof StandIn).toBe(true);
    expect({ _readableState: {} } instanceof StandIn).toBe(false);
    expect(Object('body') instanceof StandIn).toBe(false);
  });

  it("carry the reference page's renderer beside the meta bundle, and serve it from there (no CDN)", () => {
    const dir = metaBundleDir();
    expect(fs.existsSync(path.join(dir, 'index.mjs')), dir).toBe(true);
    const copied = path.join(dir, SCALAR_BUNDLE.deployedAs);
    expect(fs.readFileSync(copied).equals(fs.readFileSync(path.join(REPO_ROOT, SCALAR_BUNDLE.source)))).toBe(true);
    // The bundle lives in a temporary folder with no node_modules above it: it can only serve the copy beside it.
    const [out] = served(dir, ['/docs/scalar.js'], ANSWER_HEADERS_AND_LENGTH);
    expect(out).toMatchObject({
      status: 200,
      type: expect.stringContaining('javascript'),
      csp: expect.stringContaining("script-src 'self'"),
    });
    expect(out.length).toBe(fs.statSync(copied).size);
  });

  it('carry the generated OpenAPI document beside the meta bundle, and serve it from there (no schemas in the bundle)', () => {
    const dir = metaBundleDir();
    const copied = path.join(dir, OPENAPI_DOCUMENT.deployedAs);
    expect(fs.readFileSync(copied).equals(fs.readFileSync(path.join(REPO_ROOT, OPENAPI_DOCUMENT.source)))).toBe(true);
    const [out] = served(
      dir,
      ['/v1/openapi.json'],
      "{ status: r.statusCode, type: r.headers['Content-Type'], body: r.body }",
    );
    expect(out).toMatchObject({ status: 200, type: 'application/json' });
    expect(out.body).toBe(JSON.stringify(JSON.parse(fs.readFileSync(copied, 'utf8'))));
  });

  it("carry the approver console's bundled script and style sheet beside the meta bundle, and serve them from there", () => {
    const dir = metaBundleDir();
    const script = fs.readFileSync(path.join(dir, CONSOLE_SCRIPT.deployedAs), 'utf8');
    expect(script).not.toMatch(/^import |\bexport /m); // an IIFE for the browser, not the TypeScript module
    expect(script).toContain('PENDING_AUTHORIZATION');
    expect(
      fs
        .readFileSync(path.join(dir, CONSOLE_STYLE.deployedAs))
        .equals(fs.readFileSync(path.join(REPO_ROOT, CONSOLE_STYLE.source))),
    ).toBe(true);
    // No node_modules above the bundle: esbuild cannot be reached, so the script served is the one built beside it.
    const out = served(dir, ['/console', '/console/console.js', '/console/console.css'], ANSWER_HEADERS_AND_LENGTH);
    expect(out).toEqual([
      expect.objectContaining({
        status: 200,
        type: expect.stringContaining('text/html'),
        csp: expect.stringContaining("script-src 'self'"),
      }),
      expect.objectContaining({
        status: 200,
        type: expect.stringContaining('javascript'),
        length: Buffer.byteLength(script),
      }),
      expect.objectContaining({ status: 200, type: expect.stringContaining('text/css') }),
    ]);
  });

  it('load in Node and export a handler function', () => {
    for (const dir of fs.readdirSync(outdir).filter((d) => d.startsWith('asset.'))) {
      const file = path.join(outdir, dir, 'index.mjs');
      const out = execFileSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `const m = await import(${JSON.stringify(file)}); console.log(typeof m.handler);`,
        ],
        {
          env: { PATH: process.env.PATH ?? '', CUSTODY_LOG_LEVEL: 'SILENT' },
        },
      );
      expect(out.toString().trim(), dir).toBe('function');
    }
  });

  it('are split: the lazy chunks sit under chunks/ beside index.mjs, each with its source map and banner, and each loads', () => {
    for (const dir of fs
      .readdirSync(outdir)
      .filter((d) => d.startsWith('asset.') && fs.existsSync(path.join(outdir, d, 'index.mjs')))) {
      const chunks = fs.readdirSync(path.join(outdir, dir, 'chunks')).filter((f) => f.endsWith('.mjs'));
      expect(chunks.length, dir).toBeGreaterThan(0); // the SDK's own lazy modules at least
      for (const chunk of chunks) {
        const file = path.join(outdir, dir, 'chunks', chunk);
        expect(fs.readFileSync(file, 'utf8').startsWith(BUNDLE_OPTIONS.banner), chunk).toBe(true);
        expect(fs.existsSync(`${file}.map`), chunk).toBe(true);
      }
      const files = chunks.map((c) => path.join(outdir, dir, 'chunks', c));
      const out = execFileSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `for (const f of ${JSON.stringify(files)}) await import(f); console.log('loaded');`,
        ],
        {
          env: { PATH: process.env.PATH ?? '', CUSTODY_LOG_LEVEL: 'SILENT' },
        },
      );
      expect(out.toString().trim(), dir).toBe('loaded');
    }
  });
});
