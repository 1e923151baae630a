import { describe, expect, it } from 'vitest';
import { DescribeTableCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { config } from '../../shared/config.js';
import { makeDynamoClient } from '../../shared/composition/standalone.js';
import { ensureTable } from '../../shared/adapters/dynamodb/create-table.js';
import {
  StreamReader,
  type StreamHandler,
  type StreamReaderOptions,
} from '../../shared/adapters/local/stream-reader.js';

/** The stream reader against DynamoDB Local's real stream API: one fresh table per test. */
const cfg = config();
const client = makeDynamoClient(cfg);
const streams = new DynamoDBStreamsClient({
  region: cfg.CUSTODY_REGION,
  endpoint: cfg.CUSTODY_DYNAMODB_ENDPOINT,
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
});
let tables = 0;

async function freshTable() {
  const name = `${cfg.CUSTODY_TABLE_NAME}_s${++tables}`;
  await ensureTable(client, name);
  const arn = (await client.send(new DescribeTableCommand({ TableName: name }))).Table!.LatestStreamArn!;
  const put = async (...sks: string[]) => {
    for (const sk of sks)
      await client.send(new PutItemCommand({ TableName: name, Item: { pk: { S: 'P' }, sk: { S: sk } } }));
  };
  return { arn, put };
}

/** A handler that records the sort keys of each batch and fails the records `fail` chooses. */
function recorder(fail: (sk: string, call: number) => boolean = () => false) {
  const batches: string[][] = [];
  const handler: StreamHandler = async (event: DynamoDBStreamEvent) => {
    const sks = event.Records.map((r) => r.dynamodb!.NewImage!.sk!.S!);
    batches.push(sks);
    const failures = event.Records.filter((r) => fail(r.dynamodb!.NewImage!.sk!.S!, batches.length)).map((r) => ({
      itemIdentifier: r.dynamodb!.SequenceNumber!,
    }));
    return { batchItemFailures: failures };
  };
  return { batches, handler };
}

function reader(arn: string, handler: StreamHandler, extra: Partial<StreamReaderOptions> = {}) {
  return new StreamReader({
    client: streams,
    streamArn: arn,
    region: cfg.CUSTODY_REGION,
    handler,
    startAt: 'TRIM_HORIZON',
    ...extra,
  });
}

describe('stream reader', () => {
  it('hands the changes to the handler as a Lambda DynamoDB stream event, once', async () => {
    const { arn, put } = await freshTable();
    await put('a', 'b', 'c');
    let event: DynamoDBStreamEvent | undefined;
    const r = reader(arn, async (e) => {
      event = e;
    });
    expect(await r.pollOnce()).toEqual({ records: 3, failed: 0, skipped: 0 });
    expect(event!.Records[0]).toMatchObject({
      eventName: 'INSERT',
      eventSource: 'aws:dynamodb',
      eventSourceARN: arn,
      dynamodb: { Keys: { pk: { S: 'P' }, sk: { S: 'a' } } },
    });
    expect(typeof event!.Records[0]!.dynamodb!.ApproximateCreationDateTime).toBe('number');
    expect((await r.pollOnce()).records).toBe(0);
  });

  it('lists the shards once, and reads a shard once per poll when its batch is short', async () => {
    const { arn, put } = await freshTable();
    await put('a', 'b', 'c');
    const calls: string[] = [];
    const counting = Object.create(streams, {
      send: {
        value: (command: { constructor: { name: string } }) => {
          calls.push(command.constructor.name.replace(/Command$/, ''));
          return streams.send(command as never);
        },
      },
    }) as DynamoDBStreamsClient;
    const { batches, handler } = recorder();
    const r = reader(arn, handler, { client: counting });
    expect((await r.pollOnce()).records).toBe(3);
    expect(calls).toEqual(['DescribeStream', 'GetShardIterator', 'GetRecords']);
    calls.length = 0;
    await put('d');
    expect((await r.pollOnce()).records).toBe(1);
    expect((await r.pollOnce()).records).toBe(0);
    expect(calls).toEqual(['GetRecords', 'GetRecords']);
    expect(batches).toEqual([['a', 'b', 'c'], ['d']]);
  });

  it('on a partial batch failure, keeps the records before the failed one and resumes at the failed one', async () => {
    const { arn, put } = await freshTable();
    await put('a', 'b', 'c');
    const { batches, handler } = recorder((sk, call) => sk === 'b' && call === 1);
    const r = reader(arn, handler);
    expect(await r.pollOnce()).toMatchObject({ records: 3, failed: 2 });
    await r.pollOnce();
    expect(batches).toEqual([
      ['a', 'b', 'c'],
      ['b', 'c'],
    ]);
    expect((await r.pollOnce()).records).toBe(0);
  });

  it('retries a record that throws, then skips it after maxRetries and goes on', async () => {
    const { arn, put } = await freshTable();
    await put('a', 'poison', 'z');
    const skipped: string[] = [];
    const { batches, handler } = recorder((sk) => sk === 'poison');
    const r = reader(arn, handler, { maxRetries: 2, onSkip: (rec) => skipped.push(rec.dynamodb!.NewImage!.sk!.S!) });
    for (let i = 0; i < 5; i++) await r.pollOnce();
    expect(skipped).toEqual(['poison']);
    expect(batches).toEqual([['a', 'poison', 'z'], ['poison', 'z'], ['poison', 'z'], ['z']]);
  });

  it('resumes from a checkpoint without replaying what was handled', async () => {
    const { arn, put } = await freshTable();
    await put('a', 'b');
    const first = recorder();
    const r1 = reader(arn, first.handler);
    await r1.pollOnce();
    const saved = JSON.parse(JSON.stringify(r1.checkpoint()));
    await put('c');
    const second = recorder();
    const r2 = reader(arn, second.handler, { checkpoint: saved, startAt: 'LATEST' });
    await r2.pollOnce();
    expect(second.batches).toEqual([['c']]);
  });

  it('starting at LATEST without a checkpoint sees only later changes', async () => {
    const { arn, put } = await freshTable();
    await put('old');
    const { batches, handler } = recorder();
    const r = reader(arn, handler, { startAt: 'LATEST' });
    await r.pollOnce();
    await put('new');
    await r.pollOnce();
    expect(batches).toEqual([['new']]);
  });
});
