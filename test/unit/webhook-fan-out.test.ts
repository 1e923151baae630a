import { afterEach, describe, expect, it, vi } from 'vitest';
import { logger } from '../../shared/logger.js';
import { FakeClock } from '../../shared/ports/clock.js';
import type { OutgoingMessage, QueueName } from '../../shared/ports/queue.js';
import type { SecretBox } from '../../shared/ports/secret-box.js';
import type { Store, WriteOp } from '../../shared/ports/store.js';
import { keys } from '../../shared/store/keys.js';
import { runInUnitOfWork } from '../../shared/domain/unit-of-work.js';
import {
  batchTenantReads,
  attemptDelivery,
  fanOut,
  type AttemptMessage,
  type DeliveryDeps,
} from '../../shared/domain/webhooks/delivery-worker.js';
import { deliveryIdFor, findDelivery } from '../../shared/domain/webhooks/deliveries.js';
import { endpointItem, type StoredEndpoint } from '../../shared/domain/webhooks/endpoints.js';
import type { AttemptResult } from '../../shared/domain/webhooks/attempt-outcome.js';
import { MemoryStore } from '../support/memory-store.js';
import { audited } from '../support/audited.js';

/**
 * The fan-out makes each delivery's first attempt itself (no attempt message, no re-read); the queue carries only
 * retries and the first attempts the fan-out could not make or record, so SQS retries that delivery alone. Delivery is
 * at least once: an attempt sent but not recorded is sent again. The whole path against real receivers and DynamoDB
 * Local is test/integration/webhooks.test.ts; here the store's and the queue's failures are injected.
 */
const T = 't1';
// A first attempt that could not be made or recorded is logged as it is queued (checked below; kept off the output).
const warned = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
afterEach(() => warned.mockClear());

async function setUp(opts: { answers?: Record<string, number>; suspended?: boolean } = {}) {
  const store = new MemoryStore();
  const clock = new FakeClock(Date.parse('2026-03-01T00:00:00.000Z'));
  const meta = { actor: { type: 'system', user_id: null, key_id: null } as const, requestId: null, now: clock.now() };
  const ts = clock.now().toISOString();
  const endpoint = (id: string, events: string[] = ['*']): StoredEndpoint => ({
    id,
    tenant_id: T,
    url: `https://receiver.example/${id}`,
    events,
    description: null,
    status: 'active',
    secret_sealed: `whsk_${id}`,
    previous_secret_sealed: null,
    previous_secret_expires_at: null,
    disabled_at: null,
    created_at: ts,
    updated_at: ts,
    version: 1,
  });
  await store.write([
    {
      op: 'put',
      item: { ...keys.tenant(T), entity: 'tenant', id: T, status: opts.suspended ? 'suspended' : 'active', version: 1 },
    },
    { op: 'put', item: endpointItem(endpoint('w1')) },
    { op: 'put', item: endpointItem(endpoint('w2')) },
    { op: 'put', item: endpointItem(endpoint('w3', ['deposit.*'])) },
  ]);
  const event = await runInUnitOfWork(audited(store), meta, async (uow) =>
    uow.event(T, 'screening.submitted', { transaction_id: 'tx1', provider: 'builtin' }),
  );
  const sent: string[] = [];
  const bodies: string[] = [];
  const queued: Array<{ queue: QueueName; message: OutgoingMessage }> = [];
  const faults = { saveOf: undefined as string | undefined, queue: false, signing: false };
  // The store, with one delivery's saves (a write at a version) failing while `faults.saveOf` names its endpoint.
  const faulty: Store = Object.create(store, {
    write: {
      value: async (ops: WriteOp[]) => {
        const put = ops[0];
        if (
          faults.saveOf &&
          put?.op === 'put' &&
          put.item.entity === 'webhook_delivery' &&
          put.item.webhook_id === faults.saveOf &&
          put.condition?.type === 'version'
        )
          throw new Error('store unavailable');
        return store.write(ops);
      },
    },
  });
  const box: SecretBox = { seal: async (s) => s, open: async (s) => s };
  const deps: DeliveryDeps = {
    ...audited(faulty),
    clock,
    queue: {
      send: async (queue, messages) => {
        if (faults.queue) throw new Error('SQS unavailable');
        queued.push(...messages.map((message) => ({ queue, message })));
      },
    },
    scheduler: { scheduleOnce: async () => {}, cancel: async () => {} },
    secretBox: box,
    webhookSigner: {
      signingKey: async () => ({
        kid: 'k1',
        sign: async () => {
          if (faults.signing) throw new Error('KMS unavailable');
          return new Uint8Array(3309);
        },
      }),
    },
    send: async (a): Promise<AttemptResult> => {
      const id = a.url.split('/').pop()!;
      sent.push(id);
      bodies.push(a.rawBody);
      return { status: opts.answers?.[id] ?? 200, headers: {}, body: 'ok', truncated: false };
    },
    timeoutMs: 1000,
  };
  const msg = { kind: 'event' as const, tenant_id: T, event_id: event.id, type: event.type };
  const delivery = (webhookId: string) => findDelivery(store, T, webhookId, deliveryIdFor(event.id, webhookId));
  return { deps, msg, sent, bodies, queued, faults, delivery };
}

