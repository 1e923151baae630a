import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { StartupError } from '../../shared/adapters/local/dynamodb-local.js';

/**
 * One local stack per data folder: `<dataDir>/stack.lock` holds the pid and port of the stack that uses it. A second
 * start on the same folder refuses in one line naming the running one; a lock whose pid is gone (the stack was
 * killed) is stale and taken over.
 */
export type LockHolder = { pid: number; port: number | null };

export type DataDirLock = {
  file: string;
  /** Records the port once the server listens. */
  setPort: (port: number) => void;
  release: () => void;
};

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'; // exists, owned by someone else
  }
}

function readHolder(file: string): LockHolder | undefined {
  try {
    const v = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockHolder>;
    return typeof v.pid === 'number' ? { pid: v.pid, port: typeof v.port === 'number' ? v.port : null } : undefined;
  } catch {
    return undefined; // being written, or not ours: treated as stale below only when unreadable twice
  }
}

export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'stack.lock');
  const mine = (port: number | null) => JSON.stringify({ pid: process.pid, port } satisfies LockHolder);
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, mine(null));
      closeSync(fd);
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 2) throw e;
      const holder = readHolder(file);
      if (holder && holder.pid !== process.pid && alive(holder.pid)) {
        const where = holder.port ? ` on http://localhost:${holder.port}` : '';
        throw new StartupError(
          `${dataDir} is in use by another local stack (pid ${holder.pid}${where}): stop it, or choose another --data-dir`,
        );
      }
      rmSync(file, { force: true }); // stale: its stack is gone
    }
  }
  const release = () => {
    if (readHolder(file)?.pid === process.pid) rmSync(file, { force: true });
    process.off('exit', release);
  };
  process.on('exit', release); // also when node exits without stopping the stack
  return { file, setPort: (port) => writeFileSync(file, mine(port), { mode: 0o600 }), release };
}
