import { describe, expect, it } from 'vitest';
import { deliveryIdFor } from '../../shared/domain/webhooks/deliveries.js';
import { scheduleName } from '../../shared/domain/webhooks/delivery-worker.js';
import { SCHEDULE_NAME_RE } from '../../shared/ports/scheduler.js';
import { routeChange } from '../../shared/domain/outbox/stream-routing.js';
import { newId } from '../../shared/domain/ids.js';

describe('delivery ids', () => {
  it('are the same for the same (event, endpoint), differ otherwise, and sort by the event time', () => {
    const e1 = '01a20ab1-1e7a-7639-b031-317ed2bb497c';
    const e2 = '01a20ab2-0000-7000-8000-000000000000';
    const w1 = newId();
    const w2 = newId();
    expect(deliveryIdFor(e1, w1)).toBe(deliveryIdFor(e1, w1));
    expect(deliveryIdFor(e1, w1)).not.toBe(deliveryIdFor(e1, w2));
    expect(deliveryIdFor(e1, w1)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(deliveryIdFor(e1, w2) < deliveryIdFor(e2, w1)).toBe(true);
  });

  it('make schedule names the scheduler port accepts', () => {
    expect(scheduleName(deliveryIdFor(newId(), newId()), 12, 6)).toMatch(SCHEDULE_NAME_RE);
  });
});

describe('replay routing', () => {
  it('routes a delivery moved to replaying as attempt 1 of its cycle, and nothing else of deliveries', () => {
    const img = {
      entity: 'webhook_delivery',
      id: 'd1',
      tenant_id: 't1',
      webhook_id: 'w1',
      status: 'replaying',
      cycle: 2,
    };
    const [r] = routeChange({ eventName: 'MODIFY', newImage: img, oldImage: { ...img, status: 'dead', cycle: 1 } });
    expect(r!.queue).toBe('webhooks');
    expect(JSON.parse(r!.message.body)).toEqual({
      kind: 'attempt',
      tenant_id: 't1',
      webhook_id: 'w1',
      delivery_id: 'd1',
      cycle: 2,
      attempt: 1,
    });
    expect(routeChange({ eventName: 'MODIFY', newImage: { ...img, status: 'retrying' } })).toEqual([]);
    expect(routeChange({ eventName: 'INSERT', newImage: { ...img, status: 'pending' } })).toEqual([]);
  });
});
