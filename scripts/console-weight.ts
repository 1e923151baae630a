import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { buildConsoleScript, consolePage, CONSOLE_STYLE } from '../shared/http/console-page.js';

/**
 * The approver console's weight as the browser receives it: the page, its script (console/main.ts bundled and
 * minified exactly as served) and its style sheet, raw and gzip. The target is under 150 KB of script, gzip;
 * test/unit/console-weight.test.ts holds the bound.
 *
 * Usage: npm run console:weight
 */
export const SCRIPT_GZIP_LIMIT = 150 * 1024;
const ROOT = fileURLToPath(new URL('..', import.meta.url));

export type Weight = { name: string; raw: number; gzip: number };

export async function consoleWeight(): Promise<Weight[]> {
  const measure = (name: string, body: string): Weight => ({
    name,
    raw: Buffer.byteLength(body),
    gzip: gzipSync(body, { level: 9 }).length,
  });
  return [
    measure('page (/console)', consolePage().body),
    measure('script (/console/console.js)', await buildConsoleScript(ROOT)),
    measure('style (/console/console.css)', fs.readFileSync(path.join(ROOT, CONSOLE_STYLE.source), 'utf8')),
  ];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const rows = await consoleWeight();
  const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  for (const r of rows)
    console.log(`${r.name.padEnd(30)} ${kib(r.raw).padStart(10)} raw ${kib(r.gzip).padStart(10)} gzip`);
  const total = rows.reduce((a, r) => ({ raw: a.raw + r.raw, gzip: a.gzip + r.gzip }), { raw: 0, gzip: 0 });
  console.log(
    `${'total'.padEnd(30)} ${kib(total.raw).padStart(10)} raw ${kib(total.gzip).padStart(10)} gzip (script target: under ${kib(SCRIPT_GZIP_LIMIT)} gzip)`,
  );
}
