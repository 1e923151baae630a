import { BASE_PORTS } from '../../shared/composition/base.js';
import { lazyDeps, type DepsOf } from '../../shared/composition/deps.js';
import { keys } from '../../shared/composition/keys.js';
import { checkpointSigner } from '../../shared/composition/checkpoint-signer.js';
import '../../shared/composition/kms-checkpoint.js'; // signs on every batch: the KMS signer belongs to its cold start
import type { Context, SQSEvent, SQSBatchResponse } from 'aws-lambda';
import { logger } from '../../shared/app/logger.js';
import { runWithRequestContext } from '../../shared/observability/request-context.js';
import { SequencerMemory, sequenceRecords } from '../../shared/domain/audit/sequencer.js';
import { AuditMessage, type CarriedRecord } from '../../shared/domain/audit/sequencer-messages.js';

/**
 * The audit sequencer: each batch from the FIFO `audit` queue (one message group per tenant; a message names every
 * new record of a tenant in one stream batch, and carries those that fit, so they need not be read) is folded, per
 * tenant, into the tenant's next signed checkpoint(s), one write per checkpoint. Duplicates and records already
 * sequenced are skipped, so a batch that fails (and comes back whole) or a message delivered twice does no harm. A
 * failing tenant fails only its own messages.
 */
export const ports = { ...BASE_PORTS, keys, checkpointSigner };

export const makeHandler = (s: DepsOf<typeof ports>) => {
  /** What this handler wrote last per tenant, so that its next run of a tenant reads nothing before writing. */
  const memory = new SequencerMemory();
  return async (event: SQSEvent, _context?: Context): Promise<SQSBatchResponse> => {
    const byTenant = new Map<string, { ids: string[]; carried: CarriedRecord[]; messageIds: string[] }>();
    for (const r of event.Records) {
      const parsed = AuditMessage().safeParse(JSON.parse(r.body));
      if (!parsed.success) {
        logger.error('dropping unreadable audit message', { message_id: r.messageId });
        continue;
      }
      const t = byTenant.get(parsed.data.tenant_id) ?? { ids: [], carried: [], messageIds: [] };
      t.ids.push(...parsed.data.record_ids);
      t.carried.push(...(parsed.data.records ?? []));
      t.messageIds.push(r.messageId);
      byTenant.set(parsed.data.tenant_id, t);
    }
    const failures: { itemIdentifier: string }[] = [];
    for (const [tenantId, batch] of byTenant) {
      try {
        await runWithRequestContext({ requestId: batch.messageIds[0]!, tenantId }, async () => {
          const cps = await sequenceRecords(
            s,
            s.checkpointSigner,
            tenantId,
            batch.ids,
            () => s.clock.now(),
            memory,
            batch.carried,
          );
          logger.debug('audit checkpoints', {
            tenant_id: tenantId,
            records: batch.ids.length,
            checkpoints: cps.map((c) => c.number),
          });
        });
      } catch (e) {
        logger.error('audit sequencing failed', { tenant_id: tenantId, error: (e as Error).message });
        failures.push(...batch.messageIds.map((id) => ({ itemIdentifier: id })));
      }
    }
    return { batchItemFailures: failures };
  };
};

export const handler = makeHandler(lazyDeps(ports));
