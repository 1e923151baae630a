import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { CreateScheduleCommand, DeleteScheduleCommand, SchedulerClient } from '@aws-sdk/client-scheduler';
import { atExpression, EventBridgeScheduler } from '../../shared/adapters/scheduler/eventbridge-scheduler.js';
import { LocalScheduler } from '../../shared/adapters/local/local-scheduler.js';
import { FakeClock } from '../../shared/ports/clock.js';
import type { OneTimeJob } from '../../shared/ports/scheduler.js';
import { scheduler as schedulerPort } from '../../shared/composition/scheduler.js';
import { readConfig } from '../../shared/config.js';

const opts = {
  queueArn: 'arn:aws:sqs:us-east-1:111122223333:custody-webhooks',
  roleArn: 'arn:aws:iam::111122223333:role/custody-scheduler',
  groupName: 'custody-webhooks',
};

describe('EventBridge Scheduler adapter', () => {
  const eb = mockClient(SchedulerClient);
  const scheduler = new EventBridgeScheduler(new SchedulerClient({ region: 'us-east-1' }), opts);
  beforeEach(() => eb.reset());

  it('creates a one-time at(...) schedule in UTC that sends the payload to the webhooks queue and deletes itself', async () => {
    eb.on(CreateScheduleCommand).resolves({ ScheduleArn: 'arn:x' });
    await scheduler.scheduleOnce({
      name: 'wh-0191-5',
      at: new Date('2026-01-01T01:00:00.000Z'),
      payload: '{"delivery_id":"0191","attempt":5}',
    });
    const calls = eb.commandCalls(CreateScheduleCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.args[0].input).toEqual({
      Name: 'wh-0191-5',
      GroupName: 'custody-webhooks',
      ScheduleExpression: 'at(2026-01-01T01:00:00)',
      ScheduleExpressionTimezone: 'UTC',
      FlexibleTimeWindow: { Mode: 'OFF' },
      ActionAfterCompletion: 'DELETE',
      State: 'ENABLED',
      Target: {
        Arn: opts.queueArn,
        RoleArn: opts.roleArn,
        Input: '{"delivery_id":"0191","attempt":5}',
        RetryPolicy: { MaximumRetryAttempts: 185, MaximumEventAgeInSeconds: 86_400 },
      },
    });
  });

  it('rounds the time up to the whole second, never early', () => {
    expect(atExpression(new Date('2026-01-01T06:00:00.000Z'))).toBe('at(2026-01-01T06:00:00)');
    expect(atExpression(new Date('2026-01-01T06:00:00.001Z'))).toBe('at(2026-01-01T06:00:01)');
    expect(atExpression(new Date('2026-12-31T23:59:59.500Z'))).toBe('at(2027-01-01T00:00:00)');
  });

  it('treats an existing schedule of the same name as done, and passes other errors on', async () => {
    eb.on(CreateScheduleCommand)
      .rejectsOnce(Object.assign(new Error('exists'), { name: 'ConflictException' }))
      .rejectsOnce(Object.assign(new Error('denied'), { name: 'AccessDeniedException' }));
    const job = { name: 'wh-1-6', at: new Date('2026-01-01T00:00:00Z'), payload: '{}' };
    await expect(scheduler.scheduleOnce(job)).resolves.toBeUndefined();
    await expect(scheduler.scheduleOnce(job)).rejects.toThrow('denied');
  });

  it('cancels by deleting the schedule; an unknown one is already gone', async () => {
    eb.on(DeleteScheduleCommand)
      .resolvesOnce({})
      .rejectsOnce(Object.assign(new Error('gone'), { name: 'ResourceNotFoundException' }));
    await scheduler.cancel('wh-1-6');
    await scheduler.cancel('wh-1-6');
    expect(eb.commandCalls(DeleteScheduleCommand).map((c) => c.args[0].input)).toEqual([
      { Name: 'wh-1-6', GroupName: 'custody-webhooks' },
      { Name: 'wh-1-6', GroupName: 'custody-webhooks' },
    ]);
  });

  it('refuses names, times and payloads no schedule can take, without calling AWS', async () => {
    await expect(scheduler.scheduleOnce({ name: 'has space', at: new Date(), payload: '{}' })).rejects.toThrow(
      /invalid schedule name/,
    );
    await expect(scheduler.scheduleOnce({ name: 'x'.repeat(65), at: new Date(), payload: '{}' })).rejects.toThrow(
      /invalid schedule name/,
    );
    await expect(scheduler.scheduleOnce({ name: 'ok', at: new Date('nope'), payload: '{}' })).rejects.toThrow(
      /invalid schedule time/,
    );
    await expect(scheduler.scheduleOnce({ name: 'ok', at: new Date(), payload: 'x'.repeat(8193) })).rejects.toThrow(
      /8 KiB/,
    );
    expect(eb.commandCalls(CreateScheduleCommand)).toHaveLength(0);
  });
});

