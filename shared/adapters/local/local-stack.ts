import path from 'node:path';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBRecord } from 'aws-lambda';
import { readConfig, type Config } from '../../config.js';
import { makeDynamoClient, overrideServices } from '../../app/services.js';
import { buildWorkerServices, useWorkerServices } from '../../app/worker-services.js';
import { logger } from '../../app/logger.js';
import { systemClock, type Clock } from '../../ports/clock.js';
import { QUEUE_KINDS, QUEUE_NAMES, type QueueName } from '../../ports/queue.js';
import { ensurePlatform } from '../../domain/tenants/tenants.js';
import { ALL_ROUTES } from '../../http/routes/index.js';
import { loadApiHandler } from '../../../functions/index.js';
import { handler as streamRouter } from '../../../functions/stream-router/handler.js';
import { DynamoDbStore } from '../dynamodb/dynamodb-store.js';
import { ensureTable } from '../dynamodb/create-table.js';
import { portInUse, startDynamoDbLocal, StartupError, type DynamoDbLocal } from './dynamodb-local.js';
import { LocalQueues, type SqsWorker } from './local-queues.js';
import { StreamReader, type StreamHandler } from './stream-reader.js';
import { LOCAL_SCHEDULES, LOCAL_WORKERS, loadHandler, loadWorker, scheduledEvent, type ScheduledHandler } from './local-functions.js';
import { operatorFilePath, readOperatorFile, readStateFile, stateFilePath, writeOperatorFile, writeStateFile } from './local-files.js';
import { createLocalApiServer, lambdaContext } from './http-server.js';
import { localEnvironment } from './local-environment.js';
import { endpointHost, makeChain } from '../chain/json-rpc-chain.js';
import { startDevChain, type DevChain } from '../../../tools/dev-chain/server.js';
import { startReferenceSigner, type ReferenceSigner } from '../../../tools/reference-signer/server.js';
import { makeSigner } from '../signer/http-signer.js';
import { chainProfileFromConfig } from '../../domain/chain/chain-profile.js';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';

/**
 * The embedded local stack behind `npm start`: DynamoDB Local as the store, the table from the same definition as
 * CDK, the API over HTTP through the same handlers, the table's stream fed to the same stream router, in-process
 * queues feeding the same workers, and timers for the schedules. Tests and the benchmark start it in-process (port 0,
 * in memory, a fake clock and `background: false`) and drive it to quiescence with `drain()` instead of sleeping.
 */
export type LocalStackOptions = {
  /** HTTP port (default 3000; 0 picks a free one). */
  port?: number;
  /** Interface to listen on (default 127.0.0.1: the operator API is not exposed to the network). */
  host?: string;
  /** Throwaway store: nothing is written to disk (not even the operator credential, which is only returned/printed). */
  inMemory?: boolean;
  /** Directory of local state (default `.local`): DynamoDB data in `dynamodb/`, `operator.json`, `local-state.json`. */
  dataDir?: string;
  /** Port for DynamoDB Local (default: a free one). */
  dynamoPort?: number;
  /** The `CUSTODY_*` settings (the runner passes the process environment). */
  env?: Record<string, string | undefined>;
  /** Time for the API, the queues and the workers (default: the system clock). */
  clock?: Clock;
  /** Poll the stream, deliver queues and fire schedules on timers (default: true unless a clock is given). */
  background?: boolean;
  /** Workers per queue instead of the registry's (`null`: no worker, messages stay queued). */
  workers?: Partial<Record<QueueName, SqsWorker | null>>;
  /** Scheduled functions by name instead of the registry's (`null`: not scheduled). */
  schedules?: Record<string, ScheduledHandler | null>;
  /** The stream router (default: `functions/stream-router/handler.ts`). */
  streamHandler?: StreamHandler;
  visibilityTimeoutSeconds?: number;
  /** Retries of a failing stream record before it is skipped (Lambda's MaximumRetryAttempts). */
  streamMaxRetries?: number;
  streamPollMs?: number;
  queuePollMs?: number;
  /** Record consumed capacity in the store (the benchmark reads `store.consumed`). */
  trackCapacity?: boolean;
  /** Progress lines for a human (`npm start` prints them). */
  log?: (line: string) => void;
  /**
   * The local development chain (tools/dev-chain), on `port` (default: a free one). Default: started unless `env` sets
   * CUSTODY_NODE_RPC_URL (then that node is used); `null`: never started. It seals a block every second when the
   * stack runs in the background, else only on demand (`devChain.mine()`).
   */
  devChain?: { port?: number } | null;
  /**
   * The reference signer (tools/reference-signer), so wallets can be generated locally. Default: started unless `env`
   * sets CUSTODY_SIGNER_URL or CUSTODY_SIGNER_KEYGEN_MODE=local; keys in `<dataDir>/signer` (a temporary directory
   * in memory mode). `null`: never started.
   */
  referenceSigner?: { port?: number } | null;
  /** Something the stack cannot recover from happened while running (DynamoDB Local died). */
  onFatal?: (error: Error) => void;
};

