import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * `npm start` (= `tsx bin/local.ts`) as a child process, run as `node --import tsx` rather than the tsx CLI: one
 * process, whose pid is the stack's (the CLI runs node as a child), so a signal sent to it reaches the stack itself.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX_LOADER = pathToFileURL(path.join(ROOT, 'node_modules/tsx/dist/esm/index.mjs')).href;

export type StackProcess = {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

/** The environment of a child stack: quiet, and without the test run's own store settings. */
export function stackEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, CUSTODY_LOG_LEVEL: 'SILENT', ...extra };
  delete env.CUSTODY_DYNAMODB_ENDPOINT; // the test run's store: the local stack starts its own
  delete env.CUSTODY_TABLE_NAME;
  delete env.PORT;
  return env;
}

export function startStackProcess(dataDir: string, args: string[], env = stackEnv()): StackProcess {
  const child = spawn(process.execPath, ['--import', TSX_LOADER, 'bin/local.ts', '--data-dir', dataDir, ...args], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (err += d));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, stdout: () => out, stderr: () => err, exit };
}

/** The first match of `pattern` in the child's output, waiting up to `ms`; throws if the child exits first. */
export async function waitForOutput(run: StackProcess, pattern: RegExp, ms: number): Promise<RegExpMatchArray> {
  const deadline = Date.now() + ms;
  for (;;) {
    const m = pattern.exec(run.stdout());
    if (m) return m;
    if (run.child.exitCode !== null || run.child.signalCode !== null)
      throw new Error(`exited ${run.child.exitCode ?? run.child.signalCode}: ${run.stderr()}`);
    if (Date.now() > deadline) throw new Error(`no ${pattern} within ${ms} ms:\n${run.stdout()}\n${run.stderr()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Pids of the processes whose command line contains `text` (ps is on every Linux and macOS). */
export function processesMentioning(text: string): number[] {
  const lines = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' }).split('\n');
  return lines
    .filter((l) => l.includes(text))
    .map((l) => Number(l.trim().split(/\s+/, 1)[0]))
    .filter((pid) => pid !== process.pid);
}

/** Polls `check` until it answers a value other than undefined, up to `ms`; `what` names it in the error. */
export async function eventually<T>(what: string, ms: number, check: () => Promise<T | undefined> | T | undefined) {
  const deadline = Date.now() + ms;
  let last: unknown;
  for (;;) {
    try {
      const v = await check();
      if (v !== undefined) return v;
    } catch (e) {
      last = e;
    }
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms${last ? ` (${String(last)})` : ''}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
