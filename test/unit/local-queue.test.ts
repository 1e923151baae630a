import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { SQSEvent } from 'aws-lambda';
import { FakeClock } from '../../shared/ports/clock.js';
import { InProcessQueue, type QueueSettings } from '../../shared/adapters/local/in-process-queue.js';
import { LocalQueues } from '../../shared/adapters/local/local-queues.js';
import { QUEUE_NAMES } from '../../shared/ports/queue.js';
import { consumerOf, QUEUES } from '../../shared/background/manifest.js';

const STANDARD: QueueSettings = { fifo: false, visibilityTimeoutSeconds: 30, maxReceives: 3 };
const FIFO: QueueSettings = { fifo: true, visibilityTimeoutSeconds: 30, maxReceives: 3 };

function queue(settings: QueueSettings) {
  const clock = new FakeClock();
  return { clock, q: new InProcessQueue('test', settings, clock) };
}

const bodies = (msgs: readonly { body: string }[]) => msgs.map((m) => m.body);

describe('in-process queue: delay', () => {
  it('keeps a delayed message hidden until its delay has passed', () => {
    const { clock, q } = queue(STANDARD);
    q.send([{ body: 'later', delaySeconds: 10 }, { body: 'now' }]);
    expect(bodies(q.receive())).toEqual(['now']);
    clock.advance(9_999);
    expect(q.receive()).toEqual([]);
    clock.advance(1);
    expect(bodies(q.receive())).toEqual(['later']);
  });

  it('ignores a per-message delay on a FIFO queue, as SQS does', () => {
    const { q } = queue(FIFO);
    q.send([{ body: 'x', groupId: 'g', delaySeconds: 60 }]);
    expect(bodies(q.receive())).toEqual(['x']);
  });
});

describe('in-process queue: visibility timeout', () => {
  it('hides a received message and delivers it again when the timeout ends, with a higher receive count', () => {
    const { clock, q } = queue(STANDARD);
    q.send([{ body: 'm' }]);
    const [first] = q.receive();
    expect(first!.receiveCount).toBe(1);
    clock.advance(29_999);
    expect(q.receive()).toEqual([]);
    clock.advance(1);
    const [again] = q.receive();
    expect(again!.messageId).toBe(first!.messageId);
    expect(again!.receiveCount).toBe(2);
    expect(q.delete(first!.receiptHandle)).toBe(false); // the old receipt handle no longer deletes it
    expect(q.delete(again!.receiptHandle)).toBe(true);
    clock.advance(60_000);
    expect(q.receive()).toEqual([]);
  });

  it('changes the visibility of an in-flight message (0 makes it visible at once)', () => {
    const { clock, q } = queue(STANDARD);
    q.send([{ body: 'm' }]);
    const [m] = q.receive();
    q.changeVisibility(m!.receiptHandle, 120);
    clock.advance(60_000);
    expect(q.receive()).toEqual([]);
    clock.advance(60_000);
    const [again] = q.receive();
    q.changeVisibility(again!.receiptHandle, 0);
    expect(bodies(q.receive())).toEqual(['m']);
    expect(() => q.changeVisibility('not-a-handle', 10)).toThrow(/not in flight/);
  });
});

describe('in-process queue: dead-letter queue', () => {
  it('moves a message received maxReceives times to the dead-letter queue on its next receive', () => {
    const { clock, q } = queue(STANDARD);
    q.send([{ body: 'poison' }]);
    for (let i = 1; i <= 3; i++) {
      const [m] = q.receive();
      expect(m!.receiveCount).toBe(i);
      q.noteFailure(m!.receiptHandle, `attempt ${i} failed`);
      clock.advance(30_000);
    }
    expect(q.receive()).toEqual([]);
    const dead = q.deadLetters();
    expect(dead).toHaveLength(1);
    expect(dead[0]).toMatchObject({ body: 'poison', receiveCount: 3, lastError: 'attempt 3 failed' });
    expect(q.depth()).toEqual({ visible: 0, inFlight: 0, delayed: 0, dead: 1 });
  });

  it('redrives dead letters back to the queue with a fresh receive count', () => {
    const { clock, q } = queue({ ...STANDARD, maxReceives: 1 });
    q.send([{ body: 'x' }]);
    q.receive();
    clock.advance(30_000);
    expect(q.receive()).toEqual([]);
    expect(q.redrive()).toBe(1);
    expect(q.deadLetters()).toEqual([]);
    expect(q.receive()[0]).toMatchObject({ body: 'x', receiveCount: 1 });
  });
});

