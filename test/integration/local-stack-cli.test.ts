import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../shared/adapters/local/dynamodb-local.js';
import {
  alive,
  stackEnv,
  startStackProcess,
  waitForOutput,
  type StackProcess as Run,
} from '../support/stack-process.js';

/** `npm start` as a child process: its one-line failures, and a clean Ctrl-C. */
const dir = mkdtempSync(path.join(tmpdir(), 'custody-cli-'));

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const childEnv = stackEnv;
const start = (args: string[], env = childEnv(), dataDir = dir): Run => startStackProcess(dataDir, args, env);
const waitFor = waitForOutput;

/** The lines our runner wrote to stderr (without the AWS SDK's Node version notice and npm's warnings). */
const errorLines = (s: string) => s.split('\n').filter((l) => l.startsWith('error:'));

describe('npm start', () => {
  it('stops with one line naming a bad setting, exit code 1, before starting java', async () => {
    const run = start(['--in-memory', '--port', '0'], childEnv({ CUSTODY_CHAIN_ID: 'abc' }));
    expect((await run.exit).code).toBe(1);
    const lines = errorLines(run.stderr());
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('CUSTODY_CHAIN_ID');
    expect(run.stdout()).not.toContain('store:');
  });

  it('stops with one line when java is missing', async () => {
    // Port 0: no test depends on a fixed port being free (a stack started by hand may hold 3000).
    const run = start(['--in-memory', '--port', '0'], childEnv({ PATH: path.join(dir, 'no-such-bin') }));
    expect((await run.exit).code).toBe(1);
    expect(errorLines(run.stderr())).toEqual([
      expect.stringMatching(/^error: Java not found: DynamoDB Local needs Java 17/),
    ]);
  });

  it('stops with one line when the port is taken', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as net.AddressInfo).port;
    try {
      const run = start(['--in-memory', '--port', String(port)]);
      expect((await run.exit).code).toBe(1);
      expect(errorLines(run.stderr())).toEqual([
        `error: port ${port} is already in use: stop whatever listens there or choose another port (--port or PORT)`,
      ]);
    } finally {
      taken.close();
    }
  });

  it('starts, serves, writes the operator file to a temporary folder, and on SIGINT (twice) stops everything and exits 0 leaving no java process', async () => {
    const port = await freePort();
    const run = start(['--in-memory', '--port', String(port)]);
    let javaPid = '';
    try {
      [, javaPid = ''] = await waitFor(run, /java pid (\d+)/, 150_000);
      const [, url] = await waitFor(run, /^ready: (http:\S+)$/m, 60_000);
      await waitFor(run, /^Ctrl-C stops it\.$/m, 5_000); // the banner's last line (stdout may arrive in pieces)
      expect(url).toBe(`http://localhost:${port}`);
      expect(run.stdout()).toContain(`${url}/v1/health/ready`);
      expect(run.stdout()).toContain(`${url}/docs`);
      expect(run.stdout()).toContain(`${url}/v1/openapi.json`);
      const [, opFile = ''] = /^ {2}operator: (\S+operator\.json) /m.exec(run.stdout()) ?? [];
      expect(opFile.startsWith(tmpdir())).toBe(true);
      expect(JSON.parse(readFileSync(opFile, 'utf8'))).toMatchObject({
        base_url: url,
        key_id: expect.any(String),
        secret: expect.any(String),
      });
      const stackFile = JSON.parse(readFileSync(path.join(path.dirname(opFile), 'stack.json'), 'utf8'));
      expect(stackFile).toEqual({
        base_url: url,
        chain_rpc_url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
        chain_id: 20803,
        signer_url: expect.stringMatching(/^http:/),
      });
      const live = await fetch(`http://127.0.0.1:${port}/v1/health/live`);
      expect(live.status).toBe(200);
      expect(alive(Number(javaPid))).toBe(true);
      // A process manager signalling the group: node sees the signal twice; the second must not force the stop.
      run.child.kill('SIGINT');
      run.child.kill('SIGINT');
      expect(await run.exit).toEqual({ code: 0, signal: null });
      expect(run.stderr()).not.toContain('forced stop');
      expect(alive(Number(javaPid))).toBe(false);
      expect(existsSync(opFile)).toBe(false); // the temporary folder goes with the stack
      expect(existsSync(path.join(dir, 'operator.json'))).toBe(false); // in memory: nothing written to the data folder
    } finally {
      if (run.child.exitCode === null) run.child.kill('SIGKILL');
      if (javaPid && alive(Number(javaPid))) process.kill(Number(javaPid), 'SIGKILL');
    }
  }, 240_000); // DynamoDB Local may take two minutes to start on a loaded machine

  it('locks its data folder: a second start on it refuses in one line naming the first; after kill -9 java dies too', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'custody-lock-'));
    const first = start(['--port', '0'], childEnv(), dataDir);
    let javaPid = 0;
    try {
      javaPid = Number((await waitFor(first, /java pid (\d+)/, 150_000))[1]);
      const [, url] = await waitFor(first, /^ready: (http:\S+)$/m, 60_000);
      await waitFor(first, /^Ctrl-C stops it\.$/m, 5_000);
      const port = new URL(url!).port;
      expect(JSON.parse(readFileSync(path.join(dataDir, 'stack.lock'), 'utf8'))).toEqual({
        pid: first.child.pid,
        port: Number(port),
      });
      expect(JSON.parse(readFileSync(path.join(dataDir, 'stack.json'), 'utf8'))).toMatchObject({
        base_url: url,
        chain_id: 20803,
      });

      const second = start(['--port', '0'], childEnv(), dataDir);
      expect((await second.exit).code).toBe(1);
      expect(errorLines(second.stderr())).toEqual([
        `error: ${dataDir} is in use by another local stack (pid ${first.child.pid} on http://localhost:${port}): stop it, or choose another --data-dir`,
      ]);
      expect(second.stdout()).not.toContain('store:');

      // kill -9: no graceful stop, no exit handler; the watchdog on node's pipe stops java.
      first.child.kill('SIGKILL');
      await first.exit;
      const deadline = Date.now() + 5_000;
      while (alive(javaPid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(alive(javaPid)).toBe(false);
    } finally {
      if (first.child.exitCode === null) first.child.kill('SIGKILL');
      if (javaPid && alive(javaPid)) process.kill(javaPid, 'SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 270_000);

  it('warns instead of saying ready when the chain node is unreachable, and shows an external signer (without credentials)', async () => {
    const dead = await freePort(); // nothing listens there
    const run = start(
      ['--in-memory', '--port', '0'],
      childEnv({
        CUSTODY_NODE_RPC_URL: `http://127.0.0.1:${dead}`,
        CUSTODY_SIGNER_URL: `http://user:pw@127.0.0.1:${dead}/signer`,
      }),
    );
    let javaPid = 0;
    try {
      javaPid = Number((await waitFor(run, /java pid (\d+)/, 150_000))[1]);
      const [line = ''] = await waitFor(run, /^warning: .*$/m, 60_000);
      expect(line).toMatch(
        /^warning: started, but not ready \(http:\/\/localhost:\d+\/v1\/health\/ready answers 503\): chain: no chain node answered/,
      );
      expect(run.stdout()).not.toMatch(/^ready:/m);
      await waitFor(run, /^Ctrl-C stops it\.$/m, 5_000);
      expect(run.stdout()).toContain(`  signer:   http://127.0.0.1:${dead} (CUSTODY_SIGNER_URL`);
      expect(run.stdout()).not.toContain('pw@');
      run.child.kill('SIGTERM');
      expect((await run.exit).code).toBe(0);
    } finally {
      if (run.child.exitCode === null) run.child.kill('SIGKILL');
      if (javaPid && alive(javaPid)) process.kill(javaPid, 'SIGKILL');
    }
  }, 240_000);
});
