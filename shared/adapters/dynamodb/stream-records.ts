import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { StreamChange } from '../../domain/outbox/stream-routing.js';

/** A DynamoDB stream record (Lambda event or DynamoDB Streams API) as a plain change. */
export function toStreamChange(record: Pick<DynamoDBRecord, 'eventName' | 'dynamodb'>): StreamChange {
  const img = (i: unknown) =>
    i ? (unmarshall(i as Record<string, AttributeValue>) as Record<string, unknown>) : undefined;
  return {
    eventName: record.eventName as StreamChange['eventName'],
    newImage: img(record.dynamodb?.NewImage),
    oldImage: img(record.dynamodb?.OldImage),
  };
}
