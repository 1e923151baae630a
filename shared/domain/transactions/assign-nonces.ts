import { keys } from '../../store/keys.js';
import { runInUnitOfWork, type UnitOfWork } from '../unit-of-work.js';
import { decodeTenant } from '../identity/records.js';
import type { TransactionRecord } from './transaction.js';
import { decodeTransaction } from './transaction-item.js';
import { writtenTransaction } from './transaction-store.js';
import { accessPatterns } from '../../store/access-patterns.js';
import { withMethods } from '../port-methods.js';
import { stageTransition } from './transition.js';
import { isWait, moveChanges, type StepDeps } from './steps/index.js';
import { approvedStep } from './steps/approved.js';
import { recordTransferOutcome } from './outcome-metrics.js';
import { readNonceItem, stageNonceWrite, type NonceItem } from './wallet-nonce.js';
import type { TxStatus } from './transition-table.js';
import { expiryMove, hasExpired } from './expiry.js';

/**
 * Nonce assignment for a wallet, in one pass over every transaction of it waiting in APPROVED (oldest first): the
 * APPROVED step (./steps/approved.ts) for each, its chain reads made concurrently, then its move committed in the
 * wallet's order, each in its own unit of work (the transaction, version-guarded, its audit entry and events, and the
 * wallet's nonce item, version-guarded). The nonce item is read once: each commit's new state and version carry to the
 * next transaction, so a batch makes one conditional write per transaction and no re-read; a commit that meets a
 * concurrent change (a nonce given back by a cancel, a person moving the transaction) is built again from fresh reads
 * within the unit of work's retry budget.
 *
 * The transactions queue puts an APPROVED transaction's message in its wallet's message group
 * (../outbox/stream-routing.ts), so one assignment of a wallet runs at a time. With `goesOn` (the transaction worker)
 * the same message then takes the batch on: the signer's calls at once, the broadcasts in nonce order
 * (./go-on-after-nonces.ts); confirmation is the poller's.
 */
export type AssignOutcome = {
  /** `after`: the transaction as its assignment wrote it (the run that takes it on starts from it, ./advance.ts). */
  assigned: { id: string; to: TxStatus; after?: TransactionRecord }[];
  stopped: 'done' | 'idle' | 'suspended' | 'missing';
};

const SYSTEM = { type: 'system' as const, user_id: null, key_id: null, component: 'transaction-worker' };
/** Transactions of a wallet taken in one pass (the next message of the wallet's group takes the rest). */
const MAX_BATCH = 50;
/** Chain reads of the batch made at once. */
const READS_AT_ONCE = 8;

async function mapLimited<T, R>(items: T[], limit: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!);
      }
    }),
  );
  return out;
}

/**
 * The wallet's transactions waiting in APPROVED, oldest first, `first` among them (the index may not show it yet):
 * one page of the wallet's work list (holding only the wallet's APPROVED transactions), not the tenant's open
 * transactions.
 */
async function waitingOfWallet(deps: StepDeps, first: TransactionRecord): Promise<TransactionRecord[]> {
  const found = new Map<string, TransactionRecord>([[first.id, first]]);
  const page = await deps.store.query({
    pattern: accessPatterns.transactionsApprovedOfWallet(first.tenantId, first.sourceWalletId),
    limit: MAX_BATCH,
  });
  for (const item of page.items) {
    const t = decodeTransaction(item);
    if (t.status === 'APPROVED' && t.sourceWalletId === first.sourceWalletId && !found.has(t.id)) found.set(t.id, t);
  }
  return [...found.values()]
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))
    .slice(0, MAX_BATCH);
}

/** Reads the batch's steps make alike, made once for the pass: the wallet is the same for every transaction. */
const SHARED_READS = {
  store: new Set(['get']),
  chain: new Set(['pendingNonce', 'getBalance', 'estimateFees', 'blockNumber']),
} as const;

/**
 * `deps` whose store and chain answer each read of SHARED_READS once per argument list (the wallet, its nonce item,
 * its pending nonce and balance, the fees): one snapshot of the wallet taken at the start of the pass, as the
 * transactions' own reads would have been made within the same few milliseconds. Every other call goes through.
 */
