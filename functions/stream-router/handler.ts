import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { DynamoDBRecord, DynamoDBStreamEvent, Context } from 'aws-lambda';
import { toStreamChange } from '../../shared/adapters/dynamodb/stream-records.js';
import { routeChange } from '../../shared/domain/outbox/stream-routing.js';
import { workerServices } from '../../shared/app/worker-services.js';

/**
 * The stream router: every change of the table passes here; outbox events and transaction moves are forwarded to
 * their queues. A record that fails is reported back (partial batch failure) and retried by the stream.
 */
const processor = new BatchProcessor(EventType.DynamoDBStreams);

async function recordHandler(record: DynamoDBRecord): Promise<void> {
  const routed = routeChange(toStreamChange(record));
  const { queue } = workerServices();
  for (const r of routed) await queue.send(r.queue, [r.message]);
}

export const handler = async (event: DynamoDBStreamEvent, context: Context) =>
  processPartialResponse(event, recordHandler, processor, { context });
