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
 *
 * A message names its records (`record_ids`) and carries, as stored, those that fit (`records`, at most
 * CARRIED_BYTES of JSON a message): the stored attributes a record's hash is computed from, its hash and its
 * MAC, taken from the stream's image of the committed item. The sequencer takes a carried record only if the hash it
 * recomputes (which covers the id and tenant) is the one carried and the MAC is the writer's (record-mac.ts); it
 * reads any other named record from the table, as it reads every one a message does not carry. So a message is a
 * hint that saves a read, never a source of trust: a forged or altered carried record is read from the table instead.
 */
export const CarriedRecord = z.lazySchema(() =>
  z.object({
    id: z.string(),
    chain: z.string(),
    previous_hash: z.string(),
    /** The body's stored bytes (raw-deflated canonical JSON), base64. */
    body: z.string(),
    hash: z.string(),
    mac: z.optional(z.string()),
  }),
);
export type CarriedRecord = z.infer<ReturnType<typeof CarriedRecord>>;

export const AuditMessage = z.lazySchema(() =>
  z.object({
    kind: z.literal('audit'),
    tenant_id: z.string(),
    record_ids: z.array(z.string()),
    records: z.optional(z.array(CarriedRecord())),
  }),
);
export type AuditMessage = z.infer<ReturnType<typeof AuditMessage>>;

/**
 * The carried records of a message, at most, as JSON: with its record ids the message stays within one 64 KiB SQS
 * unit (a stream batch names at most 100 records).
 */
export const CARRIED_BYTES = 48 * 1024;

/** A stored record's image as a message carries it, or undefined when it is not one (the sequencer reads it). */
export function carriedRecord(id: string, image: Record<string, unknown>): CarriedRecord | undefined {
  const { chain, previous_hash: previousHash, body, hash, mac } = image;
  if (typeof chain !== 'string' || typeof previousHash !== 'string' || typeof hash !== 'string') return undefined;
  if (!(body instanceof Uint8Array) || (mac !== undefined && typeof mac !== 'string')) return undefined;
  return {
    id,
    chain,
    previous_hash: previousHash,
    body: Buffer.from(body).toString('base64'),
    hash,
    ...(mac === undefined ? {} : { mac }),
  };
}

/** The message naming `recordIds`, carrying of `carried` those that fit in CARRIED_BYTES, in order, each once. */
export function auditMessage(tenantId: string, recordIds: string[], carried: CarriedRecord[] = []): OutgoingMessage {
  const dedup = recordIds.length === 1 ? recordIds[0]! : sha256Hex(recordIds.join(','));
  const records = new Map<string, CarriedRecord>();
  let room = CARRIED_BYTES;
  for (const r of carried) {
    if (records.has(r.id)) continue;
    const size = JSON.stringify(r).length + 1;
    if (size > room) continue;
    room -= size;
    records.set(r.id, r);
  }
  return {
    body: JSON.stringify({
      kind: 'audit',
      tenant_id: tenantId,
      record_ids: recordIds,
      ...(records.size ? { records: [...records.values()] } : {}),
    } satisfies AuditMessage),
    groupId: `tenant-${tenantId}`,
    deduplicationId: `audit-${dedup}`,
  };
}
