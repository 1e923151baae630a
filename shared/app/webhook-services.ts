import './queue-wiring-lazy.js';
import type { SchedulerPort } from '../ports/scheduler.js';
import type { DeliveryDeps } from '../domain/webhooks/delivery-worker.js';
import { sharedOutboundClient, type OutboundClient } from '../adapters/http/outbound-client.js';
import { sendDeliveryAttempt } from '../adapters/http/webhook-sender.js';
import { recordMetric } from '../observability/metrics.js';
import { makeSecretBox } from '../composition/secret-box.js';
import { makeWebhookKeys } from '../composition/webhook-keys.js';
import { workerServices } from './worker-services.js';
import type { Config } from '../config.js';
import { loadOnce } from '../domain/load-once.js';

/**
 * What the webhook worker needs, from the worker's services: the store, clock and queue, the secret box (KMS on
 * AWS), the webhook signing key (KMS ML-DSA-65 on AWS), the one outbound client, and the scheduler port (EventBridge Scheduler on AWS; the local stack installs its
 * LocalScheduler with `useWebhookScheduler`). Tests may swap the outbound client (`useWebhookOutbound`).
 */
let scheduler: SchedulerPort | undefined;
let outbound: OutboundClient | undefined;
let built:
  | {
      cfg: Config;
      box: ReturnType<typeof makeSecretBox>;
      keys: ReturnType<typeof makeWebhookKeys>;
      scheduler: SchedulerPort;
    }
  | undefined;

export function useWebhookScheduler(s: SchedulerPort | undefined): void {
  scheduler = s;
  built = undefined;
}
export function useWebhookOutbound(c: OutboundClient | undefined): void {
  outbound = c;
}

export function eventBridgeScheduler(cfg: Config): SchedulerPort {
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
  // The client is loaded by the first retry that waits longer than a queue delay allows (a lazy chunk): most
  // deliveries never schedule one. A failed load is not kept.
  const get = loadOnce(() =>
    import('../composition/eventbridge-scheduler-client.js').then((m) =>
      m.eventBridgeSchedulerClient(cfg.CUSTODY_REGION, target),
    ),
  );
  return {
    scheduleOnce: async (job) => (await get()).scheduleOnce(job),
    cancel: async (name) => (await get()).cancel(name),
  };
}

export function webhookDeps(): DeliveryDeps {
  const svc = workerServices();
  const cfg = svc.config;
  if (!built || built.cfg !== cfg)
    built = {
      cfg,
      box: makeSecretBox(cfg),
      keys: makeWebhookKeys(cfg),
      scheduler: scheduler ?? eventBridgeScheduler(cfg),
    };
  const client = outbound ?? sharedOutboundClient(cfg);
  return {
    store: svc.store,
    clock: svc.clock,
    queue: svc.queue,
    scheduler: built.scheduler,
    secretBox: built.box,
    webhookSigner: built.keys,
    send: (a) => sendDeliveryAttempt(client, a),
    timeoutMs: cfg.CUSTODY_WEBHOOK_TIMEOUT_MS,
    onOutcome: (outcome) => {
      if (outcome !== 'skipped' && outcome !== 'cancelled') recordMetric('webhookDeliveries', 1, { outcome });
    },
  };
}
