/**
 * `npm run bench`: runs every benchmark flow of this folder in one process, one after the other, prints each flow's
 * figures and writes them, merged into one JSON object, with `--json FILE`.
 *
 *   npm run bench                          # every flow, full length
 *   npm run bench -- --quick               # every flow, short (a smoke run; the figures are rough)
 *   npm run bench -- --json bench.json     # also write the merged figures
 *   npm run bench -- --only submit-transfers,audit
 *
 * A flow is a file `bench/<flow>.ts` exporting `run(opts: { quick: boolean }): Promise<Record<string, number>>`
 * (snake_case keys, numbers; ratios measured within the flow's own run). Files that export no `run` are skipped.
 * Two flows reporting the same key is an error: the merged object must say which flow measured what.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { isMain } from './support/is-main.js';

export type Figures = Record<string, number>;
export type Flow = { name: string; run: (opts: { quick: boolean }) => Promise<Figures> };

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const NOT_FLOWS = new Set(['runner']);

/** The flows of `dir`: every `<flow>.ts` (not this runner) whose module exports a `run` function, by name. */
export async function loadFlows(dir: string = BENCH_DIR): Promise<Flow[]> {
  const flows: Flow[] = [];
  for (const file of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
    .sort()) {
    const name = file.replace(/\.ts$/, '');
    if (NOT_FLOWS.has(name)) continue;
    const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as { run?: unknown };
    if (typeof mod.run === 'function') flows.push({ name, run: mod.run as Flow['run'] });
  }
  return flows;
}

/**
 * Runs the flows in order and merges their figures. A figure that is not a finite number, or a key that two flows
 * report, fails the run (a script checks these figures; a silent NaN or overwrite would mislead it).
 */
export async function runFlows(
  flows: Flow[],
  opts: { quick: boolean; log?: (line: string) => void },
): Promise<Figures> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const merged: Figures = {};
  const from: Record<string, string> = {};
  for (const flow of flows) {
    log(`\n== ${flow.name}${opts.quick ? ' (quick)' : ''}`);
    const figures = await flow.run({ quick: opts.quick });
    for (const [key, value] of Object.entries(figures)) {
      if (typeof value !== 'number' || !Number.isFinite(value))
        throw new Error(`${flow.name}: figure ${key} is not a finite number (${String(value)})`);
      if (key in merged) throw new Error(`${flow.name}: figure ${key} is also reported by ${from[key]}`);
      merged[key] = value;
      from[key] = flow.name;
    }
    const width = Math.max(0, ...Object.keys(figures).map((k) => k.length));
    for (const [key, value] of Object.entries(figures)) log(`  ${key.padEnd(width)}  ${formatFigure(value)}`);
  }
  return merged;
}

const formatFigure = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(Math.abs(n) >= 100 ? 1 : 3));

/** Writes the merged figures as one JSON object (keys sorted, so two runs diff cleanly). */
export function writeFigures(file: string, figures: Figures): void {
  const sorted = Object.fromEntries(Object.entries(figures).sort(([a], [b]) => a.localeCompare(b)));
  fs.writeFileSync(file, `${JSON.stringify(sorted, null, 2)}\n`);
}

async function main() {
  const { values } = parseArgs({
    options: { quick: { type: 'boolean', default: false }, json: { type: 'string' }, only: { type: 'string' } },
  });
  let flows = await loadFlows();
  if (values.only) {
    const wanted = new Set(values.only.split(',').map((s) => s.trim()));
    const unknown = [...wanted].filter((w) => !flows.some((f) => f.name === w));
    if (unknown.length)
      throw new Error(`no flow named ${unknown.join(', ')} (flows: ${flows.map((f) => f.name).join(', ')})`);
    flows = flows.filter((f) => wanted.has(f.name));
  }
  console.log(`flows: ${flows.map((f) => f.name).join(', ')}`);
  const figures = await runFlows(flows, { quick: values.quick });
  if (values.json) {
    writeFigures(values.json, figures);
    console.log(`\nwrote ${Object.keys(figures).length} figures to ${values.json}`);
  }
}

if (isMain(import.meta.url)) {
  main().then(
    () => process.exit(0), // flows may leave handles open (servers, DynamoDB Local children): the run is over
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
