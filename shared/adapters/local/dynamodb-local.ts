import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * Runs DynamoDB Local (the real engine, shipped as a jar in the npm package `amplify-dynamodb-simulator`) with java.
 * Used by `npm start` and by the test setup.
 */
export type DynamoDbLocal = { endpoint: string; port: number; stop: () => Promise<void>; process: ChildProcess };

export class StartupError extends Error {}

/** Java 17+ is required; a missing or old java is one clear line. */
export function checkJava(): void {
  const res = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (res.error)
    throw new StartupError(
      'Java not found: DynamoDB Local needs Java 17 or newer (e.g. `apt-get install openjdk-17-jre-headless`).',
    );
  const v = /version "(\d+)(?:\.(\d+))?/.exec(`${res.stderr}${res.stdout}`);
  if (!v) throw new StartupError('Could not read the Java version: DynamoDB Local needs Java 17 or newer.');
  const major = Number(v[1]) === 1 ? Number(v[2]) : Number(v[1]);
  if (major < 17)
    throw new StartupError(
      `Java ${major} found: DynamoDB Local needs Java 17 or newer (e.g. \`apt-get install openjdk-17-jre-headless\`).`,
    );
}

export function jarDirectory(): string {
  const require = createRequire(import.meta.url);
  const pkg = require.resolve('amplify-dynamodb-simulator/package.json');
  const dir = path.join(path.dirname(pkg), 'emulator');
  if (!existsSync(path.join(dir, 'DynamoDBLocal.jar')))
    throw new StartupError(`DynamoDBLocal.jar not found in ${dir}: run npm install.`);
  return dir;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export async function portInUse(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Java runs in its own process group (so a Ctrl-C reaches only node, which stops it in order), so it would outlive a
 * node killed with SIGKILL. The watchdog is a tiny shell reading a pipe from node: when node dies, however it dies,
 * the pipe closes and the shell kills java. On a normal stop node disarms it first.
 */
function startWatchdog(javaPid: number): { disarm: () => void } {
  const dog = spawn('/bin/sh', ['-c', 'while read -r _; do :; done; kill -9 "$0" 2>/dev/null', String(javaPid)], {
    stdio: ['pipe', 'ignore', 'ignore'],
    detached: true,
  });
  dog.on('error', () => undefined); // no shell: no watchdog; the exit handler still covers a normal exit
  dog.unref();
  (dog.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  return {
    disarm: () => {
      if (dog.exitCode === null && dog.signalCode === null) dog.kill('SIGKILL');
      dog.stdin?.destroy();
    },
  };
}

/** How long DynamoDB Local may take to open its port. */
const STARTUP_SECONDS = 120;

/** Starts DynamoDB Local and waits until it accepts connections. `dataDir` keeps data across restarts. */
export async function startDynamoDbLocal(
  opts: { port?: number; dataDir?: string; inMemory?: boolean } = {},
): Promise<DynamoDbLocal> {
  checkJava();
  const dir = jarDirectory();
  const port = opts.port ?? (await freePort());
  if (await portInUse(port)) throw new StartupError(`port ${port} for DynamoDB Local is already in use`);
  const args = [
    `-Djava.library.path=${path.join(dir, 'DynamoDBLocal_lib')}`,
    '-Xmx512m',
    // A small engine beside the service on few cores: the serial collector and the first JIT tier only. G1's concurrent
    // threads and C2's compilations took a quarter of its CPU in `npm run bench` (hot-wallets, docs/benchmarks.md).
    '-XX:+UseSerialGC',
    '-XX:TieredStopAtLevel=1',
    '-jar',
    path.join(dir, 'DynamoDBLocal.jar'),
    '-port',
    String(port),
    '-disableTelemetry',
  ];
  if (opts.inMemory || !opts.dataDir) args.push('-inMemory');
  else {
    mkdirSync(opts.dataDir, { recursive: true });
    args.push('-dbPath', opts.dataDir);
  }
  args.push('-sharedDb');
  // Its own process group: a Ctrl-C in the terminal reaches only node, which stops java after its in-flight work.
  const child = spawn('java', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const watchdog = child.pid === undefined ? undefined : startWatchdog(child.pid);
  child.once('exit', () => watchdog?.disarm());
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // Java starts in a few seconds on an idle machine; a loaded 2-core machine has taken over 30 s.
  const deadline = Date.now() + STARTUP_SECONDS * 1000;
  while (!(await portInUse(port))) {
    if (child.exitCode !== null)
      throw new StartupError(`DynamoDB Local exited (${child.exitCode}): ${output.trim().split('\n').pop()}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new StartupError(`DynamoDB Local did not start within ${STARTUP_SECONDS} s`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    process: child,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
