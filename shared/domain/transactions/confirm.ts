import { NodeUnavailableError, type ChainPort, type TransactionReceipt } from '../../ports/chain.js';
import type { Clock } from '../../ports/clock.js';
import type { KeyProvider } from '../../ports/key-provider.js';
import type { Item, Store } from '../../ports/store.js';
import type { Key } from '../../store/keys.js';
import { updateInPlace, stageTransactionWrite } from './transaction-store.js';
import { CONFIRMING_SHARDS, keys } from '../../store/keys.js';
import { accessPatterns } from '../../store/access-patterns.js';
import { runInUnitOfWork } from '../unit-of-work.js';
import { candidateHashes, currentSubStatus, type TransactionRecord } from './transaction.js';
import { decodeTransaction } from './transaction-item.js';
import { isCancelHash } from './replace.js';
import { repriceIfUnderpriced, type RepriceSettings } from './reprice.js';
import type { SubStatus } from './sub-status.js';
import { stageTransition } from './transition.js';
import { recordTransferOutcome } from './outcome-metrics.js';
import { checkPool, unmined } from './pool-repair.js';
import { checkNonceGaps } from './nonce-gap.js';
import { writeSubStatus } from './sub-status-write.js';

/**
 * The chain poller's transaction work: every tenant's CONFIRMING transactions (the sparse index made for it, shard by
 * shard), each receipt read and compared with what was recorded:
 *   no receipt, never seen           still in the node's pool: nothing to do; gone from the node: sent again, sub-status
 *                                    DROPPED_FROM_POOL until the node knows it again (./pool-repair.ts);
 *   no receipt, seen before          its block was dropped (reorg): back to BROADCASTING, rebroadcast by the worker;
 *   another block hash than recorded a reorg moved it: back to BROADCASTING (the worker's broadcast answers "already
 *                                    known" and the next poll records the new block);
 *   status 0 (reverted)              FAILED with the block in the reason (the fee is spent and recorded);
 *   confirmations >= depth           COMPLETED with blockNumber, blockHash, confirmations, the actual fee (gasUsed x
 *                                    effectiveGasPrice), confirmedAt, the created contract (a deployment), `transaction.completed`;
 *   else                             blockNumber, blockHash, confirmations and fee recorded (no status change).
 * Each transaction is its own version-guarded unit of work, so a poll racing another poll or the worker changes
 * nothing twice. A run is bounded in transactions and time; what is left waits for the next run.
 */
export type ConfirmDeps = {
  store: Store;
  keys: KeyProvider;
  clock: Clock;
  chain: ChainPort;
  confirmationDepth: number;
  /** Automatic repricing (./reprice.ts): after how many pending blocks, up to which maxFeePerGas; absent or 0 blocks: off. */
  reprice?: RepriceSettings;
  /** A transaction not in a block this long after its broadcast is overdue (CUSTODY_STUCK_AFTER_SECONDS; default 300). */
  overdueAfterSeconds?: number;
};
export type PollBounds = { maxTransactions: number; maxMillis: number };
export type PollSummary = {
  head: number;
  examined: number;
  completed: number;
  cancelled: number;
  repriced: number;
  reorged: number;
  failed: number;
  updated: number;
  waiting: number;
  rebroadcast: number;
  /** FILL_NONCE transactions created for lost nonces (./nonce-gap.ts). */
  filled: number;
  /** Transactions examined that are overdue (`isOverdue`), by sub-status: the `transactionsOverdue` metric. */
  overdue: Partial<Record<SubStatus, number>>;
};

/**
 * What a chain poller process learnt of the CONFIRMING transactions it read, so that a run woken by a new block reads
 * only what may have changed: each transaction it knows, with the head at which it is next due (a mined one: its
 * depth reached, blockNumber + depth - 1; an unmined one: every block, for its receipt), and when its last run began.
 * A run on a block reads the known transactions that are due, and finds new ones among the index entries sent since
 * its last run began (less DISCOVERY_MARGIN_MS); a scheduled run reads them all (and so sees a reorg, a replacement,
 * a change made elsewhere or an entry older than that range within one interval) and starts the memory afresh.
 * Only local stacks wake the poller on blocks; on AWS every run is scheduled and reads everything.
 */
