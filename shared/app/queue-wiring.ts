import { SQSClient } from '@aws-sdk/client-sqs';
import { SqsQueue } from '../adapters/sqs/sqs-queue.js';
import { QUEUE_URL_SETTINGS } from '../background/manifest.js';
import { provideQueue } from './worker-services.js';

/**
 * Imported (for its effect) by the functions that send messages: the stream router's entry and
 * `shared/app/webhook-services.ts` (the webhook worker): the queue port on SQS. Keeps the SQS client out of the
 * bundles of the background functions that send nothing (the transaction worker, the chain poller, the deposit
 * scanner: `workerServices()` in worker-services.ts).
 */
provideQueue((cfg) => new SqsQueue(new SQSClient({ region: cfg.CUSTODY_REGION }), { transactions: cfg[QUEUE_URL_SETTINGS.transactions], webhooks: cfg[QUEUE_URL_SETTINGS.webhooks], audit: cfg[QUEUE_URL_SETTINGS.audit] }));
