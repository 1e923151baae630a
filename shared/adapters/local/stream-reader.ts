import {
  DescribeStreamCommand,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type DynamoDBStreamsClient,
  type _Record as StreamApiRecord,
  type Shard,
} from '@aws-sdk/client-dynamodb-streams';
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { lambdaContext } from './lambda-context.js';

/**
 * The local stand-in for the DynamoDB stream event source mapping: reads the table's stream through the DynamoDB
 * Streams API (of DynamoDB Local), following shards (a child shard only after its parent is read to its end), and
 * hands each batch to the same stream-router handler the Lambda runs, as a `DynamoDBStreamEvent`. A partial batch
 * failure is honoured as Lambda does: the records before the first failed one are done, and reading resumes AT the
 * failed record on the next poll; a record that keeps failing is skipped after `maxRetries` retries (Lambda's
 * `MaximumRetryAttempts`) and reported through `onSkip`.
 */
export type StreamHandler = (event: DynamoDBStreamEvent, context: Context) => Promise<DynamoDBBatchResponse | void>;

export type StreamPosition =
  | { type: 'TRIM_HORIZON' }
  | { type: 'LATEST' }
  | { type: 'AFTER_SEQUENCE_NUMBER'; sequenceNumber: string }
  | { type: 'AT_SEQUENCE_NUMBER'; sequenceNumber: string };

/** Where to resume each shard: persisted by the local stack so a restart neither replays nor loses records. */
export type StreamCheckpoint = {
  streamArn: string;
  shards: Record<string, { position: StreamPosition } | { done: true }>;
};

type ShardState = { id: string; parentId?: string; position: StreamPosition; iterator?: string; done: boolean };

export type StreamReaderOptions = {
  client: DynamoDBStreamsClient;
  streamArn: string;
  region: string;
  handler: StreamHandler;
  /** Where shards seen at the first look start when there is no checkpoint; shards that appear later start at TRIM_HORIZON. */
  startAt: 'TRIM_HORIZON' | 'LATEST';
  checkpoint?: StreamCheckpoint;
  batchSize?: number;
  maxRetries?: number;
  /** Batches read from one shard in one poll, so a busy shard does not starve the others. */
  maxBatchesPerPoll?: number;
  onSkip?: (record: DynamoDBRecord, reason: string) => void;
  /** Called whenever the checkpoint moved. */
  onProgress?: () => void;
};

export type PollResult = { records: number; failed: number; skipped: number };

function errorName(e: unknown): string {
  return e instanceof Error ? e.name : '';
}

export function toLambdaRecord(r: StreamApiRecord, streamArn: string, region: string): DynamoDBRecord {
  const created = r.dynamodb?.ApproximateCreationDateTime;
  return {
    eventID: r.eventID,
    eventName: r.eventName,
    eventVersion: r.eventVersion ?? '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: region,
    eventSourceARN: streamArn,
    dynamodb: {
      ...(r.dynamodb as NonNullable<DynamoDBRecord['dynamodb']>),
      ...(created ? { ApproximateCreationDateTime: Math.floor(new Date(created).getTime() / 1000) } : {}),
    },
  };
}

/** Shards are listed again at least this often even when none ended (a stream's shards roll over in hours). */
const REDISCOVER_MS = 10_000;

export class StreamReader {
  private readonly shards = new Map<string, ShardState>();
  private readonly attempts = new Map<string, number>();
  private firstLook = true;
  /** When the shards were last listed; listed again when a shard ends, or after REDISCOVER_MS (see poll). */
  private listedAt = 0;
  private lastReason = '';
  private chain: Promise<unknown> = Promise.resolve();

  constructor(private readonly opts: StreamReaderOptions) {
    if (opts.checkpoint && opts.checkpoint.streamArn !== opts.streamArn) this.opts = { ...opts, checkpoint: undefined };
  }

  /** The position of every shard, for persisting. */
  checkpoint(): StreamCheckpoint {
    const shards: StreamCheckpoint['shards'] = {};
    for (const s of this.shards.values()) shards[s.id] = s.done ? { done: true } : { position: s.position };
    return { streamArn: this.opts.streamArn, shards };
  }

