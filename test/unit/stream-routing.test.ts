import { describe, expect, it } from 'vitest';
import { routeBatch, routeChange, type StreamChange } from '../../shared/domain/outbox/stream-routing.js';
import { carriedRecord } from '../../shared/domain/audit/sequencer-messages.js';
import { UnitOfWork, commit } from '../../shared/domain/unit-of-work.js';
import { MemoryStore } from '../support/memory-store.js';
import { loadEvent } from '../../shared/domain/events/load-event.js';
import { keys } from '../../shared/store/keys.js';
import type { TransactionRecord } from '../../shared/domain/transactions/transaction.js';
import { transactionItem } from '../../shared/domain/transactions/transaction-item.js';
import type { TenantRecord } from '../../shared/domain/identity/records.js';
import { sampleTenantItem } from '../support/identity-items.js';
import { transactionRecord } from '../support/transaction-record.js';
import { audited } from '../support/audited.js';

/**
 * The stream router's rules, fed the items exactly as the service stores them (through the records' item builders,
 * whatever attribute spelling they use). Each test names one rule and fails when that rule is broken.
 */
const now = new Date('2026-03-01T12:00:00.000Z');
const txImage = (status: TransactionRecord['status'], version: number, over: Partial<TransactionRecord> = {}) =>
  transactionItem(transactionRecord(status, { id: 'tx_9', tenantId: 'tnt_9', version, ...over }));
const tenant = (status: TenantRecord['status'], version: number): Record<string, unknown> =>
  sampleTenantItem('tnt_9', { status, version });
/** The audit record item a change commits: one audit draft and two events, as the service stores it (and its id). */
async function auditRecordImage(tenantId = 'tnt_9'): Promise<Record<string, unknown> & { pk: string; sk: string }> {
  const store = new MemoryStore();
  const uow = new UnitOfWork(() => now);
  uow.audit({
    tenantId,
    action: 'transaction.status_changed',
    resourceType: 'transaction',
    resourceId: 'tx_9',
    change: { status: 'QUEUED' },
  });
  if (tenantId === 'tnt_9') {
    uow.event(
      tenantId,
      'transaction.status_changed',
      { transaction_id: 'tx_9', status: 'QUEUED', previous_status: 'SUBMITTED' },
      'tx_9',
    );
    uow.event(tenantId, 'transaction.status_changed', {
      transaction_id: 'tx_9',
      status: 'PENDING_AML_SCREENING',
      previous_status: 'QUEUED',
    });
  }
  const [record] = await commit(audited(store), uow, {
    actor: { type: 'system', user_id: null, key_id: null },
    requestId: null,
    now,
  });
  return (await store.get(keys.auditRecord(tenantId, record!.id)))!;
}
const idOf = (img: { sk: string }) => img.sk.replace('REC#', '');
const body = (change: StreamChange) =>
  routeChange(change).map((r) => JSON.parse(r.message.body) as Record<string, unknown>);

