import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';

/*
 * workerServices() sends through SQS only in the functions whose entry imports a queue wiring: shared/app/queue-wiring.ts
 * (the stream router) or queue-wiring-lazy.ts (the webhook worker, through webhook-services.ts; the SQS client loaded
 * by the first send): the transaction worker, the chain poller and the deposit scanner send nothing and carry no SQS
 * client. Fresh modules in each test; SQS mocked at the SDK boundary.
 */
const sqs = mockClient(SQSClient);
afterAll(() => sqs.restore());
const URL = 'https://sqs.us-east-1.amazonaws.com/123456789012/custody-webhooks';
const sent = () => sqs.commandCalls(SendMessageBatchCommand).map((c) => c.args[0].input);

describe('the queue of the worker services', () => {
  beforeEach(() => {
    vi.resetModules();
    sqs.reset();
    sqs
      .on(SendMessageBatchCommand)
      .resolves({ Successful: [{ Id: '0', MessageId: 'm', MD5OfMessageBody: 'x' }], Failed: [] });
    vi.stubEnv('CUSTODY_WEBHOOK_QUEUE_URL', URL);
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('without the queue wiring, the services build and a send fails naming the module to import', async () => {
    const { stepDeps, workerServices } = await import('../../shared/app/worker-services.js');
    expect(
      stepDeps(workerServices(), {
        signer: { sign: async () => new Uint8Array(), publicKeys: async () => [] } as never,
        ttlSeconds: 60,
      }).store,
    ).toBe(workerServices().store);
    await expect(workerServices().queue.send('webhooks', [{ body: '{}' }])).rejects.toThrow(
      'no queue in this function: import shared/app/queue-wiring.ts in its entry',
    );
    expect(sqs.commandCalls(SendMessageBatchCommand)).toHaveLength(0);
  });

  it('with the queue wiring (imported after the services were built), sends through SQS to the configured URL', async () => {
    const { workerServices } = await import('../../shared/app/worker-services.js');
    const svc = workerServices();
    await import('../../shared/app/queue-wiring.js');
    await svc.queue.send('webhooks', [{ body: '{"a":1}', delaySeconds: 5 }]);
    expect(sent()).toEqual([{ QueueUrl: URL, Entries: [{ Id: '0', MessageBody: '{"a":1}', DelaySeconds: 5 }] }]);
  });

  it("the webhook worker's wiring loads the SQS client at its first send, once", async () => {
    let loaded = 0;
    vi.doMock('../../shared/composition/sqs-queue.js', async (importOriginal) => {
      loaded++;
      return importOriginal();
    });
    try {
      await import('../../shared/app/webhook-services.js');
      const { workerServices } = await import('../../shared/app/worker-services.js');
      const queue = workerServices().queue;
      expect(loaded).toBe(0);
      await queue.send('webhooks', [{ body: '{}' }]);
      await queue.send('webhooks', [{ body: '{}' }]);
      expect(loaded).toBe(1);
      expect(sent()).toHaveLength(2);
    } finally {
      vi.doUnmock('../../shared/composition/sqs-queue.js');
    }
  });

  it("the webhook worker's services wire it", async () => {
    await import('../../shared/app/webhook-services.js');
    const { workerServices } = await import('../../shared/app/worker-services.js');
    await workerServices().queue.send('webhooks', [{ body: '{}' }]);
    expect(sent()).toEqual([{ QueueUrl: URL, Entries: [{ Id: '0', MessageBody: '{}' }] }]);
  });
});
