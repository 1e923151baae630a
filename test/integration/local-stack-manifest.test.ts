import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { FakeClock } from '../../shared/ports/clock.js';
import { BACKGROUND_FUNCTIONS, localEverySeconds, QUEUES } from '../../shared/background/manifest.js';
import { QUEUE_NAMES } from '../../shared/ports/queue.js';
import { REPO_ROOT } from '../../local/functions.js';
import { startLocalStack, type LocalStack } from '../../local/stack.js';

/*
 * The local stack wires every function of shared/background/manifest.ts, as CDK does (test/cdk/manifest.test.ts):
 * each one whose entry exists is loaded from that entry, with the manifest's batch size and its local schedule rate.
 */
let stack: LocalStack;
const env = { ...process.env, CUSTODY_POLL_INTERVAL_SECONDS: '7', CUSTODY_NODE_RPC_URL: 'http://127.0.0.1:9' };

beforeAll(async () => {
  stack = await startLocalStack({
    port: 0,
    inMemory: true,
    clock: new FakeClock(),
    env,
    devChain: null,
    referenceSigner: null,
  });
});
afterAll(async () => {
  await stack?.stop();
});

describe('local stack: the background manifest', () => {
  it('wires every manifest entry whose entry file exists, and names the missing ones', () => {
    expect(stack.background.map((w) => w.name).sort()).toEqual(BACKGROUND_FUNCTIONS.map((f) => f.name).sort());
    for (const f of BACKGROUND_FUNCTIONS) {
      const w = stack.background.find((x) => x.name === f.name)!;
      expect(w.trigger, f.name).toBe(f.trigger.kind);
      expect(w.by, f.name).toBe(existsSync(path.join(REPO_ROOT, f.entry)) ? 'manifest' : 'missing');
      if (f.trigger.kind !== 'schedule') expect(w.batchSize, f.name).toBe(f.trigger.batchSize);
    }
    expect(stack.background.find((w) => w.name === 'transaction-worker')?.by).toBe('manifest');
    expect(stack.background.find((w) => w.name === 'stream-router')?.by).toBe('manifest');
  });

  it('runs schedules at their local rate: the documented override (a setting) where there is one', () => {
    for (const f of BACKGROUND_FUNCTIONS) {
      if (f.trigger.kind !== 'schedule') continue;
      const every = stack.background.find((x) => x.name === f.name)!.everySeconds;
      expect(every, f.name).toBe(localEverySeconds(f.trigger, stack.config));
      if (f.trigger.local) expect(every, f.name).toBe(7);
    }
  });

  it('runs the queues with the manifest kinds', () => {
    for (const name of QUEUE_NAMES) expect(stack.queues.queue(name).settings.fifo, name).toBe(QUEUES[name].fifo);
  });
});