describe('in-process queue: FIFO groups', () => {
  it("gives a group's messages in send order, as many of one group as fit first, and none of a group in flight", () => {
    const { q } = queue(FIFO);
    q.send([
      { body: 'a1', groupId: 'a' },
      { body: 'b1', groupId: 'b' },
      { body: 'a2', groupId: 'a' },
      { body: 'a3', groupId: 'a' },
    ]);
    const first = q.receive(3);
    expect(bodies(first)).toEqual(['a1', 'a2', 'a3']);
    // b's oldest message is not in flight: it comes next; a's are in flight until deleted.
    expect(bodies(q.receive(10))).toEqual(['b1']);
    q.send([{ body: 'a4', groupId: 'a' }]);
    expect(q.receive(10)).toEqual([]);
    for (const m of first) q.delete(m.receiptHandle);
    expect(bodies(q.receive(10))).toEqual(['a4']);
  });

  it('redelivers a failed head before anything behind it in its group', () => {
    const { clock, q } = queue(FIFO);
    q.send([
      { body: 'a1', groupId: 'a' },
      { body: 'a2', groupId: 'a' },
    ]);
    q.receive(1);
    clock.advance(30_000);
    expect(q.receive(10).map((m) => [m.body, m.receiveCount])).toEqual([
      ['a1', 2],
      ['a2', 1],
    ]);
  });

  it('lets the next message of a group through once the head went to the dead-letter queue', () => {
    const { clock, q } = queue({ ...FIFO, maxReceives: 1 });
    q.send([
      { body: 'a1', groupId: 'a' },
      { body: 'a2', groupId: 'a' },
    ]);
    q.receive(1);
    clock.advance(30_000);
    expect(bodies(q.receive(10))).toEqual(['a2']);
    expect(bodies(q.deadLetters())).toEqual(['a1']);
  });

  it('requires a group id on a FIFO queue', () => {
    const { q } = queue(FIFO);
    expect(() => q.send([{ body: 'x' }])).toThrow(/groupId/);
  });

  it('keeps order within each group and receives nothing of a group in flight (any mix of outcomes)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a', 'b', 'c'), { minLength: 1, maxLength: 12 }),
        fc
          .array(fc.constantFrom('ok', 'fail', 'wait'), { minLength: 1, maxLength: 20 })
          .filter((o) => o.includes('ok')),
        (groups, outcomes) => {
          const { clock, q } = queue({ ...FIFO, maxReceives: 100 });
          q.send(groups.map((g, i) => ({ body: `${g}:${i}`, groupId: g, deduplicationId: String(i) })));
          const done: string[] = [];
          const inFlight = new Map<string, number>();
          let k = 0;
          for (let round = 0; round < 2000 && done.length < groups.length; round++) {
            const got = q.receive(10);
            for (const m of got) {
              // Nothing of a group is received while one of its messages is in flight.
              expect(inFlight.has(m.groupId!)).toBe(false);
            }
            for (const m of got) inFlight.set(m.groupId!, (inFlight.get(m.groupId!) ?? 0) + 1);
            // As a FIFO consumer handles a batch (Lambda's partial batch response): after a message of a group that did
            // not succeed, the rest of that group in the batch is given back unprocessed.
            const stopped = new Set<string>();
            for (const m of got) {
              const outcome = stopped.has(m.groupId!) ? 'fail' : outcomes[k++ % outcomes.length];
              if (outcome === 'ok') {
                q.delete(m.receiptHandle);
                done.push(m.body);
              } else {
                stopped.add(m.groupId!);
                if (outcome === 'fail') q.changeVisibility(m.receiptHandle, 0);
              }
            }
            // Deleted, or visible again at the latest after the visibility timeout the clock moves past below.
            inFlight.clear();
            clock.advance(30_000);
          }
          expect(done).toHaveLength(groups.length);
          for (const g of new Set(groups)) {
            const order = done.filter((b) => b.startsWith(`${g}:`)).map((b) => Number(b.split(':')[1]));
            expect(order).toEqual([...order].sort((x, y) => x - y));
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('in-process queue: deduplication', () => {
  it('drops a FIFO message whose deduplication id was seen in the last 5 minutes, and accepts it after', () => {
    const { clock, q } = queue(FIFO);
    expect(q.send([{ body: 'x', groupId: 'g', deduplicationId: 'd1' }])[0]).not.toBeNull();
    clock.advance(299_999);
    expect(q.send([{ body: 'x again', groupId: 'g', deduplicationId: 'd1' }])).toEqual([null]);
    clock.advance(1);
    expect(q.send([{ body: 'x later', groupId: 'g', deduplicationId: 'd1' }])[0]).not.toBeNull();
    expect(bodies(q.peek())).toEqual(['x', 'x later']);
  });

  it('deduplicates by content when no id is given, and a standard queue does not deduplicate', () => {
    const { q } = queue(FIFO);
    q.send([
      { body: 'same', groupId: 'g' },
      { body: 'same', groupId: 'g' },
      { body: 'other', groupId: 'g' },
    ]);
    expect(bodies(q.peek())).toEqual(['same', 'other']);
    const std = queue(STANDARD).q;
    std.send([
      { body: 'same', deduplicationId: 'd' },
      { body: 'same', deduplicationId: 'd' },
    ]);
    expect(std.peek()).toHaveLength(2);
  });
});

describe('in-process queue: snapshot', () => {
  it('restores waiting and in-flight messages, in-flight ones visible at once', () => {
    const { q } = queue(FIFO);
    q.send([
      { body: 'a1', groupId: 'a' },
      { body: 'a2', groupId: 'a' },
    ]);
    q.receive(1);
    const { clock, q: restored } = queue(FIFO);
    restored.restore(JSON.parse(JSON.stringify(q.snapshot())));
    expect(restored.receive().map((m) => [m.body, m.receiveCount])).toEqual([
      ['a1', 2],
      ['a2', 1],
    ]);
    clock.advance(1);
    expect(restored.send([{ body: 'a1', groupId: 'a' }])).toEqual([null]); // the deduplication window came along
  });
});

describe('local queues: delivery to a worker as SQS events', () => {
  function setup() {
    const clock = new FakeClock();
    const queues = new LocalQueues(clock, { maxReceives: 2, visibilityTimeoutSeconds: 30 }, 'us-east-1');
    return { clock, queues };
  }

  it('builds the SQS event of the Lambda event source mapping', async () => {
    const { queues } = setup();
    await queues.send('transactions', [{ body: '{"n":1}', groupId: 'tx-1', deduplicationId: 'tx-1-1' }]);
    let seen: SQSEvent | undefined;
    await queues.deliverBatch('transactions', async (e) => {
      seen = e;
    });
    const r = seen!.Records[0]!;
    expect(r).toMatchObject({
      body: '{"n":1}',
      eventSource: 'aws:sqs',
      eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:custody-transactions.fifo',
      awsRegion: 'us-east-1',
      attributes: { ApproximateReceiveCount: '1', MessageGroupId: 'tx-1', MessageDeduplicationId: 'tx-1-1' },
    });
    expect(r.md5OfBody).toMatch(/^[0-9a-f]{32}$/);
    expect(queues.queue('transactions').peek()).toEqual([]); // succeeded: deleted
  });

  it('deletes the messages that succeeded and redelivers those in batchItemFailures after the visibility timeout', async () => {
    const { clock, queues } = setup();
    await queues.send('webhooks', [
      { body: 'ok', groupId: 'g1' },
      { body: 'bad', groupId: 'g2' },
    ]);
    const r = await queues.deliverBatch('webhooks', async (e) => ({
      batchItemFailures: e.Records.filter((x) => x.body === 'bad').map((x) => ({ itemIdentifier: x.messageId })),
    }));
    expect(r).toEqual({ delivered: 2, failed: 1 });
    expect(bodies(queues.queue('webhooks').peek())).toEqual(['bad']);
    expect((await queues.deliverBatch('webhooks', async () => undefined)).delivered).toBe(0); // still hidden
    clock.advance(30_000);
    let count = '';
    await queues.deliverBatch('webhooks', async (e) => {
      count = e.Records[0]!.attributes.ApproximateReceiveCount;
    });
    expect(count).toBe('2');
    expect(queues.queue('webhooks').peek()).toEqual([]);
  });

  it('fails the whole batch when the worker throws or names a message not in the batch', async () => {
    const { clock, queues } = setup();
    await queues.send('webhooks', [
      { body: 'a', groupId: 'g1' },
      { body: 'b', groupId: 'g2' },
    ]);
    expect(
      await queues.deliverBatch('webhooks', async () => ({ batchItemFailures: [{ itemIdentifier: 'nope' }] })),
    ).toEqual({ delivered: 2, failed: 2 });
    clock.advance(30_000);
    expect(
      await queues.deliverBatch('webhooks', async () => {
        throw new Error('worker down');
      }),
    ).toEqual({ delivered: 2, failed: 2 });
    clock.advance(30_000);
    // Received twice (maxReceives 2): the next receive moves both to the dead-letter queue with the last error.
    expect((await queues.deliverBatch('webhooks', async () => undefined)).delivered).toBe(0);
    expect(queues.deadLetters('webhooks').map((d) => [d.body, d.lastError])).toEqual([
      ['a', 'Error: worker down'],
      ['b', 'Error: worker down'],
    ]);
  });
});

describe('local queues: as shared/background/manifest.ts declares them', () => {
  it('have the manifest kind and local visibility timeout, and deliver batches of the consumer batch size', async () => {
    const clock = new FakeClock();
    const queues = new LocalQueues(clock, { maxReceives: 3 });
    for (const name of QUEUE_NAMES) {
      expect(queues.queue(name).settings.fifo, name).toBe(QUEUES[name].fifo);
      expect(queues.queue(name).settings.visibilityTimeoutSeconds, name).toBe(
        QUEUES[name].local?.visibilityTimeoutSeconds ?? QUEUES[name].visibilityTimeoutSeconds,
      );
      const batch = consumerOf(name).trigger.batchSize;
      await queues.send(
        name,
        Array.from({ length: batch * 2 + 1 }, (_, i) => ({
          body: String(i),
          ...(QUEUES[name].fifo ? { groupId: `g${i}`, deduplicationId: `d${i}` } : {}),
        })),
      );
      const sizes: number[] = [];
      const worker = async (event: SQSEvent) => void sizes.push(event.Records.length);
      for (let i = 0; i < 3; i++) await queues.deliverBatch(name, worker);
      expect(sizes, name).toEqual([batch, batch, 1]);
    }
  });
});
