import type { Store } from '../../ports/store.js';
import type { Clock } from '../../ports/clock.js';
import type { KeyProvider } from '../../ports/key-provider.js';
import { accessPatterns } from '../../store/access-patterns.js';
import { keys } from '../../store/keys.js';
import { runInUnitOfWork } from '../unit-of-work.js';
import { AUTOMATIC } from './steps/automatic.js';
import type { TransactionRecord } from './transaction.js';
import { decodeTransaction, openTransactionPages } from './transaction-item.js';
import { stageRedrive } from './transition.js';
import type { TxStatus } from './transition-table.js';

/**
 * Re-driving stalled transactions (docs/transactions.md, "Stalled transactions"). The worker moves a transaction on
 * from a message; when that message fails again and again (a node or signer down for longer than its receives last)
 * it ends in the dead-letter queue, and a message can be lost in other ways. Nothing would then move the
 * transaction, and every later nonce of its wallet would wait behind it. So the table, not the queue, decides: a
 * transaction in a status the worker moves on by itself that has not moved for `afterSeconds` gets sub-status
 * STALLED in an audited change, and the stream router sends the worker a fresh message for it
 * (outbox/stream-routing.ts). The worker's next move clears STALLED; a transaction still stalled after another
 * `afterSeconds` is re-driven again.
 */
export type RedriveDeps = { store: Store; keys: KeyProvider; clock: Clock };

export type RedriveOptions = {
  afterSeconds: number;
  /** PENDING_SIGNATURE waits for a signer that posts (callback mode): not stalled, never re-driven. */
  signerPushes: boolean;
  /** Most transactions re-driven in one run, over all tenants. */
  maxPerRun: number;
};

/** A tenant's open transactions read at most per run. */
const READ_LIMIT = 2000;

const ACTOR = { type: 'system' as const, user_id: null, key_id: null, component: 'chain-poller' };

/** Whether `tx` is stalled at `now`: a worker status, unmoved for `afterSeconds` (see above). */
export function isStalled(
  tx: TransactionRecord,
  now: Date,
  opts: Pick<RedriveOptions, 'afterSeconds' | 'signerPushes'>,
) {
  if (!AUTOMATIC.has(tx.status)) return false;
  if (tx.status === 'PENDING_SIGNATURE' && !opts.signerPushes) return false;
  return now.getTime() - Date.parse(tx.updatedAt) >= opts.afterSeconds * 1000;
}

/** Finds and re-drives the stalled transactions of every active tenant; returns how many, by status. */
export async function redriveStalled(
  deps: RedriveDeps,
  opts: RedriveOptions,
): Promise<Partial<Record<TxStatus, number>>> {
  const out: Partial<Record<TxStatus, number>> = {};
  let left = opts.maxPerRun;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await deps.store.query({ pattern: accessPatterns.tenantsAll(), limit: 100, startKey });
    for (const tenant of page.items) {
      if (tenant.status !== 'active' || typeof tenant.id !== 'string') continue;
      for (const tx of await stalledOf(deps, tenant.id, opts)) {
        if (left <= 0) return out;
        if (await redrive(deps, tx, opts)) {
          out[tx.status] = (out[tx.status] ?? 0) + 1;
          left--;
        }
      }
    }
    startKey = page.lastKey;
  } while (startKey);
  return out;
}

async function stalledOf(deps: RedriveDeps, tenantId: string, opts: RedriveOptions): Promise<TransactionRecord[]> {
  const now = deps.clock.now();
  const found: TransactionRecord[] = [];
  for await (const items of openTransactionPages(deps.store, tenantId, READ_LIMIT))
    for (const item of items) {
      if (!AUTOMATIC.has(item.status as TxStatus)) continue;
      const tx = decodeTransaction(item);
      if (isStalled(tx, now, opts)) found.push(tx);
    }
  return found;
}

/** One audited change (transition.ts, `stageRedrive`), under the version the sweep read. */
async function redrive(deps: RedriveDeps, read: TransactionRecord, opts: RedriveOptions): Promise<boolean> {
  const now = deps.clock.now();
  let attempt = 0;
  return runInUnitOfWork(deps, { actor: ACTOR, requestId: null, now }, async (uow) => {
    // A worker that moved it meanwhile makes the write fail; the retry reads it again and finds it no longer stalled.
    const item =
      attempt++ === 0 ? null : await deps.store.get(keys.transaction(read.tenantId, read.id), { consistent: true });
    const tx = item ? decodeTransaction(item) : read;
    if (!isStalled(tx, now, opts)) return false;
    stageRedrive(uow, tx, now);
    return true;
  });
}
