import { BASE_PORTS } from '../../shared/composition/base.js';
import { lazyDeps, type DepsOf } from '../../shared/composition/deps.js';
import { keys } from '../../shared/composition/keys.js';
import { queueOnDemand } from '../../shared/composition/queue-on-demand.js';
import { scheduler } from '../../shared/composition/scheduler.js';
import { secretBox } from '../../shared/composition/secret-box.js';
import { webhookKeys } from '../../shared/composition/webhook-keys.js';
import { deliveryDeps, outbound } from '../../shared/composition/webhook-delivery.js';
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSEvent, SQSRecord } from 'aws-lambda';
import { logger } from '../../shared/app/logger.js';
import { runWithRequestContext } from '../../shared/observability/request-context.js';
import {
  attemptDelivery,
  batchTenantReads,
  fanOut,
  type TenantReads,
} from '../../shared/domain/webhooks/delivery-worker.js';
import { WebhookMessage } from '../../shared/domain/webhooks/webhook-messages.js';

/**
 * The webhook worker, on the standard webhooks queue: an `event` message (routed from the outbox by the stream
 * router) fans out to the tenant's matching endpoints and makes each one's first attempt; an `attempt` message (a
 * retry's message delay, a one-time schedule, a replay, or a first attempt the fan-out could not make) sends one
 * signed attempt. A message that throws (the store unavailable) is retried by SQS; what the receiver does never
 * throws (it is recorded on the delivery).
 */
const processor = new BatchProcessor(EventType.SQS);

/**
 * The store, clock and queue (SQS, loaded by the first send: most deliveries succeed first time), the scheduler of
 * long retries (EventBridge Scheduler on AWS), the secret box (KMS on AWS: every delivery opens its endpoint's
 * secret), the webhook signing key (KMS ML-DSA-65 on AWS) and the one outbound client.
 */
export const ports = {
  ...BASE_PORTS,
  keys,
  queue: queueOnDemand,
  scheduler,
  secretBox,
  webhookSigner: webhookKeys,
  outbound,
};

async function recordHandler(d: DepsOf<typeof ports>, reads: TenantReads, record: SQSRecord): Promise<void> {
  let body: unknown;
  try {
    body = JSON.parse(record.body);
  } catch {
    body = undefined;
  }
  const parsed = WebhookMessage().safeParse(body);
  if (!parsed.success) {
    logger.error('dropping unreadable webhook message', { message_id: record.messageId });
    return;
  }
  const msg = parsed.data;
  await runWithRequestContext({ requestId: record.messageId, tenantId: msg.tenant_id }, async () => {
    const deps = deliveryDeps(d);
    if (msg.kind === 'event') {
      const r = await fanOut(deps, msg, reads);
      logger.debug('webhook fan-out', { event_id: msg.event_id, deliveries: r.deliveries, queued: r.queued });
      return;
    }
    const outcome = await attemptDelivery(deps, msg);
    logger.info('webhook attempt', {
      delivery_id: msg.delivery_id,
      webhook_id: msg.webhook_id,
      attempt: msg.attempt,
      outcome,
    });
  });
}

export const makeHandler = (d: DepsOf<typeof ports>) => async (event: SQSEvent, context: Context) => {
  // The batch's events of one tenant read its endpoints and tenant item once (delivery-worker.ts, TenantReads).
  const reads = batchTenantReads(d.store);
  return processPartialResponse(event, (r: SQSRecord) => recordHandler(d, reads, r), processor, { context });
};

export const handler = makeHandler(lazyDeps(ports));
