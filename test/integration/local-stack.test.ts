import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { ScheduledEvent, SQSEvent } from 'aws-lambda';
import { FakeClock } from '../../shared/ports/clock.js';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startLocalStack, type LocalStack } from '../../local/stack.js';
import { loadHandler } from '../../local/functions.js';
import { eventRecordItem } from '../support/tenant-events.js';
import { keys } from '../../shared/store/keys.js';

/**
 * The whole local stack in-process: its own DynamoDB Local (in memory), the API on a free port, the stream read by
 * the real stream router, in-process queues, a fake clock, and drain() instead of sleeping.
 */
const clock = new FakeClock();
let stack: LocalStack;
let webhookFails = false;
const webhookEvents: SQSEvent[] = [];
const scheduled: ScheduledEvent[] = [];

beforeAll(async () => {
  stack = await startLocalStack({
    port: 0,
    inMemory: true,
    clock,
    env: { ...process.env, CUSTODY_MAX_RECEIVES: '2' },
    workers: {
      transactions: null,
      audit: null,
      webhooks: async (event) => {
        webhookEvents.push(event);
        return { batchItemFailures: webhookFails ? event.Records.map((r) => ({ itemIdentifier: r.messageId })) : [] };
      },
    },
    schedules: {
      'chain-poller': null,
      probe: async (event) => {
        scheduled.push(event);
      },
    },
  });
});

afterAll(async () => {
  await stack?.stop();
});

const auth = () => ({ Authorization: `Bearer ${stack.operator!.keyId}:${stack.operator!.secret}` });

async function writeEvent(tenantId: string) {
  // An audit record carrying one event (events live in the audit record of the change that emits them).
  const id = randomUUID();
  const event = { id: `${id}:0`, type: 'test.event', timestamp: new Date().toISOString(), group: tenantId, data: {} };
  await stack.store.write([{ op: 'put', item: eventRecordItem(tenantId, id, [event]) }]);
  return event.id;
}

