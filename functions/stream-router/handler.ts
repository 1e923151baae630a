import { config } from '../../shared/composition/base.js';
import { lazyDeps, type DepsOf } from '../../shared/composition/deps.js';
import { queue } from '../../shared/composition/queue.js';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent, Context } from 'aws-lambda';
import { toStreamChange } from '../../shared/adapters/dynamodb/stream-records.js';
import { routeBatch, type StreamChange } from '../../shared/domain/outbox/stream-routing.js';
import { logger } from '../../shared/app/logger.js';

/**
 * The stream router: every change of the table passes here; audit records go to the sequencer (one message per
 * tenant for the whole batch), their events and transaction moves to their queues. A record whose change cannot be
 * read, or one of whose messages cannot be sent, is reported back (partial batch failure) and the stream retries from
 * it; messages are deduplicated, so what was sent again does no harm.
 */
export const ports = { config, queue };

export const makeHandler =
  // `deps` is read when a batch comes, not when the module is loaded: the queue client (and the settings it reads) is
  // built on first use, as every function's ports are.
  (deps: DepsOf<typeof ports>) =>
    async (event: DynamoDBStreamEvent, _context?: Context): Promise<DynamoDBBatchResponse> => {
      const failed = new Set<number>();
      const changes: StreamChange[] = event.Records.map((record, i) => {
        try {
          return toStreamChange(record);
        } catch (e) {
          logger.error('unreadable stream record', {
            sequence_number: record.dynamodb?.SequenceNumber,
            error: (e as Error).message,
          });
          failed.add(i);
          return { eventName: 'REMOVE' };
        }
      });
      for (const { routed, from } of routeBatch(changes)) {
        try {
          await deps.queue.send(routed.queue, [routed.message]);
        } catch (e) {
          logger.error('stream routing failed', { queue: routed.queue, error: (e as Error).message });
          for (const i of from) failed.add(i);
        }
      }
      return {
        batchItemFailures: [...failed]
          .sort((a, b) => a - b)
          .map((i) => ({ itemIdentifier: event.Records[i]!.dynamodb?.SequenceNumber ?? '' })),
      };
    };

export const handler = makeHandler(lazyDeps(ports));
