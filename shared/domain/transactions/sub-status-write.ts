import type { Clock } from '../../ports/clock.js';
import type { KeyProvider } from '../../ports/key-provider.js';
import type { Store } from '../../ports/store.js';
import { keys } from '../../store/keys.js';
import { runInUnitOfWork } from '../unit-of-work.js';
import type { SubStatus } from './sub-status.js';
import type { TxStatus } from './transition-table.js';
import type { TransactionRecord } from './transaction.js';
import { decodeTransaction } from './transaction-item.js';
import { stageSubStatus } from './transition.js';

/**
 * Writes why an open transaction waits, its status unchanged (./transition.ts `stageSubStatus`: version-guarded, with
 * its audit entry and a `transaction.status_changed` event), in its own unit of work. Only while the transaction is
 * still in one of `statuses` under the same hash as read; a concurrent change is read again within the unit of
 * work's retry budget. Answers whether anything was written.
 */
export type SubStatusDeps = { store: Store; keys: KeyProvider; clock: Clock };

export async function writeSubStatus(
  deps: SubStatusDeps,
  read: TransactionRecord,
  to: SubStatus | null,
  reason: string,
  opts: { component: string; statuses: readonly TxStatus[] },
): Promise<boolean> {
  const now = deps.clock.now();
  const actor = { type: 'system' as const, user_id: null, key_id: null, component: opts.component };
  let attempt = 0;
  return runInUnitOfWork(deps, { actor, requestId: null, now }, async (uow) => {
    const item =
      attempt++ === 0 ? null : await deps.store.get(keys.transaction(read.tenantId, read.id), { consistent: true });
    const tx = item ? decodeTransaction(item) : read;
    if (!opts.statuses.includes(tx.status) || tx.chainTxHash !== read.chainTxHash) return false;
    return stageSubStatus(uow, tx, to, now, reason) !== null;
  });
}
