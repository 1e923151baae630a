import { recordMetric } from '../../observability/metrics.js';
import type { TxStatus } from './transition-table.js';

/**
 * The one place that turns a committed move into the transfer outcome metrics: `transfersCompleted` on COMPLETED,
 * `transfersFailed` by failure code on FAILED. Called after the write committed (never for a retried build).
 */
export function recordTransferOutcome(to: TxStatus, failureCode: string | undefined): void {
  if (to === 'COMPLETED') recordMetric('transfersCompleted', 1, {});
  if (to === 'FAILED') recordMetric('transfersFailed', 1, { reason: failureCode ?? 'failed' });
}