export class ConfirmingMemory {
  private readonly known = new Map<string, { key: Key; due: number }>();
  private lastRun: number | undefined;
  /** A scheduled run starts: everything is read again. */
  clear(): void {
    this.known.clear();
  }
  /**
   * A run starts at `now` (epoch ms): the earliest `broadcast_at` whose index entries a run on a block must read
   * (the previous run's start, less the margin), or undefined when there was no previous run (read every entry).
   */
  begin(now: number): string | undefined {
    const since = this.lastRun === undefined ? undefined : new Date(this.lastRun - DISCOVERY_MARGIN_MS).toISOString();
    this.lastRun = now;
    return since;
  }
  /** Whether the transaction of index entry `pk` may wait for a later block than `head`. */
  waits(pk: string, head: number): boolean {
    const at = this.known.get(pk)?.due;
    return at !== undefined && head < at;
  }
  /** How many transactions it knows. */
  get size(): number {
    return this.known.size;
  }
  /** The known transactions due at `head`. */
  dueAt(head: number): Key[] {
    return [...this.known.values()].filter((k) => k.due <= head).map((k) => k.key);
  }
  /** What a run saw of a CONFIRMING transaction: mined in `blockNumber` (due at its depth), or not (every block). */
  saw(key: Key, blockNumber: number | null, depth: number): void {
    this.known.set(key.pk, { key, due: blockNumber === null ? 0 : blockNumber + depth - 1 });
  }
  /** The transaction is no longer CONFIRMING (or no longer exists). */
  forget(pk: string): void {
    this.known.delete(pk);
  }
}

/**
 * How far before its previous run a run on a block looks for new index entries: a transaction's `broadcast_at` is
 * taken before its move to CONFIRMING commits, by another function (its clock), and the index follows the table.
 */
const DISCOVERY_MARGIN_MS = 3000;

export type Confirmation =
  | { kind: 'none' }
  | { kind: 'update'; changes: Partial<TransactionRecord> }
  | { kind: 'completed'; changes: Partial<TransactionRecord> }
  | { kind: 'cancelled'; changes: Partial<TransactionRecord> }
  | { kind: 'reverted'; changes: Partial<TransactionRecord> }
  | { kind: 'reorged'; reason: string; changes: Partial<TransactionRecord> };

/** What one receipt means for a CONFIRMING transaction, at chain head `head` (pure). */
export function decideConfirmation(
  tx: TransactionRecord,
  receipt: TransactionReceipt | null,
  head: number,
  depth: number,
  now: Date,
): Confirmation {
  const dropped = { blockNumber: null, blockHash: null, confirmations: null };
  if (!receipt) {
    if (!tx.blockHash) return { kind: 'none' };
    return {
      kind: 'reorged',
      reason: `reorg: block ${tx.blockNumber} (${tx.blockHash}) no longer holds the transaction`,
      changes: dropped,
    };
  }
  if (tx.blockHash && receipt.blockHash !== tx.blockHash) {
    return {
      kind: 'reorged',
      reason: `reorg: the receipt moved from block ${tx.blockNumber} (${tx.blockHash}) to ${receipt.blockNumber} (${receipt.blockHash})`,
      changes: dropped,
    };
  }
  const seen: Partial<TransactionRecord> & { blockNumber: number; confirmations: number } = {
    blockNumber: receipt.blockNumber,
    blockHash: receipt.blockHash,
    confirmations: Math.max(0, head - receipt.blockNumber + 1),
    fee: (receipt.gasUsed * receipt.effectiveGasPrice).toString(),
  };
  // The candidate mined (the original or a replacement) is the transaction's hash from now on; a replacement still
  // awaiting its signature is no longer needed.
  const minedHash = receipt.transactionHash.toLowerCase();
  if (minedHash !== tx.chainTxHash) Object.assign(seen, { chainTxHash: minedHash });
  if (tx.replacements.some((r) => r.status === 'AWAITING_SIGNATURE')) {
    Object.assign(seen, {
      replacements: tx.replacements.map((r) =>
        r.status === 'AWAITING_SIGNATURE'
          ? { ...r, status: 'REJECTED', payload: null, rejection: `not sent: ${minedHash} was mined first` }
          : r,
      ),
    });
  }
  if (tx.subStatus) Object.assign(seen, { subStatus: null });
  if (receipt.status === 'reverted')
    return {
      kind: 'reverted',
      changes: { ...seen, failureCode: 'reverted', failureReason: `reverted on chain in block ${receipt.blockNumber}` },
    };
  if (seen.confirmations >= depth) {
    if (isCancelHash(tx, minedHash))
      return {
        kind: 'cancelled',
        changes: {
          ...seen,
          confirmedAt: now.toISOString(),
          failureReason: `cancelled on chain: the cancelling replacement ${minedHash} was mined in block ${receipt.blockNumber}`,
        },
      };
    return {
      kind: 'completed',
      changes: {
        ...seen,
        confirmedAt: now.toISOString(),
        ...(receipt.contractAddress ? { contractAddress: receipt.contractAddress.toLowerCase() } : {}),
      },
    };
  }
  const same =
    Object.keys(seen).length === 4 &&
    tx.blockNumber === seen.blockNumber &&
    tx.blockHash === seen.blockHash &&
    tx.confirmations === seen.confirmations &&
    tx.fee === seen.fee;
  return same ? { kind: 'none' } : { kind: 'update', changes: seen };
}

