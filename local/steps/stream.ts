import { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBRecord } from 'aws-lambda';
import type { Config } from '../../shared/config.js';
import { logger } from '../../shared/logger.js';
import { streamFunction } from '../../shared/background/manifest.js';
import { StreamReader, type StreamHandler } from '../../shared/adapters/local/stream-reader.js';
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
    maxRetries: number | undefined;
    state: StateFile;
  },
): Promise<{ reader: StreamReader; skipped: DynamoDBRecord[]; wiring: Wiring }> {
  const fn = streamFunction();
  const handler = o.handler ?? (await loadHandler<StreamHandler>(fn.entry));
  if (!handler) throw new Error(`${fn.entry} is missing`);
  const skipped: DynamoDBRecord[] = [];
  const reader = new StreamReader({
    client: new DynamoDBStreamsClient({ region: o.cfg.CUSTODY_REGION, endpoint: o.endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
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
      logger.error('stream record skipped after retries', { sequenceNumber: record.dynamodb?.SequenceNumber, eventName: record.eventName, reason });
      rt.log(`stream: record ${record.dynamodb?.SequenceNumber} skipped (${reason})`);
    },
  });
  const from = o.table === 'created' ? 'reading from the beginning (new table)' : o.checkpoint ? 'resuming from the saved position' : 'reading new changes only (no saved position for this table)';
  rt.log(`stream: ${from} -> ${o.handler ? 'stream handler given by the caller' : fn.name}`);
  return { reader, skipped, wiring: { name: fn.name, trigger: 'stream', by: o.handler ? 'caller' : 'manifest', batchSize: fn.trigger.batchSize } };
}

/** Polls the stream on a timer until the stack stops. */
export function pollStream(rt: Runtime, reader: StreamReader, everyMs: number): void {
  const loop = async () => {
    if (rt.stopping) return;
    try {
      await rt.track(reader.pollOnce());
    } catch (e) {
      rt.loopError('stream', e);
    }
    if (!rt.stopping) rt.timer(setTimeout(loop, everyMs));
  };
  rt.timer(setTimeout(loop, 0));
}
