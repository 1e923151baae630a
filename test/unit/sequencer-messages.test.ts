import { describe, expect, it } from 'vitest';
import {
  AuditMessage,
  auditMessage,
  CARRIED_BYTES,
  type CarriedRecord,
} from '../../shared/domain/audit/sequencer-messages.js';

/** The audit queue's message: what the stream router builds is what the sequencer reads, and nothing else is. */
describe('audit queue messages', () => {
  it('builds a message the sequencer reads back, in its tenant group, deduplicated by its record ids', () => {
    const one = auditMessage('tnt_1', ['r1']);
    expect(AuditMessage().parse(JSON.parse(one.body))).toEqual({
      kind: 'audit',
      tenant_id: 'tnt_1',
      record_ids: ['r1'],
    });
    expect(one).toMatchObject({ groupId: 'tenant-tnt_1', deduplicationId: 'audit-r1' });
    const two = auditMessage('tnt_1', ['r1', 'r2']);
    expect(AuditMessage().parse(JSON.parse(two.body)).record_ids).toEqual(['r1', 'r2']);
    expect(two.deduplicationId).toMatch(/^audit-[0-9a-f]{64}$/);
    expect(two.deduplicationId).not.toBe(auditMessage('tnt_1', ['r2', 'r1']).deduplicationId);
  });

  it('carries the records that fit, each once, and names every record', () => {
    const rec = (id: string, bytes: number): CarriedRecord => ({
      id,
      chain: `record:${id}`,
      previous_hash: '0'.repeat(64),
      body: Buffer.alloc(bytes, 1).toString('base64'),
      hash: 'a'.repeat(64),
      mac: 'b'.repeat(64),
    });
    // Raw body bytes for a carried record of about `json` characters of JSON.
    const bodyFor = (json: number) => Math.floor(((json - JSON.stringify(rec('r0', 0)).length) * 3) / 4);
    const half = bodyFor(CARRIED_BYTES / 2 - 100);
    const parsed = AuditMessage().parse(
      JSON.parse(
        auditMessage(
          'tnt_1',
          ['r1', 'r2', 'r3', 'r4'],
          [rec('r1', half), rec('r1', half), rec('r2', bodyFor(CARRIED_BYTES)), rec('r3', half), rec('r4', 300)],
        ).body,
      ),
    );
    expect(parsed.record_ids).toEqual(['r1', 'r2', 'r3', 'r4']);
    // r1 once; r2 alone is more than the room; r3 fits beside r1; r4 no longer.
    expect(parsed.records!.map((r) => r.id)).toEqual(['r1', 'r3']);
    expect(AuditMessage().safeParse({ ...parsed, records: [{ ...parsed.records![0], body: 1 }] }).success).toBe(false);
  });

  it('stays within one 64 KiB SQS unit for a whole stream batch of records', () => {
    const ids = Array.from({ length: 100 }, (_, i) => `01900000-0000-7000-8000-${String(i).padStart(12, '0')}`);
    const carried = ids.map((id) => ({
      id,
      chain: `item:TENANT#01900000-0000-7000-8000-000000000000#TX#${id}|TX`,
      previous_hash: 'c'.repeat(64),
      body: Buffer.alloc(900, 7).toString('base64'), // a transaction's record: about 900 bytes deflated
      hash: 'a'.repeat(64),
      mac: 'b'.repeat(64),
    }));
    const message = auditMessage('01900000-0000-7000-8000-000000000000', ids, carried);
    expect(Buffer.byteLength(message.body)).toBeLessThan(64 * 1024);
    const parsed = AuditMessage().parse(JSON.parse(message.body));
    expect(parsed.record_ids).toHaveLength(100);
    expect(parsed.records!.length).toBeGreaterThan(20);
    expect(parsed.records!.length).toBeLessThan(100); // the rest are read
  });

  it.each([
    ['another kind', { kind: 'event', tenant_id: 't', record_ids: ['r1'] }],
    ['no tenant', { kind: 'audit', record_ids: ['r1'] }],
    ['record ids not a list', { kind: 'audit', tenant_id: 't', record_ids: 'r1' }],
    ['a record id not a string', { kind: 'audit', tenant_id: 't', record_ids: [1] }],
  ])('refuses a malformed body (%s)', (_, body) => {
    expect(AuditMessage().safeParse(body).success).toBe(false);
  });
});
