/**
 * A message queue with SQS semantics: FIFO groups, delays, visibility timeout, receive counts and a dead-letter
 * queue after too many receives. SQS on AWS; an in-process queue in the local stack.
 */
export const QUEUE_NAMES = ['transactions', 'webhooks', 'audit'] as const;
/** The queues; their kinds, delays and dead-letter settings are in shared/background/manifest.ts. */
export type QueueName = (typeof QUEUE_NAMES)[number];

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