function onceEach(deps: StepDeps): StepDeps {
  const memo = <T extends object>(port: T, methods: ReadonlySet<string>): T => {
    const answers = new Map<string, unknown>();
    return withMethods(port, (name, call) =>
      methods.has(name)
        ? (...args) => {
            const key = `${name}:${JSON.stringify(args)}`;
            if (!answers.has(key)) answers.set(key, call(...args));
            return answers.get(key);
          }
        : undefined,
    );
  };
  return { ...deps, store: memo(deps.store, SHARED_READS.store), chain: memo(deps.chain, SHARED_READS.chain) };
}

/**
 * Assigns nonces to `txId`'s wallet's waiting transactions (`txId` among them). Nothing when `txId` has left APPROVED
 * (an earlier pass took it) or its tenant is suspended.
 */
export async function assignWalletNonces(
  deps: StepDeps,
  tenantId: string,
  txId: string,
  /** `goesOn`: the caller takes each transaction on from PENDING_SIGNATURE itself (marked: ./advance.ts). */
  opts: { goesOn?: boolean } = {},
): Promise<AssignOutcome> {
  const [txItem, tenantItem] = await deps.store.getMany([keys.transaction(tenantId, txId), keys.tenant(tenantId)]);
  if (!txItem) return { assigned: [], stopped: 'missing' };
  if (decodeTenant(tenantItem)?.status !== 'active') return { assigned: [], stopped: 'suspended' };
  const first = decodeTransaction(txItem);
  if (first.status !== 'APPROVED') return { assigned: [], stopped: 'idle' };

  const batch = await waitingOfWallet(deps, first);
  const snapshot = onceEach(deps);
  const facts = await mapLimited(batch, READS_AT_ONCE, (t) => approvedStep.read(snapshot, t));
  let nonce: NonceItem | null = null;
  const assigned: AssignOutcome['assigned'] = [];
  for (const [i, read] of batch.entries()) {
    const now = deps.clock.now();
    let attempt = 0;
    let failureCode: string | undefined;
    let last: UnitOfWork | undefined;
    const to = await runInUnitOfWork(
      deps,
      { actor: SYSTEM, requestId: null, now },
      async (uow): Promise<TxStatus | null> => {
        last = uow;
        // First attempt: the transaction as listed and the nonce state the previous commit left; a retry reads both again.
        const fresh = attempt++ > 0;
        const tx = fresh
          ? decodeTransaction((await deps.store.get(keys.transaction(tenantId, read.id), { consistent: true }))!)
          : read;
        if (tx.status !== 'APPROVED') return null; // moved on meanwhile (cancelled, or taken by another pass)
        if (fresh || !nonce) nonce = await readNonceItem(deps.store, tenantId, tx.sourceWalletId);
        const move = hasExpired(tx, now)
          ? expiryMove(tx)
          : approvedStep.decide(tx, { ...facts[i]!, nonce }, { now, approvalTtlSeconds: deps.approvalTtlSeconds });
        if (isWait(move)) return null;
        for (const e of move.events ?? []) uow.event(tx.tenantId, e.type, e.data, tx.id);
        for (const w of move.writes ?? []) {
          stageNonceWrite(uow, w);
          nonce = {
            state: { next: Number(w.item.next), released: (w.item.released as number[]) ?? [] },
            version: w.kind === 'create' ? 1 : w.item.version + 1,
          };
        }
        const goesOn = opts.goesOn && move.to === 'PENDING_SIGNATURE';
        await stageTransition(deps.store, uow, tx, move.to, move.trigger, now, {
          ...moveChanges(move),
          ...(goesOn ? { workerContinues: true } : {}),
        });
        failureCode = move.failureCode;
        return move.to;
      },
    ).catch((e: unknown) => {
      nonce = null; // whatever was staged did not commit
      throw e;
    });
    if (to === null) {
      nonce = null;
      continue;
    }
    recordTransferOutcome(to, failureCode);
    const after = writtenTransaction(last, tenantId, read.id);
    assigned.push({ id: read.id, to, ...(after ? { after } : {}) });
  }
  return { assigned, stopped: 'done' };
}
