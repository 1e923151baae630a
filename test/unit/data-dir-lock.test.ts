import { afterEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { lockDataDir } from '../../local/steps/lock.js';

/** One local stack per data folder (local/steps/lock.ts); the two-process case is in local-stack-cli.test.ts. */
const dirs: string[] = [];
const newDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'custody-lock-unit-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('data folder lock', () => {
  it('holds our pid and, once known, the port; release removes it', () => {
    const dir = newDir();
    const lock = lockDataDir(dir);
    expect(JSON.parse(readFileSync(lock.file, 'utf8'))).toEqual({ pid: process.pid, port: null });
    lock.setPort(4321);
    expect(JSON.parse(readFileSync(lock.file, 'utf8'))).toEqual({ pid: process.pid, port: 4321 });
    lock.release();
    expect(existsSync(lock.file)).toBe(false);
  });

  it('refuses a folder locked by a live process, naming its pid and URL', () => {
    const dir = newDir();
    writeFileSync(path.join(dir, 'stack.lock'), JSON.stringify({ pid: process.ppid, port: 3101 }));
    expect(() => lockDataDir(dir)).toThrow(
      `${dir} is in use by another local stack (pid ${process.ppid} on http://localhost:3101): stop it, or choose another --data-dir`,
    );
  });

  it('takes over a stale lock whose process is gone', () => {
    const dir = newDir();
    const gone = spawnSync(process.execPath, ['-e', 'process.pid']).pid!;
    writeFileSync(path.join(dir, 'stack.lock'), JSON.stringify({ pid: gone, port: 3000 }));
    const lock = lockDataDir(dir);
    expect(JSON.parse(readFileSync(lock.file, 'utf8'))).toEqual({ pid: process.pid, port: null });
    lock.release();
  });
});