describe('stream routing', () => {
  it("sends an inserted audit record to the sequencer (its tenant's group) and each of its events to the webhook queue, in its group, deduplicated by event id", async () => {
    const rec = await auditRecordImage();
    const [seq, first, second, ...more] = routeChange({ eventName: 'INSERT', newImage: rec });
    expect(more).toEqual([]);
    expect(seq).toMatchObject({
      queue: 'audit',
      message: { groupId: 'tenant-tnt_9', deduplicationId: `audit-${idOf(rec)}` },
    });
    // It carries the record as stored, so that the sequencer need not read it (audit-sequencer.test.ts).
    expect(JSON.parse(seq!.message.body)).toEqual({
      kind: 'audit',
      tenant_id: 'tnt_9',
      record_ids: [idOf(rec)],
      records: [carriedRecord(idOf(rec), rec)],
    });
    expect(carriedRecord(idOf(rec), rec)).toEqual({
      id: idOf(rec),
      chain: rec.chain,
      previous_hash: rec.previous_hash,
      body: Buffer.from(rec.body as Uint8Array).toString('base64'),
      hash: rec.hash,
      mac: rec.mac,
    });
    expect(first).toMatchObject({
      queue: 'webhooks',
      message: { groupId: 'tx_9', deduplicationId: `event-${idOf(rec)}:0` },
    });
    expect(second).toMatchObject({
      queue: 'webhooks',
      message: { groupId: 'tnt_9', deduplicationId: `event-${idOf(rec)}:1` },
    });
    // The event rides along as the record holds it (the fan-out does not read it back): what loadEvent reads.
    const store = new MemoryStore();
    await store.write([{ op: 'put', item: rec }]);
    const event = (await loadEvent(store, 'tnt_9', `${idOf(rec)}:0`))!;
    expect(JSON.parse(first!.message.body)).toEqual({
      kind: 'event',
      tenant_id: 'tnt_9',
      event_id: `${idOf(rec)}:0`,
      type: 'transaction.status_changed',
      event: { timestamp: event.timestamp, data: event.data, group: event.group },
    });
  });

  it('merges the audit records of one stream batch into ONE sequencer message per tenant, after the other messages, naming the changes it comes from', async () => {
    const a = await auditRecordImage();
    const b = await auditRecordImage();
    const other = await auditRecordImage('tnt_8');
    const out = routeBatch([
      { eventName: 'INSERT', newImage: a },
      { eventName: 'INSERT', newImage: txImage('SUBMITTED', 1) },
      { eventName: 'INSERT', newImage: other },
      { eventName: 'INSERT', newImage: b },
      { eventName: 'INSERT', newImage: a },
    ]);
    const audit = out.filter((o) => o.routed.queue === 'audit');
    expect(out.slice(-2)).toEqual(audit);
    expect(audit.map((o) => [JSON.parse(o.routed.message.body), o.routed.message.groupId, o.from])).toEqual([
      [
        {
          kind: 'audit',
          tenant_id: 'tnt_9',
          record_ids: [idOf(a), idOf(b)],
          records: [carriedRecord(idOf(a), a), carriedRecord(idOf(b), b)],
        },
        'tenant-tnt_9',
        [0, 3, 4],
      ],
      [
        { kind: 'audit', tenant_id: 'tnt_8', record_ids: [idOf(other)], records: [carriedRecord(idOf(other), other)] },
        'tenant-tnt_8',
        [2],
      ],
    ]);
    expect(audit[0]!.routed.message.deduplicationId).not.toBe(`audit-${idOf(a)}`);
    expect(out.filter((o) => o.routed.queue === 'transactions').map((o) => o.from)).toEqual([[1]]);
  });

  it('does not route an audit record again when its item is modified or removed', async () => {
    const rec = await auditRecordImage();
    expect(routeChange({ eventName: 'MODIFY', oldImage: rec, newImage: { ...rec, ttl: 1 } })).toEqual([]);
    expect(routeChange({ eventName: 'REMOVE', oldImage: rec })).toEqual([]);
  });

  it('drives the state machine on a new transaction: its tenant, id and status, grouped by transaction', () => {
    const [out, ...more] = routeChange({ eventName: 'INSERT', newImage: txImage('SUBMITTED', 1) });
    expect(more).toEqual([]);
    expect(out).toMatchObject({ queue: 'transactions', message: { groupId: 'tx_9', deduplicationId: 'tx-tx_9-1' } });
    // The worker skips a message whose status the transaction has left: the status must travel with the message.
    expect(JSON.parse(out!.message.body)).toMatchObject({
      kind: 'transaction',
      tenant_id: 'tnt_9',
      transaction_id: 'tx_9',
      status: 'SUBMITTED',
    });
  });

  it('drives the state machine on every status change, one message per version', () => {
    const [moved] = body({ eventName: 'MODIFY', oldImage: txImage('SUBMITTED', 1), newImage: txImage('QUEUED', 2) });
    expect(moved).toMatchObject({ tenant_id: 'tnt_9', transaction_id: 'tx_9', status: 'QUEUED' });
    const dedup = (from: TransactionRecord['status'], to: TransactionRecord['status'], v: number) =>
      routeChange({ eventName: 'MODIFY', oldImage: txImage(from, v - 1), newImage: txImage(to, v) })[0]!.message
        .deduplicationId;
    expect(dedup('QUEUED', 'PENDING_AML_SCREENING', 3)).not.toBe(dedup('PENDING_AML_SCREENING', 'APPROVED', 4));
    expect(dedup('QUEUED', 'PENDING_AML_SCREENING', 3)).toBe(dedup('QUEUED', 'PENDING_AML_SCREENING', 3));
  });

  it('sends nothing for a status no step runs from (the worker would find nothing to do): waiting, confirming, ended', () => {
    for (const [from, to] of [
      ['APPROVED', 'PENDING_AUTHORIZATION'],
      ['BROADCASTING', 'CONFIRMING'],
      ['CONFIRMING', 'COMPLETED'],
      ['PENDING_SIGNATURE', 'FAILED'],
      ['PENDING_AML_SCREENING', 'BLOCKED'],
    ] as const) {
      expect(
        routeChange({ eventName: 'MODIFY', oldImage: txImage(from, 4), newImage: txImage(to, 5) }),
        `${from} -> ${to}`,
      ).toEqual([]);
    }
    // A reorg sends a confirming transaction back to BROADCASTING: the worker broadcasts it again.
    expect(
      body({ eventName: 'MODIFY', oldImage: txImage('CONFIRMING', 6), newImage: txImage('BROADCASTING', 7) }),
    ).toMatchObject([{ status: 'BROADCASTING' }]);
  });

  it("puts an APPROVED transaction in its wallet's group (nonce assignment in wallet order), every other status in its own", () => {
    const approved = routeChange({
      eventName: 'MODIFY',
      oldImage: txImage('QUEUED', 2),
      newImage: txImage('APPROVED', 3),
    })[0]!;
    const wallet = String(txImage('APPROVED', 3).source_wallet_id);
    expect(approved.message).toMatchObject({ groupId: `wallet-${wallet}`, deduplicationId: 'tx-tx_9-3' });
    const signing = routeChange({
      eventName: 'MODIFY',
      oldImage: txImage('APPROVED', 3),
      newImage: txImage('PENDING_SIGNATURE', 4),
    })[0]!;
    expect(signing.message.groupId).toBe('tx_9');
  });

  it('sends nothing for a status the worker run that committed it goes on from, unless the poller re-drives it', () => {
    const continued = txImage('BROADCASTING', 5, { workerContinues: true });
    expect(continued.worker_continues).toBe(true);
    expect(
      routeChange({ eventName: 'MODIFY', oldImage: txImage('PENDING_SIGNATURE', 4), newImage: continued }),
    ).toEqual([]);
    // The same change made outside a continuing run (a callback signature, a reorg) is routed.
    expect(
      body({ eventName: 'MODIFY', oldImage: txImage('PENDING_SIGNATURE', 4), newImage: txImage('BROADCASTING', 5) }),
    ).toMatchObject([{ status: 'BROADCASTING' }]);
    const redriven = txImage('BROADCASTING', 6, { workerContinues: true, subStatus: 'STALLED' });
    expect(body({ eventName: 'MODIFY', oldImage: continued, newImage: redriven })).toMatchObject([
      { status: 'BROADCASTING' },
    ]);
  });

  it('routes a marked transaction whose run handed it back (its mark cleared) to its own group', () => {
    const marked = txImage('PENDING_SIGNATURE', 5, { workerContinues: true });
    const handedBack = txImage('PENDING_SIGNATURE', 6);
    const routed = routeChange({ eventName: 'MODIFY', oldImage: marked, newImage: handedBack });
    expect(routed.map((r) => [r.queue, JSON.parse(r.message.body).status])).toEqual([
      ['transactions', 'PENDING_SIGNATURE'],
    ]);
    expect(routed[0]!.message.groupId).not.toMatch(/^wallet-/);
    // A mark cleared by a move to a status without a step routes nothing.
    expect(routeChange({ eventName: 'MODIFY', oldImage: marked, newImage: txImage('CANCELLED', 6) })).toEqual([]);
  });

  it('ignores a transaction update that does not change its status (an approval recorded)', () => {
    const before = txImage('PENDING_AUTHORIZATION', 3);
    const after = txImage('PENDING_AUTHORIZATION', 4, {
      approvals: [
        {
          userId: 'u',
          keyId: 'k',
          decision: 'approved',
          compliance: false,
          reason: null,
          decidedAt: now.toISOString(),
        },
      ],
    });
    expect(routeChange({ eventName: 'MODIFY', oldImage: before, newImage: after })).toEqual([]);
  });

  it('resumes a tenant when it goes from suspended to active, once per tenant version', () => {
    const [out, ...more] = routeChange({
      eventName: 'MODIFY',
      oldImage: tenant('suspended', 4),
      newImage: tenant('active', 5),
    });
    expect(more).toEqual([]);
    expect(out).toMatchObject({
      queue: 'transactions',
      message: { groupId: 'tenant-tnt_9', deduplicationId: 'tenant-tnt_9-5' },
    });
    expect(JSON.parse(out!.message.body)).toEqual({ kind: 'tenant_resumed', tenant_id: 'tnt_9' });
  });

  it('ignores every other tenant change (created, suspended, renamed while active)', () => {
    expect(routeChange({ eventName: 'INSERT', newImage: tenant('active', 1) })).toEqual([]);
    expect(
      routeChange({ eventName: 'MODIFY', oldImage: tenant('active', 1), newImage: tenant('suspended', 2) }),
    ).toEqual([]);
    expect(routeChange({ eventName: 'MODIFY', oldImage: tenant('active', 2), newImage: tenant('active', 3) })).toEqual(
      [],
    );
  });
});