export type OperatorCredential = { keyId: string; secret: string; created: boolean; file: string | null };

export type DrainResult = { rounds: number; streamRecords: number; delivered: number };

export type LocalStack = {
  baseUrl: string;
  port: number;
  config: Config;
  store: DynamoDbStore;
  /** The platform operator's credential: from this start, or from `operator.json`; null when neither has it. */
  operator: OperatorCredential | null;
  queues: LocalQueues;
  dynamoDb: DynamoDbLocal;
  /** The dev chain this stack started (null when it uses the node CUSTODY_NODE_RPC_URL names). */
  devChain: DevChain | null;
  /** Stream records skipped after failing `streamMaxRetries` times. */
  skippedStreamRecords: DynamoDBRecord[];
  /** Reads the stream and delivers every due message until nothing is left to do (delays and hidden messages wait). */
  drain: (opts?: { maxRounds?: number }) => Promise<DrainResult>;
  /** Runs a scheduled function once. */
  runSchedule: (name: string) => Promise<void>;
  stop: () => Promise<void>;
};

const SERVER_CLOSE_MS = 5_000;
/** Block time of the dev chain when the stack runs in the background. */
const DEV_BLOCK_MS = 1_000;
const IN_FLIGHT_MS = 10_000;

const portTaken = (port: number) => new StartupError(`port ${port} is already in use: stop whatever listens there or choose another port (--port or PORT)`);

function publicUrl(host: string, port: number): string {
  const loopback = ['127.0.0.1', 'localhost', '::1', '0.0.0.0', '::'].includes(host);
  return `http://${loopback ? 'localhost' : host.includes(':') ? `[${host}]` : host}:${port}`;
}

