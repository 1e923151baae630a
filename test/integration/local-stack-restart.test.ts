import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { FakeClock } from '../../shared/ports/clock.js';
import { startLocalStack, type LocalStack, type LocalStackOptions } from '../../local/stack.js';
import { eventRecordItem } from '../support/tenant-events.js';

/** A persisted local stack keeps its data, its operator credential, its stream position and its queues across a restart. */
const dir = mkdtempSync(path.join(tmpdir(), 'custody-local-'));
const clock = new FakeClock();
const options: LocalStackOptions = {
  port: 0,
  dataDir: dir,
  clock,
  env: process.env,
  workers: { transactions: null, webhooks: null, audit: null },
  schedules: { 'chain-poller': null },
};
let stack: LocalStack | undefined;

afterAll(async () => {
  await stack?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function writeEvent(s: LocalStack) {
  // An audit record carrying one event (events live in the audit record of the change that emits them).
  const id = randomUUID();
  const tenantId = randomUUID();
  const event = { id: `${id}:0`, type: 'test.event', timestamp: new Date().toISOString(), group: tenantId, data: {} };
  await s.store.write([{ op: 'put', item: eventRecordItem(tenantId, id, [event]) }]);
  return event.id;
}

const queuedEventIds = (s: LocalStack) =>
  s.queues
    .queue('webhooks')
    .peek()
    .map((m) => JSON.parse(m.body).event_id as string);

describe('local stack restart', () => {
  it('keeps tenants, the operator credential, the stream position and queued messages', async () => {
    // First start: a new store.
    stack = await startLocalStack(options);
    const first = stack;
    expect(first.operator).toMatchObject({ created: true, file: path.join(dir, 'operator.json') });
    const file = JSON.parse(readFileSync(path.join(dir, 'operator.json'), 'utf8'));
    expect(file).toEqual({ base_url: first.baseUrl, key_id: first.operator!.keyId, secret: first.operator!.secret });
    expect(statSync(path.join(dir, 'operator.json')).mode & 0o777).toBe(0o600);
    const auth = { Authorization: `Bearer ${first.operator!.keyId}:${first.operator!.secret}` };
    const created = await fetch(`${first.baseUrl}/v1/tenants`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'kept', admin_email: 'admin@kept.example' }),
    });
    expect(created.status).toBe(201);
    const tenantId = ((await created.json()) as { id: string }).id;
    const routed = await writeEvent(first);
    await first.drain();
    expect(queuedEventIds(first)).toEqual([routed]);
    const unrouted = await writeEvent(first); // written, not yet read from the stream when the stack stops
    await first.stop();

    // Second start: same directory.
    stack = await startLocalStack(options);
    const second = stack;
    expect(second.operator).toMatchObject({
      created: false,
      keyId: first.operator!.keyId,
      secret: first.operator!.secret,
    });
    const got = await fetch(`${second.baseUrl}/v1/tenants/${tenantId}`, { headers: auth });
    expect(got.status).toBe(200);
    expect(queuedEventIds(second)).toEqual([routed]); // the queue came back
    const drained = await second.drain();
    expect(drained.streamRecords).toBe(1); // only the change the first run had not read: no replay of history
    expect(queuedEventIds(second)).toEqual([routed, unrouted]);
  }, 90_000); // two starts of DynamoDB Local with data on disk: slow on a loaded machine
});
