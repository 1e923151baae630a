import * as z from '../../schemas/zod.js';
import { sha256Hex } from '../../crypto/hashing.js';
import type { OutgoingMessage } from '../../ports/queue.js';

/**
 * The messages of the audit queue, in one place: what the stream router sends (../outbox/stream-routing.ts) and what
 * the audit sequencer reads (functions/audit-sequencer), with its FIFO group and deduplication id.
 *
 *  - `audit`: new audit records of one tenant for the sequencer to fold into its next checkpoint. One group per
 *    tenant; deduplicated by its record ids (the one id itself when alone). The router merges a tenant's records of
 *    one stream batch into one message.
 */
export const AuditMessage = z.lazySchema(() =>
  z.object({ kind: z.literal('audit'), tenant_id: z.string(), record_ids: z.array(z.string()) }),
);
export type AuditMessage = z.infer<ReturnType<typeof AuditMessage>>;

export function auditMessage(tenantId: string, recordIds: string[]): OutgoingMessage {
  const dedup = recordIds.length === 1 ? recordIds[0]! : sha256Hex(recordIds.join(','));
  return {
    body: JSON.stringify({ kind: 'audit', tenant_id: tenantId, record_ids: recordIds } satisfies AuditMessage),
    groupId: `tenant-${tenantId}`,
    deduplicationId: `audit-${dedup}`,
  };
}
