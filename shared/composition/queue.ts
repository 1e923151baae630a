import type { Config } from '../config.js';
import type { QueuePort } from '../ports/queue.js';
import { sqsQueue } from './sqs-queue.js';

/**
 * The queue port on SQS, loaded with the function: the stream router, which sends on nearly every invocation. The
 * functions that send nothing (the transaction worker, the chain poller, the deposit scanner) do not declare it, and
 * their bundles hold no SQS client (the queue that triggers a worker needs none: Lambda receives for it).
 */
export const queue = (d: { config: Config }): QueuePort => sqsQueue(d.config);
