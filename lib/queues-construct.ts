import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { QueueName } from '../shared/ports/queue.js';

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

    const txDlq = new sqs.Queue(this, 'TransactionsDlq', { ...common, fifo: true, retentionPeriod: Duration.days(14) });
    const transactions = new sqs.Queue(this, 'Transactions', {
      ...common,
      fifo: true,
      contentBasedDeduplication: false,
      deduplicationScope: sqs.DeduplicationScope.MESSAGE_GROUP,
      fifoThroughputLimit: sqs.FifoThroughputLimit.PER_MESSAGE_GROUP_ID,
      visibilityTimeout: props.visibilityTimeout ?? Duration.minutes(3),
      retentionPeriod: Duration.days(4),
      deadLetterQueue: { queue: txDlq, maxReceiveCount: this.maxReceiveCount },
    });

    const hookDlq = new sqs.Queue(this, 'WebhooksDlq', { ...common, retentionPeriod: Duration.days(14) });
    const webhooks = new sqs.Queue(this, 'Webhooks', {
      ...common,
      visibilityTimeout: props.visibilityTimeout ?? Duration.minutes(3),
      retentionPeriod: Duration.days(4),
      deadLetterQueue: { queue: hookDlq, maxReceiveCount: this.maxReceiveCount },
    });

    this.queues = { transactions, webhooks };
    this.deadLetterQueues = { transactions: txDlq, webhooks: hookDlq };
  }
}
