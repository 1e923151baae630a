import { describe, expect, it } from 'vitest';
import { routeChange } from '../../shared/domain/outbox/stream-routing.js';

describe('stream routing', () => {
  it('sends an inserted outbox event to the webhook queue, deduplicated by event id', () => {
    const out = routeChange({ eventName: 'INSERT', newImage: { entity: 'event', id: 'e1', tenant_id: 't1', type: 'transaction.created', group: 'tx1' } });
    expect(out).toHaveLength(1);
    expect(out[0]!.queue).toBe('webhooks');
    expect(out[0]!.message.deduplicationId).toBe('event-e1');
    expect(JSON.parse(out[0]!.message.body)).toMatchObject({ kind: 'event', event_id: 'e1', tenant_id: 't1' });
  });

  it('drives the state machine on a transaction insert or status change, grouped by transaction', () => {
    const insert = routeChange({ eventName: 'INSERT', newImage: { entity: 'transaction', id: 'x', tenant_id: 't', status: 'SUBMITTED', version: 1 } });
    expect(insert[0]).toMatchObject({ queue: 'transactions', message: { groupId: 'x', deduplicationId: 'tx-x-1' } });
    expect(JSON.parse(insert[0]!.message.body)).toMatchObject({ kind: 'transaction', tenant_id: 't', transaction_id: 'x' });
    const moved = routeChange({ eventName: 'MODIFY', oldImage: { entity: 'transaction', status: 'SUBMITTED', version: 1 }, newImage: { entity: 'transaction', id: 'x', tenant_id: 't', status: 'QUEUED', version: 2 } });
    expect(moved).toHaveLength(1);
  });

  it('ignores a transaction update that does not change its status (an approval recorded)', () => {
    expect(routeChange({ eventName: 'MODIFY', oldImage: { entity: 'transaction', status: 'PENDING_AUTHORIZATION', version: 3 }, newImage: { entity: 'transaction', id: 'x', tenant_id: 't', status: 'PENDING_AUTHORIZATION', version: 4 } })).toEqual([]);
  });

  it('resumes a tenant when it goes from suspended to active, and ignores other tenant changes', () => {
    const resumed = routeChange({ eventName: 'MODIFY', oldImage: { entity: 'tenant', status: 'suspended' }, newImage: { entity: 'tenant', id: 't', status: 'active', version: 5 } });
    expect(JSON.parse(resumed[0]!.message.body)).toEqual({ kind: 'tenant_resumed', tenant_id: 't' });
    expect(routeChange({ eventName: 'MODIFY', oldImage: { entity: 'tenant', status: 'active' }, newImage: { entity: 'tenant', id: 't', status: 'active', version: 6 } })).toEqual([]);
    expect(routeChange({ eventName: 'REMOVE', oldImage: { entity: 'event' } })).toEqual([]);
  });
});
