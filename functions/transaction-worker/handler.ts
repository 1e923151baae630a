import { SqsFifoPartialProcessorAsync, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSEvent, SQSRecord } from 'aws-lambda';
import { z } from 'zod';
import { workerServices } from '../../shared/app/worker-services.js';
import { logger } from '../../shared/app/logger.js';
import { runWithRequestContext } from '../../shared/observability/request-context.js';
import { advanceTransaction } from '../../shared/domain/transactions/advance.js';
import { resumeTenant } from '../../shared/domain/transactions/resume.js';

/**
 * The transaction state-machine worker: each message from the FIFO queue (grouped by transaction) triggers one step.
 * A step that throws (e.g. screening unavailable) fails only its own message, which SQS redelivers; after the
 * configured receives it goes to the dead-letter queue and the transaction shows in the `stuck` view.
 */
const Message = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('transaction'), tenant_id: z.string(), transaction_id: z.string() }).passthrough(),
  z.object({ kind: z.literal('tenant_resumed'), tenant_id: z.string() }),
]);

const processor = new SqsFifoPartialProcessorAsync();

async function recordHandler(record: SQSRecord): Promise<void> {
  const parsed = Message.safeParse(JSON.parse(record.body));
  if (!parsed.success) {
    logger.error('dropping unreadable transaction message', { message_id: record.messageId });
    return;
  }
  const svc = workerServices();
  const deps = { store: svc.store, clock: svc.clock, screening: svc.screening, chainId: svc.config.CUSTODY_CHAIN_ID, approvalTtlSeconds: svc.config.CUSTODY_APPROVAL_TTL_SECONDS };
  const msg = parsed.data;
  // Every log line and metric of this message names it and its tenant (the message id stands for a request id).
  return runWithRequestContext({ requestId: record.messageId, tenantId: msg.tenant_id }, () => handleMessage(msg, deps));
}

async function handleMessage(msg: z.infer<typeof Message>, deps: Parameters<typeof advanceTransaction>[0]): Promise<void> {
  if (msg.kind === 'tenant_resumed') {
    const resumed = await resumeTenant(deps, msg.tenant_id);
    logger.info('tenant resumed', { tenant_id: msg.tenant_id, resumed });
    return;
  }
  const out = await advanceTransaction(deps, msg.tenant_id, msg.transaction_id);
  logger.debug('transaction step', { tenant_id: msg.tenant_id, transaction_id: msg.transaction_id, ...out });
}

export const handler = async (event: SQSEvent, context: Context) => // skipGroupOnError: a failed message holds back only the later messages of its own group (transaction).
  processPartialResponse(event, recordHandler, processor, { context, skipGroupOnError: true });
