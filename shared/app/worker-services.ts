import { SQSClient } from '@aws-sdk/client-sqs';
import { config } from '../config.js';
import { SqsQueue } from '../adapters/sqs/sqs-queue.js';
import type { QueuePort } from '../ports/queue.js';
import { services, type Services } from './services.js';

/**
 * Services of the background functions: the API services plus the queue. On AWS the queue is SQS; the local stack
 * replaces it with its in-process queues through `overrideWorkerServices`.
 */
export type WorkerServices = Services & { queue: QueuePort };

let current: WorkerServices | undefined;

export function workerServices(): WorkerServices {
  if (!current) {
    const cfg = config();
    current = {
      ...services(),
      queue: new SqsQueue(new SQSClient({ region: cfg.CUSTODY_REGION }), { transactions: cfg.CUSTODY_TX_QUEUE_URL, webhooks: cfg.CUSTODY_WEBHOOK_QUEUE_URL }),
    };
  }
  return current;
}

export function overrideWorkerServices(partial: Partial<WorkerServices>): WorkerServices {
  current = { ...workerServices(), ...services(), ...partial };
  return current;
}
