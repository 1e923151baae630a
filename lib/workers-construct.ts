import fs from 'node:fs';
import path from 'node:path';
import { Duration, Stack } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as kms from 'aws-cdk-lib/aws-kms';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as targets from 'aws-cdk-lib/aws-scheduler-targets';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import type { QueueName } from '../shared/ports/queue.js';
import {
  constructId,
  queueFunctions,
  scheduledFunctions,
  type BackgroundFunction,
} from '../shared/background/manifest.js';
import { bindQueue, bindTable, ServiceFunction, type ServiceFunctionProps } from './service-function.js';
import type { Grant } from '../shared/composition/grants.js';
import { REPO_ROOT } from './function-bundle.js';

type BackgroundSpec = {
  /** Construct id, e.g. `TransactionWorker`. */
  name: string;
  /** Entry file relative to the repository root (or absolute). Skipped while the file does not exist. */
  entry: string;
  /** Queues it may send to (beyond consuming its own); their URLs are set in its environment. */
  sendsTo?: readonly QueueName[];
  /** What it may use beyond the table (shared/composition/grants.ts); the stack binds them (lib/grants.ts). */
  grants?: readonly Grant[];
  /** Creates one-time schedules that send to this queue (webhook retries after 1 h and 6 h). */
  oneTimeSchedulesTo?: QueueName;
  timeout?: Duration;
  memorySize?: number;
};

/** A function fed by one of the queues. */
export type WorkerSpec = BackgroundSpec & { queue: QueueName; batchSize?: number; maxBatchingWindowSeconds?: number };
/** A function run on a schedule (rate). */
export type ScheduledSpec = BackgroundSpec & { every: Duration };

const common = (f: BackgroundFunction): BackgroundSpec => ({
  name: constructId(f.name),
  entry: f.entry,
  sendsTo: f.sendsTo,
  grants: f.grants,
  ...(f.oneTimeSchedulesTo ? { oneTimeSchedulesTo: f.oneTimeSchedulesTo } : {}),
  timeout: Duration.seconds(f.timeoutSeconds),
  memorySize: f.memoryMb,
});

/**
 * The queue workers and scheduled functions of shared/background/manifest.ts (AWS values, not the local overrides);
 * entries that do not exist yet are skipped, and wired once they do.
 */
export const DEFAULT_WORKERS: readonly WorkerSpec[] = queueFunctions().map((f) => ({
  ...common(f),
  queue: f.trigger.queue,
  batchSize: f.trigger.batchSize,
  maxBatchingWindowSeconds: f.trigger.maxBatchingWindowSeconds,
}));
export const DEFAULT_SCHEDULED: readonly ScheduledSpec[] = scheduledFunctions().map((f) => ({
  ...common(f),
  every: Duration.seconds(f.trigger.everySeconds),
}));

export type WorkersConstructProps = {
  workers: readonly WorkerSpec[];
  scheduled: readonly ScheduledSpec[];
  table: dynamodb.ITable;
  key: kms.IKey;
  queues: Record<QueueName, sqs.IQueue>;
  functionDefaults: Omit<ServiceFunctionProps, 'entry' | 'description'>;
};

/**
 * Queue workers (SQS event source with partial batch failures) and scheduled functions (EventBridge Scheduler).
 * They take a list rather than a registry so that a worker whose handler file lands later is wired by the next
 * deploy without touching this construct: each spec is used only when its entry file exists.
 */
export class WorkersConstruct extends Construct {
  readonly functions: ReadonlyMap<string, ServiceFunction>;
  readonly schedules: ReadonlyMap<string, scheduler.Schedule>;