  /** Reads every shard up to its current end once (serialized: concurrent callers wait their turn). */
  pollOnce(): Promise<PollResult> {
    const run = this.chain.then(() => this.poll());
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async discover(): Promise<void> {
    const listed: Shard[] = [];
    let start: string | undefined;
    do {
      const d = await this.opts.client.send(
        new DescribeStreamCommand({
          StreamArn: this.opts.streamArn,
          ...(start ? { ExclusiveStartShardId: start } : {}),
        }),
      );
      listed.push(...(d.StreamDescription?.Shards ?? []));
      start = d.StreamDescription?.LastEvaluatedShardId;
    } while (start);
    const saved = this.opts.checkpoint?.shards ?? {};
    const hasCheckpoint = this.opts.checkpoint !== undefined;
    const ids = new Set<string>();
    for (const sh of listed) {
      const id = sh.ShardId!;
      ids.add(id);
      if (this.shards.has(id)) continue;
      const closed = sh.SequenceNumberRange?.EndingSequenceNumber !== undefined;
      const cp = saved[id];
      let state: ShardState;
      if (cp && 'done' in cp) state = { id, position: { type: 'TRIM_HORIZON' }, done: true };
      else if (cp) state = { id, position: cp.position, done: false };
      else if (this.firstLook && !hasCheckpoint && this.opts.startAt === 'LATEST')
        state = { id, position: { type: 'LATEST' }, done: closed };
      else state = { id, position: { type: 'TRIM_HORIZON' }, done: false };
      if (sh.ParentShardId) state.parentId = sh.ParentShardId;
      this.shards.set(id, state);
    }
    // Shards trimmed from the stream are forgotten.
    for (const id of [...this.shards.keys()]) if (!ids.has(id)) this.shards.delete(id);
    this.firstLook = false;
    this.listedAt = Date.now();
  }

  /** Whether the shards must be listed again: never listed, a shard ended (its child may be new), or a while passed. */
  private mustList(): boolean {
    if (this.firstLook || Date.now() - this.listedAt >= REDISCOVER_MS) return true;
    return ![...this.shards.values()].some((s) => !s.done);
  }

  private async iteratorFor(s: ShardState): Promise<string | undefined> {
    const p = s.position;
    const out = await this.opts.client.send(
      new GetShardIteratorCommand({
        StreamArn: this.opts.streamArn,
        ShardId: s.id,
        ShardIteratorType: p.type,
        ...('sequenceNumber' in p ? { SequenceNumber: p.sequenceNumber } : {}),
      }),
    );
    return out.ShardIterator;
  }

  private async poll(): Promise<PollResult> {
    if (this.mustList()) await this.discover();
    const result: PollResult = { records: 0, failed: 0, skipped: 0 };
    for (const s of this.shards.values()) {
      if (s.done) continue;
      const parent = s.parentId ? this.shards.get(s.parentId) : undefined;
      if (parent && !parent.done) continue; // keep the order of a key's changes across a shard split
      try {
        await this.readShard(s, result);
      } catch (e) {
        const name = errorName(e);
        if (name === 'ExpiredIteratorException') s.iterator = undefined;
        else if (name === 'TrimmedDataAccessException') {
          s.position = { type: 'TRIM_HORIZON' };
          s.iterator = undefined;
        } else if (name === 'ResourceNotFoundException') this.ended(s);
        else throw e;
      }
    }
    return result;
  }

  private async readShard(s: ShardState, result: PollResult): Promise<void> {
    const maxRetries = this.opts.maxRetries ?? 10;
    for (let batch = 0; batch < (this.opts.maxBatchesPerPoll ?? 10); batch++) {
      s.iterator ??= await this.iteratorFor(s);
      if (!s.iterator) {
        this.ended(s);
        return;
      }
      const out = await this.opts.client.send(
        new GetRecordsCommand({ ShardIterator: s.iterator, Limit: this.opts.batchSize ?? 100 }),
      );
      const records = out.Records ?? [];
      if (records.length === 0) {
        if (out.NextShardIterator) s.iterator = out.NextShardIterator;
        else this.ended(s); // a closed shard read to its end
        return;
      }
      result.records += records.length;
      const event: DynamoDBStreamEvent = {
        Records: records.map((r) => toLambdaRecord(r, this.opts.streamArn, this.opts.region)),
      };
      const failedAt = await this.invoke(event);
      if (failedAt < 0) {
        for (const r of event.Records) this.attempts.delete(`${s.id}/${r.dynamodb!.SequenceNumber}`);
        s.position = {
          type: 'AFTER_SEQUENCE_NUMBER',
          sequenceNumber: records[records.length - 1]!.dynamodb!.SequenceNumber!,
        };
        s.iterator = out.NextShardIterator;
        if (!s.iterator) this.ended(s);
        else this.opts.onProgress?.();
        // A short batch is the shard's end for now: what is written meanwhile wakes the next poll, so reading on here
        // would only add an empty GetRecords to every poll.
        if (records.length < (this.opts.batchSize ?? 100) || s.done) return;
        continue;
      }
      // Everything before the first failed record is done; resume AT the failed one (the records after it come again).
      result.failed += records.length - failedAt;
      const failed = event.Records[failedAt]!;
      const seq = failed.dynamodb!.SequenceNumber!;
      const key = `${s.id}/${seq}`;
      const tries = (this.attempts.get(key) ?? 0) + 1;
      s.iterator = undefined;
      if (tries > maxRetries) {
        this.attempts.delete(key);
        result.skipped += 1;
        this.opts.onSkip?.(failed, `failed ${tries} times, last: ${this.lastReason}`);
        s.position = { type: 'AFTER_SEQUENCE_NUMBER', sequenceNumber: seq };
      } else {
        this.attempts.set(key, tries);
        s.position = { type: 'AT_SEQUENCE_NUMBER', sequenceNumber: seq };
      }
      this.opts.onProgress?.();
      return;
    }
  }

  /** A shard read to its end: its child shard, if any, is found by listing the shards at the next poll. */
  private ended(s: ShardState): void {
    s.done = true;
    this.listedAt = 0;
    this.opts.onProgress?.();
  }

  /** Calls the handler; answers the index of the first failed record, or -1 when the whole batch succeeded. */
  private async invoke(event: DynamoDBStreamEvent): Promise<number> {
    try {
      const res = await this.opts.handler(event, lambdaContext('custody-stream-router'));
      const ids = new Set((res?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
      if (ids.size === 0) return -1;
      this.lastReason = 'reported in batchItemFailures';
      const idx = event.Records.findIndex((r) => ids.has(r.dynamodb?.SequenceNumber ?? ''));
      return idx < 0 ? 0 : idx; // identifiers not in the batch fail the whole batch, as Lambda does
    } catch (e) {
      this.lastReason = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
      return 0;
    }
  }
}