/**
 * An update that only counts confirmations of the block already recorded (its number, hash and fee unchanged): what
 * a run woken by a new block leaves out (`progress: false`), so a transfer is written when its block is first seen and
 * when it completes, not at every block; the timed runs record the count.
 */
export function onlyConfirmationsMoved(tx: TransactionRecord, c: Confirmation): boolean {
  if (c.kind !== 'update') return false;
  const { confirmations: _count, ...rest } = c.changes;
  return Object.entries(rest).every(([k, v]) => tx[k as keyof TransactionRecord] === v);
}

/** The receipt of whichever candidate hash of `tx` was mined (the current one first), or null. */
async function receiptOfAny(chain: ChainPort, tx: TransactionRecord): Promise<TransactionReceipt | null> {
  const hashes = candidateHashes(tx);
  if (hashes.length === 1) return chain.getTransactionReceipt(hashes[0]!);
  return (await chain.getTransactionReceipts(hashes)).find((r) => r !== null) ?? null;
}

/** Transactions checked together: their receipts in one JSON-RPC batch, their changes written concurrently. */
const CHECKS_AT_ONCE = 50;

const SYSTEM = { type: 'system' as const, user_id: null, key_id: null, component: 'chain-poller' };

/** Reads one transaction's receipt and records what it means (see decideConfirmation). */
export async function confirmTransaction(
  deps: ConfirmDeps,
  tenantId: string,
  txId: string,
  head: number,
): Promise<Confirmation['kind'] | 'missing'> {
  const item = await deps.store.get(keys.transaction(tenantId, txId), { consistent: true });
  if (!item) return 'missing';
  const tx = decodeTransaction(item);
  if (tx.status !== 'CONFIRMING' || !tx.chainTxHash) return 'none';
  return recordConfirmation(deps, tx, await receiptOfAny(deps.chain, tx), head);
}

/**
 * Records what `receipt` means for `tx` as read (nothing written when nothing changed). A commit that meets a
 * concurrent change reads the transaction and its receipt again, within the unit of work's retry budget.
 */
