import { SchedulerClient } from '@aws-sdk/client-scheduler';
import type { SchedulerPort } from '../ports/scheduler.js';
import { EventBridgeScheduler } from '../adapters/scheduler/eventbridge-scheduler.js';

/** The EventBridge Scheduler adapter with its client: a lazy chunk of the webhook worker (shared/app/webhook-services.ts). */
export const eventBridgeSchedulerClient = (
  region: string,
  target: { queueArn: string; roleArn: string; groupName: string },
): SchedulerPort => new EventBridgeScheduler(new SchedulerClient({ region }), target);
