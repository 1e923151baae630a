import { mkdtemp, rm } from 'node:fs/promises';
import type http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DynamoDBRecord } from 'aws-lambda';
import { readConfig, type Config } from '../shared/config.js';
import { systemClock, type Clock } from '../shared/ports/clock.js';
import { QUEUE_NAMES, type QueueName } from '../shared/ports/queue.js';
import type { KeyProvider } from '../shared/ports/key-provider.js';
import { scheduledFunctions } from '../shared/background/manifest.js';
import type { DynamoDbStore } from '../shared/adapters/dynamodb/dynamodb-store.js';
import type { DynamoDbLocal } from '../shared/adapters/local/dynamodb-local.js';
import type { LocalQueues, SqsWorker } from '../shared/adapters/local/local-queues.js';
import type { LocalScheduler } from '../shared/adapters/local/local-scheduler.js';
import type { StreamHandler } from '../shared/adapters/local/stream-reader.js';
import type { DevChain } from '../tools/dev-chain/server.js';
import type { ReferenceSigner } from '../tools/reference-signer/server.js';
import type { ScheduledHandler } from './functions.js';
import { localEnvironment } from './environment.js';
import { bounded, Runtime } from './steps/runtime.js';
import { lockDataDir, type DataDirLock } from './steps/lock.js';
import { startStore } from './steps/dynamodb.js';
import { startChain } from './steps/chain.js';
import { startSigner } from './steps/signer.js';
import { wireServices } from './steps/store.js';
import { StateFile } from './steps/state.js';
import { startQueues, type Wiring } from './steps/queues.js';
import { pollStream, startStream } from './steps/stream.js';
import { checkPortFree, startServer } from './steps/server.js';
import { ensureOperator, writeStackFile, type OperatorCredential } from './steps/platform.js';

export type { OperatorCredential } from './steps/platform.js';

/**
 * The embedded local stack behind `npm start`, and the composition root of the local process: DynamoDB Local as the
 * store, the table from the same definition as CDK, the API over HTTP through the same handlers, the table's stream
 * fed to the same stream router, in-process queues feeding the same workers, and timers for the schedules, all as
 * shared/background/manifest.ts declares them. Each start step is a module of local/steps/. Tests and the benchmark
 * start it in-process (port 0, in memory, a fake clock and `background: false`) and drive it to quiescence with
 * `drain()` instead of sleeping.
 */
export type LocalStackOptions = {
  /** HTTP port (default 3000; 0 picks a free one). */
  port?: number;
  /** Interface to listen on (default 127.0.0.1: the operator API is not exposed to the network). */
  host?: string;
  /**
   * Throwaway store: DynamoDB and the dev chain in memory; the operator credential, `stack.json` and the reference signer's keys go to
   * a temporary folder (`stateDir`), removed on stop.
   */
  inMemory?: boolean;
  /**
   * Directory of local state (default `.local`): DynamoDB data in `dynamodb/`, the dev chain's journal in `chain/`,
   * `operator.json`, `local-state.json`, `stack.json`, the signer's keys in `signer/`, and `stack.lock` (one stack per
   * folder).
   */
  dataDir?: string;
  /** Port for DynamoDB Local (default: a free one). */
  dynamoPort?: number;
  /** The `CUSTODY_*` settings (the runner passes the process environment). */
  env?: Record<string, string | undefined>;
  /** Time for the API, the queues and the workers (default: the system clock). */
  clock?: Clock;
  /** Poll the stream, deliver queues and fire schedules on timers (default: true unless a clock is given). */
  background?: boolean;
  /** Workers per queue instead of the manifest's (`null`: no worker, messages stay queued). */
  workers?: Partial<Record<QueueName, SqsWorker | null>>;
  /** Scheduled functions by name instead of the manifest's (`null`: not scheduled; other names: run on demand). */
  schedules?: Record<string, ScheduledHandler | null>;
  /** The stream router (default: the manifest's stream function). */
  streamHandler?: StreamHandler;
  /** Default: the manifest's local override. */
  visibilityTimeoutSeconds?: number;
  /** Retries of a failing stream record before it is skipped (default: the manifest's retry attempts). */
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
   * sets CUSTODY_SIGNER_URL or CUSTODY_SIGNER_KEYGEN_MODE=local; keys in `<stateDir>/signer`. `null`: never started.
   */
  referenceSigner?: { port?: number } | null;
  /** Something the stack cannot recover from happened while running (DynamoDB Local died). */
  onFatal?: (error: Error) => void;
};

export type DrainResult = { rounds: number; streamRecords: number; delivered: number };