describe('the fan-out makes the first attempts', () => {
  it('sends to each subscribed endpoint and records the delivery, with nothing queued', async () => {
    const { deps, msg, sent, queued, delivery } = await setUp();
    expect(await fanOut(deps, msg)).toEqual({ deliveries: 2, queued: 0 });
    expect(sent.sort()).toEqual(['w1', 'w2']);
    expect(queued).toEqual([]);
    for (const w of ['w1', 'w2'])
      expect(await delivery(w)).toMatchObject({
        status: 'delivered',
        attempts: 1,
        last_response_code: 200,
        version: 2,
      });
    expect(await delivery('w3')).toBeUndefined();
    // The same event again (a re-delivered batch): nothing written or sent twice.
    expect(await fanOut(deps, msg)).toEqual({ deliveries: 0, queued: 0 });
    expect(sent).toHaveLength(2);
  });

  it("fans out the event its message carries (the stream router's copy), without reading it back", async () => {
    const { deps, msg, bodies } = await setUp();
    // An event id the store does not hold: only the carried copy can be sent.
    const eventId = '0193b1f4-6f1e-7c3a-9d2b-5a1e8c7f0a11:0';
    const carried = {
      ...msg,
      event_id: eventId,
      type: 'transaction.status_changed',
      event: {
        timestamp: '2026-03-01T00:00:00.000Z',
        data: { transaction_id: 'tx9', status: 'QUEUED', previous_status: 'SUBMITTED' },
        group: 'tx9',
      },
    };
    expect(await fanOut(deps, carried)).toEqual({ deliveries: 2, queued: 0 });
    expect(bodies.map((b) => JSON.parse(b))).toEqual(
      [1, 2].map(() => ({
        id: eventId,
        type: 'transaction.status_changed',
        api_version: 'v1',
        timestamp: '2026-03-01T00:00:00.000Z',
        data: carried.event.data,
      })),
    );
    // Without the copy, the same id is read back, and is not there: nothing to send.
    expect(await fanOut(deps, { ...carried, event: undefined })).toEqual({ deliveries: 0, queued: 0 });
  });

  it("reads the tenant's endpoints once for the events of one batch, and afresh for the next batch", async () => {
    const { deps, msg } = await setUp();
    const query = vi.spyOn(deps.store, 'query');
    const carried = (n: number) => ({
      ...msg,
      event_id: `0193b1f4-6f1e-7c3a-9d2b-5a1e8c7f0a1${n}:0`,
      type: 'transaction.status_changed',
      event: { timestamp: '2026-03-01T00:00:00.000Z', data: { transaction_id: `tx${n}` }, group: `tx${n}` },
    });
    const batch = batchTenantReads(deps.store);
    expect(await Promise.all([1, 2, 3].map((n) => fanOut(deps, carried(n), batch)))).toEqual(
      [1, 2, 3].map(() => ({ deliveries: 2, queued: 0 })),
    );
    expect(query).toHaveBeenCalledTimes(1);
    // An endpoint disabled meanwhile: the same batch's reads still name it, the next batch's do not.
    const w2 = (await deps.store.get(keys.webhook(T, 'w2')))!;
    await deps.store.write([{ op: 'put', item: { ...w2, status: 'DISABLED' } }]);
    expect(await fanOut(deps, carried(4), batch)).toEqual({ deliveries: 2, queued: 0 });
    expect(await fanOut(deps, carried(5), batchTenantReads(deps.store))).toEqual({ deliveries: 1, queued: 0 });
    expect(query).toHaveBeenCalledTimes(2);
  });

  it('reads the tenant item only for an event some endpoint takes', async () => {
    const { deps, msg } = await setUp();
    const get = vi.spyOn(deps.store, 'get');
    const event = (type: string) => ({
      ...msg,
      type,
      event: { timestamp: '2026-03-01T00:00:00.000Z', data: { transaction_id: 'tx7' }, group: 'tx7' },
    });
    // Every endpoint left: none takes the event, and the tenant is not read.
    for (const id of ['w1', 'w2', 'w3']) {
      const e = (await deps.store.get(keys.webhook(T, id)))!;
      await deps.store.write([{ op: 'put', item: { ...e, status: 'DISABLED' } }]);
    }
    get.mockClear();
    expect(await fanOut(deps, event('transaction.status_changed'))).toEqual({ deliveries: 0, queued: 0 });
    expect(get.mock.calls.map(([key]) => key)).not.toContainEqual(keys.tenant(T));
    // w3 back, subscribed to deposits: a deposit event reads the tenant (is it suspended?) and is delivered.
    const w3 = (await deps.store.get(keys.webhook(T, 'w3')))!;
    await deps.store.write([{ op: 'put', item: { ...w3, status: 'active' } }]);
    get.mockClear();
    expect(await fanOut(deps, event('deposit.detected'))).toEqual({ deliveries: 1, queued: 0 });
    expect(get.mock.calls.map(([key]) => key)).toContainEqual(keys.tenant(T));
  });

  it('a failed first attempt queues its retry like any attempt', async () => {
    const { deps, msg, queued, delivery } = await setUp({ answers: { w2: 500 } });
    expect(await fanOut(deps, msg)).toEqual({ deliveries: 2, queued: 0 });
    const d = await delivery('w2');
    expect(d).toMatchObject({ status: 'retrying', attempts: 1, cycle_attempt: 2, last_response_code: 500 });
    expect(queued.map((q) => [q.queue, JSON.parse(q.message.body), q.message.delaySeconds])).toEqual([
      ['webhooks', { kind: 'attempt', tenant_id: T, webhook_id: 'w2', delivery_id: d!.id, cycle: 0, attempt: 2 }, 30],
    ]);
  });

  it('a suspended tenant: recorded, not sent', async () => {
    const { deps, msg, sent, delivery } = await setUp({ suspended: true });
    await fanOut(deps, msg);
    expect(sent).toEqual([]);
    expect(await delivery('w1')).toMatchObject({ status: 'suspended', attempts: 0 });
  });

  it('an attempt that cannot be recorded is queued alone and made again from the queue (at least once)', async () => {
    const { deps, msg, sent, queued, faults, delivery } = await setUp();
    faults.saveOf = 'w2';
    expect(await fanOut(deps, msg)).toEqual({ deliveries: 2, queued: 1 });
    expect(warned).toHaveBeenCalledWith(
      'first webhook attempt not made or not recorded; queued',
      expect.objectContaining({ webhook_id: 'w2', error: 'store unavailable' }),
    );
    expect(await delivery('w1')).toMatchObject({ status: 'delivered' });
    expect(await delivery('w2')).toMatchObject({ status: 'pending', attempts: 0 });
    const retry = JSON.parse(queued[0]!.message.body) as AttemptMessage;
    expect(retry).toMatchObject({ kind: 'attempt', webhook_id: 'w2', cycle: 0, attempt: 1 });
    faults.saveOf = undefined;
    expect(await attemptDelivery(deps, retry)).toBe('delivered');
    expect(await delivery('w2')).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(sent.filter((s) => s === 'w2')).toHaveLength(2);
    expect(sent.filter((s) => s === 'w1')).toHaveLength(1);
  });

  it('an attempt that cannot be signed (KMS unavailable) is not sent, and is queued alone', async () => {
    const { deps, msg, sent, queued, faults, delivery } = await setUp();
    faults.signing = true;
    expect(await fanOut(deps, msg)).toEqual({ deliveries: 2, queued: 2 });
    expect(sent).toEqual([]);
    expect(await delivery('w1')).toMatchObject({ status: 'pending', attempts: 0 });
    faults.signing = false;
    expect(await attemptDelivery(deps, JSON.parse(queued[0]!.message.body) as AttemptMessage)).toBe('delivered');
  });

  it('when the queue fails too, the fan-out fails; its retry tries only the deliveries never recorded', async () => {
    const { deps, msg, sent, queued, faults, delivery } = await setUp();
    faults.saveOf = 'w2';
    faults.queue = true;
    await expect(fanOut(deps, msg)).rejects.toThrow('SQS unavailable');
    faults.saveOf = undefined;
    faults.queue = false;
    expect(await fanOut(deps, msg)).toEqual({ deliveries: 1, queued: 0 });
    expect(queued).toEqual([]);
    expect(sent.sort()).toEqual(['w1', 'w2', 'w2']);
    expect(await delivery('w2')).toMatchObject({ status: 'delivered', attempts: 1 });
  });
});