async function recordConfirmation(
  deps: ConfirmDeps,
  read: TransactionRecord,
  receipt: TransactionReceipt | null,
  head: number,
  progress = true,
): Promise<Confirmation['kind'] | 'missing'> {
  const now = deps.clock.now();
  const decide = (tx: TransactionRecord, r: TransactionReceipt | null): Confirmation => {
    const c = decideConfirmation(tx, r, head, deps.confirmationDepth, now);
    return !progress && onlyConfirmationsMoved(tx, c) ? { kind: 'none' } : c;
  };
  const first = decide(read, receipt);
  if (first.kind === 'none') return 'none';
  // A new count alone is set in place (no rewrite of the item, no audit record); a transaction moved meanwhile waits
  // for the next run.
  if (onlyConfirmationsMoved(read, first)) {
    const change = { confirmations: first.changes.confirmations!, updatedAt: now.toISOString() };
    return (await updateInPlace(deps.store, read, change)) ? 'update' : 'none';
  }
  let attempt = 0;
  const kind = await runInUnitOfWork(deps, { actor: SYSTEM, requestId: null, now }, async (uow) => {
    let tx = read;
    let seen = receipt;
    if (attempt++ > 0) {
      const item = await deps.store.get(keys.transaction(read.tenantId, read.id), { consistent: true });
      if (!item) return 'missing' as const;
      tx = decodeTransaction(item);
      if (tx.status !== 'CONFIRMING' || !tx.chainTxHash) return 'none' as const;
      seen = await receiptOfAny(deps.chain, tx);
    }
    const c = decide(tx, seen);
    switch (c.kind) {
      case 'none':
        break;
      case 'update':
        stageTransactionWrite(uow, { ...tx, ...c.changes, updatedAt: now.toISOString() });
        break;
      case 'completed': {
        const done = await stageTransition(deps.store, uow, tx, 'COMPLETED', 'chain', now, c.changes);
        uow.event(
          tx.tenantId,
          'transaction.completed',
          {
            transaction_id: tx.id,
            chain_tx_hash: done.chainTxHash!,
            block_number: done.blockNumber!,
            confirmations: done.confirmations!,
          },
          tx.id,
        );
        break;
      }
      case 'cancelled':
        await stageTransition(deps.store, uow, tx, 'CANCELLED', 'chain', now, c.changes);
        break;
      case 'reverted':
        await stageTransition(deps.store, uow, tx, 'FAILED', 'failure', now, c.changes);
        break;
      case 'reorged':
        await stageTransition(deps.store, uow, tx, 'BROADCASTING', 'chain', now, c.changes, c.reason);
        break;
    }
    return c.kind;
  });
  if (kind === 'completed') recordTransferOutcome('COMPLETED', undefined);
  if (kind === 'reverted') recordTransferOutcome('FAILED', 'reverted');
  return kind;
}

/** Still not in a block `overdueAfterSeconds` after its broadcast: waiting past its expected time. */
function isOverdue(tx: TransactionRecord, mined: boolean, deps: ConfirmDeps): boolean {
  const since = tx.broadcastAt ?? tx.updatedAt;
  return !mined && deps.clock.now().getTime() - Date.parse(since) >= (deps.overdueAfterSeconds ?? 300) * 1000;
}

/** Whether the node knows each unmined transaction (one batch), by transaction id. */
async function poolPresence(deps: ConfirmDeps, txs: TransactionRecord[]): Promise<Map<string, boolean>> {
  if (!txs.length) return new Map();
  const known = await deps.chain.transactionsKnown(txs.map((t) => t.chainTxHash!));
  return new Map(txs.map((t, i) => [t.id, known[i]!]));
}

const AS_POLLER = { component: 'chain-poller', statuses: ['CONFIRMING'] } as const;
const unavailable = (e: NodeUnavailableError) => `no chain node answered: ${e.message}`;

/**
 * No node answered the run's first read: every CONFIRMING transaction the run would have checked (its bounds) is
 * marked NODE_UNAVAILABLE (once: a transaction already marked is not written again); the next run that reads it
 * clears it.
 */
async function markNodeUnavailable(deps: ConfirmDeps, bounds: PollBounds, e: NodeUnavailableError): Promise<void> {
  let left = bounds.maxTransactions;
  for (let shard = 0; shard < CONFIRMING_SHARDS && left > 0; shard++) {
    const page = await deps.store.query({
      pattern: accessPatterns.transactionsConfirming(shard),
      limit: Math.min(100, left),
    });
    left -= page.items.length;
    const txs = page.items.map(decodeTransaction).filter((t) => t.status === 'CONFIRMING');
    await Promise.all(
      txs.map((t) => writeSubStatus(deps, t, 'NODE_UNAVAILABLE', unavailable(e), AS_POLLER).catch(() => false)),
    );
  }
}

