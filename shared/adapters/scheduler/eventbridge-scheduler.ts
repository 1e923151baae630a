import { CreateScheduleCommand, DeleteScheduleCommand, type SchedulerClient } from '@aws-sdk/client-scheduler';
import { checkJob, type OneTimeJob, type SchedulerPort } from '../../ports/scheduler.js';

/**
 * The scheduler port on EventBridge Scheduler: each job is a one-time schedule `at(yyyy-mm-ddThh:mm:ss)` in UTC
 * (rounded up to the whole second, never early), no flexible window, deleted by the service after it has run
 * (`ActionAfterCompletion: DELETE`), whose target sends the payload to the webhooks SQS queue with the given role.
 */
export type EventBridgeSchedulerOptions = {
  /** ARN of the queue the payload is sent to (the webhooks queue). */
  queueArn: string;
  /** Role EventBridge Scheduler assumes to send to the queue. */
  roleArn: string;
  /** Schedule group holding the service's schedules. */
  groupName: string;
};

/** `at(...)` expression for a time: UTC, whole seconds, rounded up. */
export function atExpression(at: Date): string {
  const seconds = Math.ceil(at.getTime() / 1000);
  return `at(${new Date(seconds * 1000).toISOString().slice(0, 19)})`;
}

export class EventBridgeScheduler implements SchedulerPort {
  constructor(
    private readonly client: SchedulerClient,
    private readonly opts: EventBridgeSchedulerOptions,
  ) {}

  async scheduleOnce(job: OneTimeJob): Promise<void> {
    checkJob(job);
    try {
      await this.client.send(
        new CreateScheduleCommand({
          Name: job.name,
          GroupName: this.opts.groupName,
          ScheduleExpression: atExpression(job.at),
          ScheduleExpressionTimezone: 'UTC',
          FlexibleTimeWindow: { Mode: 'OFF' },
          ActionAfterCompletion: 'DELETE',
          State: 'ENABLED',
          Target: {
            Arn: this.opts.queueArn,
            RoleArn: this.opts.roleArn,
            Input: job.payload,
            // The scheduler's own retries if SQS is briefly unavailable; the delivery record stays pending meanwhile.
            RetryPolicy: { MaximumRetryAttempts: 185, MaximumEventAgeInSeconds: 86_400 },
          },
        }),
      );
    } catch (e) {
      // The same job scheduled again (a retried handler): already pending, nothing to do.
      if ((e as Error).name === 'ConflictException') return;
      throw e;
    }
  }

  async cancel(name: string): Promise<void> {
    try {
      await this.client.send(new DeleteScheduleCommand({ Name: name, GroupName: this.opts.groupName }));
    } catch (e) {
      if ((e as Error).name === 'ResourceNotFoundException') return;
      throw e;
    }
  }
}
