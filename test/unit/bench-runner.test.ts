import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadFlows, runFlows, writeFigures } from '../../bench/runner.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** A bench folder with tiny fake flows: their figures say whether they were asked for a quick run. */
function fakeBenchDir(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-runner-'));
  dirs.push(dir);
  for (const [name, source] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), source);
  return dir;
}

const flow = (figures: string) => `export async function run(opts: { quick: boolean }) { return ${figures}; }\n`;

describe('bench runner', () => {
  it('runs every flow that exports run, merges their figures and writes them as one JSON object', async () => {
    const dir = fakeBenchDir({
      'alpha.ts': flow('{ alpha_per_s: opts.quick ? 1 : 100, alpha_vs_bare: 0.5 }'),
      'beta.ts': flow('{ beta_p99_ms: 12.5 }'),
      'helpers.ts': 'export const notAFlow = 1;\n',
      'runner.ts': 'throw new Error("the runner is not a flow");\n',
    });
    const flows = await loadFlows(dir);
    expect(flows.map((f) => f.name)).toEqual(['alpha', 'beta']);
    const lines: string[] = [];
    const figures = await runFlows(flows, { quick: true, log: (l) => lines.push(l) });
    expect(figures).toEqual({ alpha_per_s: 1, alpha_vs_bare: 0.5, beta_p99_ms: 12.5 });
    expect(lines.join('\n')).toMatch(/== alpha \(quick\)[\s\S]*alpha_vs_bare\s+0\.500[\s\S]*== beta/);

    const file = path.join(dir, 'out.json');
    writeFigures(file, { ...figures, ...(await runFlows(flows.slice(0, 1), { quick: false, log: () => undefined })) });
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({
      alpha_per_s: 100,
      alpha_vs_bare: 0.5,
      beta_p99_ms: 12.5,
    });
  });

  it('refuses two flows reporting the same figure, and a figure that is not a finite number', async () => {
    const twice = await loadFlows(fakeBenchDir({ 'a.ts': flow('{ shared: 1 }'), 'b.ts': flow('{ shared: 2 }') }));
    await expect(runFlows(twice, { quick: true, log: () => undefined })).rejects.toThrow(
      /b: figure shared is also reported by a/,
    );
    const nan = await loadFlows(fakeBenchDir({ 'a.ts': flow('{ ratio: 0 / 0 }') }));
    await expect(runFlows(nan, { quick: true, log: () => undefined })).rejects.toThrow(/ratio is not a finite number/);
  });
});
