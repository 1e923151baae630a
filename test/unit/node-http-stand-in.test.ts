import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTRY_FILE, functionBuildOptions, REPO_ROOT } from '../../lib/function-bundle.js';

/*
 * The bundles' stand-ins for node:http, node:dns and node:zlib (lib/bundling/node-http.ts, node-dns.ts,
 * node-zlib.ts, wired in lib/function-bundle.ts), on a real build of the SSRF-safe outbound client (our code and
 * request-filtering-agent both import node:http and node:dns) sending a request to a local receiver, in a fresh Node
 * process: the request goes out through the filtering agent and answers, its body through zlib and back, a lookup
 * answers, and neither importing the bundle nor sending loads undici (which an ES import of node:http does on
 * Node 24) or DNS promises (which an ES import of node:dns does).
 */
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'node-http-'));
const receiver = http.createServer((req, res) => {
  req.resume();
  res.end(`got ${req.method} ${req.url}`);
});
let url: string;

beforeAll(async () => {
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(() => {
  receiver.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const ENTRY = `import { OutboundClient } from './shared/adapters/http/outbound-client.ts';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import dns from 'node:dns';
export async function handler(url) {
  const looked = await new Promise((resolve, reject) => dns.lookup('127.0.0.1', (e, address) => (e ? reject(e) : resolve(address))));
  const client = new OutboundClient({ allowPrivateNetworks: true });
  const res = await client.request({ method: 'POST', url, body: inflateRawSync(deflateRawSync('x')).toString() });
  client.close();
  return { status: res.status, body: res.body.toString(), looked };
}
`;

describe("the bundles' node:http, node:dns and node:zlib", () => {
  it('are the real modules, reached without their ES facades (no undici, no DNS promises): the outbound client sends through them', async () => {
    const outdir = path.join(tmp, 'out');
    const result = await build({
      ...functionBuildOptions('(stdin)', outdir),
      entryPoints: undefined,
      stdin: { contents: ENTRY, resolveDir: REPO_ROOT, sourcefile: 'entry.ts', loader: 'ts' },
      entryNames: 'index',
    });
    const code = Object.keys(result.metafile.outputs)
      .filter((o) => o.endsWith('.mjs'))
      .map((o) => fs.readFileSync(path.join(REPO_ROOT, o), 'utf8'))
      .join('\n');
    for (const mod of ['http', 'dns', 'zlib'])
      expect(new RegExp(`from\\s*["'](node:)?${mod}["']`).test(code), `an ES import of node:${mod} in the bundle`).toBe(
        false,
      );
    const script = `const m = await import(${JSON.stringify(path.join(outdir, ENTRY_FILE))}); const r = await m.handler(${JSON.stringify(url)}); console.log(JSON.stringify({ ...r, undici: process.moduleLoadList.some((x) => x.includes('undici')), dnsPromises: process.moduleLoadList.some((x) => x.includes('dns/promises')) }));`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
      cwd: os.tmpdir(),
      env: { PATH: process.env.PATH ?? '', CUSTODY_LOG_LEVEL: 'SILENT' },
    });
    expect(JSON.parse(stdout.trim().split('\n').pop()!)).toEqual({
      status: 200,
      body: 'got POST /hook',
      looked: '127.0.0.1',
      undici: false,
      dnsPromises: false,
    });
  });
});
