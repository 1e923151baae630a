import { beforeAll, describe, expect, it } from 'vitest';
import type { Template } from 'aws-cdk-lib/assertions';
import { DEFAULT_SCHEDULED, DEFAULT_WORKERS } from '../../lib/workers-construct.js';
import {
  BACKGROUND_FUNCTIONS,
  constructId,
  QUEUE_URL_SETTINGS,
  QUEUES,
  queueFunctions,
  scheduledFunctions,
  streamFunction,
} from '../../shared/background/manifest.js';
import { QUEUE_NAMES } from '../../shared/ports/queue.js';
import { functionByDescription, idsOf, resourceId, synth, type CfnResource } from './synth.js';

/*
 * The deployed background work equals shared/background/manifest.ts, which the local stack reads too
 * (test/integration/local-stack-manifest.test.ts). Planned functions whose entry does not exist yet get a fixture
 * entry here, so every manifest entry is synthesized and checked.
 */
const FIXTURE_WORKER = 'test/cdk/fixtures/queue-worker/handler.ts';
const FIXTURE_POLLER = 'test/cdk/fixtures/poller/handler.ts';

let template: Template;
let resources: Record<string, CfnResource>;
beforeAll(() => {
  ({ template, resources } = synth({
    workers: DEFAULT_WORKERS.map((w) => ({ ...w, entry: FIXTURE_WORKER })),
    scheduled: DEFAULT_SCHEDULED.map((s) => ({ ...s, entry: FIXTURE_POLLER })),
  }));
}, 180_000); // one synth: slow on a loaded machine

const props = (id: string) => resources[id]!.Properties!;
const queueId = (name: string) => resourceId(resources, 'AWS::SQS::Queue', `Queues${constructId(name)}`);
const mappingOf = (fn: string) => {
  const ids = idsOf(resources, 'AWS::Lambda::EventSourceMapping').filter(
    (id) => JSON.stringify(props(id).FunctionName) === JSON.stringify({ Ref: fn }),
  );
  expect(ids).toHaveLength(1);
  return props(ids[0]!);
};
const envOf = (fn: string) => (props(fn).Environment as { Variables: Record<string, unknown> }).Variables;
/** EventBridge Scheduler's rate expression for a number of seconds, in the largest whole unit. */
const rate = (s: number) => {
  const [n, unit] = s % 86_400 === 0 ? [s / 86_400, 'day'] : s % 3600 === 0 ? [s / 3600, 'hour'] : [s / 60, 'minute'];
  return `rate(${n} ${unit}${n === 1 ? '' : 's'})`;
};

describe('background manifest, as deployed', () => {
  it('every queue has the manifest kind, visibility timeout, retention and a dead-letter queue of the same kind', () => {
    for (const name of QUEUE_NAMES) {
      const spec = QUEUES[name];
      const q = props(queueId(name));
      expect(Boolean(q.FifoQueue), name).toBe(spec.fifo);
      expect(q.VisibilityTimeout, name).toBe(spec.visibilityTimeoutSeconds);
      expect(q.MessageRetentionPeriod, name).toBe(spec.retentionSeconds);
      const dlqId = (q.RedrivePolicy as { deadLetterTargetArn: { 'Fn::GetAtt': [string, string] } })
        .deadLetterTargetArn['Fn::GetAtt'][0];
      expect(Boolean(props(dlqId).FifoQueue), name).toBe(spec.fifo);
      expect(props(dlqId).MessageRetentionPeriod, name).toBe(spec.deadLetterRetentionSeconds);
    }
  });

  it('every queue function consumes its queue with the manifest batch size and window, and gets the queue URLs it sends to', () => {
    expect(queueFunctions().length).toBeGreaterThan(0);
    for (const f of queueFunctions()) {
      const fn = functionByDescription(
        resources,
        `Custody worker ${constructId(f.name)}: consumes the ${f.trigger.queue} queue`,
      );
      const mapping = mappingOf(fn);
      expect(mapping.EventSourceArn).toEqual({ 'Fn::GetAtt': [queueId(f.trigger.queue), 'Arn'] });
      expect(mapping.BatchSize, f.name).toBe(f.trigger.batchSize);
      expect(mapping.MaximumBatchingWindowInSeconds, f.name).toBe(f.trigger.maxBatchingWindowSeconds || undefined);
      expect(props(fn).Timeout, f.name).toBe(f.timeoutSeconds);
      expect(props(fn).MemorySize, f.name).toBe(f.memoryMb);
      for (const q of new Set([f.trigger.queue, ...f.sendsTo]))
        expect(envOf(fn)[QUEUE_URL_SETTINGS[q]], `${f.name} ${q}`).toEqual({ Ref: queueId(q) });
    }
  });

  it('the FIFO transactions queue is consumed without a batching window', () => {
    const f = queueFunctions().find((w) => w.trigger.queue === 'transactions')!;
    expect(QUEUES.transactions.fifo).toBe(true);
    expect(f.trigger.maxBatchingWindowSeconds).toBe(0);
    expect(
      mappingOf(
        functionByDescription(resources, `Custody worker ${constructId(f.name)}: consumes the transactions queue`),
      ).MaximumBatchingWindowInSeconds,
    ).toBeUndefined();
  });

  it('every scheduled function runs at the manifest rate (the AWS rate, not the local override)', () => {
    const schedules = idsOf(resources, 'AWS::Scheduler::Schedule').map(props);
    expect(schedules).toHaveLength(scheduledFunctions().length);
    for (const f of scheduledFunctions()) {
      const fn = functionByDescription(
        resources,
        `Custody scheduled ${constructId(f.name)}: every 1 minute`.replace(
          '1 minute',
          humanEvery(f.trigger.everySeconds),
        ),
      );
      const schedule = schedules.find((s) => JSON.stringify(s.Target).includes(`"${fn}"`));
      expect(schedule?.ScheduleExpression, f.name).toBe(rate(f.trigger.everySeconds));
      for (const q of f.sendsTo)
        expect(envOf(fn)[QUEUE_URL_SETTINGS[q]], `${f.name} ${q}`).toEqual({ Ref: queueId(q) });
    }
  });

  it('the stream router reads the stream with the manifest batch size, window, retries, record age and parallelization', () => {
    const f = streamFunction();
    const fn = functionByDescription(
      resources,
      'Custody stream router: table stream -> transactions and webhooks queues',
    );
    expect(mappingOf(fn)).toMatchObject({
      BatchSize: f.trigger.batchSize,
      MaximumBatchingWindowInSeconds: f.trigger.maxBatchingWindowSeconds,
      MaximumRetryAttempts: f.trigger.retryAttempts,
      MaximumRecordAgeInSeconds: f.trigger.maxRecordAgeSeconds,
      ParallelizationFactor: f.trigger.parallelizationFactor,
    });
    for (const q of f.sendsTo) expect(envOf(fn)[QUEUE_URL_SETTINGS[q]]).toEqual({ Ref: queueId(q) });
  });

  it('deploys one function per manifest entry, and no other background function', () => {
    const background = idsOf(resources, 'AWS::Lambda::Function').filter((id) =>
      /^Custody (worker|scheduled|stream router)/.test(String(props(id).Description)),
    );
    expect(background).toHaveLength(BACKGROUND_FUNCTIONS.length);
    template.resourceCountIs('AWS::Lambda::EventSourceMapping', queueFunctions().length + 1);
  });
});

/** Duration.toHumanString() for whole minutes and hours, as the construct writes it in the description. */
function humanEvery(s: number): string {
  const [n, unit] = s % 3600 === 0 ? [s / 3600, 'hour'] : [s / 60, 'minute'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}
