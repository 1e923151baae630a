import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Context, ScheduledEvent } from 'aws-lambda';
import type { Config } from '../../config.js';
import type { QueueName } from '../../ports/queue.js';
import type { SqsWorker } from './local-queues.js';

/**
 * Which background function the local stack runs for each queue and each schedule, like the event source mappings
 * and EventBridge rules of the AWS stack. A function whose module does not exist yet is simply not wired: its queue
 * keeps its messages, its schedule does not fire.
 */
export type ScheduledHandler = (event: ScheduledEvent, context: Context) => Promise<unknown>;

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const LOCAL_WORKERS: Record<QueueName, { name: string; module: string }> = {
  transactions: { name: 'transaction-worker', module: 'functions/transaction-worker/handler.ts' },
  webhooks: { name: 'webhook-worker', module: 'functions/webhook-worker/handler.ts' },
};

export const LOCAL_SCHEDULES: { name: string; module: string; everySeconds: (cfg: Config) => number }[] = [
  { name: 'chain-poller', module: 'functions/chain-poller/handler.ts', everySeconds: (cfg) => cfg.CUSTODY_POLL_INTERVAL_SECONDS },
];

/** Imports `handler` from a module of the repository, or answers undefined when the module does not exist. */
export async function loadHandler<T>(modulePath: string): Promise<T | undefined> {
  const abs = path.resolve(REPO_ROOT, modulePath);
  if (!existsSync(abs)) return undefined;
  const mod = (await import(pathToFileURL(abs).href)) as { handler?: unknown };
  if (typeof mod.handler !== 'function') throw new Error(`${modulePath} does not export a handler function`);
  return mod.handler as T;
}

export async function loadWorker(queue: QueueName): Promise<SqsWorker | undefined> {
  return loadHandler<SqsWorker>(LOCAL_WORKERS[queue].module);
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
