import { keys } from '../../store/keys.js';
import { runInUnitOfWork } from '../unit-of-work.js';
import { asRecord, type TenantRecord } from '../identity/records.js';
import { asTransaction, type TransactionRecord } from './transaction-record.js';
import { stageTransition } from './transition.js';
import type { TxStatus } from './transition-table.js';
import { AUTOMATIC, isWait, moveChanges, stepFor, type StepDeps } from './steps/index.js';
import type { Step } from './steps/step.js';
import { recordTransferOutcome } from './outcome-metrics.js';
import { stageNonceWrite } from './wallet-nonce.js';
import { expiryMove, hasExpired } from './expiry.js';
import { NodeUnavailableError } from '../../ports/chain.js';
import { writeSubStatus } from './sub-status-write.js';

/**
 * The runner of the automatic steps (./steps/): reads the transaction as it is now and makes the one move its
 * status's step decides, in one unit of work (the step's events, then the version-guarded transition with its audit
 * entry and `transaction.status_changed`). A commit that meets a concurrent change is built again from fresh reads
 * within the unit of work's one retry budget. A suspended tenant's transactions are left exactly where they are.
 */
export type AdvanceDeps = StepDeps;

/**
 * A move made: from and to, how long the step took (read, decide, commit: `durationMs`) and how long the transaction
 * had been in the status it left (`inStatusMs`, since its last change).
 */
export type Move = { from: TxStatus; to: TxStatus; durationMs: number; inStatusMs: number };
export type AdvanceOutcome = ({ outcome: 'moved' } & Move) | { outcome: 'idle' | 'suspended' | 'missing' };

const SYSTEM = { type: 'system' as const, user_id: null, key_id: null, component: 'transaction-worker' };

/**
 * Makes one step. With `expected`, only when the transaction is still in that status: a message routed for a status
 * the transaction has left (its step already done, or a person moved it) does nothing.
 */
export async function advanceTransaction(deps: AdvanceDeps, tenantId: string, txId: string, expected?: TxStatus): Promise<AdvanceOutcome> {
  const now = deps.clock.now();
  const started = performance.now();
  let failureCode: string | undefined;
  const out = await runInUnitOfWork(deps.store, { actor: SYSTEM, requestId: null, now }, async (uow): Promise<AdvanceOutcome> => {
    const [txItem, tenantItem] = await deps.store.getMany([keys.transaction(tenantId, txId), keys.tenant(tenantId)]);
    if (!txItem) return { outcome: 'missing' };
    if (asRecord<TenantRecord>(tenantItem)?.status !== 'active') return { outcome: 'suspended' };
    const tx = asTransaction(txItem);
    const step = stepFor(tx.status);
    if (!step || (expected && tx.status !== expected)) return { outcome: 'idle' };
    // An expired transaction ends before its step reads anything (./expiry.ts).
    const move = hasExpired(tx, now) ? expiryMove(tx) : step.decide(tx, await readFacts(deps, tx, step), { now, approvalTtlSeconds: deps.approvalTtlSeconds });
    if (isWait(move)) return { outcome: 'idle' };
    for (const e of move.events ?? []) uow.event(tx.tenantId, e.type, e.data, tx.id);
    for (const w of move.writes ?? []) stageNonceWrite(uow, w);
    await stageTransition(deps.store, uow, tx, move.to, move.trigger, now, moveChanges(move));
    failureCode = move.failureCode;
    return { outcome: 'moved', from: tx.status, to: move.to, durationMs: 0, inStatusMs: Math.max(0, now.getTime() - Date.parse(tx.updatedAt)) };
  });
  if (out.outcome !== 'moved') return out;
  recordTransferOutcome(out.to, failureCode);
  return { ...out, durationMs: Math.round(performance.now() - started) };
}

/**
 * The step's reads. No node answering a broadcast marks the transaction NODE_UNAVAILABLE (its own write, with its
 * event) before the error goes up and the message is retried; the move that follows clears it.
 */
async function readFacts<F>(deps: AdvanceDeps, tx: TransactionRecord, step: Step<F>): Promise<F> {
  try {
    return await step.read(deps, tx);
  } catch (e) {
    if (e instanceof NodeUnavailableError && tx.status === 'BROADCASTING') {
      await writeSubStatus(deps, tx, 'NODE_UNAVAILABLE', `no chain node answered: ${e.message}`, { component: 'transaction-worker', statuses: ['BROADCASTING'] });
    }
    throw e;
  }
}

/** More steps than any path through the table has: a guard against a loop, not a limit a transaction reaches. */
const MAX_STEPS_PER_RUN = 16;

/**
 * Runs consecutive automatic steps back to back (QUEUED -> PENDING_AML_SCREENING -> PENDING_AUTHORIZATION ...), each
 * its own conditional write with its audit entry and events, until the transaction waits for something outside the
 * service. Returns the moves made (empty: nothing to do) and how the run stopped; `onMove` hears of each as it commits. A step that throws (screening
 * unavailable) ends the run with the moves before it committed; the message is retried from where it stopped.
 */
export async function runTransactionSteps(deps: AdvanceDeps, tenantId: string, txId: string, expected?: TxStatus, opts: { stopAt?: TxStatus; onMove?: (move: Move) => void } = {}) {
  const moves: Move[] = [];
  let want = expected;
  for (let i = 0; i < MAX_STEPS_PER_RUN; i++) {
    const out = await advanceTransaction(deps, tenantId, txId, want);
    if (out.outcome !== 'moved') return { moves, stopped: out.outcome };
    const { outcome: _moved, ...move } = out;
    moves.push(move);
    opts.onMove?.(move);
    // `stopAt`: the next step is another message's (the transaction worker leaves APPROVED to the wallet's nonce pass).
    if (!AUTOMATIC.has(out.to) || out.to === opts.stopAt) break;
    want = out.to;
  }
  return { moves, stopped: 'waiting' as const };
}
