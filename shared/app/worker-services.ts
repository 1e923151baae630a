import type { QueuePort } from '../ports/queue.js';
import type { ScreeningPort } from '../ports/screening.js';
import type { Store } from '../ports/store.js';
import type { Config } from '../config.js';
import type { StepDeps } from '../domain/transactions/steps/index.js';
import type { ConfirmDeps, PollBounds } from '../domain/transactions/confirm.js';
import type { RedriveOptions } from '../domain/transactions/redrive.js';
import { BuiltinScreening } from '../domain/screening/builtin-screening.js';
import { services, type Services } from './services.js';

/**
 * Services of the background functions: the API services plus the queue and the screening provider. Built by ONE
 * function, `buildWorkerServices`, from the services and a queue: SQS on AWS (`workerServices()`, in the functions
 * whose entry imports a queue wiring, `shared/app/queue-wiring.ts` or `queue-wiring-lazy.ts`), the in-process queues
 * in the local stack (`useWorkerServices(buildWorkerServices(...))`). `stepDeps` gives the state machine's steps what
 * they read; the Lambda handler, the local stack and the tests all get them from here.
 */
export type WorkerServices = Services & { queue: QueuePort; screening: ScreeningPort | null };

let httpScreening: ((cfg: Config & { CUSTODY_SCREENING_URL: string }) => ScreeningPort) | undefined;

/**
 * Installs the HTTP screening adapter (it calls out through the SSRF-safe outbound client: ipaddr.js and
 * request-filtering-agent). Only the functions that screen (the transaction worker's entry, and the local stack)
 * import `shared/app/screening-wiring.ts`, which calls this; the other background functions' bundles hold neither.
 */
export function provideHttpScreening(
  factory: (cfg: Config & { CUSTODY_SCREENING_URL: string }) => ScreeningPort,
): void {
  httpScreening = factory;
}

/**
 * The screening provider chosen by `CUSTODY_SCREENING_PROVIDER` (none, the built-in lists, or an HTTP service). In a
 * function whose entry lacks the screening wiring, the HTTP provider fails when it is first asked to screen (a
 * programming error), not when the services are built: the functions that never screen build them too.
 */
export function makeScreening(cfg: Config, store: Store): ScreeningPort | null {
  const list = (s: string) =>
    s
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean);
  switch (cfg.CUSTODY_SCREENING_PROVIDER) {
    case 'none':
      return null;
    case 'builtin':
      return new BuiltinScreening(store, {
        blocked: list(cfg.CUSTODY_SCREENING_BLOCKLIST),
        flagged: list(cfg.CUSTODY_SCREENING_FLAGLIST),
      });
    case 'http':
      if (!cfg.CUSTODY_SCREENING_URL)
        throw new Error('CUSTODY_SCREENING_URL is required when CUSTODY_SCREENING_PROVIDER=http');
      if (httpScreening) return httpScreening({ ...cfg, CUSTODY_SCREENING_URL: cfg.CUSTODY_SCREENING_URL });
      return {
        name: 'http',
        screen: () =>
          Promise.reject(
            new Error('no HTTP screening in this function: import shared/app/screening-wiring.ts in its entry'),
          ),
      };
  }
}

/** The one builder of the background functions' services: screening from the same settings and store as the rest. */
export function buildWorkerServices(base: Services, queue: QueuePort): WorkerServices {
  return { ...base, queue, screening: makeScreening(base.config, base.store) };
}

/**
 * What the state machine's steps read, from the worker's services and the policy key of the function that signs
 * receipts (the transaction worker passes its own: no other function holds that grant). The signer is pushed payloads only in `remote` and
 * `grpc` modes; in `callback` mode (null) PENDING_SIGNATURE waits for the signature API.
 */
export function stepDeps(svc: WorkerServices, receipts: StepDeps['receipts']): StepDeps {
  return {
    store: svc.store,
    clock: svc.clock,
    screening: svc.screening,
    chainId: svc.config.CUSTODY_CHAIN_ID,
    approvalTtlSeconds: svc.config.CUSTODY_APPROVAL_TTL_SECONDS,
    chain: svc.chain,
    profile: svc.profile,
    signer: svc.config.CUSTODY_SIGNER_TYPE === 'callback' ? null : svc.signer,
    receipts,
  };
}

/** What the chain poller's confirmation work reads, and its per-run bounds, from the worker's services. */
export function confirmDeps(
  svc: WorkerServices = workerServices(),
): ConfirmDeps & { bounds: PollBounds; redrive: RedriveOptions } {
  const cfg = svc.config;
  return {
    redrive: {
      afterSeconds: cfg.CUSTODY_REDRIVE_AFTER_SECONDS,
      signerPushes: cfg.CUSTODY_SIGNER_TYPE !== 'callback',
      maxPerRun: cfg.CUSTODY_POLL_MAX_TRANSACTIONS,
    },
    store: svc.store,
    clock: svc.clock,
    chain: svc.chain,
    confirmationDepth: cfg.CUSTODY_CONFIRMATION_DEPTH,
    reprice: {
      afterBlocks: cfg.CUSTODY_REPRICE_AFTER_BLOCKS,
      maxFeePerGas: BigInt(cfg.CUSTODY_REPRICE_MAX_FEE_PER_GAS),
    },
    overdueAfterSeconds: cfg.CUSTODY_STUCK_AFTER_SECONDS,
    bounds: { maxTransactions: cfg.CUSTODY_POLL_MAX_TRANSACTIONS, maxMillis: cfg.CUSTODY_POLL_MAX_SECONDS * 1000 },
  };
}

let current: WorkerServices | undefined;

let sqsQueue: ((cfg: Config) => QueuePort) | undefined;

/**
 * Installs the SQS queue (the SQS client: about 25 KiB of bundle). Only the functions that send messages import a
 * queue wiring, which calls this: the stream router `shared/app/queue-wiring.ts`, the webhook worker (through
 * `shared/app/webhook-services.ts`) `queue-wiring-lazy.ts`, whose client is loaded by the first send. The transaction
 * worker, the chain poller and the deposit scanner send none, and their bundles hold no SQS client (the queue that
 * triggers a worker needs none: Lambda receives for it).
 */
export function provideQueue(factory: (cfg: Config) => QueuePort): void {
  sqsQueue = factory;
}

/**
 * The queue of `workerServices()`: built at its first message from the installed factory (so the order in which a
 * process loads its entry and first asks for its services does not matter). A function whose entry lacks the queue
 * wiring fails when it first sends (a programming error), not when it builds its services.
 */
function wiredQueue(cfg: Config): QueuePort {
  let built: QueuePort | undefined;
  return {
    send: (queue, messages) => {
      if (!sqsQueue)
        return Promise.reject(new Error('no queue in this function: import shared/app/queue-wiring.ts in its entry'));
      return (built ??= sqsQueue(cfg)).send(queue, messages);
    },
  };
}

export function workerServices(): WorkerServices {
  if (!current) {
    const base = services();
    current = buildWorkerServices(base, wiredQueue(base.config));
  }
  return current;
}

/** Installs the worker services of the process (the local stack's, with its queues and clock). */
export function useWorkerServices(svc: WorkerServices): WorkerServices {
  current = svc;
  return current;
}
