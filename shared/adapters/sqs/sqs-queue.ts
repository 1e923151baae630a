import { SQSClient, SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import type { OutgoingMessage, QueueName, QueuePort } from '../../ports/queue.js';

/** The queue port on SQS: batches of up to 10, failing loudly when SQS refuses any entry (the stream retries). */
export class SqsQueue implements QueuePort {
  constructor(
    private readonly client: SQSClient,
    private readonly urls: Record<QueueName, string | undefined>,
  ) {}

  async send(queue: QueueName, messages: OutgoingMessage[]): Promise<void> {
    const url = this.urls[queue];
    if (!url) throw new Error(`no URL configured for queue ${queue}`);
    const fifo = url.endsWith('.fifo');
    for (let i = 0; i < messages.length; i += 10) {
      const batch = messages.slice(i, i + 10);
      const out = await this.client.send(
        new SendMessageBatchCommand({
          QueueUrl: url,
          Entries: batch.map((m, j) => ({
            Id: String(j),
            MessageBody: m.body,
            ...(fifo ? { MessageGroupId: m.groupId, MessageDeduplicationId: m.deduplicationId } : {}),
            // FIFO queues take no per-message delay; standard queues do (at most 900 s).
            ...(!fifo && m.delaySeconds ? { DelaySeconds: Math.min(900, m.delaySeconds) } : {}),
          })),
        }),
      );
      if (out.Failed?.length)
        throw new Error(`SQS refused ${out.Failed.length} message(s): ${out.Failed.map((f) => f.Code).join(',')}`);
    }
  }
}
