import { describe, expect, it } from 'vitest';
import { AuditMessage, auditMessage } from '../../shared/domain/audit/sequencer-messages.js';

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

  it.each([
    ['another kind', { kind: 'event', tenant_id: 't', record_ids: ['r1'] }],
    ['no tenant', { kind: 'audit', record_ids: ['r1'] }],
    ['record ids not a list', { kind: 'audit', tenant_id: 't', record_ids: 'r1' }],
    ['a record id not a string', { kind: 'audit', tenant_id: 't', record_ids: [1] }],
  ])('refuses a malformed body (%s)', (_, body) => {
    expect(AuditMessage().safeParse(body).success).toBe(false);
  });
});
