import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { logger } from '../logger.js';
import { requestContextFields } from './request-context.js';

/**
 * Every metric of the service, in one place: its CloudWatch name, unit and dimensions. The CDK alarms
 * (lib/monitoring-construct.ts) and docs/deploy.md read these names; code emits them with `recordMetric`.
 *
 * On AWS each value is one CloudWatch embedded-metric-format (EMF) document on stdout, which CloudWatch turns into a
 * metric in the `METRICS_NAMESPACE` namespace (no PutMetricData call, no extra latency). Dimensions stay few and
 * bounded (`service` plus those listed below): the request id and tenant id go into every document as properties
 * (searchable in Logs Insights) rather than dimensions, since a dimension per tenant would make a paid custom metric
 * per tenant.
 */
export const METRICS_NAMESPACE = 'PqCustody';

type Unit = (typeof MetricUnit)[keyof typeof MetricUnit];
type MetricDef = {
  name: string;
  unit: Unit;
  dimensions: readonly string[];
  rollup: readonly string[];
  doc: string;
  emitted: boolean;
};

/**
 * `dimensions`: the full set each value is published under (with `service`). `rollup`: a second, coarser set (with
 * `service`) that alarms read, so an alarm need not name every method or endpoint.
 */
export const METRICS = {
  transfersSubmitted: {
    name: 'TransfersSubmitted',
    unit: MetricUnit.Count,
    dimensions: ['outcome'],
    rollup: [],
    emitted: true,
    doc: 'Transfers submitted through `POST /v1/transactions`, by outcome: `accepted` (stored as SUBMITTED) or `denied` (422 1200 by a policy).',
  },
  transfersCompleted: {
    name: 'TransfersCompleted',
    unit: MetricUnit.Count,
    dimensions: [],
    rollup: [],
    emitted: true,
    doc: 'Transfers that reached COMPLETED (confirmed at the configured depth).',
  },
  transfersFailed: {
    name: 'TransfersFailed',
    unit: MetricUnit.Count,
    dimensions: ['reason'],
    rollup: [],
    emitted: true,
    doc: 'Transfers that ended FAILED, by reason (the failure code: `nonce_too_low`, `broadcast_rejected`, `reverted`, `not_signed`, `signer_unavailable`, ...).',
  },
  transactionsOverdue: {
    name: 'TransactionsOverdue',
    unit: MetricUnit.Count,
    dimensions: ['subStatus'],
    rollup: [],
    emitted: true,
    doc: 'Per chain poller run, the CONFIRMING transactions still not in a block CUSTODY_STUCK_AFTER_SECONDS after their broadcast, by sub-status (`AWAITING_CONFIRMATIONS`, `DROPPED_FROM_POOL`, `NONCE_GAP`, `PENDING_ON_CHAIN_UNDERPRICED`...). A gauge: read its Maximum.',
  },
  approvals: {
    name: 'Approvals',
    unit: MetricUnit.Count,
    dimensions: ['decision'],
    rollup: [],
    emitted: true,
    doc: 'Decisions on transactions waiting in PENDING_AUTHORIZATION, by decision: `approved` or `rejected`.',
  },
  signerLatency: {
    name: 'SignerLatency',
    unit: MetricUnit.Milliseconds,
    dimensions: ['operation', 'outcome'],
    rollup: ['outcome'],
    emitted: true,
    doc: 'Time of one call to the external signer, by operation (`keys`, `sign`) and outcome (`ok`, `failed`).',
  },
  nodeLatency: {
    name: 'NodeLatency',
    unit: MetricUnit.Milliseconds,
    dimensions: ['method', 'outcome', 'endpoint'],
    rollup: ['outcome'],
    emitted: true,
    doc: 'Time of one JSON-RPC call to one chain node, by method, outcome (`ok`; `rpc_error`: the node refused; `failed`: no usable answer) and endpoint (`primary`, `backup-1`, ...).',
  },
  webhookDeliveries: {
    name: 'WebhookDeliveries',
    unit: MetricUnit.Count,
    dimensions: ['outcome'],
    rollup: ['outcome'],
    emitted: true,
    doc: 'Webhook delivery attempts, by outcome (`delivered`, `retrying`, `failed`: given up after the last attempt, `disabled`: the endpoint answered 410, `suspended`: the tenant is suspended, not sent).',
  },
  auditRecordsRefused: {
    name: 'AuditRecordsRefused',
    unit: MetricUnit.Count,
    dimensions: [],
    rollup: [],
    emitted: true,
    doc: 'Audit records the sequencer refused to sign into a checkpoint because their MAC does not verify: written into the table by someone other than the service (forged). The log line (audit record refused) names the tenant and record.',
  },
} as const satisfies Record<string, MetricDef>;

/** The `service` dimension of every metric. */
export const METRICS_SERVICE = 'custody';

export type MetricKey = keyof typeof METRICS;
type DimensionsOf<K extends MetricKey> = { [D in (typeof METRICS)[K]['dimensions'][number]]: string };

/** Where values go: EMF on stdout (the default), or anything else the composition root installs. */
export type MetricsSink = (
  metric: MetricDef,
  value: number,
  dimensions: Record<string, string>,
  properties: Record<string, string>,
) => void;

/**
 * One EMF document per value (Powertools single metric) with its full dimension set and the request and tenant as
 * properties, then, when the metric has a coarser `rollup` set, one with that set alone and no properties (so a Logs
 * Insights query by tenant or request finds each value once). Two sets in one document would publish the same, but
 * Powertools warns (a log line per value) when two sets name the same dimension, as a rollup always does.
 */
export const emfSink: MetricsSink = (metric, value, dimensions, properties) => {
  emit(metric, value, dimensions, properties);
  if (metric.rollup.length < metric.dimensions.length)
    emit(metric, value, Object.fromEntries(metric.rollup.map((d) => [d, dimensions[d]!])), {});
};

function emit(
  metric: MetricDef,
  value: number,
  dimensions: Record<string, string>,
  properties: Record<string, string>,
): void {
  const m = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: METRICS_SERVICE, singleMetric: true, logger });
  for (const [k, v] of Object.entries(properties)) m.addMetadata(k, v);
  for (const [k, v] of Object.entries(dimensions)) m.addDimension(k, v);
  m.addMetric(metric.name, metric.unit, value); // a single metric publishes at once
}

/** Metrics as debug log lines (the local stack: nothing reads EMF there). */
export const logSink: MetricsSink = (metric, value, dimensions) => {
  logger.debug('metric', { metric: metric.name, value, unit: metric.unit, ...dimensions });
};

let sink: MetricsSink = emfSink;

export function setMetricsSink(next: MetricsSink): void {
  sink = next;
}

/**
 * Records one value of a metric, with the current request id and tenant id. Never throws: a metric must not fail the
 * work it measures.
 */
export function recordMetric<K extends MetricKey>(key: K, value: number, dimensions: DimensionsOf<K>): void {
  try {
    sink(METRICS[key], value, dimensions as Record<string, string>, requestContextFields());
  } catch (e) {
    logger.warn('metric not recorded', { metric: METRICS[key].name, error: (e as Error).message });
  }
}

/** Milliseconds since `started` (a `performance.now()` reading), for latency metrics. */
export const elapsedMs = (started: number): number => Math.round((performance.now() - started) * 10) / 10;