async function listen(server: http.Server, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    const onError = (e: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      reject(
        e.code === 'EADDRINUSE' ? portTaken(port) : new StartupError(`cannot listen on ${host}:${port}: ${e.message}`),
      );
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
  return (server.address() as AddressInfo).port;
}

/** Resolves when `p` settles or after `ms`, whichever comes first. */
async function bounded(p: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([p.catch(() => undefined), new Promise((r) => (timer = setTimeout(r, ms)))]);
  clearTimeout(timer);
}

/** Starts everything, in order, saying what it does; a start that fails stops what it already started. */
export async function startLocalStack(opts: LocalStackOptions = {}): Promise<LocalStack> {
  const log = opts.log ?? (() => undefined);
  const env = opts.env ?? {};
  const clock = opts.clock ?? systemClock;
  const background = opts.background ?? opts.clock === undefined;
  const inMemory = opts.inMemory ?? false;
  const dataDir = path.resolve(opts.dataDir ?? '.local');
  const host = opts.host ?? '127.0.0.1';
  const wantedPort = opts.port ?? 3000;

  // Settings first, and the port: a start that cannot succeed must not leave a java process behind.
  const settings = readConfig(localEnvironment(env, 'http://127.0.0.1:8000'));
  if (wantedPort !== 0 && (await portInUse(wantedPort, host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host))) throw portTaken(wantedPort);

  let stopping = false;
  let ddb: DynamoDbLocal | undefined;
  let server: http.Server | undefined;
  let devChain: DevChain | null = null;
  let refSigner: ReferenceSigner | null = null;
  let signerTmp: string | null = null;
  const killJava = () => {
    if (ddb && ddb.process.exitCode === null) ddb.process.kill('SIGKILL');
  };
  /** Stops the processes and servers started beside the API (on stop, and when a start fails half-way). */
  const stopCompanions = async () => {
    await ddb?.stop();
    await devChain?.stop();
    await refSigner?.close();
    if (signerTmp) await rm(signerTmp, { recursive: true, force: true });
    process.off('exit', killJava);
  };
  const timers: NodeJS.Timeout[] = [];
  let streamTimer: NodeJS.Timeout | undefined;
  const inFlight = new Set<Promise<unknown>>();
  const track = <T>(p: Promise<T>): Promise<T> => {
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p)).catch(() => undefined);
    return p;
  };

  try {
    ddb = await startDynamoDbLocal({ port: opts.dynamoPort, inMemory, dataDir: path.join(dataDir, 'dynamodb') });
    process.on('exit', killJava); // no orphan java, even when node dies without stopping the stack
    const dynamo = ddb;
    log(`store: DynamoDB Local (java pid ${dynamo.process.pid}) at ${dynamo.endpoint}, ${inMemory ? 'in memory' : `data in ${path.join(dataDir, 'dynamodb')}`}`);
    dynamo.process.once('exit', (code) => {
      if (!stopping) opts.onFatal?.(new StartupError(`DynamoDB Local exited unexpectedly (code ${code})`));
    });

    const chainWanted = opts.devChain !== undefined ? opts.devChain : env.CUSTODY_NODE_RPC_URL ? null : {};
    if (chainWanted) {
      devChain = await startDevChain({ port: chainWanted.port ?? 0, chainId: settings.CUSTODY_CHAIN_ID, blockTimeMs: background ? DEV_BLOCK_MS : 0, clock });
      log(`chain: dev chain on ${devChain.url} (chain id ${devChain.chainId})`);
    } else {
      log(`chain: node at ${endpointHost(settings.CUSTODY_NODE_RPC_URL)} (CUSTODY_NODE_RPC_URL)${settings.CUSTODY_NODE_BACKUP_RPC_URLS.length ? `, ${settings.CUSTODY_NODE_BACKUP_RPC_URLS.length} backup(s)` : ''}`);
    }
    const signerWanted = opts.referenceSigner !== undefined ? opts.referenceSigner : env.CUSTODY_SIGNER_URL || settings.CUSTODY_SIGNER_KEYGEN_MODE === 'local' ? null : {};
    const signerEnv: Record<string, string> = {};
    if (signerWanted) {
      const dir = inMemory ? (signerTmp = await mkdtemp(path.join(tmpdir(), 'custody-signer-'))) : path.join(dataDir, 'signer');
      const token = randomBytes(24).toString('base64url'); // per run: the service and the signer restart together
      refSigner = await startReferenceSigner({ port: signerWanted.port ?? 0, dir, token });
      Object.assign(signerEnv, { CUSTODY_SIGNER_URL: refSigner.url, CUSTODY_SIGNER_TOKEN: token });
      log(`signer: reference signer on ${refSigner.url} (keys in ${inMemory ? 'a temporary directory' : dir})`);
    }
    const cfg = readConfig(localEnvironment({ ...env, ...signerEnv, ...(devChain ? { CUSTODY_NODE_RPC_URL: devChain.url } : {}) }, dynamo.endpoint));
    const client = makeDynamoClient(cfg);
    const store = new DynamoDbStore(cfg.CUSTODY_TABLE_NAME, client, opts.trackCapacity ?? false);
    const svc = overrideServices({ config: cfg, store, clock, chain: makeChain(cfg, clock), profile: chainProfileFromConfig(cfg), signer: makeSigner(cfg) });
    const table = await ensureTable(client, cfg.CUSTODY_TABLE_NAME);
    log(`table: ${cfg.CUSTODY_TABLE_NAME} ${table === 'created' ? 'created with its indexes and stream' : 'exists'}`);

    const streamArn = (await client.send(new DescribeTableCommand({ TableName: cfg.CUSTODY_TABLE_NAME }))).Table?.LatestStreamArn;
    if (!streamArn) throw new StartupError(`table ${cfg.CUSTODY_TABLE_NAME} has no stream: delete ${path.join(dataDir, 'dynamodb')} to recreate it`);
    const stateFile = stateFilePath(dataDir);
    const saved = inMemory ? undefined : readStateFile(stateFile);
    const resume = table === 'exists' && saved?.stream?.streamArn === streamArn ? saved : undefined;

    // Queues, restored from the previous run of this same table.
    const queues = new LocalQueues(clock, { maxReceives: cfg.CUSTODY_MAX_RECEIVES, visibilityTimeoutSeconds: opts.visibilityTimeoutSeconds ?? 30 }, cfg.CUSTODY_REGION);
    if (resume?.queues) queues.restore(resume.queues);
    useWorkerServices(buildWorkerServices(svc, queues));
    const workers: Partial<Record<QueueName, SqsWorker>> = {};
    for (const name of QUEUE_NAMES) {
      const given = opts.workers?.[name];
      const worker = given === undefined ? await loadWorker(name) : (given ?? undefined);
      if (worker) workers[name] = worker;
      const depth = queues.queue(name).depth();
      const waiting = depth.visible + depth.delayed + depth.inFlight;
      log(
        `queue: ${name} (${QUEUE_KINDS[name].fifo ? 'FIFO' : 'standard'}, max ${cfg.CUSTODY_MAX_RECEIVES} receives, then dead-letter) -> ${worker ? (given ? 'worker given by the caller' : LOCAL_WORKERS[name].name) : 'no worker yet, messages stay queued'}${waiting ? `, ${waiting} restored` : ''}`,
      );
    }

    // The stream: a new table is read from its beginning; a restart resumes where the last run stopped. Without a
    // saved position for this table (state file deleted), start at LATEST rather than re-route its whole history.
    const skippedStreamRecords: DynamoDBRecord[] = [];
    let saveTimer: NodeJS.Timeout | undefined;
    const saveNow = () => {
      if (saveTimer) clearTimeout(saveTimer);
      saveTimer = undefined;
      if (inMemory) return;
      writeStateFile(stateFile, { version: 1, stream: streamReader.checkpoint(), queues: queues.snapshot() });
    };
    const scheduleSave = () => {
      if (inMemory || saveTimer) return;
      saveTimer = setTimeout(saveNow, 250);
      saveTimer.unref();
    };
    const startAt = table === 'created' || resume ? 'TRIM_HORIZON' : 'LATEST';
    const streamReader: StreamReader = new StreamReader({
      client: new DynamoDBStreamsClient({ region: cfg.CUSTODY_REGION, endpoint: dynamo.endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
      streamArn,
      region: cfg.CUSTODY_REGION,
      handler: opts.streamHandler ?? (streamRouter as StreamHandler),
      startAt,
      ...(resume?.stream ? { checkpoint: resume.stream } : {}),
      maxRetries: opts.streamMaxRetries ?? 10,
      onProgress: scheduleSave,
      onSkip: (record, reason) => {
        skippedStreamRecords.push(record);
        logger.error('stream record skipped after retries', { sequenceNumber: record.dynamodb?.SequenceNumber, eventName: record.eventName, reason });
        log(`stream: record ${record.dynamodb?.SequenceNumber} skipped (${reason})`);
      },
    });
    log(`stream: ${table === 'created' ? 'reading from the beginning (new table)' : resume ? 'resuming from the saved position' : 'reading new changes only (no saved position for this table)'} -> stream router`);

    for (const name of QUEUE_NAMES) {
      const q = queues.queue(name);
      q.onDeadLetter = (m) => {
        logger.warn('queue message moved to the dead-letter queue', { queue: name, messageId: m.messageId, receiveCount: m.receiveCount, lastError: m.lastError });
        log(`dead-letter: ${name} message ${m.messageId} after ${m.receiveCount} receives${m.lastError ? ` (${m.lastError})` : ''}`);
        scheduleSave();
      };
    }

    // Queue delivery, one batch at a time per queue (serialized, so drain() and the timers never overlap).
    const pumpChains: Partial<Record<QueueName, Promise<unknown>>> = {};
    const pump = (name: QueueName): Promise<number> => {
      const worker = workers[name];
      if (!worker) return Promise.resolve(0);
      const run = (pumpChains[name] ?? Promise.resolve()).then(async () => {
        let delivered = 0;
        for (;;) {
          if (stopping) return delivered;
          const r = await queues.deliverBatch(name, worker, `custody-${LOCAL_WORKERS[name].name}`);
          if (r.delivered === 0) return delivered;
          delivered += r.delivered;
          scheduleSave();
        }
      });
      pumpChains[name] = run.catch(() => undefined);
      return track(run);
    };

    // Schedules.
    const scheduled: Record<string, ScheduledHandler> = {};
    for (const s of LOCAL_SCHEDULES) {
      const given = opts.schedules?.[s.name];
      const fn = given === undefined ? await loadHandler<ScheduledHandler>(s.module) : (given ?? undefined);
      if (fn) scheduled[s.name] = fn;
      log(`schedule: ${s.name} ${fn ? `every ${s.everySeconds(cfg)} s` : 'not present yet'}`);
    }
    for (const [name, fn] of Object.entries(opts.schedules ?? {})) if (fn && !(name in scheduled)) scheduled[name] = fn;
    const runSchedule = async (name: string) => {
      const fn = scheduled[name];
      if (!fn) throw new Error(`no scheduled function ${name}`);
      await track(Promise.resolve(fn(scheduledEvent(name, cfg.CUSTODY_REGION, clock.now()), lambdaContext(`custody-${name}`))));
    };

    // The API.
    server = createLocalApiServer({ routes: ALL_ROUTES, handlerFor: loadApiHandler });
    const port = await listen(server, wantedPort, host);
    const baseUrl = publicUrl(host, port);
    log(`server: listening on ${host}:${port} (${baseUrl})`);

    // The platform tenant and its operator, on the first start of this store.
    const boot = await ensurePlatform(store, clock.now());
    const opFile = operatorFilePath(dataDir);
    let operator: OperatorCredential | null = null;
    if (boot.created) {
      operator = { keyId: boot.keyId, secret: boot.secret, created: true, file: inMemory ? null : opFile };
      if (!inMemory) writeOperatorFile(opFile, { base_url: baseUrl, key_id: boot.keyId, secret: boot.secret });
      log(`platform: tenant and operator created; operator credential ${inMemory ? '(in memory only, shown once)' : `written to ${opFile} (shown once)`}:`);
      log(`  key_id: ${boot.keyId}`);
      log(`  secret: ${boot.secret}`);
    } else {
      const f = readOperatorFile(opFile);
      if (f) {
        operator = { keyId: f.key_id, secret: f.secret, created: false, file: opFile };
        if (f.base_url !== baseUrl) writeOperatorFile(opFile, { ...f, base_url: baseUrl });
        log(`platform: exists; operator credential in ${opFile}`);
      } else {
        log(`platform: exists, but ${opFile} is missing: use a credential you kept, or delete ${dataDir} to start over`);
      }
    }

    // Background work on timers.
    let lastError = '';
    const reportLoopError = (where: string, e: unknown) => {
      const msg = `${where}: ${e instanceof Error ? e.message : String(e)}`;
      if (msg !== lastError) {
        lastError = msg;
        logger.error('local stack background error', { where, error: e as Error });
        log(`error: ${msg}`);
      }
    };
    if (background) {
      const streamLoop = async () => {
        if (stopping) return;
        try {
          await track(streamReader.pollOnce());
        } catch (e) {
          reportLoopError('stream', e);
        }
        if (!stopping) streamTimer = setTimeout(streamLoop, opts.streamPollMs ?? 200).unref();
      };
      streamTimer = setTimeout(streamLoop, 0).unref();
      for (const name of QUEUE_NAMES) {
        if (!workers[name]) continue;
        let busy = false; // one background pump per queue at a time; sends while busy are picked up by its loop
        const go = () => {
          if (busy || stopping) return;
          busy = true;
          pump(name)
            .catch((e) => reportLoopError(`queue ${name}`, e))
            .finally(() => (busy = false));
        };
        queues.queue(name).onSend = () => {
          scheduleSave();
          if (!stopping) setImmediate(go);
        };
        timers.push(setInterval(go, opts.queuePollMs ?? 100).unref());
        go();
      }
      for (const s of LOCAL_SCHEDULES) {
        if (!scheduled[s.name]) continue;
        let running = false;
        timers.push(
          setInterval(() => {
            if (running || stopping) return;
            running = true;
            runSchedule(s.name)
              .catch((e) => reportLoopError(s.name, e))
              .finally(() => (running = false));
          }, s.everySeconds(cfg) * 1000).unref(),
        );
      }
    }
    for (const name of QUEUE_NAMES) queues.queue(name).onSend ??= scheduleSave;

    const drain = async ({ maxRounds = 1000 } = {}): Promise<DrainResult> => {
      let streamRecords = 0;
      let delivered = 0;
      for (let round = 1; round <= maxRounds; round++) {
        const s = await track(streamReader.pollOnce());
        let d = 0;
        for (const name of QUEUE_NAMES) d += await pump(name);
        streamRecords += s.records;
        delivered += d;
        if (s.records === 0 && d === 0) return { rounds: round, streamRecords, delivered };
      }
      throw new Error(`the local stack did not quiesce within ${maxRounds} rounds`);
    };

    let stopped: Promise<void> | undefined;
    const httpServer = server;
    const stop = () =>
      (stopped ??= (async () => {
        stopping = true;
        // 1. stop accepting HTTP (in-flight requests finish), 2. stop polling, 3. let in-flight handlers finish
        // (bounded), 4. save the stream position and queues, 5. stop DynamoDB Local.
        const closed = new Promise<void>((resolve) => httpServer.close(() => resolve()));
        httpServer.closeIdleConnections();
        for (const t of timers) clearTimeout(t);
        clearTimeout(streamTimer);
        await bounded(closed, SERVER_CLOSE_MS);
        httpServer.closeAllConnections();
        await bounded(Promise.allSettled([...inFlight]), IN_FLIGHT_MS);
        saveNow();
        for (const name of QUEUE_NAMES) {
          const dead = queues.deadLetters(name).length;
          if (dead) log(`dead-letter: ${name} holds ${dead} message(s)${inMemory ? '' : ` (kept in ${stateFile})`}`);
        }
        await stopCompanions();
        log('stopped');
      })());

    return { baseUrl, port, config: cfg, store, operator, queues, dynamoDb: dynamo, devChain, skippedStreamRecords, drain, runSchedule, stop };
  } catch (e) {
    stopping = true;
    for (const t of timers) clearTimeout(t);
    clearTimeout(streamTimer);
    server?.close();
    await stopCompanions();
    throw e;
  }
}
