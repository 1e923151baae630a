import { BASE_PORTS } from '../../shared/composition/base.js';
import { lazyDeps, type DepsOf } from '../../shared/composition/deps.js';
import { keys } from '../../shared/composition/keys.js';
import { chain } from '../../shared/composition/chain.js';
import type { Context, ScheduledEvent } from 'aws-lambda';
import { confirmDeps } from '../../shared/composition/transaction-steps.js';
import { logger } from '../../shared/app/logger.js';
import { runWithRequestContext } from '../../shared/observability/request-context.js';
import { ConfirmingMemory, pollConfirmations } from '../../shared/domain/transactions/confirm.js';
import { recordMetric } from '../../shared/observability/metrics.js';
import { redriveStalled } from '../../shared/domain/transactions/redrive.js';

/**
 * The chain poller (shared/background/manifest.ts: an EventBridge schedule on AWS, a timer in the local stack): each
 * run checks every tenant's CONFIRMING transactions against their receipts, within the run's bounds
 * (CUSTODY_POLL_MAX_TRANSACTIONS, CUSTODY_POLL_MAX_SECONDS). The work is shared/domain/transactions/confirm.ts. No
 * node answering the head fails the run (the next one tries again); one transaction failing is logged and skipped.
 * Its scheduled runs also re-drive stalled transactions (shared/domain/transactions/redrive.ts).
 */
export const ports = { ...BASE_PORTS, keys, chain };

export const makeHandler = (d: DepsOf<typeof ports>) => {
  /** When this handler last looked for stalled transactions (epoch ms). */
  let lastSweep = 0;
  /** The mined transactions this process read and when each is next due (confirm.ts): a run on a block skips the rest. */
  const memory = new ConfirmingMemory();
  return async (event: ScheduledEvent, _context?: Context) =>
    runWithRequestContext({ requestId: event.id }, async () => {
      const { bounds, redrive, ...deps } = confirmDeps(d);
      const onBlock = (event.detail as { trigger?: unknown } | undefined)?.trigger === 'block';
      // Stalled transactions, on the scheduled runs, at most once per half of the stall time (redrive.ts).
      const now = deps.clock.now().getTime();
      if (!onBlock && now - lastSweep >= (redrive.afterSeconds * 1000) / 2) {
        lastSweep = now;
        await redriveStalled(deps, redrive).then(
          (redriven) => {
            for (const [status, n] of Object.entries(redriven)) {
              recordMetric('transactionsOverdue', n, { subStatus: 'STALLED' });
              logger.warn('stalled transactions sent to the worker again', { status, count: n });
            }
          },
          (e: unknown) => logger.error('stalled transactions sweep failed', { error: (e as Error).message }),
        );
      }
      const summary = await pollConfirmations(
        deps,
        bounds,
        (txId, e) => logger.warn('confirmation check failed', { transaction_id: txId, error: (e as Error).message }),
        { progress: !onBlock, memory },
      );
      for (const [subStatus, n] of Object.entries(summary.overdue))
        recordMetric('transactionsOverdue', n, { subStatus });
      // A run that examined nothing is routine (every few seconds locally): debug, not info.
      if (summary.examined > 0) logger.info('chain poll', { ...summary });
      else logger.debug('chain poll', { ...summary });
      return summary;
    });
};

export const handler = makeHandler(lazyDeps(ports));
