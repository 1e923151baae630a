import { afterAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../shared/adapters/local/dynamodb-local.js';

/** `npm start` (= `tsx bin/local.ts`) as a child process: its one-line failures, and a clean Ctrl-C. */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const dir = mkdtempSync(path.join(tmpdir(), 'custody-cli-'));

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, CUSTODY_LOG_LEVEL: 'SILENT', ...extra };
  delete env.CUSTODY_DYNAMODB_ENDPOINT; // the test run's store: the local stack starts its own
  delete env.CUSTODY_TABLE_NAME;
  delete env.PORT;
  return env;
}

type Run = { child: ChildProcess; stdout: () => string; stderr: () => string; exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }> };

function start(args: string[], env = childEnv()): Run {
  const child = spawn(process.execPath, [TSX, 'bin/local.ts', '--data-dir', dir, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (err += d));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { child, stdout: () => out, stderr: () => err, exit };
}

/** The lines our runner wrote to stderr (without the AWS SDK's Node version notice and npm's warnings). */
const errorLines = (s: string) => s.split('\n').filter((l) => l.startsWith('error:'));

async function waitFor(run: Run, pattern: RegExp, ms: number): Promise<RegExpMatchArray> {
  const deadline = Date.now() + ms;
  for (;;) {
    const m = pattern.exec(run.stdout());
    if (m) return m;
    if (run.child.exitCode !== null) throw new Error(`exited ${run.child.exitCode}: ${run.stderr()}`);
    if (Date.now() > deadline) throw new Error(`no ${pattern} within ${ms} ms:\n${run.stdout()}\n${run.stderr()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('npm start', () => {
  it('stops with one line naming a bad setting, exit code 1, before starting java', async () => {
    const run = start(['--in-memory'], childEnv({ CUSTODY_CHAIN_ID: 'abc' }));
    expect((await run.exit).code).toBe(1);
    const lines = errorLines(run.stderr());
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('CUSTODY_CHAIN_ID');
    expect(run.stdout()).not.toContain('store:');
  });

  it('stops with one line when java is missing', async () => {
    const run = start(['--in-memory'], childEnv({ PATH: path.join(dir, 'no-such-bin') }));
    expect((await run.exit).code).toBe(1);
    expect(errorLines(run.stderr())).toEqual([expect.stringMatching(/^error: Java not found: DynamoDB Local needs Java 17/)]);
  });

  it('stops with one line when the port is taken', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as net.AddressInfo).port;
    try {
      const run = start(['--in-memory', '--port', String(port)]);
      expect((await run.exit).code).toBe(1);
      expect(errorLines(run.stderr())).toEqual([`error: port ${port} is already in use: stop whatever listens there or choose another port (--port or PORT)`]);
    } finally {
      taken.close();
    }
  });

  it('starts, serves, and on SIGINT stops everything and exits 0 leaving no java process', async () => {
    const port = await freePort();
    const run = start(['--in-memory', '--port', String(port)]);
    let javaPid = '';
    try {
      [, javaPid = ''] = await waitFor(run, /java pid (\d+)/, 40_000);
      const [, url] = await waitFor(run, /^ready: (http:\S+)$/m, 40_000);
      expect(url).toBe(`http://localhost:${port}`);
      expect(run.stdout()).toContain(`${url}/v1/health/ready`);
      expect(run.stdout()).toContain(`${url}/docs`);
      expect(run.stdout()).toContain(`${url}/v1/openapi.json`);
      const live = await fetch(`http://127.0.0.1:${port}/v1/health/live`);
      expect(live.status).toBe(200);
      expect(alive(Number(javaPid))).toBe(true);
      run.child.kill('SIGINT');
      expect(await run.exit).toEqual({ code: 0, signal: null });
      expect(alive(Number(javaPid))).toBe(false);
      expect(existsSync(path.join(dir, 'operator.json'))).toBe(false); // in memory: nothing written
    } finally {
      if (run.child.exitCode === null) run.child.kill('SIGKILL');
      if (javaPid && alive(Number(javaPid))) process.kill(Number(javaPid), 'SIGKILL');
    }
  }, 60_000);
});
