import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { QueueName } from '../shared/ports/queue.js';
import type { QueueSnapshot } from '../shared/adapters/local/in-process-queue.js';
import type { StreamCheckpoint } from '../shared/adapters/local/stream-reader.js';

/**
 * The files the local stack keeps beside DynamoDB Local's data (under `.local/` by default): the operator credential
 * of the first start, and the runner's own state (stream position and queue contents) so a restart neither re-routes
 * old changes nor loses queued work. Both are written atomically (temporary file, then rename).
 */
export type OperatorFile = { base_url: string; key_id: string; secret: string };

/** Stream position and queue contents captured at the same instant, so a restart after a crash stays at-least-once. */
export type LocalState = { version: 1; stream?: StreamCheckpoint; queues?: Partial<Record<QueueName, QueueSnapshot>> };

function writeAtomically(file: string, text: string, mode: number): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, text, { mode });
  chmodSync(tmp, mode);
  renameSync(tmp, file);
}

export function operatorFilePath(dataDir: string): string {
  return path.join(dataDir, 'operator.json');
}

export function writeOperatorFile(file: string, value: OperatorFile): void {
  writeAtomically(file, `${JSON.stringify(value, null, 2)}\n`, 0o600);
}

/** The saved operator credential, or undefined when the file is missing or not one. */
export function readOperatorFile(file: string): OperatorFile | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const v = JSON.parse(readFileSync(file, 'utf8')) as Partial<OperatorFile>;
    if (typeof v.key_id === 'string' && typeof v.secret === 'string')
      return { base_url: String(v.base_url ?? ''), key_id: v.key_id, secret: v.secret };
  } catch {
    /* unreadable: treated as missing */
  }
  return undefined;
}

export function stateFilePath(dataDir: string): string {
  return path.join(dataDir, 'local-state.json');
}

export function readStateFile(file: string): LocalState | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const v = JSON.parse(readFileSync(file, 'utf8')) as LocalState;
    return v.version === 1 ? v : undefined;
  } catch {
    return undefined;
  }
}

export function writeStateFile(file: string, state: LocalState): void {
  writeAtomically(file, JSON.stringify(state), 0o600);
}
