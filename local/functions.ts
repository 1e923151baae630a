import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Context, ScheduledEvent } from 'aws-lambda';
import type { FunctionEntry } from '../shared/composition/deps.js';
import { handlerWith } from '../functions/index.js';

/**
 * Loading the background functions of shared/background/manifest.ts for the local stack, and the events it passes
 * them. A function whose module does not exist yet is simply not wired: its queue keeps its messages, its schedule
 * does not fire.
 */
export type ScheduledHandler = (event: ScheduledEvent, context: Context) => Promise<unknown>;

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The handler of a module of the repository, built from its entry's ports with the ports `given` (the stack's store,
 * clock, queues...: shared/composition/deps.ts), or answers undefined when the module does not exist.
 */
export async function loadHandler<T>(modulePath: string, given: Record<string, unknown> = {}): Promise<T | undefined> {
  const abs = path.resolve(REPO_ROOT, modulePath);
  if (!existsSync(abs)) return undefined;
  const mod = (await import(pathToFileURL(abs).href)) as { handler?: unknown } & Partial<FunctionEntry>;
  const handler = handlerWith(mod, given);
  if (typeof handler !== 'function') throw new Error(`${modulePath} does not export a handler function`);
  return handler as T;
}

export function scheduledEvent(name: string, region: string, now: Date): ScheduledEvent {
  return {
    version: '0',
    id: `local-${name}-${now.getTime()}`,
    'detail-type': 'Scheduled Event',
    source: 'aws.events',
    account: '000000000000',
    time: now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    region,
    resources: [`arn:aws:events:${region}:000000000000:rule/custody-${name}`],
    detail: {},
  };
}
