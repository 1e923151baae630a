import { SQSClient } from '@aws-sdk/client-sqs';
import { config } from '../config.js';
import { SqsQueue } from '../adapters/sqs/sqs-queue.js';
import type { QueuePort } from '../ports/queue.js';
import type { ScreeningPort } from '../ports/screening.js';
import type { Store } from '../ports/store.js';
import type { Config } from '../config.js';
import { BuiltinScreening } from '../domain/screening/builtin-screening.js';
import { HttpScreening } from '../adapters/screening/http-screening.js';
import { services, type Services } from './services.js';
import { QUEUE_URL_SETTINGS } from '../background/manifest.js';

/**
 * Services of the background functions: the API services plus the queue. On AWS the queue is SQS; the local stack
 * replaces it with its in-process queues through `overrideWorkerServices`.
 */
export type WorkerServices = Services & { queue: QueuePort; screening: ScreeningPort | null };

/** The screening provider chosen by `CUSTODY_SCREENING_PROVIDER` (none, the built-in lists, or an HTTP service). */
export function makeScreening(cfg: Config, store: Store): ScreeningPort | null {
  const list = (s: string) => s.split(',').map((a) => a.trim()).filter(Boolean);
  switch (cfg.CUSTODY_SCREENING_PROVIDER) {
    case 'none':
      return null;
    case 'builtin':
      return new BuiltinScreening(store, { blocked: list(cfg.CUSTODY_SCREENING_BLOCKLIST), flagged: list(cfg.CUSTODY_SCREENING_FLAGLIST) });
    case 'http':
      if (!cfg.CUSTODY_SCREENING_URL) throw new Error('CUSTODY_SCREENING_URL is required when CUSTODY_SCREENING_PROVIDER=http');
      return new HttpScreening(cfg.CUSTODY_SCREENING_URL, cfg.CUSTODY_SCREENING_TIMEOUT_MS);
  }
}

let current: WorkerServices | undefined;

export function workerServices(): WorkerServices {
  if (!current) {
    const cfg = config();
    const base = services();
    current = {
      ...base,
      screening: makeScreening(cfg, base.store),
      queue: new SqsQueue(new SQSClient({ region: cfg.CUSTODY_REGION }), { transactions: cfg[QUEUE_URL_SETTINGS.transactions], webhooks: cfg[QUEUE_URL_SETTINGS.webhooks] }),
    };
  }
  return current;
}

export function overrideWorkerServices(partial: Partial<WorkerServices>): WorkerServices {
  current = { ...workerServices(), ...services(), ...partial };
  return current;
}
