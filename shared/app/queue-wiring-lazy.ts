import { loadOnce } from '../domain/load-once.js';
import { provideQueue } from './worker-services.js';

/**
 * Imported (for its effect) by `shared/app/webhook-services.ts` (the webhook worker): the queue port on SQS, its client
 * in a lazy chunk loaded by the first send. The worker makes each delivery's first attempt inline, so it sends only a
 * retry (a failed attempt's next one, up to 15 minutes later) or a first attempt it could not make; a delivery that
 * succeeds first time never loads the SQS client (about 26 KB less at the cold start). A failed load is not kept.
 */
provideQueue((cfg) => {
  const queue = loadOnce(() => import('../composition/sqs-queue.js').then((m) => m.sqsQueue(cfg)));
  return { send: async (name, messages) => (await queue()).send(name, messages) };
});