/**
 * One poller run: the chain head once, then the CONFIRMING transactions of all tenants, at most
 * `maxTransactions` (split evenly across the index's shards) and for at most `maxMillis`. A transaction whose check
 * throws (a node down mid-run) is left for the next run; the error is counted, not raised, unless no node answered
 * the head (then the run throws: nothing could be checked).
 */
export async function pollConfirmations(
  deps: ConfirmDeps,
  bounds: PollBounds,
  onError: (txId: string, e: unknown) => void = () => undefined,
  /**
   * `progress: false` (a run woken by a new block): confirmation counts alone are not written (onlyConfirmationsMoved),
   * and with a `memory` only the known transactions due and the index entries sent since its last run are read
   * (ConfirmingMemory).
   */
  opts: { progress?: boolean; memory?: ConfirmingMemory } = {},
): Promise<PollSummary> {
  const started = deps.clock.now().getTime();
  const head = await deps.chain.blockNumber().catch(async (e: unknown) => {
    if (e instanceof NodeUnavailableError) await markNodeUnavailable(deps, bounds, e);
    throw e;
  });
  // The node's current fees, read once per run and only if a transaction may need repricing.
  let fees: ReturnType<ChainPort['estimateFees']> | undefined;
  const summary: PollSummary = {
    head,
    examined: 0,
    completed: 0,
    cancelled: 0,
    repriced: 0,
    reorged: 0,
    failed: 0,
    updated: 0,
    waiting: 0,
    rebroadcast: 0,
    filled: 0,
    overdue: {},
  };
  const { memory } = opts;
  const since = memory?.begin(started);
  const skipping = memory !== undefined && opts.progress === false;
  if (memory && !skipping) memory.clear();
  /** Checks whole, current transaction items, a chunk at a time; false once the run's bounds are reached. */
  const examine = async (items: Item[]): Promise<boolean> => {
    for (let i = 0; i < items.length; i += CHECKS_AT_ONCE) {
      const room = Math.min(CHECKS_AT_ONCE, bounds.maxTransactions - summary.examined);
      if (room <= 0 || deps.clock.now().getTime() - started >= bounds.maxMillis) return false;
      const chunk = items.slice(i, i + room);
      summary.examined += chunk.length;
      // The page's items are whole and current (the index's keys, then one consistent batch read): their receipts
      // in one JSON-RPC batch, and a write only where something changed.
      const decoded = chunk.map(decodeTransaction);
      const txs = decoded.filter((t) => t.status === 'CONFIRMING' && t.chainTxHash);
      for (const t of decoded) if (!txs.includes(t)) memory?.forget(keys.transaction(t.tenantId, t.id).pk);
      summary.waiting += chunk.length - txs.length;
      let receipts: (TransactionReceipt | null)[];
      let known: Map<string, boolean>;
      try {
        // Every candidate hash of each (the original and its replacements) in one batch; the first mined is its receipt.
        const hashes = txs.map(candidateHashes);
        const all = await deps.chain.getTransactionReceipts(hashes.flat());
        let at = 0;
        receipts = hashes.map((h) => {
          const mine = all.slice(at, (at += h.length));
          return mine.find((r) => r !== null) ?? null;
        });
        known = await poolPresence(
          deps,
          txs.filter((t, j) => unmined(t, !!receipts[j])),
        );
      } catch (e) {
        for (const t of txs) {
          onError(t.id, e);
          memory?.saw(keys.transaction(t.tenantId, t.id), null, deps.confirmationDepth);
        }
        if (e instanceof NodeUnavailableError)
          await Promise.all(
            txs.map((t) => writeSubStatus(deps, t, 'NODE_UNAVAILABLE', unavailable(e), AS_POLLER).catch(() => false)),
          );
        continue;
      }
      // Unmined, known to the node, nothing else done this run: the nonce gap check's (./nonce-gap.ts).
      const settled: TransactionRecord[] = [];
      await Promise.all(
        txs.map(async (tx, j) => {
          const key = keys.transaction(tx.tenantId, tx.id); // what the memory knows it by
          try {
            if (!receipts[j] && !tx.blockHash && deps.reprice) {
              const r = await repriceIfUnderpriced(
                { ...deps, reprice: deps.reprice, fees: () => (fees ??= deps.chain.estimateFees()) },
                tx,
                head,
              );
              if (r !== 'none') {
                summary.repriced += r === 'repriced' ? 1 : 0;
                summary.waiting++;
                memory?.saw(key, null, deps.confirmationDepth);
                return;
              }
            }
            const kind = await recordConfirmation(deps, tx, receipts[j] ?? null, head, opts.progress ?? true);
            // Still CONFIRMING: due at its depth when mined (and nothing else changed), else on every block.
            if (kind === 'none' || kind === 'update')
              memory?.saw(key, receipts[j]?.blockNumber ?? null, deps.confirmationDepth);
            else memory?.forget(key.pk);
            const pool = known.has(tx.id) ? await checkPool(deps, tx, known.get(tx.id)!) : 'none';
            if (pool === 'rebroadcast') summary.rebroadcast++;
            if (kind === 'none' && isOverdue(tx, !!receipts[j], deps)) {
              // The sub-status as the pool check left it.
              const sub = currentSubStatus({
                ...tx,
                subStatus: pool === 'rebroadcast' ? 'DROPPED_FROM_POOL' : pool === 'recovered' ? null : tx.subStatus,
              })!;
              summary.overdue[sub] = (summary.overdue[sub] ?? 0) + 1;
            }
            if (kind === 'none' && pool === 'none' && known.get(tx.id) === true) settled.push(tx);
            if (kind === 'completed') summary.completed++;
            else if (kind === 'cancelled') summary.cancelled++;
            else if (kind === 'reorged') summary.reorged++;
            else if (kind === 'reverted') summary.failed++;
            else if (kind === 'update') summary.updated++;
            else summary.waiting++;
          } catch (e) {
            memory?.saw(key, null, deps.confirmationDepth);
            onError(tx.id, e);
          }
        }),
      );
      try {
        summary.filled += (await checkNonceGaps(deps, settled)).filled;
      } catch (e) {
        for (const t of settled) onError(t.id, e);
      }
    }
    return true;
  };
  if (skipping) {
    await examine(await blockRunItems(deps, memory, head, since, bounds.maxTransactions, summary));
    return summary;
  }
  const perShard = Math.ceil(bounds.maxTransactions / CONFIRMING_SHARDS);
  for (let shard = 0; shard < CONFIRMING_SHARDS; shard++) {
    let taken = 0;
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await deps.store.query({
        pattern: accessPatterns.transactionsConfirming(shard),
        limit: Math.min(100, perShard - taken),
        startKey,
      });
      taken += page.items.length;
      if (!(await examine(page.items))) return summary;
      startKey = page.lastKey;
    } while (startKey && taken < perShard);
  }
  return summary;
}

