import { describe, expect, it } from 'vitest';
import {
  AttemptMessage,
  EventMessage,
  WebhookMessage,
  attemptMessage,
  eventMessage,
  replayMessage,
} from '../../shared/domain/webhooks/webhook-messages.js';

/**
 * The webhooks queue's messages: what the stream router and the webhook worker build is what the worker reads, and
 * a malformed body is refused.
 */
const delivery = { tenant_id: 'tnt_1', webhook_id: 'w1', id: 'd1' };
const event = {
  id: 'ev1',
  type: 'transaction.confirmed',
  timestamp: '2026-03-01T00:00:00.000Z',
  group: 'tx_1',
  data: { a: 1 },
};

describe('webhooks queue messages', () => {
  it('builds an event message the worker reads back, in the event group, deduplicated by event id', () => {
    const m = eventMessage('tnt_1', event);
    const read = WebhookMessage().parse(JSON.parse(m.body));
    expect(read).toEqual({
      kind: 'event',
      tenant_id: 'tnt_1',
      event_id: 'ev1',
      type: 'transaction.confirmed',
      event: { timestamp: event.timestamp, data: { a: 1 }, group: 'tx_1' },
    });
    expect(EventMessage().safeParse(read).success).toBe(true);
    expect(m).toMatchObject({ groupId: 'tx_1', deduplicationId: 'event-ev1' });
  });

  it('builds attempt messages (the worker retry, a replay) the worker reads back', () => {
    const retry = attemptMessage(delivery, 2, 3);
    expect(AttemptMessage().parse(JSON.parse(retry.body))).toEqual({
      kind: 'attempt',
      tenant_id: 'tnt_1',
      webhook_id: 'w1',
      delivery_id: 'd1',
      cycle: 2,
      attempt: 3,
    });
    expect(retry).toEqual({ body: retry.body });
    const replay = replayMessage({ ...delivery, cycle: 4 });
    expect(WebhookMessage().parse(JSON.parse(replay.body))).toMatchObject({ kind: 'attempt', cycle: 4, attempt: 1 });
    expect(replay).toMatchObject({ groupId: 'tnt_1', deduplicationId: 'replay-d1-4' });
  });

  it.each([
    ['an unknown kind', { kind: 'audit', tenant_id: 't', record_ids: [] }],
    ['an event without its id', { kind: 'event', tenant_id: 't' }],
    [
      'an event whose data is not an object',
      { ...JSON.parse(eventMessage('t', event).body), event: { ...event, data: 1 } },
    ],
    ['an attempt numbered 0', { ...JSON.parse(attemptMessage(delivery, 0, 1).body), attempt: 0 }],
    ['an attempt of a negative cycle', { ...JSON.parse(attemptMessage(delivery, 0, 1).body), cycle: -1 }],
    ['an attempt of a fractional cycle', { ...JSON.parse(attemptMessage(delivery, 0, 1).body), cycle: 1.5 }],
    ['an attempt without its delivery', { kind: 'attempt', tenant_id: 't', webhook_id: 'w', cycle: 0, attempt: 1 }],
  ])('refuses a malformed body (%s)', (_, body) => {
    expect(WebhookMessage().safeParse(body).success).toBe(false);
  });
});
