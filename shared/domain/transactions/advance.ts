import { keys } from '../../store/keys.js';
import { runInUnitOfWork, type UnitOfWork } from '../unit-of-work.js';
import { decodeTenant } from '../identity/records.js';
import type { TransactionRecord } from './transaction.js';
import { decodeTransaction } from './transaction-item.js';
import { writtenTransaction, stageTransactionWrite } from './transaction-store.js';
import { stageTransition } from './transition.js';
import type { TxStatus } from './transition-table.js';
import { AUTOMATIC, isWait, moveChanges, stepFor, type Decision, type StepDeps } from './steps/index.js';
import type { Step } from './steps/step.js';
import { recordTransferOutcome } from './outcome-metrics.js';
import { stageNonceWrite } from './wallet-nonce.js';
import { expiryMove, hasExpired } from './expiry.js';
import { NodeUnavailableError } from '../../ports/chain.js';
import { writeSubStatus } from './sub-status-write.js';

/**
 * The runner of the automatic steps (./steps/): reads the transaction as it is now and makes the moves its steps
 * decide. Consecutive moves are committed in ONE unit of work (each move with its own events, audit entry and
 * `transaction.status_changed`; the transaction item written once, conditional on the version read) until a step
 * must follow a commit (`commitBefore`: it takes a nonce, asks the signer or sends to a node) or the transaction
 * waits. A commit that meets a concurrent change is built again from fresh reads within the unit of work's one retry
 * budget. A suspended tenant's transactions are left exactly where they are.
 */
export type AdvanceDeps = StepDeps;

/**
 * A move made: from and to, how long the commit that made it took (read, decide, commit: `durationMs`) and how long
 * the transaction had been in the status it left (`inStatusMs`, since its last change).
 */
export type Move = { from: TxStatus; to: TxStatus; durationMs: number; inStatusMs: number };
export type AdvanceOutcome = ({ outcome: 'moved' } & Move) | { outcome: 'idle' | 'suspended' | 'missing' };
/** `after`: the transaction as the commit wrote it (what a read right after would answer). */
type CommitOutcome =
  { outcome: 'moved'; moves: Move[]; after?: TransactionRecord } | { outcome: 'idle' | 'suspended' | 'missing' };

const SYSTEM = { type: 'system' as const, user_id: null, key_id: null, component: 'transaction-worker' };

/** More steps than any path through the table has: a guard against a loop, not a limit a transaction reaches. */
const MAX_STEPS_PER_RUN = 16;

/**
 * Makes one step. With `expected`, only when the transaction is still in that status: a message routed for a status
 * the transaction has left (its step already done, or a person moved it) does nothing.
 */
export async function advanceTransaction(
  deps: AdvanceDeps,
  tenantId: string,
  txId: string,
  expected?: TxStatus,
): Promise<AdvanceOutcome> {
  const out = await commitSteps(deps, tenantId, txId, expected, 1);
  return out.outcome === 'moved' ? { outcome: 'moved', ...out.moves[0]! } : out;
}

/**
 * Makes the transaction's next moves in one unit of work: its step, then each following step that needs no commit
 * before it, up to `maxMoves`. A step that throws after moves were staged ends the fold there (those moves commit; the
 * next run meets the throw); a step that throws first throws.
 *
 * `known`: the transaction as this run's previous commit wrote it (its tenant was read active by the run): the first
 * attempt starts from it instead of reading the transaction and its tenant again. Its version guards the commit, so a
 * change made meanwhile (a cancel, a speed-up) fails it and the retry reads both afresh.
 */
