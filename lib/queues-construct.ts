import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { QUEUE_NAMES, type QueueName } from '../shared/ports/queue.js';
import { QUEUES } from '../shared/background/manifest.js';

export type QueuesConstructProps = {
  /** Receives of a message before SQS moves it to the dead-letter queue (`CUSTODY_MAX_RECEIVES`). */
  maxReceiveCount: number;
  removalPolicy: RemovalPolicy;
};

/**
 * The work queues and their dead-letter queues, as shared/background/manifest.ts declares them (kind, visibility,
 * retention). A FIFO queue has explicit deduplication ids (content-based deduplication off) and runs in
 * high-throughput mode (deduplication and throughput per group). SQS-managed encryption, TLS enforced by the queue
 * policies.
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

    const fifoProps = {
      fifo: true,
      contentBasedDeduplication: false,
      deduplicationScope: sqs.DeduplicationScope.MESSAGE_GROUP,
      fifoThroughputLimit: sqs.FifoThroughputLimit.PER_MESSAGE_GROUP_ID,
    } as const;
    const make = (name: QueueName) => {
      const id = name.charAt(0).toUpperCase() + name.slice(1);
      const spec = QUEUES[name];
      const dlq = new sqs.Queue(this, `${id}Dlq`, {
        ...common,
        ...(spec.fifo ? { fifo: true } : {}),
        retentionPeriod: Duration.seconds(spec.deadLetterRetentionSeconds),
      });
      const queue = new sqs.Queue(this, id, {
        ...common,
        ...(spec.fifo ? fifoProps : {}),
        visibilityTimeout: Duration.seconds(spec.visibilityTimeoutSeconds),
        retentionPeriod: Duration.seconds(spec.retentionSeconds),
        deadLetterQueue: { queue: dlq, maxReceiveCount: this.maxReceiveCount },
      });
      return { queue, dlq };
    };
    const made = Object.fromEntries(QUEUE_NAMES.map((name) => [name, make(name)])) as Record<
      QueueName,
      ReturnType<typeof make>
    >;
    this.queues = { transactions: made.transactions.queue, webhooks: made.webhooks.queue, audit: made.audit.queue };
    this.deadLetterQueues = { transactions: made.transactions.dlq, webhooks: made.webhooks.dlq, audit: made.audit.dlq };
  }
}
