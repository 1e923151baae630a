import '../../shared/app/keys-wiring.js'; // derives the audit record MAC key from KMS (shared/domain/audit/record-mac.ts)
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSEvent, SQSRecord } from 'aws-lambda';
import { logger } from '../../shared/app/logger.js';
import { webhookDeps } from '../../shared/app/webhook-services.js';
import { runWithRequestContext } from '../../shared/observability/request-context.js';
import { attemptDelivery, fanOut } from '../../shared/domain/webhooks/delivery-worker.js';
import { WebhookMessage } from '../../shared/domain/webhooks/webhook-messages.js';

/**
 * The webhook worker, on the standard webhooks queue: an `event` message (routed from the outbox by the stream
 * router) fans out to the tenant's matching endpoints and makes each one's first attempt; an `attempt` message (a
 * retry's message delay, a one-time schedule, a replay, or a first attempt the fan-out could not make) sends one
 * signed attempt. A message that throws (the store unavailable) is retried by SQS; what the receiver does never
 * throws (it is recorded on the delivery).
 */
const processor = new BatchProcessor(EventType.SQS);

async function recordHandler(record: SQSRecord): Promise<void> {
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
    const deps = webhookDeps();
    if (msg.kind === 'event') {
      const r = await fanOut(deps, msg);
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

export const handler = async (event: SQSEvent, context: Context) =>
  processPartialResponse(event, recordHandler, processor, { context });