async function commitSteps(
  deps: AdvanceDeps,
  tenantId: string,
  txId: string,
  expected: TxStatus | undefined,
  maxMoves: number,
  goOn?: GoOn,
  known?: TransactionRecord,
): Promise<CommitOutcome> {
  const now = deps.clock.now();
  const started = performance.now();
  let failureCodes: (string | undefined)[] = [];
  let attempt = 0;
  let last: UnitOfWork | undefined;
  const out = await runInUnitOfWork(
    deps,
    { actor: SYSTEM, requestId: null, now },
    async (uow): Promise<CommitOutcome> => {
      last = uow;
      let tx: TransactionRecord;
      if (attempt++ === 0 && known) tx = known;
      else {
        const key = keys.transaction(tenantId, txId);
        const [txItem, tenantItem] = await deps.store.getMany([key, keys.tenant(tenantId)]);
        if (!txItem) return { outcome: 'missing' };
        if (decodeTenant(tenantItem)?.status !== 'active') return { outcome: 'suspended' };
        tx = decodeTransaction(txItem);
      }
      // A run that went on from its own commit and stopped short (threw, or its process died) left the transaction
      // marked: its message, redelivered, takes it up where it is.
      const resumable = tx.workerContinues === true && !!goOn?.(tx.status);
      if (expected && tx.status !== expected && !resumable) return { outcome: 'idle' };
      const moves: Move[] = [];
      failureCodes = [];
      for (
        let step = stepFor(tx.status);
        step && moves.length < maxMoves && !(moves.length && step.commitBefore);
        step = stepFor(tx.status)
      ) {
        let move: Decision;
        if (hasExpired(tx, now))
          move = expiryMove(tx); // an expired transaction ends before its step reads anything (./expiry.ts)
        else {
          let facts: unknown;
          try {
            facts = await readFacts(deps, tx, step as Step<unknown>);
          } catch (e) {
            if (!moves.length) throw e;
            break;
          }
          move = step.decide(tx, facts, { now, approvalTtlSeconds: deps.approvalTtlSeconds });
        }
        if (isWait(move)) break;
        for (const e of move.events ?? []) uow.event(tx.tenantId, e.type, e.data, tx.id);
        for (const w of move.writes ?? []) stageNonceWrite(uow, w);
        const next = await stageTransition(deps.store, uow, tx, move.to, move.trigger, now, moveChanges(move));
        moves.push({
          from: tx.status,
          to: move.to,
          durationMs: 0,
          inStatusMs: Math.max(0, now.getTime() - Date.parse(tx.updatedAt)),
        });
        failureCodes.push(move.failureCode);
        tx = next;
      }
      if (!moves.length) return { outcome: 'idle' };
      // The run goes on from here itself (its next step must follow this commit): the item says so, and the stream
      // sends no message for it (../outbox/stream-routing.ts).
      if (AUTOMATIC.has(tx.status) && goOn?.(tx.status)) stageTransactionWrite(uow, { ...tx, workerContinues: true });
      return { outcome: 'moved', moves };
    },
  );
  if (out.outcome !== 'moved') return out;
  out.moves.forEach((m, i) => recordTransferOutcome(m.to, failureCodes[i]));
  const durationMs = Math.round(performance.now() - started);
  const after = writtenTransaction(last, tenantId, txId);
  return { outcome: 'moved', moves: out.moves.map((m) => ({ ...m, durationMs })), ...(after ? { after } : {}) };
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
      await writeSubStatus(deps, tx, 'NODE_UNAVAILABLE', `no chain node answered: ${e.message}`, {
        component: 'transaction-worker',
        statuses: ['BROADCASTING'],
      });
    }
    throw e;
  }
}

/** Whether a run goes on by itself from a status it committed (whose step must follow that commit). */
export type GoOn = (status: TxStatus) => boolean;

/**
 * Runs the transaction's automatic steps (QUEUED -> PENDING_AML_SCREENING -> APPROVED ...) until it waits for
 * something outside the service, one commit per stretch of steps (see commitSteps). Returns the moves made (empty:
 * nothing to do) and how the run stopped; `onMove` hears of each as its commit lands.
 *
 * `goOn` (the transaction worker) says from which committed statuses the run goes on by itself; at any other it ends,
 * and the stream routes a message for that status (../outbox/stream-routing.ts). A commit the run goes on from marks
 * the transaction (`workerContinues`): no message is routed for it, and a step that throws after it (or a process
 * that dies) leaves the message to be retried, which takes the transaction up from the marked status. Without `goOn`
 * the run goes on through every automatic status, marking none.
 */
export async function runTransactionSteps(
  deps: AdvanceDeps,
  tenantId: string,
  txId: string,
  expected?: TxStatus,
  /** `known`: the transaction as the caller's commit just wrote it (see commitSteps). */
  opts: { goOn?: GoOn; onMove?: (move: Move) => void; known?: TransactionRecord } = {},
) {
  const moves: Move[] = [];
  let want = expected;
  let known = opts.known;
  while (moves.length < MAX_STEPS_PER_RUN) {
    const left = MAX_STEPS_PER_RUN - moves.length;
    const out = await commitSteps(deps, tenantId, txId, want, left, opts.goOn, known);
    if (out.outcome !== 'moved') return { moves, stopped: out.outcome };
    known = out.after;
    for (const m of out.moves) {
      moves.push(m);
      opts.onMove?.(m);
    }
    want = out.moves.at(-1)!.to;
    if (!AUTOMATIC.has(want) || (opts.goOn && !opts.goOn(want))) break;
  }
  return { moves, stopped: 'waiting' as const };
}