export type LocalStack = {
  baseUrl: string;
  port: number;
  config: Config;
  store: DynamoDbStore;
  /** The service keys the stack's functions are given (the audit record MAC key of what they commit, among others). */
  keys: KeyProvider;
  /**
   * The ports the stack gives every function (shared/composition/deps.ts), read on each use: a test may set one (the
   * webhook worker's `outbound` client) and unset it again.
   */
  ports: Record<string, unknown>;
  /** Where `operator.json` and `stack.json` are: the data folder, or a temporary folder in memory mode. */
  stateDir: string;
  /** The platform operator's credential: from this start, or from `operator.json`; null when neither has it. */
  operator: OperatorCredential | null;
  queues: LocalQueues;
  /** The scheduler port's local timers (webhook retries after 1 h and 6 h); `drain()` runs the jobs due. */
  scheduler: LocalScheduler;
  dynamoDb: DynamoDbLocal;
  /** The dev chain this stack started (null when it uses the node CUSTODY_NODE_RPC_URL names). */
  devChain: DevChain | null;
  /** The reference signer this stack started (null when it uses the signer CUSTODY_SIGNER_URL names, or none). */
  referenceSigner: ReferenceSigner | null;
  /** How each function of shared/background/manifest.ts is wired (by the manifest, by the caller, or missing). */
  background: Wiring[];
  /** Stream records skipped after failing `streamMaxRetries` times. */
  skippedStreamRecords: DynamoDBRecord[];
  /** Reads the stream and delivers every due message until nothing is left to do (delays and hidden messages wait). */
  drain: (opts?: { maxRounds?: number }) => Promise<DrainResult>;
  /** Runs a scheduled function once. */
  runSchedule: (name: string) => Promise<void>;
  stop: () => Promise<void>;
};

const SERVER_CLOSE_MS = 5_000;
const IN_FLIGHT_MS = 10_000;

/** A URL without its user info (credentials stay out of files and logs). */
function withoutCredentials(url: string): string {
  const u = new URL(url);
  u.username = '';
  u.password = '';
  return u.toString().replace(/\/$/, '');
}