/**
 * What a run on a block reads (ConfirmingMemory): the known transactions due at `head`, and the index entries sent
 * since `since` (every entry when undefined) that the memory does not know to be waiting; then those items, read
 * whole and consistently. The known ones left waiting count as examined and waiting.
 */
async function blockRunItems(
  deps: ConfirmDeps,
  memory: ConfirmingMemory,
  head: number,
  since: string | undefined,
  max: number,
  summary: PollSummary,
): Promise<Item[]> {
  const due = memory.dueAt(head);
  const wanted = new Map(due.map((k) => [k.pk, k]));
  for (let shard = 0; shard < CONFIRMING_SHARDS && wanted.size < max; shard++) {
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await deps.store.query({
        pattern: accessPatterns.transactionsConfirming(shard),
        limit: 100,
        startKey,
        keysOnly: true,
        ...(since === undefined ? {} : { sortKeyWithin: { min: since } }),
      });
      for (const k of page.items) {
        const key = { pk: String(k.pk), sk: String(k.sk) };
        if (!memory.waits(key.pk, head)) wanted.set(key.pk, key);
      }
      startKey = page.lastKey;
    } while (startKey && wanted.size < max);
  }
  // The known ones not due wait for a later block.
  summary.examined += memory.size - due.length;
  summary.waiting += memory.size - due.length;
  const list = [...wanted.values()].slice(0, max);
  const read = await deps.store.getMany(list);
  read.forEach((item, i) => {
    if (!item) memory.forget(list[i]!.pk);
  });
  return read.filter((i): i is Item => i !== undefined);
}
