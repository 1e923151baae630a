import { describe, expect, it } from 'vitest';
import type { Context, SQSRecord } from 'aws-lambda';
import { processGroupsAtOnce } from '../../functions/transaction-worker/handler.js';

/**
 * The transaction worker's batch: its message groups at once, each group's messages in order, a failure holding back
 * only the rest of its own group (FIFO semantics per group, as Lambda's FIFO event source expects them).
 */
const record = (id: string, group: string): SQSRecord =>
  ({
    messageId: id,
    body: '{}',
    attributes: { MessageGroupId: group, SequenceNumber: id },
    eventSource: 'aws:sqs',
  }) as unknown as SQSRecord;
const context = {} as Context;

describe("the transaction worker's batch", () => {
  it('runs the groups at once: a message waiting for another group is not held up by it', async () => {
    let startedB!: () => void;
    const bStarted = new Promise<void>((r) => (startedB = r));
    const order: string[] = [];
    const outcome = processGroupsAtOnce(
      { Records: [record('a1', 'A'), record('b1', 'B')] },
      async (r) => {
        order.push(`start ${r.messageId}`);
        // a1 finishes only once b1 has started: taken one after another, the batch would never end.
        if (r.messageId === 'a1') await bStarted;
        if (r.messageId === 'b1') startedB();
        order.push(`end ${r.messageId}`);
      },
      context,
    );
    const stalled = new Promise((r) => setTimeout(() => r('stalled'), 2_000));
    expect(await Promise.race([outcome, stalled])).toEqual({ batchItemFailures: [] });
    expect(order.indexOf('start b1')).toBeLessThan(order.indexOf('end a1'));
  });

  it("keeps each group's order, and a failure holds back only the later messages of its group", async () => {
    const seen: string[] = [];
    const out = await processGroupsAtOnce(
      { Records: [record('a1', 'A'), record('b1', 'B'), record('a2', 'A'), record('b2', 'B'), record('c1', 'C')] },
      async (r) => {
        seen.push(r.messageId);
        if (r.messageId === 'b1') throw new Error('signer down');
      },
      context,
    );
    expect(out.batchItemFailures.map((f) => f.itemIdentifier).sort()).toEqual(['b1', 'b2']);
    expect(seen).not.toContain('b2');
    expect(seen.filter((id) => id.startsWith('a'))).toEqual(['a1', 'a2']);
    expect(seen).toContain('c1');
  });

  it('reports every message when all fail, instead of throwing', async () => {
    const out = await processGroupsAtOnce(
      { Records: [record('a1', 'A'), record('b1', 'B')] },
      async () => {
        throw new Error('store down');
      },
      context,
    );
    expect(out.batchItemFailures.map((f) => f.itemIdentifier).sort()).toEqual(['a1', 'b1']);
  });
});
