import type { Config } from '../../shared/config.js';
import { logger } from '../../shared/logger.js';
import type { Clock } from '../../shared/ports/clock.js';
import { QUEUE_NAMES, type QueueName } from '../../shared/ports/queue.js';
import { consumerOf, localEverySeconds, QUEUES, scheduledFunctions } from '../../shared/background/manifest.js';
import { LocalQueues, type SqsWorker } from '../../shared/adapters/local/local-queues.js';
import { LocalScheduler } from '../../shared/adapters/local/local-scheduler.js';
import { lambdaContext } from '../../shared/adapters/local/lambda-context.js';
import type { QueueSnapshot } from '../../shared/adapters/local/in-process-queue.js';
import { loadHandler, scheduledEvent, type ScheduledHandler } from '../functions.js';
import type { Runtime } from './runtime.js';
import type { StateFile } from './state.js';

/**
 * The queues, their workers and the schedules of shared/background/manifest.ts, run in-process: the queues with the
 * manifest's kinds and batch sizes (and its local overrides), each queue's consumer, each schedule at its local rate.
 * A function whose entry file does not exist yet is not wired (its queue keeps its messages).
 */
/** How one function of the manifest is wired locally (test/integration/local-stack-manifest.test.ts reads it). */
export type Wiring = {
  name: string;
  trigger: 'stream' | 'queue' | 'schedule';
  by: 'manifest' | 'caller' | 'missing';
  batchSize?: number;
  everySeconds?: number;
};

export type Background = {
  queues: LocalQueues;
  /** The scheduler port of the webhook retries' 1 h and 6 h steps: due jobs go to the webhooks queue. */
  scheduler: LocalScheduler;
  wiring: Wiring[];
  workers: Partial<Record<QueueName, SqsWorker>>;
  /** Delivers every due message of a queue, several batches at once (serialized with the background loop). */
  pump: (name: QueueName) => Promise<number>;
  runSchedule: (name: string) => Promise<void>;
  /** Starts the delivery and schedule timers. */
  startTimers: (queuePollMs: number) => void;
  /**
   * Runs a scheduled function now, with `detail` in its event, unless a run of it is under way (after startTimers;
   * the local stack calls it on each block of its dev chain for the functions the manifest marks `onDevChainBlock`).
   */
  wakeSchedule: (name: string, detail: Record<string, unknown>) => void;
};

