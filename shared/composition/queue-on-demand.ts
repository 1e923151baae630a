import type { Config } from '../config.js';
import type { QueuePort } from '../ports/queue.js';
import { loadOnce } from '../domain/load-once.js';

/**
 * The queue port on SQS, its client a lazy chunk loaded by the first send: the webhook worker, which makes each
 * delivery's first attempt inline and sends only a retry (or a first attempt it could not make), so a delivery that
 * succeeds first time never loads the SQS client (about 26 KB less at the cold start). A failed load is not kept.
 */
export const queueOnDemand = (d: { config: Config }): QueuePort => {
  const get = loadOnce(() => import('./sqs-queue.js').then((m) => m.sqsQueue(d.config)));
  return { send: async (name, messages) => (await get()).send(name, messages) };
};
