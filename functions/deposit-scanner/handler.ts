import { BASE_PORTS } from '../../shared/composition/base.js';
import { lazyDeps, type DepsOf } from '../../shared/composition/deps.js';
import { keys } from '../../shared/composition/keys.js';
import { chain } from '../../shared/composition/chain.js';
import type { Context, ScheduledEvent } from 'aws-lambda';
import { logger } from '../../shared/app/logger.js';
import { runWithRequestContext } from '../../shared/observability/request-context.js';
import { scanDeposits } from '../../shared/domain/deposits/scan-deposits.js';

/**
 * The deposit scanner (shared/background/manifest.ts: EventBridge schedule on AWS, a timer locally): each run reads
 * the next blocks after its stored cursor for native transfers to registered wallets of any tenant and for `Transfer`
 * logs of registered token contracts to wallets of the token's tenant (one eth_getLogs per range), and moves the
 * DETECTED deposits on (CONFIRMED at depth, REORGED). docs/deposits.md. A node that does not answer fails the run;
 * the next run starts from the same cursor.
 */
export const ports = { ...BASE_PORTS, keys, chain };

export const makeHandler =
  (svc: DepsOf<typeof ports>) =>
  async (event: ScheduledEvent, _context: Context): Promise<void> =>
    runWithRequestContext({ requestId: event.id }, async () => {
      const result = await scanDeposits({
        store: svc.store,
        keys: svc.keys,
        chain: svc.chain,
        clock: svc.clock,
        chainId: svc.config.CUSTODY_CHAIN_ID,
        confirmationDepth: svc.config.CUSTODY_CONFIRMATION_DEPTH,
      });
      // A run that found or moved nothing is the common case (every few seconds locally): debug only.
      const news = result.detected + result.confirmed + result.reorged + result.rewound > 0;
      if (news) logger.info('deposit scan', { ...result });
      else logger.debug('deposit scan', { ...result });
    });

export const handler = makeHandler(lazyDeps(ports));