  constructor(scope: Construct, id: string, props: WorkersConstructProps) {
    super(scope, id);
    const functions = new Map<string, ServiceFunction>();
    const schedules = new Map<string, scheduler.Schedule>();
    const exists = (entry: string) => fs.existsSync(path.resolve(REPO_ROOT, entry));

    const make = (spec: BackgroundSpec, description: string) => {
      const fn = new ServiceFunction(this, spec.name, {
        memorySize: spec.memorySize ?? 1024,
        timeout: spec.timeout ?? Duration.seconds(30),
        ...props.functionDefaults,
        entry: spec.entry,
        description,
      });
      bindTable(fn, props.table, 'readWrite', props.key);
      for (const q of spec.sendsTo ?? []) bindQueue(fn, q, props.queues[q], 'send');
      if (spec.oneTimeSchedulesTo)
        this.bindOneTimeSchedules(spec.name, fn, spec.oneTimeSchedulesTo, props.queues[spec.oneTimeSchedulesTo]);
      functions.set(spec.name, fn);
      return fn;
    };

    for (const spec of props.workers.filter((w) => exists(w.entry))) {
      const fn = make(spec, `Custody worker ${spec.name}: consumes the ${spec.queue} queue`);
      bindQueue(fn, spec.queue, props.queues[spec.queue], 'consume');
      fn.fn.addEventSource(
        new SqsEventSource(props.queues[spec.queue], {
          batchSize: spec.batchSize ?? 10,
          // A FIFO event source takes no batching window; 0 is left out of the template.
          ...(spec.maxBatchingWindowSeconds
            ? { maxBatchingWindow: Duration.seconds(spec.maxBatchingWindowSeconds) }
            : {}),
          reportBatchItemFailures: true,
        }),
      );
    }

    for (const spec of props.scheduled.filter((s) => exists(s.entry))) {
      const fn = make(spec, `Custody scheduled ${spec.name}: every ${spec.every.toHumanString()}`);
      const role = new iam.Role(this, `${spec.name}ScheduleRole`, {
        assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
          conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
        }),
        description: `EventBridge Scheduler invoking ${spec.name}`,
      });
      schedules.set(
        spec.name,
        new scheduler.Schedule(this, `${spec.name}Schedule`, {
          description: `Runs ${spec.name} every ${spec.every.toHumanString()}`,
          schedule: scheduler.ScheduleExpression.rate(spec.every),
          // A missed tick is covered by the next one: no retries, so runs never pile up.
          target: new targets.LambdaInvoke(fn.fn, { role, retryAttempts: 0, maxEventAge: Duration.minutes(1) }),
        }),
      );
      // After the target is bound: the role's default policy exists only from then on.
      NagSuppressions.addResourceSuppressions(
        role,
        [
          {
            id: 'AwsSolutions-IAM5',
            reason:
              'lambda:InvokeFunction on the one scheduled function; grantInvoke adds "<function ARN>:*" so that its versions and aliases may be invoked too. No other function is covered.',
            appliesTo: [{ regex: '/^Resource::<.+\\.Arn>:\\*$/' }],
          },
        ],
        true,
      );
    }
    this.functions = functions;
    this.schedules = schedules;
  }

  /**
   * The scheduler port on AWS (shared/adapters/scheduler/eventbridge-scheduler.ts): a schedule group for the
   * function's one-time schedules, a role EventBridge Scheduler assumes to send to the queue (nothing else), and the
   * function's right to create and delete schedules in that group only and to pass that role only.
   */
  private bindOneTimeSchedules(name: string, fn: ServiceFunction, queueName: QueueName, queue: sqs.IQueue): void {
    const group = new scheduler.ScheduleGroup(this, `${name}ScheduleGroup`, {
      scheduleGroupName: `${Stack.of(this).stackName}-${queueName}`.slice(0, 64),
    });
    const role = new iam.Role(this, `${name}OneTimeScheduleRole`, {
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
      }),
      description: `EventBridge Scheduler sending ${name}'s one-time schedules to the ${queueName} queue`,
    });
    queue.grantSendMessages(role);
    fn.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['scheduler:CreateSchedule', 'scheduler:DeleteSchedule'],
        resources: [
          Stack.of(this).formatArn({
            service: 'scheduler',
            resource: 'schedule',
            resourceName: `${group.scheduleGroupName}/*`,
          }),
        ],
      }),
    );
    fn.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['iam:PassRole'],
        resources: [role.roleArn],
        conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
      }),
    );
    fn.env('CUSTODY_WEBHOOK_QUEUE_ARN', queue.queueArn);
    fn.env('CUSTODY_WEBHOOK_SCHEDULER_ROLE_ARN', role.roleArn);
    fn.env('CUSTODY_WEBHOOK_SCHEDULE_GROUP', group.scheduleGroupName);
    NagSuppressions.addResourceSuppressions(
      fn.role,
      [
        {
          id: 'AwsSolutions-IAM5',
          reason:
            'scheduler:CreateSchedule/DeleteSchedule on the schedules of the one group of webhook retries (names are per delivery attempt).',
          appliesTo: [{ regex: '/^Resource::arn:.*:scheduler:.*schedule\\/.*\\/\\*$/' }],
        },
      ],
      true,
    );
  }
}
