import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as kms from 'aws-cdk-lib/aws-kms';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import type { QueueName } from '../shared/ports/queue.js';
import { ROUTES } from '../shared/domain/outbox/stream-routing.js';
import { bindQueue, bindTableStream, ServiceFunction, type ServiceFunctionProps } from './service-function.js';

import { streamFunction } from '../shared/background/manifest.js';

const ROUTER = streamFunction();
export const STREAM_ROUTER_ENTRY = ROUTER.entry;

/**
 * The stream filters, built from the router's own rules (`ROUTES` in shared/domain/outbox/stream-routing.ts): only
 * the changes it routes reach the function, so the rest of the table's traffic costs no invocation.
 * test/cdk/stack.test.ts checks them against `routeChange`.
 */
const sAttrs = (image: Record<string, string>) =>
  Object.fromEntries(Object.entries(image).map(([k, v]) => [k, { S: lambda.FilterRule.isEqual(v) }]));
export const STREAM_FILTERS = ROUTES.map((r) =>
  lambda.FilterCriteria.filter({
    eventName: r.events.length === 1 ? lambda.FilterRule.isEqual(r.events[0]) : lambda.FilterRule.or(...r.events),
    dynamodb: { NewImage: sAttrs(r.newImage), ...('oldImage' in r ? { OldImage: sAttrs(r.oldImage) } : {}) },
  }),
);

export type StreamRouterConstructProps = {
  table: dynamodb.ITable;
  key: kms.IKey;
  queues: Record<QueueName, sqs.IQueue>;
  functionDefaults: Omit<ServiceFunctionProps, 'entry' | 'description'>;
  removalPolicy: RemovalPolicy;
};

/**
 * The stream router: reads the table's stream and forwards outbox events, transaction changes and tenant
 * reactivations to their queues. It can read the stream and send to the two queues, nothing else (no table
 * access). A record that still fails after the retries (bisecting the batch to isolate it) is described in the
 * failure queue, which has an alarm.
 */
export class StreamRouterConstruct extends Construct {
  readonly function: ServiceFunction;
  /** On-failure destination of the stream mapping: metadata of records the router gave up on. */
  readonly failureQueue: sqs.Queue;

  constructor(scope: Construct, id: string, props: StreamRouterConstructProps) {
    super(scope, id);
    this.failureQueue = new sqs.Queue(this, 'FailureQueue', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
      removalPolicy: props.removalPolicy,
    });
    NagSuppressions.addResourceSuppressions(this.failureQueue, [
      {
        id: 'AwsSolutions-SQS3',
        reason:
          'This queue is itself a dead-letter destination: the on-failure destination of the stream event source mapping. It has an alarm and nothing consumes it automatically.',
      },
    ]);

    this.function = new ServiceFunction(this, 'Function', {
      memorySize: ROUTER.memoryMb,
      timeout: Duration.seconds(ROUTER.timeoutSeconds),
      ...props.functionDefaults,
      entry: STREAM_ROUTER_ENTRY,
      description: 'Custody stream router: table stream -> transactions and webhooks queues',
    });
    bindTableStream(this.function, props.table, props.key);
    for (const q of ROUTER.sendsTo) bindQueue(this.function, q, props.queues[q], 'send');

    this.function.fn.addEventSourceMapping('TableStream', {
      eventSourceArn: props.table.tableStreamArn!,
      startingPosition: lambda.StartingPosition.TRIM_HORIZON,
      // Batch, window, retries, record age and parallelization (1: a transaction's changes stay in order) from the
      // manifest.
      batchSize: ROUTER.trigger.batchSize,
      maxBatchingWindow: Duration.seconds(ROUTER.trigger.maxBatchingWindowSeconds),
      bisectBatchOnError: true,
      reportBatchItemFailures: true,
      retryAttempts: ROUTER.trigger.retryAttempts,
      maxRecordAge: Duration.seconds(ROUTER.trigger.maxRecordAgeSeconds),
      parallelizationFactor: ROUTER.trigger.parallelizationFactor,
      onFailure: new SqsDlq(this.failureQueue),
      filters: STREAM_FILTERS,
    });
  }
}
