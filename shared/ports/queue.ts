/**
 * A message queue with SQS semantics: FIFO groups, delays, visibility timeout, receive counts and a dead-letter
 * queue after too many receives. SQS on AWS; an in-process queue in the local stack.
 */
export type QueueName = 'transactions' | 'webhooks';

/**
 * The queues and their kinds, as deployed (lib/queues-construct.ts) and as the local stack runs them:
 * `transactions` is FIFO, grouped by transaction; `webhooks` is standard (deliveries are independent and take
 * per-message delays for retries).
 */
export const QUEUE_KINDS: Readonly<Record<QueueName, { fifo: boolean }>> = { transactions: { fifo: true }, webhooks: { fifo: false } };
export const QUEUE_NAMES = Object.keys(QUEUE_KINDS) as readonly QueueName[];

export type OutgoingMessage = {
  body: string;
  /** FIFO message group (messages of one group are handled in order, one at a time). */
  groupId?: string;
  /** FIFO deduplication id (a repeat within 5 minutes is dropped). */
  deduplicationId?: string;
  delaySeconds?: number;
};

export interface QueuePort {
  send(queue: QueueName, messages: OutgoingMessage[]): Promise<void>;
}
