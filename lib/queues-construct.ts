import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { QUEUE_KINDS, type QueueName } from '../shared/ports/queue.js';

export type QueuesConstructProps = {
  /** Receives of a message before SQS moves it to the dead-letter queue (`CUSTODY_MAX_RECEIVES`). */
  maxReceiveCount: number;
  /** Must be at least the consuming worker's timeout; AWS recommends six times it. */
  visibilityTimeout?: Duration;
  removalPolicy: RemovalPolicy;
};

/**
 * The work queues and their dead-letter queues. `transactions` is FIFO, grouped by transaction id (the stream router
 * sets the group and an explicit deduplication id per transaction version, so content-based deduplication is off),
 * in high-throughput mode (deduplication and throughput per group). `webhooks` is standard. SQS-managed encryption,
 * TLS enforced by the queue policies.
 */
export class QueuesConstruct extends Construct {
  readonly queues: Record<QueueName, sqs.Queue>;
  readonly deadLetterQueues: Record<QueueName, sqs.Queue>;
  readonly maxReceiveCount: number;

  constructor(scope: Construct, id: string, props: QueuesConstructProps) {
    super(scope, id);
    this.maxReceiveCount = props.maxReceiveCount;
    const common = {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      removalPolicy: props.removalPolicy,
    } as const;

    // The kinds come from shared/ports/queue.ts, where the local stack reads them too.
    const fifoProps = {
      fifo: true,
      contentBasedDeduplication: false,
      deduplicationScope: sqs.DeduplicationScope.MESSAGE_GROUP,
      fifoThroughputLimit: sqs.FifoThroughputLimit.PER_MESSAGE_GROUP_ID,
    } as const;
    const make = (name: QueueName) => {
      const id = name.charAt(0).toUpperCase() + name.slice(1);
      const fifo = QUEUE_KINDS[name].fifo;
      const dlq = new sqs.Queue(this, `${id}Dlq`, { ...common, ...(fifo ? { fifo: true } : {}), retentionPeriod: Duration.days(14) });
      const queue = new sqs.Queue(this, id, {
        ...common,
        ...(fifo ? fifoProps : {}),
        visibilityTimeout: props.visibilityTimeout ?? Duration.minutes(3),
        retentionPeriod: Duration.days(4),
        deadLetterQueue: { queue: dlq, maxReceiveCount: this.maxReceiveCount },
      });
      return { queue, dlq };
    };
    const transactions = make('transactions');
    const webhooks = make('webhooks');

    this.queues = { transactions: transactions.queue, webhooks: webhooks.queue };
    this.deadLetterQueues = { transactions: transactions.dlq, webhooks: webhooks.dlq };
  }
}