export async function startQueues(
  rt: Runtime,
  o: {
    cfg: Config;
    clock: Clock;
    visibilityTimeoutSeconds: number | undefined;
    restore: Partial<Record<QueueName, QueueSnapshot>> | undefined;
    workers: Partial<Record<QueueName, SqsWorker | null>> | undefined;
    schedules: Record<string, ScheduledHandler | null> | undefined;
    state: StateFile;
    /** The ports the stack gives its functions (local/steps/store.ts): the queues and the scheduler are added here. */
    ports: Record<string, unknown>;
  },
): Promise<Background> {
  const { cfg } = o;
  const queues = new LocalQueues(
    o.clock,
    {
      maxReceives: cfg.CUSTODY_MAX_RECEIVES,
      ...(o.visibilityTimeoutSeconds ? { visibilityTimeoutSeconds: o.visibilityTimeoutSeconds } : {}),
    },
    cfg.CUSTODY_REGION,
  );
  if (o.restore) queues.restore(o.restore);
  // EventBridge Scheduler's stand-in: a due job puts its payload on the webhooks queue, as the schedule's target does.
  const scheduler = new LocalScheduler(o.clock, (job) => queues.send('webhooks', [{ body: job.payload }]));
  o.ports.queue = queues;
  o.ports.scheduler = scheduler;

  const workers: Partial<Record<QueueName, SqsWorker>> = {};
  const wiring: Wiring[] = [];
  const by = (given: unknown, loaded: unknown): Wiring['by'] => (given ? 'caller' : loaded ? 'manifest' : 'missing');
  for (const name of QUEUE_NAMES) {
    const fn = consumerOf(name);
    const given = o.workers?.[name];
    const worker = given === undefined ? await loadHandler<SqsWorker>(fn.entry, o.ports) : (given ?? undefined);
    if (worker) workers[name] = worker;
    wiring.push({ name: fn.name, trigger: 'queue', by: by(given, worker), batchSize: fn.trigger.batchSize });
    const depth = queues.queue(name).depth();
    const waiting = depth.visible + depth.delayed + depth.inFlight;
    const kind = QUEUES[name].fifo ? 'FIFO' : 'standard';
    const consumer = worker
      ? given
        ? 'worker given by the caller'
        : `${fn.name}, batches of ${fn.trigger.batchSize}`
      : 'no worker yet, messages stay queued';
    rt.log(
      `queue: ${name} (${kind}, max ${cfg.CUSTODY_MAX_RECEIVES} receives, then dead-letter) -> ${consumer}${waiting ? `, ${waiting} restored` : ''}`,
    );
    queues.queue(name).onDeadLetter = (m) => {
      logger.warn('queue message moved to the dead-letter queue', {
        queue: name,
        messageId: m.messageId,
        receiveCount: m.receiveCount,
        lastError: m.lastError,
      });
      rt.log(
        `dead-letter: ${name} message ${m.messageId} after ${m.receiveCount} receives${m.lastError ? ` (${m.lastError})` : ''}`,
      );
      o.state.saveSoon();
    };
    queues.queue(name).onSend = o.state.saveSoon;
  }

  // Up to CUSTODY_LOCAL_QUEUE_CONCURRENCY batches of a queue in flight at once, as Lambda runs several invocations of
  // an event source mapping (a FIFO queue hands out nothing of a group while one of its messages is in flight, so each
  // group keeps its order).
  // One pump loop per queue at a time (serialized, so drain() and the timers never overlap); a send wakes it.
  const concurrency = cfg.CUSTODY_LOCAL_QUEUE_CONCURRENCY;
  const chains: Partial<Record<QueueName, Promise<unknown>>> = {};
  const wakers: Partial<Record<QueueName, () => void>> = {};
  /** The background pump of each queue (startTimers), which a batching window's end starts again. */
  const goers: Partial<Record<QueueName, () => void>> = {};
  // A queue's batching window (the manifest's maxBatchingWindowSeconds, as Lambda's event source mapping applies it): a
  // batch short of the batch size waits, from when the pump first finds it short, until it fills or the window ends.
  const shortSince: Partial<Record<QueueName, number>> = {};
  const windowTimers: Partial<Record<QueueName, NodeJS.Timeout>> = {};
  const heldBack = (name: QueueName): boolean => {
    const { batchSize, maxBatchingWindowSeconds } = consumerOf(name).trigger;
    const { visible } = queues.queue(name).depth();
    if (!maxBatchingWindowSeconds || visible === 0 || visible >= batchSize) {
      shortSince[name] = undefined;
      return false;
    }
    const since = (shortSince[name] ??= Date.now());
    const left = since + maxBatchingWindowSeconds * 1000 - Date.now();
    if (left <= 0) {
      shortSince[name] = undefined;
      return false;
    }
    windowTimers[name] ??= rt.timer(
      setTimeout(() => {
        windowTimers[name] = undefined;
        wake(name); // a pump waiting on its batches in flight looks again
        goers[name]?.();
      }, left),
    );
    return true;
  };
  /** Delivers what is visible, several batches at once; `windowed` (the background pump) honours the batching window. */
  const pump = (name: QueueName, opts: { windowed?: boolean } = {}): Promise<number> => {
    const worker = workers[name];
    if (!worker) return Promise.resolve(0);
    const run = (chains[name] ?? Promise.resolve()).then(async () => {
      let delivered = 0;
      const inFlight = new Set<Promise<void>>();
      for (;;) {
        while (!rt.stopping && inFlight.size < concurrency) {
          if (opts.windowed && heldBack(name)) break;
          const batch = queues.receiveBatch(name);
          if (batch.length === 0) break;
          const p = queues.deliver(name, worker, batch, `custody-${consumerOf(name).name}`).then((r) => {
            delivered += r.delivered;
            o.state.saveSoon();
          });
          const tracked = p.finally(() => inFlight.delete(tracked));
          inFlight.add(tracked);
        }
        if (inFlight.size === 0) return delivered;
        // Wait for a batch to finish, or for a send (its message may be deliverable now).
        await new Promise<void>((resolve) => {
          wakers[name] = resolve;
          for (const p of inFlight) void p.then(resolve, resolve);
        });
        wakers[name] = undefined;
      }
    });
    chains[name] = run.catch(() => undefined);
    return rt.track(run);
  };
  const wake = (name: QueueName) => wakers[name]?.();

  const scheduled: Record<string, { fn: ScheduledHandler; everySeconds: number | null }> = {};
  for (const s of scheduledFunctions()) {
    const given = o.schedules?.[s.name];
    const fn = given === undefined ? await loadHandler<ScheduledHandler>(s.entry, o.ports) : (given ?? undefined);
    const every = localEverySeconds(s.trigger, cfg);
    if (fn) scheduled[s.name] = { fn, everySeconds: every };
    wiring.push({ name: s.name, trigger: 'schedule', by: by(given, fn), everySeconds: every });
    const note =
      s.trigger.local && every !== s.trigger.everySeconds
        ? ` (${s.trigger.local.everySetting}; every ${s.trigger.everySeconds} s on AWS)`
        : '';
    rt.log(`schedule: ${s.name} ${fn ? `every ${every} s${note}` : 'not present yet'}`);
  }
  // Extra scheduled functions a caller gives are run on demand only.
  for (const [name, fn] of Object.entries(o.schedules ?? {}))
    if (fn && !(name in scheduled)) scheduled[name] = { fn, everySeconds: null };
  const runSchedule = async (name: string, detail: Record<string, unknown> = {}) => {
    const s = scheduled[name];
    if (!s) throw new Error(`no scheduled function ${name}`);
    await rt.track(
      Promise.resolve(
        s.fn({ ...scheduledEvent(name, cfg.CUSTODY_REGION, o.clock.now()), detail }, lambdaContext(`custody-${name}`)),
      ),
    );
  };
  // One run of a scheduled function at a time, whether its timer or a wake-up started it.
  const running = new Set<string>();
  let timersStarted = false;
  const fire = (name: string, detail: Record<string, unknown> = {}) => {
    if (running.has(name) || rt.stopping) return;
    running.add(name);
    runSchedule(name, detail)
      .catch((e) => rt.loopError(name, e))
      .finally(() => running.delete(name));
  };
  const wakeSchedule = (name: string, detail: Record<string, unknown>) => {
    if (timersStarted && scheduled[name]) fire(name, detail);
  };

  const startTimers = (queuePollMs: number) => {
    scheduler.start();
    rt.onStop('webhook scheduler', async () => scheduler.stop());
    for (const name of QUEUE_NAMES) {
      if (!workers[name]) continue;
      let busy = false; // one background pump per queue at a time; sends while busy are picked up by its loop
      const go = () => {
        if (busy || rt.stopping) return;
        busy = true;
        pump(name, { windowed: true })
          .catch((e) => rt.loopError(`queue ${name}`, e))
          .finally(() => (busy = false));
      };
      goers[name] = go;
      queues.queue(name).onSend = () => {
        o.state.saveSoon();
        wake(name);
        if (!rt.stopping) setImmediate(go);
      };
      rt.timer(setInterval(go, queuePollMs));
      go();
    }
    for (const [name, s] of Object.entries(scheduled)) {
      if (s.everySeconds === null) continue;
      rt.timer(setInterval(() => fire(name), s.everySeconds * 1000));
    }
    timersStarted = true;
  };

  return { queues, scheduler, wiring, workers, pump, runSchedule, startTimers, wakeSchedule };
}
