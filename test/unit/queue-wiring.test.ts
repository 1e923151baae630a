import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { readConfig } from '../../shared/config.js';

/*
 * The queue port on SQS, declared only by the functions that send: the stream router (`queue`,
 * shared/composition/queue.ts) and the webhook worker (`queueOnDemand`: the SQS client loaded by the first send); the
 * transaction worker, the chain poller and the deposit scanner declare no queue and carry no SQS client. SQS mocked
 * at the SDK boundary.
 */
const sqs = mockClient(SQSClient);
afterAll(() => sqs.restore());
const URL = 'https://sqs.us-east-1.amazonaws.com/123456789012/custody-webhooks';
const sent = () => sqs.commandCalls(SendMessageBatchCommand).map((c) => c.args[0].input);
const config = () => readConfig({ ...process.env, CUSTODY_WEBHOOK_QUEUE_URL: URL });

describe('the queue ports', () => {
  beforeEach(() => {
    vi.resetModules();
    sqs.reset();
    sqs
      .on(SendMessageBatchCommand)
      .resolves({ Successful: [{ Id: '0', MessageId: 'm', MD5OfMessageBody: 'x' }], Failed: [] });
  });
  afterEach(() => {
    vi.doUnmock('../../shared/composition/sqs-queue.js');
  });

  it('the functions that send nothing declare no queue', async () => {
    for (const entry of [
      '../../functions/transaction-worker/handler.js',
      '../../functions/chain-poller/handler.js',
      '../../functions/deposit-scanner/handler.js',
    ]) {
      const { ports } = (await import(entry)) as { ports: Record<string, unknown> };
      expect(Object.keys(ports)).not.toContain('queue');
    }
  });

  it("the stream router's queue sends through SQS to the configured URL", async () => {
    const { queue } = await import('../../shared/composition/queue.js');
    await queue({ config: config() }).send('webhooks', [{ body: '{"a":1}', delaySeconds: 5 }]);
    expect(sent()).toEqual([{ QueueUrl: URL, Entries: [{ Id: '0', MessageBody: '{"a":1}', DelaySeconds: 5 }] }]);
  });

  it("the webhook worker's queue loads the SQS client at its first send, once", async () => {
    let loaded = 0;
    vi.doMock('../../shared/composition/sqs-queue.js', async (importOriginal) => {
      loaded++;
      return importOriginal();
    });
    const { queueOnDemand } = await import('../../shared/composition/queue-on-demand.js');
    const queue = queueOnDemand({ config: config() });
    expect(loaded).toBe(0);
    await queue.send('webhooks', [{ body: '{}' }]);
    await queue.send('webhooks', [{ body: '{}' }]);
    expect(loaded).toBe(1);
    expect(sent()).toHaveLength(2);
  });
});