/** Starts everything, in order, saying what it does; a start that fails stops what it already started. */
export async function startLocalStack(opts: LocalStackOptions = {}): Promise<LocalStack> {
  const rt = new Runtime(opts.log ?? (() => undefined));
  const env = opts.env ?? {};
  const clock = opts.clock ?? systemClock;
  const background = opts.background ?? opts.clock === undefined;
  const inMemory = opts.inMemory ?? false;
  const dataDir = path.resolve(opts.dataDir ?? '.local');
  const host = opts.host ?? '127.0.0.1';
  const wantedPort = opts.port ?? 3000;

  // 1. Settings and the port, before anything starts.
  const settings = readConfig(localEnvironment(env, 'http://127.0.0.1:8000'));
  await checkPortFree(wantedPort, host);

  let lock: DataDirLock | undefined;
  try {
    // 2. The state folder: the data folder, locked; in memory, a temporary folder.
    let stateDir = dataDir;
    if (inMemory) {
      const tmp = (stateDir = await mkdtemp(path.join(tmpdir(), 'custody-local-')));
      rt.onStop('temporary folder', () => rm(tmp, { recursive: true, force: true }));
    } else {
      lock = lockDataDir(dataDir);
      rt.onStop('data folder lock', lock.release); // registered first: released last
    }

    // 3. DynamoDB Local, 4. the dev chain, 5. the reference signer.
    const dynamo = await startStore(rt, {
      port: opts.dynamoPort,
      inMemory,
      dataDir,
      ...(opts.onFatal ? { onFatal: opts.onFatal } : {}),
    });
    const chainDir = inMemory ? undefined : path.join(dataDir, 'chain');
    const chain = await startChain(rt, {
      wanted: opts.devChain !== undefined ? opts.devChain : env.CUSTODY_NODE_RPC_URL ? null : {},
      settings,
      background,
      clock,
      dataDir: chainDir,
    });
    const signerWanted =
      opts.referenceSigner !== undefined
        ? opts.referenceSigner
        : env.CUSTODY_SIGNER_URL || settings.CUSTODY_SIGNER_KEYGEN_MODE === 'local'
          ? null
          : {};
    // The local stand-in for KMS keys lives with the rest of the state (unless the caller names a file).
    const keyFile: Record<string, string> = env.CUSTODY_LOCAL_KEY_FILE
      ? {}
      : { CUSTODY_LOCAL_KEY_FILE: path.join(stateDir, 'master.key') };
    const signer = await startSigner(rt, {
      wanted: signerWanted,
      keysDir: path.join(stateDir, 'signer'),
      temporary: inMemory,
      signerType: env.CUSTODY_SIGNER_TYPE,
      keyFile: env.CUSTODY_LOCAL_KEY_FILE || path.join(stateDir, 'master.key'),
      clock,
    });

    // 6. The services and the table.
    const endpoints = { ...signer.env, ...keyFile, ...(chain ? { CUSTODY_NODE_RPC_URL: chain.url } : {}) };
    const wired = await wireServices(rt, {
      env,
      endpoints,
      dynamoEndpoint: dynamo.endpoint,
      clock,
      trackCapacity: opts.trackCapacity ?? false,
      dataDir,
    });
    const { cfg, store } = wired;
    const state = new StateFile(dataDir, inMemory);
    const saved = state.read();
    const resume = wired.table === 'exists' && saved?.stream?.streamArn === wired.streamArn ? saved : undefined;

    // 7. Queues, workers and schedules (restored from the previous run of this same table), 8. the stream.
    const bg = await startQueues(rt, {
      cfg,
      clock,
      visibilityTimeoutSeconds: opts.visibilityTimeoutSeconds,
      restore: resume?.queues,
      workers: opts.workers,
      schedules: opts.schedules,
      state,
      ports: wired.ports,
    });
    const stream = await startStream(rt, {
      cfg,
      endpoint: dynamo.endpoint,
      streamArn: wired.streamArn,
      table: wired.table,
      checkpoint: resume?.stream,
      handler: opts.streamHandler,
      ports: wired.ports,
      maxRetries: opts.streamMaxRetries,
      state,
    });
    state.capture = () => ({ version: 1, stream: stream.reader.checkpoint(), queues: bg.queues.snapshot() });

    // 9. The API, the platform operator and stack.json.
    const { server, port, baseUrl } = await startServer(rt, { port: wantedPort, host, ports: wired.ports });
    lock?.setPort(port);
    const operator = await ensureOperator(rt, {
      store,
      keys: wired.keys,
      now: clock.now(),
      stateDir,
      baseUrl,
      inMemory,
    });
    writeStackFile(stateDir, {
      base_url: baseUrl,
      chain_rpc_url: withoutCredentials(cfg.CUSTODY_NODE_RPC_URL),
      chain_id: cfg.CUSTODY_CHAIN_ID,
      signer_url: cfg.CUSTODY_SIGNER_URL ? withoutCredentials(cfg.CUSTODY_SIGNER_URL) : null,
    });

    // 10. Background work on timers.
    if (background) {
      // Read after each committed write (and on the timer): a change reaches its queue without waiting out the timer.
      wired.afterWrite.wake = pollStream(rt, stream.reader, opts.streamPollMs ?? 200).wake;
      bg.startTimers(opts.queuePollMs ?? 100);
      // The schedules the manifest marks also run on each block the dev chain seals (the chain poller: a transfer
      // completes on the block that makes it deep enough, not up to a poll interval later).
      const onBlock = scheduledFunctions()
        .filter((f) => f.trigger.local?.onDevChainBlock)
        .map((f) => f.name);
      if (chain && onBlock.length)
        chain.onBlock = () => onBlock.forEach((name) => bg.wakeSchedule(name, { trigger: 'block' }));
    }

    const drain = async ({ maxRounds = 1000 } = {}): Promise<DrainResult> => {
      let streamRecords = 0;
      let delivered = 0;
      for (let round = 1; round <= maxRounds; round++) {
        const s = await rt.track(stream.reader.pollOnce());
        let d = await bg.scheduler.runDue();
        for (const name of QUEUE_NAMES) d += await bg.pump(name);
        streamRecords += s.records;
        delivered += d;
        if (s.records === 0 && d === 0) return { rounds: round, streamRecords, delivered };
      }
      throw new Error(`the local stack did not quiesce within ${maxRounds} rounds`);
    };

    let stopped: Promise<void> | undefined;
    const stop = () =>
      (stopped ??= stopGracefully(rt, server, () => {
        state.saveNow();
        for (const name of QUEUE_NAMES) {
          const dead = bg.queues.deadLetters(name).length;
          if (dead)
            rt.log(`dead-letter: ${name} holds ${dead} message(s)${inMemory ? '' : ` (kept in ${state.file})`}`);
        }
      }));

    return {
      baseUrl,
      port,
      config: cfg,
      store,
      keys: wired.keys,
      ports: wired.ports,
      stateDir,
      operator,
      queues: bg.queues,
      scheduler: bg.scheduler,
      dynamoDb: dynamo,
      devChain: chain,
      referenceSigner: signer.signer,
      background: [stream.wiring, ...bg.wiring],
      skippedStreamRecords: stream.skipped,
      drain,
      runSchedule: bg.runSchedule,
      stop,
    };
  } catch (e) {
    rt.stopping = true;
    rt.clearTimers();
    await rt.runStops();
    throw e;
  }
}

/**
 * 1. stop accepting HTTP (in-flight requests finish), 2. stop polling, 3. let in-flight handlers finish (bounded),
 * 4. save the stream position and queues, 5. stop what was started, last first (DynamoDB Local, the lock).
 */
async function stopGracefully(rt: Runtime, server: http.Server, save: () => void): Promise<void> {
  rt.stopping = true;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  rt.clearTimers();
  await bounded(closed, SERVER_CLOSE_MS);
  server.closeAllConnections();
  await rt.settle(IN_FLIGHT_MS);
  save();
  await rt.runStops();
  rt.log('stopped');
}