describe('local stack', () => {
  it('answers the readiness probe', async () => {
    const res = await fetch(`${stack.baseUrl}/v1/health/ready`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { status: string }).status).toBe('ok');
  });

  it('bootstraps the platform operator, whose credential works (in memory mode written to a temporary folder, with stack.json)', async () => {
    expect(stack.operator).toMatchObject({ created: true, file: path.join(stack.stateDir, 'operator.json') });
    expect(stack.stateDir.startsWith(tmpdir())).toBe(true);
    expect(JSON.parse(readFileSync(stack.operator!.file!, 'utf8'))).toEqual({
      base_url: stack.baseUrl,
      key_id: stack.operator!.keyId,
      secret: stack.operator!.secret,
    });
    expect(JSON.parse(readFileSync(path.join(stack.stateDir, 'stack.json'), 'utf8'))).toEqual({
      base_url: stack.baseUrl,
      chain_rpc_url: stack.devChain!.url,
      chain_id: stack.config.CUSTODY_CHAIN_ID,
      signer_url: stack.config.CUSTODY_SIGNER_URL,
    });
    const list = await fetch(`${stack.baseUrl}/v1/tenants`, { headers: auth() });
    expect(list.status).toBe(200);
    expect(
      ((await list.json()) as { tenants: { is_platform: boolean }[] }).tenants.map((t) => t.is_platform),
    ).toContain(true);
    const created = await fetch(`${stack.baseUrl}/v1/tenants`, {
      method: 'POST',
      headers: { ...auth(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'acme', admin_email: 'admin@acme.example' }),
    });
    expect(created.status).toBe(201);
    expect((await fetch(`${stack.baseUrl}/v1/tenants`)).status).toBe(401);
  });

  it("routes an audit record's event from the stream to the webhooks queue and delivers it to the webhook worker", async () => {
    await stack.drain();
    webhookEvents.length = 0;
    const tenantId = randomUUID();
    const eventId = await writeEvent(tenantId);
    const result = await stack.drain();
    expect(result.delivered).toBe(1);
    expect(webhookEvents).toHaveLength(1);
    const rec = webhookEvents[0]!.Records[0]!;
    expect(JSON.parse(rec.body)).toEqual({
      kind: 'event',
      tenant_id: tenantId,
      event_id: eventId,
      type: 'test.event',
      event: { timestamp: expect.any(String), data: {}, group: tenantId },
    });
    // The webhooks queue is a standard queue, as deployed: no group or deduplication attributes.
    expect(rec.attributes).toMatchObject({ ApproximateReceiveCount: '1' });
    expect(rec.attributes).not.toHaveProperty('MessageGroupId');
    expect(stack.queues.queue('webhooks').peek()).toEqual([]);
  });

  it('leaves messages queued when a queue has no worker', async () => {
    const txId = randomUUID();
    const tenantId = randomUUID();
    await stack.store.write([
      {
        op: 'put',
        item: {
          ...keys.transaction(tenantId, txId),
          ...keys.transactionsByVault(tenantId, 'v'),
          entity: 'transaction',
          id: txId,
          status: 'SUBMITTED',
          version: 1,
        },
      },
    ]);
    await stack.drain();
    const waiting = stack.queues.queue('transactions').peek();
    expect(waiting.map((m) => m.groupId)).toEqual([txId]);
    expect(JSON.parse(waiting[0]!.body)).toMatchObject({
      kind: 'transaction',
      transaction_id: txId,
      status: 'SUBMITTED',
    });
  });

  it('redelivers a failed message after the visibility timeout and dead-letters it after the maximum receives', async () => {
    webhookFails = true;
    webhookEvents.length = 0;
    const eventId = await writeEvent(randomUUID());
    await stack.drain();
    await stack.drain();
    expect(webhookEvents).toHaveLength(1); // hidden until its visibility timeout ends
    clock.advance(30_000);
    await stack.drain();
    expect(webhookEvents.map((e) => e.Records[0]!.attributes.ApproximateReceiveCount)).toEqual(['1', '2']);
    clock.advance(30_000);
    await stack.drain();
    expect(webhookEvents).toHaveLength(2);
    const dead = stack.queues.deadLetters('webhooks');
    expect(dead.map((d) => JSON.parse(d.body).event_id)).toEqual([eventId]);
    expect(dead[0]).toMatchObject({ receiveCount: 2, lastError: 'reported in batchItemFailures' });
    webhookFails = false;
  });

  it('runs a scheduled function with an EventBridge scheduled event', async () => {
    await stack.runSchedule('probe');
    expect(scheduled).toEqual([
      expect.objectContaining({
        source: 'aws.events',
        'detail-type': 'Scheduled Event',
        time: clock.now().toISOString().replace('.000Z', 'Z'),
      }),
    ]);
    await expect(stack.runSchedule('chain-poller')).rejects.toThrow(/no scheduled function/);
  });

  it('loads a function module only when it exists', async () => {
    expect(typeof (await loadHandler('functions/stream-router/handler.ts'))).toBe('function');
    expect(await loadHandler('functions/no-such-function/handler.ts')).toBeUndefined();
  });

  it('answers what it refuses itself (no route, a body over 1 MiB) in the catalog shape with catalog codes', async () => {
    const missing = await fetch(`${stack.baseUrl}/v1/no-such-resource`, { headers: auth() });
    expect(missing.status).toBe(404);
    const body = (await missing.json()) as { error: { request_id: string } };
    expect(body).toEqual({
      error: {
        code: 1402,
        type: 'NOT_FOUND',
        message: 'no route GET /v1/no-such-resource',
        request_id: expect.stringMatching(/^req_/),
      },
      code: 'NOT_FOUND',
      message: 'no route GET /v1/no-such-resource',
      requestId: body.error.request_id,
    });
    expect(missing.headers.get('x-request-id')).toBe(body.error.request_id);
    const large = await fetch(`${stack.baseUrl}/v1/tenants`, {
      method: 'POST',
      headers: { ...auth(), 'Content-Type': 'application/json' },
      body: 'x'.repeat(1024 * 1024 + 1),
    });
    expect(large.status).toBe(413);
    expect(await large.json()).toMatchObject({ error: { code: 1112, type: 'PAYLOAD_TOO_LARGE' } });
  });

  it('stops the server and DynamoDB Local', async () => {
    const java = stack.dynamoDb.process;
    await stack.stop();
    expect(java.exitCode !== null || java.signalCode !== null).toBe(true);
    await expect(fetch(`${stack.baseUrl}/v1/health/live`)).rejects.toThrow();
  });
});
