import { keys } from '../../store/keys.js';
import { idTimeFence } from '../ids.js';
import { accessPatterns, type AccessPattern } from '../../store/access-patterns.js';
import type { UseCaseContext } from '../context.js';
import type { Item } from '../../ports/store.js';
import { listMergedPage, listPage, narrowestPattern, type PageRequest } from '../pagination.js';
import type { TransactionRecord } from './transaction.js';
import {
  decodeTransaction,
  openTransactionPages,
  transactionsOfTenant,
  transactionsWithStatus,
} from './transaction-item.js';
import { transactionView } from './transaction-view.js';
import { TERMINAL, type TxStatus } from './transition-table.js';
import { AUTOMATIC } from './steps/automatic.js';

/**
 * Listing, newest first (ids are time-ordered). The most selective filter picks the index (wallet, vault, status; a
 * wallet's transactions are read from its vault's list, the status lists hold other statuses too: keys.ts); the
 * filters apply to what it returns. With none, the tenant's list is the merge of its status partitions (the open
 * transactions and one partition per ending: together each transaction once), `listMergedPage`; `ended=true` merges
 * the ending partitions only, `ended=false` reads the open one. The creation time range (`created_after` inclusive,
 * `created_before` exclusive) bounds the index's sort key (`creationRange`) and filters what it returns; `asset_id`
 * filters. `external_id` is a direct look-up of its constraint item.
 * `stuck` is the operator's view of transactions in an automatic status that have not moved for a while (a worker
 * that keeps failing, a message in the dead-letter queue): bounded, without a cursor.
 */
/**
 * What the stuck view watches: the worker's statuses, plus CONFIRMING (moved by the chain poller, which writes only
 * when the receipt changes: a transaction whose receipt never comes, or whose node dropped it, stays unmoved).
 */
const WATCHED: ReadonlySet<TxStatus> = new Set([...AUTOMATIC, 'CONFIRMING']);
/** How many of a tenant's open transactions the stuck view reads at most (every open status shares a partition). */
const STUCK_READ_LIMIT = 2000;

export type TransactionFilters = PageRequest & {
  status?: TxStatus;
  vault_id?: string;
  wallet_id?: string;
  external_id?: string;
  asset_id?: string;
  ended?: 'true' | 'false';
  created_after?: string;
  created_before?: string;
  stuck?: 'true' | 'false';
};

export async function listTransactions(
  ctx: Pick<UseCaseContext, 'store' | 'principal' | 'now' | 'cursors'>,
  f: TransactionFilters,
  stuckAfterSeconds: number,
) {
  const tenantId = ctx.principal.tenantId;
  if (f.external_id) {
    const ref = await ctx.store.get(keys.transactionExternalId(tenantId, f.external_id));
    const item = ref ? await ctx.store.get(keys.transaction(tenantId, ref.transaction_id as string)) : undefined;
    const tx = item ? decodeTransaction(item) : undefined;
    const txs = tx && matches(tx, f) ? [transactionView(tx)] : [];
    return { transactions: txs, next_cursor: null };
  }
  if (f.stuck === 'true') return listStuck(ctx, f, stuckAfterSeconds);
  // A wallet lies in one vault, for good: its transactions are its vault's list, filtered. An unknown wallet has none.
  const walletVault = f.wallet_id
    ? ((await ctx.store.get(keys.wallet(tenantId, f.wallet_id)))?.vault_id as string | undefined)
    : undefined;
  if (f.wallet_id && !walletVault) return { transactions: [], next_cursor: null };
  const filters = {
    status: f.status,
    vault_id: f.vault_id,
    wallet_id: f.wallet_id,
    asset_id: f.asset_id,
    ended: f.ended,
    created_after: f.created_after,
    created_before: f.created_before,
  };
  const keep = (i: Item) => matches(decodeTransaction(i), f);
  const sortKeyWithin = creationRange(f);
  if (f.created_after && f.created_before && Date.parse(f.created_after) >= Date.parse(f.created_before))
    return { transactions: [], next_cursor: null };
  const read = narrowestPattern<TxStatus, { pattern: AccessPattern } | { patterns: AccessPattern[] }>(f, {
    wallet: () => ({ pattern: accessPatterns.transactionsOfVault(tenantId, walletVault!) }),
    vault: (id) => ({ pattern: accessPatterns.transactionsOfVault(tenantId, id) }),
    status: (s) => ({ pattern: transactionsWithStatus(tenantId, s) }),
    // Ended or open only: the ending partitions, or the open one (any open status names it).
    tenant: () =>
      f.ended === 'false'
        ? { pattern: transactionsWithStatus(tenantId, 'SUBMITTED') }
        : { patterns: transactionsOfTenant(tenantId).slice(f.ended === 'true' ? 1 : 0) },
  });
  const out =
    'pattern' in read
      ? await listPage(
          ctx,
          { name: 'transactions', filters, pattern: read.pattern, newestFirst: true, sortKeyWithin },
          f,
          keep,
        )
      : await listMergedPage(
          ctx,
          { name: 'transactions', filters, patterns: read.patterns, newestFirst: true, sortKeyWithin },
          f,
          keep,
        );
  return { transactions: out.items.map((i) => transactionView(decodeTransaction(i))), next_cursor: out.next_cursor };
}

