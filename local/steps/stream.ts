import { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBRecord } from 'aws-lambda';
import type { Config } from '../../shared/config.js';
import { logger } from '../../shared/logger.js';
import { streamFunction } from '../../shared/background/manifest.js';
import { StreamReader, type StreamHandler } from '../../shared/adapters/local/stream-reader.js';
import { localEngineAuth } from '../../shared/adapters/dynamodb/dynamo-client.js';
import type { StreamCheckpoint } from '../../shared/adapters/local/stream-reader.js';
import { loadHandler } from '../functions.js';
import type { Runtime } from './runtime.js';
import type { StateFile } from './state.js';
import type { Wiring } from './queues.js';

/**
 * The table's stream fed to the stream router of the manifest, with its batch size and retries. A new table is read
 * from its beginning; a restart resumes where the last run stopped; without a saved position for this table (state
 * file deleted), it starts at LATEST rather than re-route the table's whole history.
 */
export async function startStream(
  rt: Runtime,
  o: {
    cfg: Config;
    endpoint: string;
    streamArn: string;
    table: 'created' | 'exists';
    checkpoint: StreamCheckpoint | undefined;
    handler: StreamHandler | undefined;
    /** The ports the stack gives its functions (local/steps/store.ts). */
    ports: Record<string, unknown>;
    maxRetries: number | undefined;
    state: StateFile;
  },
): Promise<{ reader: StreamReader; skipped: DynamoDBRecord[]; wiring: Wiring }> {
  const fn = streamFunction();
  const handler = o.handler ?? (await loadHandler<StreamHandler>(fn.entry, o.ports));
  if (!handler) throw new Error(`${fn.entry} is missing`);
  const skipped: DynamoDBRecord[] = [];
  const reader = new StreamReader({
    client: streamsClient(o.cfg.CUSTODY_REGION, o.endpoint),
    streamArn: o.streamArn,
    region: o.cfg.CUSTODY_REGION,
    handler,
    startAt: o.table === 'created' || o.checkpoint ? 'TRIM_HORIZON' : 'LATEST',
    ...(o.checkpoint ? { checkpoint: o.checkpoint } : {}),
    batchSize: fn.trigger.batchSize,
    maxRetries: o.maxRetries ?? fn.trigger.retryAttempts,
    onProgress: o.state.saveSoon,
    onSkip: (record, reason) => {
      skipped.push(record);
      logger.error('stream record skipped after retries', {
        sequenceNumber: record.dynamodb?.SequenceNumber,
        eventName: record.eventName,
        reason,
      });
      rt.log(`stream: record ${record.dynamodb?.SequenceNumber} skipped (${reason})`);
    },
  });
  const from =
    o.table === 'created'
      ? 'reading from the beginning (new table)'
      : o.checkpoint
        ? 'resuming from the saved position'
        : 'reading new changes only (no saved position for this table)';
  rt.log(`stream: ${from} -> ${o.handler ? 'stream handler given by the caller' : fn.name}`);
  return {
    reader,
    skipped,
    wiring: {
      name: fn.name,
      trigger: 'stream',
      by: o.handler ? 'caller' : 'manifest',
      batchSize: fn.trigger.batchSize,
    },
  };
}

/** After a write, the stream is read this soon (writes landing meanwhile are read in the same poll). */
const WOKEN_AFTER_MS = 20;

/**
 * Polls the stream on a timer until the stack stops; `wake()` (the store calls it after each committed write) moves
 * the next poll forward to WOKEN_AFTER_MS, or has one more poll follow the one under way, so a change reaches its
 * queue without waiting out the timer.
 */
export function pollStream(rt: Runtime, reader: StreamReader, everyMs: number): { wake: () => void } {
  let next: NodeJS.Timeout | undefined;
  let dueAt = 0;
  let polling = false;
  let again = false;
  const schedule = (ms: number) => {
    clearTimeout(next);
    dueAt = Date.now() + ms;
    next = rt.timer(setTimeout(() => void loop(), ms));
  };
  const loop = async () => {
    next = undefined;
    polling = true;
    try {
      await rt.track(reader.pollOnce());
    } catch (e) {
      rt.loopError('stream', e);
    }
    polling = false;
    if (rt.stopping) return;
    schedule(again ? WOKEN_AFTER_MS : everyMs);
    again = false;
  };
  const wake = () => {
    if (rt.stopping) return;
    if (polling) again = true;
    else if (next && dueAt - Date.now() > WOKEN_AFTER_MS) schedule(WOKEN_AFTER_MS);
  };
  schedule(0);
  return { wake };
}

/**
 * The client of DynamoDB Local's stream, set up as the table's client is (shared/adapters/dynamodb/dynamo-client.ts):
 * unsigned, without the logger middleware, which walked every GetRecords answer (every image of every change)
 * through the sensitive-data filter for a logger that is not there, and with each command's middleware resolved once.
 */
function streamsClient(region: string, endpoint: string): DynamoDBStreamsClient {
  const client = new DynamoDBStreamsClient({
    region,
    endpoint,
    ...localEngineAuth(region),
    cacheMiddleware: true,
  });
  client.middlewareStack.remove('loggerMiddleware');
  return client;
}
