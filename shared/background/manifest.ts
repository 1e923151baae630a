import type { QueueName } from '../ports/queue.js';
import type { Grant } from '../composition/grants.js';

/**
 * The one list of the service's background work: every background function, what triggers it (the table's stream, a
 * queue or a schedule), the queues and their kinds, batch sizes and windows, and schedule rates. CDK
 * (lib/queues-construct.ts, lib/workers-construct.ts, lib/stream-router-construct.ts) and the local stack
 * (local/steps/queues.ts, local/steps/stream.ts) both read it; test/cdk/manifest.test.ts and
 * test/integration/local-stack-manifest.test.ts check each against it.
 *
 * Plain data (no CDK import), durations in seconds. Where the local stack differs from AWS, the entry says so in a
 * `local` override with the reason; there is no other difference.
 */

export type QueueSpec = {
  /** FIFO (ordered per message group, deduplicated) or standard. */
  fifo: boolean;
  /** The setting through which a function learns the queue's URL (set by CDK for the functions bound to it). */
  urlSetting: 'CUSTODY_TX_QUEUE_URL' | 'CUSTODY_WEBHOOK_QUEUE_URL' | 'CUSTODY_AUDIT_QUEUE_URL';
  /** Must be at least the consuming worker's timeout; AWS recommends six times it. */
  visibilityTimeoutSeconds: number;
  retentionSeconds: number;
  /** Receives before the dead-letter queue takes a message: the setting `CUSTODY_MAX_RECEIVES`, on AWS and locally. */
  maxReceivesSetting: 'CUSTODY_MAX_RECEIVES';
  deadLetterRetentionSeconds: number;
  /** What the local stack does differently, and why. */
  local?: { visibilityTimeoutSeconds: number; why: string };
};

const DAY = 86_400;

/**
 * `transactions` is FIFO, grouped by transaction id (the stream router sets the group and an explicit deduplication
 * id per transaction version); `webhooks` is standard (deliveries are independent and take per-message delays for
 * retries); `audit` is FIFO with one message group per tenant (the stream router sends one message per tenant and
 * stream batch naming all its new audit records, deduplicated by their ids), so one sequencer run at a time folds a
 * tenant's records (up to 10 messages, about 1,000 records) into its checkpoints.
 * Each has a dead-letter queue of the same kind.
 */
export const QUEUES: Readonly<Record<QueueName, QueueSpec>> = {
  transactions: {
    fifo: true,
    urlSetting: 'CUSTODY_TX_QUEUE_URL',
    visibilityTimeoutSeconds: 180,
    retentionSeconds: 4 * DAY,
    maxReceivesSetting: 'CUSTODY_MAX_RECEIVES',
    deadLetterRetentionSeconds: 14 * DAY,
    local: {
      visibilityTimeoutSeconds: 30,
      why: 'a failed message comes back after 30 s instead of 3 min, so a retry is seen while developing',
    },
  },
  webhooks: {
    fifo: false,
    urlSetting: 'CUSTODY_WEBHOOK_QUEUE_URL',
    visibilityTimeoutSeconds: 180,
    retentionSeconds: 4 * DAY,
    maxReceivesSetting: 'CUSTODY_MAX_RECEIVES',
    deadLetterRetentionSeconds: 14 * DAY,
    local: {
      visibilityTimeoutSeconds: 30,
      why: 'a failed message comes back after 30 s instead of 3 min, so a retry is seen while developing',
    },
  },
  audit: {
    fifo: true,
    urlSetting: 'CUSTODY_AUDIT_QUEUE_URL',
    visibilityTimeoutSeconds: 180,
    retentionSeconds: 4 * DAY,
    maxReceivesSetting: 'CUSTODY_MAX_RECEIVES',
    deadLetterRetentionSeconds: 14 * DAY,
    local: {
      visibilityTimeoutSeconds: 30,
      why: 'a failed message comes back after 30 s instead of 3 min, so a retry is seen while developing',
    },
  },
};

/** The queue-to-URL setting map, for CDK (which sets it) and the SQS adapter's services (which read it). */
export const QUEUE_URL_SETTINGS: Readonly<Record<QueueName, QueueSpec['urlSetting']>> = {
  transactions: QUEUES.transactions.urlSetting,
  webhooks: QUEUES.webhooks.urlSetting,
  audit: QUEUES.audit.urlSetting,
};

export type StreamTrigger = {
  kind: 'stream';
  batchSize: number;
  maxBatchingWindowSeconds: number;
  /** Retries of a failing batch (bisected to isolate the record) before it goes to the failure queue / is skipped. */
  retryAttempts: number;
  maxRecordAgeSeconds: number;
  /** One batch per shard at a time keeps a transaction's changes in order. */
  parallelizationFactor: 1;
};
export type QueueTrigger = {
  kind: 'queue';
  queue: QueueName;
  batchSize: number;
  /** 0: a batch is delivered as soon as there is one message (FIFO event sources take no batching window). */
  maxBatchingWindowSeconds: number;
};
export type ScheduleTrigger = {
  kind: 'schedule';
  everySeconds: number;
  /** Locally the rate is a setting, so the poller can run more often than AWS's one-minute minimum. */
  local?: {
    everySetting: 'CUSTODY_POLL_INTERVAL_SECONDS';
    why: string;
    /** Also run on each block the local dev chain seals (`detail.trigger` "block"), besides the timer. */
    onDevChainBlock?: true;
  };
};
export type Trigger = StreamTrigger | QueueTrigger | ScheduleTrigger;

