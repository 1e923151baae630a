import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeClock } from '../../shared/ports/clock.js';
import type { SecretBox } from '../../shared/ports/secret-box.js';
import { runInUnitOfWork } from '../../shared/domain/unit-of-work.js';
import { attemptDelivery, type DeliveryDeps } from '../../shared/domain/webhooks/delivery-worker.js';
import { deliveryItem, findDelivery, newDelivery } from '../../shared/domain/webhooks/deliveries.js';
import { endpointItem, findEndpoint, type StoredEndpoint } from '../../shared/domain/webhooks/endpoints.js';
import { MemoryStore } from '../support/memory-store.js';
import { audited } from '../support/audited.js';

/**
 * The unit of work is a lazy chunk of the webhook worker: only an attempt that ends a delivery for good (dead after
 * the 6th failure, or 410 Gone) loads it. The path that loads it works (here a 410; both are covered end to end in
 * test/integration/webhooks.test.ts), and a failed load is not kept: the message fails (SQS delivers it again) and
 * the next run loads the module and finishes the job. The load failure is a mocked module whose evaluation throws.
 */
const UOW = '../../shared/domain/unit-of-work.js';
afterEach(() => vi.doUnmock(UOW));

async function setUp() {
  const store = new MemoryStore();
  const clock = new FakeClock(Date.parse('2026-03-01T00:00:00.000Z'));
  const meta = { actor: { type: 'system', user_id: null, key_id: null } as const, requestId: null, now: clock.now() };
  const event = await runInUnitOfWork(audited(store), meta, async (uow) =>
    uow.event('t1', 'screening.submitted', { transaction_id: 'tx1', provider: 'builtin' }),
  );
  const ts = clock.now().toISOString();
  const endpoint: StoredEndpoint = {
    id: 'w1',
    tenant_id: 't1',
    url: 'https://receiver.example/gone',
    events: ['*'],
    description: null,
    status: 'active',
    secret_sealed: 'whsk_1',
    previous_secret_sealed: null,
    previous_secret_expires_at: null,
    disabled_at: null,
    created_at: ts,
    updated_at: ts,
    version: 1,
  };
  const delivery = newDelivery({
    tenantId: 't1',
    webhookId: 'w1',
    eventId: event.id,
    eventType: event.type,
    now: clock.now(),
  });
  await store.write([
    { op: 'put', item: endpointItem(endpoint) },
    { op: 'put', item: deliveryItem(delivery) },
  ]);
  const box: SecretBox = { seal: async (s) => s, open: async (s) => s };
  const deps: DeliveryDeps = {
    ...audited(store),
    clock,
    queue: { send: async () => {} },
    scheduler: { scheduleOnce: async () => {}, cancel: async () => {} },
    secretBox: box,
    webhookSigner: { signingKey: async () => ({ kid: 'k1', sign: async () => new Uint8Array(3309) }) },
    send: async () => ({ status: 410, headers: {}, body: 'gone', truncated: false }),
    timeoutMs: 1000,
  };
  const msg = {
    kind: 'attempt' as const,
    tenant_id: 't1',
    webhook_id: 'w1',
    delivery_id: delivery.id,
    cycle: 0,
    attempt: 1,
  };
  return { store, deps, msg };
}

describe('the delivery worker loads the unit of work on the attempt that ends a delivery', () => {
  it('a 410 disables the endpoint and cancels the delivery through it', async () => {
    const { store, deps, msg } = await setUp();
    expect(await attemptDelivery(deps, msg)).toBe('disabled');
    expect((await findEndpoint(store, 't1', 'w1'))?.status).toBe('DISABLED');
    expect(await findDelivery(store, 't1', 'w1', msg.delivery_id)).toMatchObject({
      status: 'cancelled',
      last_response_code: 410,
    });
  });

  it('a failed load fails the message, and the next run loads the module and finishes the job', async () => {
    const { store, deps, msg } = await setUp();
    vi.doMock(UOW, () => {
      throw new Error('chunk failed to load');
    });
    await expect(attemptDelivery(deps, msg)).rejects.toThrow();
    expect((await findEndpoint(store, 't1', 'w1'))?.status).toBe('active');
    vi.doUnmock(UOW);
    expect(await attemptDelivery(deps, msg)).toBe('disabled');
    expect((await findEndpoint(store, 't1', 'w1'))?.status).toBe('DISABLED');
  });
});
