import type { ChainPort, FeeEstimate } from '../../ports/chain.js';
import type { Clock } from '../../ports/clock.js';
import type { KeyProvider } from '../../ports/key-provider.js';
import type { Store } from '../../ports/store.js';
import { keys } from '../../store/keys.js';
import { runInUnitOfWork } from '../unit-of-work.js';
import { replacementFees, stageReplacementRequest, type Fees } from './replace.js';
import type { TransactionRecord } from './transaction.js';
import { decodeTransaction } from './transaction-item.js';
import { stageTransactionWrite } from './transaction-store.js';

/**
 * Automatic repricing, the chain poller's part of replacement (./replace.ts): a CONFIRMING transaction pending (no
 * candidate mined) for at least `afterBlocks` blocks since its current candidate was sent, whose tip is below what the
 * node now asks, gets a REPRICE replacement at the node's fees (at least the current plus 10 %), signed and sent like a
 * speed-up. When that would pass `maxFeePerGas` (the cap), it is not repriced: it waits with subStatus
 * PENDING_ON_CHAIN_UNDERPRICED, and a `transaction.status_changed` event (same status, `sub_status`) tells the
 * integrator, once. A replacement already awaiting its signature is left to finish.
 */
export type RepriceSettings = { afterBlocks: number; maxFeePerGas: bigint };
export type RepriceDeps = {
  store: Store;
  keys: KeyProvider;
  clock: Clock;
  chain: ChainPort;
  reprice: RepriceSettings;
  fees: () => Promise<FeeEstimate>;
};

export const UNDERPRICED = 'PENDING_ON_CHAIN_UNDERPRICED';
const SYSTEM = { type: 'system' as const, user_id: null, key_id: null, component: 'chain-poller' };

export type RepriceDecision = { kind: 'none' } | { kind: 'reprice'; fees: Fees } | { kind: 'capped'; needed: Fees };

/** What the poller does for a pending transaction at chain head `head`, given the node's current fees (pure). */
export function decideReprice(
  tx: TransactionRecord,
  head: number,
  asked: FeeEstimate,
  s: RepriceSettings,
): RepriceDecision {
  if (s.afterBlocks <= 0 || tx.status !== 'CONFIRMING' || tx.blockHash || tx.broadcastBlock === null)
    return { kind: 'none' };
  if (head - tx.broadcastBlock < s.afterBlocks) return { kind: 'none' };
  if (tx.replacements.some((r) => r.status === 'AWAITING_SIGNATURE')) return { kind: 'none' };
  if (BigInt(tx.maxPriorityFeePerGas ?? '0') >= asked.maxPriorityFeePerGas) return { kind: 'none' };
  const fees = replacementFees(tx, {}, asked);
  return fees.maxFeePerGas > s.maxFeePerGas ? { kind: 'capped', needed: fees } : { kind: 'reprice', fees };
}

/** Applies `decideReprice` to `tx` in its own unit of work (version-guarded); 'none' when nothing applies. */
export async function repriceIfUnderpriced(
  deps: RepriceDeps,
  read: TransactionRecord,
  head: number,
): Promise<'none' | 'repriced' | 'capped'> {
  if (
    deps.reprice.afterBlocks <= 0 ||
    read.broadcastBlock === null ||
    head - read.broadcastBlock < deps.reprice.afterBlocks
  )
    return 'none';
  const asked = await deps.fees();
  if (decideReprice(read, head, asked, deps.reprice).kind === 'none') return 'none';
  const now = deps.clock.now();
  let attempt = 0;
  return runInUnitOfWork(deps, { actor: SYSTEM, requestId: null, now }, async (uow) => {
    let tx = read;
    if (attempt++ > 0) {
      const item = await deps.store.get(keys.transaction(read.tenantId, read.id), { consistent: true });
      if (!item) return 'none' as const;
      tx = decodeTransaction(item);
    }
    const d = decideReprice(tx, head, asked, deps.reprice);
    if (d.kind === 'none') return 'none' as const;
    if (d.kind === 'reprice') {
      await stageReplacementRequest(deps.store, uow, tx, { reason: 'REPRICE', fees: d.fees, requestedBy: null, now });
      return 'repriced' as const;
    }
    if (tx.subStatus === UNDERPRICED) return 'capped' as const;
    stageTransactionWrite(uow, { ...tx, subStatus: UNDERPRICED, updatedAt: now.toISOString() });
    const why = `the node asks a tip of ${asked.maxPriorityFeePerGas} wei; repricing would need maxFeePerGas ${d.needed.maxFeePerGas}, above the cap of ${deps.reprice.maxFeePerGas}`;
    uow.audit({
      tenantId: tx.tenantId,
      action: 'transaction.sub_status_changed',
      resourceType: 'transaction',
      resourceId: tx.id,
      change: { sub_status: UNDERPRICED, reason: why },
    });
    uow.event(
      tx.tenantId,
      'transaction.status_changed',
      { transaction_id: tx.id, status: tx.status, previous_status: tx.status, sub_status: UNDERPRICED },
      tx.id,
    );
    return 'capped' as const;
  });
}
