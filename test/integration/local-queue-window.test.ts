import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SQSEvent } from 'aws-lambda';
import { startLocalStack, type LocalStack } from '../../local/stack.js';
import { logger } from '../../shared/logger.js';

/**
 * The local stack's queues honour the manifest's batching window as Lambda's event source mapping does: the webhooks
 * queue (1 s, batches of 10) holds a short batch until it fills or the window ends; drain() delivers at once.
 */
let stack: LocalStack;
const batches: number[][] = [];
let sent = 0;

beforeAll(async () => {
  stack = await startLocalStack({
    port: 0,
    inMemory: true,
    env: { ...process.env, CUSTODY_LOG_LEVEL: 'ERROR' },
    workers: {
      transactions: null,
      audit: null,
      webhooks: async (event: SQSEvent) => {
        batches.push(event.Records.map((r) => Number(JSON.parse(r.body).n)));
        return { batchItemFailures: [] };
      },
    },
    schedules: { 'chain-poller': null },
  });
});
afterAll(async () => {
  await stack?.stop();
});

const send = (count: number) =>
  stack.queues.send(
    'webhooks',
    Array.from({ length: count }, () => ({ body: JSON.stringify({ n: ++sent }) })),
  );
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the local stack settings', () => {
  it('applies CUSTODY_LOG_LEVEL to the logger its functions share', () => {
    expect(logger.getLevelName()).toBe('ERROR');
  });
});

describe('the local webhooks queue', () => {
  it('holds a short batch until it fills: three, then seven more, go as one batch of ten', async () => {
    batches.length = 0;
    const from = sent + 1;
    send(3);
    await sleep(200);
    expect(batches).toEqual([]);
    send(7);
    await expect.poll(() => batches, { timeout: 5_000 }).toHaveLength(1);
    expect(batches).toEqual([Array.from({ length: 10 }, (_, i) => from + i)]);
  });

  it('delivers a batch that stays short when the window ends', async () => {
    batches.length = 0;
    const t0 = Date.now();
    send(2);
    await expect.poll(() => batches, { timeout: 5_000 }).toHaveLength(1);
    expect(batches[0]).toHaveLength(2);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(900);
  });

  it('drain() delivers at once, window or not', async () => {
    batches.length = 0;
    send(2);
    await stack.drain();
    expect(batches.flat()).toHaveLength(2);
  });
});