/**
 * How long after its `createdAt` a transaction stored before ids took the clock's time may have had its id made (the
 * request's own run: the API gateway gives up after 29 s). Read past `created_before` by this much, and filtered.
 */
const ID_LAG_MS = 60_000;

/**
 * The creation time range as a range of the lists' sort key, the time-ordered id (its time is the creation's:
 * submit-transfer.ts): `created_after` and `created_before` bound the query itself, so a narrow range over a long
 * history reads the range and not the pages before it. `matches` still applies them exactly.
 */
function creationRange(f: TransactionFilters): { min?: string; max?: string } | undefined {
  if (!f.created_after && !f.created_before) return undefined;
  return {
    ...(f.created_after ? { min: idTimeFence(Date.parse(f.created_after)) } : {}),
    ...(f.created_before ? { max: idTimeFence(Date.parse(f.created_before) + ID_LAG_MS) } : {}),
  };
}

function matches(t: TransactionRecord, f: TransactionFilters) {
  return (
    (!f.status || t.status === f.status) &&
    (!f.vault_id || t.sourceVaultId === f.vault_id) &&
    (!f.wallet_id || t.sourceWalletId === f.wallet_id) &&
    (!f.asset_id || t.assetId.toLowerCase() === f.asset_id.toLowerCase()) &&
    (!f.ended || TERMINAL.has(t.status) === (f.ended === 'true')) &&
    (!f.created_after || Date.parse(t.createdAt) >= Date.parse(f.created_after)) &&
    (!f.created_before || Date.parse(t.createdAt) < Date.parse(f.created_before))
  );
}

async function listStuck(
  ctx: Pick<UseCaseContext, 'store' | 'principal' | 'now'>,
  f: TransactionFilters,
  stuckAfterSeconds: number,
) {
  const limit = f.per_page ?? f.limit ?? 50;
  const before = ctx.now.getTime() - stuckAfterSeconds * 1000;
  const statuses = new Set(f.status ? [f.status].filter((s) => WATCHED.has(s)) : WATCHED);
  const found: TransactionRecord[] = [];
  // Every watched status is open: read up to STUCK_READ_LIMIT of the tenant's open transactions, oldest first (the
  // stuck ones are old).
  if (statuses.size)
    for await (const items of openTransactionPages(ctx.store, ctx.principal.tenantId, STUCK_READ_LIMIT))
      found.push(
        ...items.map(decodeTransaction).filter(
          (t) =>
            statuses.has(t.status) &&
            // A re-driven transaction's `updatedAt` is the re-drive's: STALLED says it is stuck (./redrive.ts).
            (Date.parse(t.updatedAt) <= before || t.subStatus === 'STALLED') &&
            matches(t, { ...f, status: undefined }),
        ),
      );
  found.sort((a, b) => (a.id < b.id ? 1 : -1));
  return { transactions: found.slice(0, limit).map(transactionView), next_cursor: null };
}