export type BackgroundFunction = {
  /** Kebab-case name: `custody-<name>` locally; its PascalCase form is the CDK construct id. */
  name: string;
  /** Entry file relative to the repository root. A planned function is skipped while its file does not exist. */
  entry: string;
  trigger: Trigger;
  /** Queues it sends to (beyond consuming its own); CDK grants the send and sets their URLs. */
  sendsTo: readonly QueueName[];
  /**
   * What it may use beyond the table (shared/composition/grants.ts). A function that writes audited changes, or checks
   * audit record MACs (the sequencer), holds `audit-mac`: without it, it cannot write an audit record the sequencer
   * accepts.
   */
  grants: readonly Grant[];
  /**
   * Creates one-time schedules (EventBridge Scheduler, the scheduler port) that send to this queue: CDK makes the
   * schedule group and the role the scheduler assumes, and lets the function create/delete schedules and pass it.
   */
  oneTimeSchedulesTo?: QueueName;
  memoryMb: number;
  timeoutSeconds: number;
};

export const BACKGROUND_FUNCTIONS: readonly BackgroundFunction[] = [
  {
    name: 'stream-router',
    entry: 'functions/stream-router/handler.ts',
    trigger: {
      kind: 'stream',
      batchSize: 100,
      maxBatchingWindowSeconds: 1,
      retryAttempts: 10,
      maxRecordAgeSeconds: DAY,
      parallelizationFactor: 1,
    },
    sendsTo: ['transactions', 'webhooks', 'audit'],
    grants: [],
    memoryMb: 512,
    timeoutSeconds: 60,
  },
  {
    name: 'transaction-worker',
    entry: 'functions/transaction-worker/handler.ts',
    trigger: { kind: 'queue', queue: 'transactions', batchSize: 10, maxBatchingWindowSeconds: 0 },
    sendsTo: ['transactions'],
    grants: ['audit-mac', 'signer-secrets', 'policy-sign'],
    memoryMb: 1024,
    timeoutSeconds: 30,
  },
  {
    name: 'webhook-worker',
    entry: 'functions/webhook-worker/handler.ts',
    // Up to 1 s for a batch to fill: a busy tenant's events fan out ten at a time (its endpoints read once per batch,
    // a tenth of the invocations), for at most a second more before a delivery's first attempt.
    trigger: { kind: 'queue', queue: 'webhooks', batchSize: 10, maxBatchingWindowSeconds: 1 },
    sendsTo: ['webhooks'],
    grants: ['audit-mac', 'secrets', 'webhook-sign'],
    oneTimeSchedulesTo: 'webhooks',
    memoryMb: 1024,
    timeoutSeconds: 30,
  },
  {
    // Folds a tenant's new audit records into its next signed checkpoint(s) (one write per checkpoint).
    name: 'audit-sequencer',
    entry: 'functions/audit-sequencer/handler.ts',
    trigger: { kind: 'queue', queue: 'audit', batchSize: 10, maxBatchingWindowSeconds: 0 },
    sendsTo: [],
    grants: ['audit-mac', 'checkpoint-sign'],
    memoryMb: 512,
    timeoutSeconds: 30,
  },
  {
    name: 'chain-poller',
    entry: 'functions/chain-poller/handler.ts',
    trigger: {
      kind: 'schedule',
      everySeconds: 60,
      local: {
        everySetting: 'CUSTODY_POLL_INTERVAL_SECONDS',
        why: 'a dev chain seals a block every second; polling every few seconds shows confirmations without waiting a minute, and a run on each new block completes a transfer as soon as it is deep enough',
        onDevChainBlock: true,
      },
    },
    sendsTo: ['transactions'],
    grants: ['audit-mac'],
    memoryMb: 1024,
    timeoutSeconds: 30,
  },
  {
    name: 'deposit-scanner',
    entry: 'functions/deposit-scanner/handler.ts',
    trigger: {
      kind: 'schedule',
      everySeconds: 60,
      local: {
        everySetting: 'CUSTODY_POLL_INTERVAL_SECONDS',
        why: 'a dev chain seals a block every second; scanning every few seconds lists a deposit without waiting a minute',
      },
    },
    sendsTo: [],
    grants: ['audit-mac'],
    memoryMb: 1024,
    timeoutSeconds: 60,
  },
];

export type QueueFunction = BackgroundFunction & { trigger: QueueTrigger };
export type ScheduledFunction = BackgroundFunction & { trigger: ScheduleTrigger };
export type StreamFunction = BackgroundFunction & { trigger: StreamTrigger };

export const queueFunctions = (): QueueFunction[] =>
  BACKGROUND_FUNCTIONS.filter((f): f is QueueFunction => f.trigger.kind === 'queue');
export const scheduledFunctions = (): ScheduledFunction[] =>
  BACKGROUND_FUNCTIONS.filter((f): f is ScheduledFunction => f.trigger.kind === 'schedule');
export const streamFunction = (): StreamFunction => {
  const [f, ...more] = BACKGROUND_FUNCTIONS.filter((f): f is StreamFunction => f.trigger.kind === 'stream');
  if (!f || more.length) throw new Error('the manifest must declare exactly one stream function');
  return f;
};

/** The function that consumes a queue (each queue has exactly one). */
export function consumerOf(queue: QueueName): QueueFunction {
  const f = queueFunctions().find((w) => w.trigger.queue === queue);
  if (!f) throw new Error(`no function consumes the ${queue} queue`);
  return f;
}

/** `transaction-worker` -> `TransactionWorker` (the CDK construct id). */
export const constructId = (name: string): string =>
  name.replace(/(^|-)([a-z])/g, (_m, _d, c: string) => c.toUpperCase());

/** The local schedule rate: the override's setting when there is one, else the AWS rate. */
export function localEverySeconds(
  t: ScheduleTrigger,
  settings: Readonly<Record<'CUSTODY_POLL_INTERVAL_SECONDS', number>>,
): number {
  return t.local ? settings[t.local.everySetting] : t.everySeconds;
}
