import { createHash } from 'node:crypto';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { Clock } from '../../ports/clock.js';
import { QUEUE_NAMES, type OutgoingMessage, type QueueName, type QueuePort } from '../../ports/queue.js';
import { consumerOf, QUEUES } from '../../background/manifest.js';
import { InProcessQueue, type QueueSettings, type QueueSnapshot, type ReceivedMessage } from './in-process-queue.js';
import { lambdaContext } from './lambda-context.js';

/**
 * The queue port of the local stack: the service's queues as in-process queues, and their delivery to worker
 * handlers as the SQS events (and partial batch responses) of the Lambda event source mapping.
 */
export type SqsWorker = (
  event: SQSEvent,
  context: Context,
) => Promise<SQSBatchResponse | void> | SQSBatchResponse | void;

export class LocalQueues implements QueuePort {
  private readonly queues: Record<QueueName, InProcessQueue>;

  /**
   * Kinds and visibility timeouts from shared/background/manifest.ts (its local override of the visibility timeout
   * unless `settings` gives one).
   */
  constructor(
    clock: Clock,
    settings: { maxReceives: number; visibilityTimeoutSeconds?: number },
    private readonly region = 'local',
  ) {
    const make = (name: QueueName) => {
      const spec = QUEUES[name];
      const visibilityTimeoutSeconds =
        settings.visibilityTimeoutSeconds ?? spec.local?.visibilityTimeoutSeconds ?? spec.visibilityTimeoutSeconds;
      return new InProcessQueue(
        name,
        { fifo: spec.fifo, visibilityTimeoutSeconds, maxReceives: settings.maxReceives } satisfies QueueSettings,
        clock,
      );
    };
    this.queues = { transactions: make('transactions'), webhooks: make('webhooks'), audit: make('audit') };
  }

  queue(name: QueueName): InProcessQueue {
    return this.queues[name];
  }

  async send(queue: QueueName, messages: OutgoingMessage[]): Promise<void> {
    this.queues[queue].send(messages);
  }

  /** ChangeMessageVisibility (async, like the SQS call a worker would make). */
  async changeVisibility(queue: QueueName, receiptHandle: string, seconds: number): Promise<void> {
    this.queues[queue].changeVisibility(receiptHandle, seconds);
  }

  deadLetters(queue: QueueName) {
    return this.queues[queue].deadLetters();
  }

  snapshot(): Record<QueueName, QueueSnapshot> {
    return {
      transactions: this.queues.transactions.snapshot(),
      webhooks: this.queues.webhooks.snapshot(),
      audit: this.queues.audit.snapshot(),
    };
  }

  restore(s: Partial<Record<QueueName, QueueSnapshot>>): void {
    for (const name of QUEUE_NAMES) if (s[name]) this.queues[name].restore(s[name]);
  }

  arn(name: QueueName): string {
    return `arn:aws:sqs:${this.region}:000000000000:custody-${name}${QUEUES[name].fifo ? '.fifo' : ''}`;
  }

  toRecord(name: QueueName, m: ReceivedMessage): SQSRecord {
    return {
      messageId: m.messageId,
      receiptHandle: m.receiptHandle,
      body: m.body,
      attributes: {
        ApproximateReceiveCount: String(m.receiveCount),
        SentTimestamp: String(m.sentAt),
        SenderId: 'local',
        ApproximateFirstReceiveTimestamp: String(m.firstReceivedAt),
        ...(m.groupId !== undefined ? { MessageGroupId: m.groupId, SequenceNumber: m.sequenceNumber } : {}),
        ...(m.deduplicationId !== undefined ? { MessageDeduplicationId: m.deduplicationId } : {}),
      },
      messageAttributes: {},
      md5OfBody: createHash('md5').update(m.body).digest('hex'),
      eventSource: 'aws:sqs',
      eventSourceARN: this.arn(name),
      awsRegion: this.region,
    };
  }

  /**
   * One poll of the event source mapping: receives a batch (the manifest's batch size for the queue), calls the worker, deletes what succeeded. A throw fails
   * the whole batch; `batchItemFailures` fails the listed messages (an identifier not in the batch fails the whole
   * batch, as Lambda does). Failed messages stay hidden until their visibility timeout ends, then come back with a
   * higher receive count, until the dead-letter queue takes them.
   */
  async deliverBatch(
    name: QueueName,
    worker: SqsWorker,
    functionName = `custody-${name}-worker`,
  ): Promise<{ delivered: number; failed: number }> {
    return this.deliver(name, worker, this.receiveBatch(name), functionName);
  }

  /** Receives one batch (the manifest's batch size for the queue); empty when nothing is visible. */
  receiveBatch(name: QueueName): ReceivedMessage[] {
    return this.queues[name].receive(consumerOf(name).trigger.batchSize);
  }

  /**
   * Delivers a batch already received to the worker and deletes what succeeded (see deliverBatch). Several batches may
   * be delivered at once, as Lambda runs several invocations: a FIFO queue never hands out two messages of one group
   * at a time, so each group's order holds.
   */
  async deliver(
    name: QueueName,
    worker: SqsWorker,
    received: ReceivedMessage[],
    functionName = `custody-${name}-worker`,
  ): Promise<{ delivered: number; failed: number }> {
    const q = this.queues[name];
    if (received.length === 0) return { delivered: 0, failed: 0 };
    let failed: Set<string>;
    let reason = 'reported in batchItemFailures';
    try {
      const res = await worker({ Records: received.map((m) => this.toRecord(name, m)) }, lambdaContext(functionName));
      const ids = (res && Array.isArray(res.batchItemFailures) ? res.batchItemFailures : []).map(
        (f) => f.itemIdentifier,
      );
      const known = new Set(received.map((m) => m.messageId));
      failed = ids.every((id) => known.has(id)) ? new Set(ids) : known;
    } catch (e) {
      failed = new Set(received.map((m) => m.messageId));
      reason = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
    }
    for (const m of received) {
      if (failed.has(m.messageId)) q.noteFailure(m.receiptHandle, reason);
      else q.delete(m.receiptHandle);
    }
    return { delivered: received.length, failed: failed.size };
  }
}
