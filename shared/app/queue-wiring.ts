import { sqsQueue } from '../composition/sqs-queue.js';
import { provideQueue } from './worker-services.js';

/**
 * Imported (for its effect) by the stream router's entry, which sends on nearly every invocation: the queue port on
 * SQS, loaded with the function. The webhook worker, which sends only to retry, takes `queue-wiring-lazy.ts`. Keeps
 * the SQS client out of the bundles of the background functions that send nothing (the transaction worker, the chain
 * poller, the deposit scanner: `workerServices()` in worker-services.ts).
 */
provideQueue(sqsQueue);