describe('local scheduler (fake clock)', () => {
  let clock: FakeClock;
  let ran: string[];
  let scheduler: LocalScheduler;
  let failNext = false;
  beforeEach(() => {
    clock = new FakeClock(new Date('2026-01-01T00:00:00.000Z').getTime());
    ran = [];
    failNext = false;
    scheduler = new LocalScheduler(clock, async (job: OneTimeJob) => {
      if (failNext) {
        failNext = false;
        throw new Error('queue down');
      }
      ran.push(`${job.name}:${job.payload}`);
    });
  });
  const at = (ms: number) => new Date(clock.now().getTime() + ms);

  it('runs each job once its time has come, in time order, not before', async () => {
    await scheduler.scheduleOnce({ name: 'six-hours', at: at(21_600_000), payload: 'b' });
    await scheduler.scheduleOnce({ name: 'one-hour', at: at(3_600_000), payload: 'a' });
    expect(await scheduler.runDue()).toBe(0);
    clock.advance(3_600_000 - 1);
    expect(await scheduler.runDue()).toBe(0);
    clock.advance(1);
    expect(await scheduler.runDue()).toBe(1);
    expect(ran).toEqual(['one-hour:a']);
    clock.advance(21_600_000);
    expect(await scheduler.runDue()).toBe(1);
    expect(ran).toEqual(['one-hour:a', 'six-hours:b']);
    expect(await scheduler.runDue()).toBe(0);
    expect(scheduler.pending()).toEqual([]);
  });

  it('schedules a name once, and cancels', async () => {
    await scheduler.scheduleOnce({ name: 'j', at: at(1000), payload: 'first' });
    await scheduler.scheduleOnce({ name: 'j', at: at(5), payload: 'second' });
    await scheduler.scheduleOnce({ name: 'k', at: at(1000), payload: 'k' });
    await scheduler.cancel('k');
    await scheduler.cancel('never-scheduled');
    clock.advance(1000);
    await scheduler.runDue();
    expect(ran).toEqual(['j:first']);
  });

  it('keeps a job whose run failed and runs it at the next run', async () => {
    await scheduler.scheduleOnce({ name: 'j', at: at(0), payload: 'p' });
    failNext = true;
    expect(await scheduler.runDue()).toBe(0);
    expect(scheduler.pending().map((j) => j.name)).toEqual(['j']);
    expect(await scheduler.runDue()).toBe(1);
    expect(ran).toEqual(['j:p']);
  });
});

describe("the webhook worker's scheduler on AWS (shared/app/webhook-services.ts)", () => {
  it('loads the EventBridge client at the first schedule (a lazy chunk) and schedules through it', async () => {
    const eb = mockClient(SchedulerClient);
    eb.on(CreateScheduleCommand).resolves({ ScheduleArn: 'arn:x' }).on(DeleteScheduleCommand).resolves({});
    const cfg = readConfig({
      CUSTODY_WEBHOOK_QUEUE_ARN: opts.queueArn,
      CUSTODY_WEBHOOK_SCHEDULER_ROLE_ARN: opts.roleArn,
      CUSTODY_REGION: 'eu-west-1',
    });
    const scheduler = schedulerPort({ config: cfg });
    expect(eb.commandCalls(CreateScheduleCommand)).toHaveLength(0);
    await scheduler.scheduleOnce({ name: 'wh-1-2', at: new Date('2026-01-01T01:00:00.000Z'), payload: '{}' });
    await scheduler.cancel('wh-1-2');
    expect(eb.commandCalls(CreateScheduleCommand).map((c) => c.args[0].input.Target?.Arn)).toEqual([opts.queueArn]);
    expect(eb.commandCalls(DeleteScheduleCommand).map((c) => c.args[0].input.Name)).toEqual(['wh-1-2']);
    eb.restore();
  });

  it('refuses at once, without loading the client, when the queue or role is not configured', () => {
    expect(() => schedulerPort({ config: readConfig({}) })).toThrow(
      /CUSTODY_WEBHOOK_QUEUE_ARN and CUSTODY_WEBHOOK_SCHEDULER_ROLE_ARN/,
    );
  });
});
