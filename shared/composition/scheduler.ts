import type { Config } from '../config.js';
import type { SchedulerPort } from '../ports/scheduler.js';
import { loadOnce } from '../domain/load-once.js';

/**
 * The scheduler of the webhook retries' long waits: EventBridge Scheduler on AWS (the local stack gives its
 * LocalScheduler). The client is loaded by the first retry that waits longer than a queue delay allows (a lazy chunk,
 * ./eventbridge-scheduler-client.ts): most deliveries never schedule one. A failed load is not kept.
 */
export const scheduler = (d: { config: Config }): SchedulerPort => {
  const cfg = d.config;
  if (!cfg.CUSTODY_WEBHOOK_QUEUE_ARN || !cfg.CUSTODY_WEBHOOK_SCHEDULER_ROLE_ARN) {
    throw new Error(
      'CUSTODY_WEBHOOK_QUEUE_ARN and CUSTODY_WEBHOOK_SCHEDULER_ROLE_ARN are required to schedule webhook retries on AWS',
    );
  }
  const target = {
    queueArn: cfg.CUSTODY_WEBHOOK_QUEUE_ARN,
    roleArn: cfg.CUSTODY_WEBHOOK_SCHEDULER_ROLE_ARN,
    groupName: cfg.CUSTODY_WEBHOOK_SCHEDULE_GROUP,
  };
  const get = loadOnce(() =>
    import('./eventbridge-scheduler-client.js').then((m) => m.eventBridgeSchedulerClient(cfg.CUSTODY_REGION, target)),
  );
  return {
    scheduleOnce: async (job) => (await get()).scheduleOnce(job),
    cancel: async (name) => (await get()).cancel(name),
  };
};
