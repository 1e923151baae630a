import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { createCustodyClient, readKeyFile, type CustodyClient, type KeyFile } from '../typescript/src/index.js';
import type { Io } from './output.js';

/**
 * Which credential a command uses: `--key-file`, else `CUSTODY_KEY_FILE`, else the key file `custody login` chose
 * (its path is kept in `<config>/custody/session.json`, never the secret). Key files have the shape of the local
 * stack's `.local/operator.json`: `{"base_url","key_id","secret"}`.
 */
export class UsageError extends Error {}

export function configDir(env: Io['env']): string {
  return path.join(env.XDG_CONFIG_HOME || path.join(env.HOME || homedir(), '.config'), 'custody');
}

const sessionFile = (env: Io['env']) => path.join(configDir(env), 'session.json');

export function saveSession(env: Io['env'], keyFile: string): string {
  const file = sessionFile(env);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify({ key_file: path.resolve(keyFile) })}\n`, { mode: 0o600 });
  return file;
}

export function clearSession(env: Io['env']): boolean {
  const file = sessionFile(env);
  if (!existsSync(file)) return false;
  rmSync(file);
  return true;
}

export function keyFilePath(env: Io['env'], flag: string | undefined): string {
  if (flag) return flag;
  if (env.CUSTODY_KEY_FILE) return env.CUSTODY_KEY_FILE;
  const file = sessionFile(env);
  if (!existsSync(file))
    throw new UsageError(
      'not signed in: run `custody login <key-file>` (the local stack writes .local/operator.json), or pass --key-file',
    );
  return (JSON.parse(readFileSync(file, 'utf8')) as { key_file: string }).key_file;
}

export function loadKey(env: Io['env'], flag: string | undefined): KeyFile & { file: string } {
  const file = keyFilePath(env, flag);
  if (!existsSync(file)) throw new UsageError(`key file ${file} does not exist`);
  return { ...readKeyFile(file), file };
}

/** Writes a new credential as a key file, readable by its owner only; refuses to overwrite one. */
export function writeKeyFile(file: string, key: KeyFile): void {
  writeFileSync(file, `${JSON.stringify(key, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
}

export function clientFor(key: KeyFile, baseUrl: string | undefined, io: Io): CustodyClient {
  return createCustodyClient({
    baseUrl: baseUrl ?? key.base_url,
    apiKey: `${key.key_id}:${key.secret}`,
    retry: {
      onRetry: ({ status, delayMs }) => io.err(`retrying after HTTP ${status} in ${(delayMs / 1000).toFixed(1)} s\n`),
    },
  });
}
