import { SQSClient } from '@aws-sdk/client-sqs';
import { SqsQueue } from '../adapters/sqs/sqs-queue.js';
import { QUEUE_URL_SETTINGS } from '../background/manifest.js';
import type { Config } from '../config.js';
import type { QueuePort } from '../ports/queue.js';

/** The queue port on SQS, to the queue URLs of the settings: what both queue wirings install. */
export function sqsQueue(cfg: Config): QueuePort {
  return new SqsQueue(new SQSClient({ region: cfg.CUSTODY_REGION }), {
    transactions: cfg[QUEUE_URL_SETTINGS.transactions],
    webhooks: cfg[QUEUE_URL_SETTINGS.webhooks],
    audit: cfg[QUEUE_URL_SETTINGS.audit],
  });
}
