import type { Item, QueryInput } from '../../ports/store.js';
import { keys } from '../../store/keys.js';
import type { UseCaseContext } from '../context.js';
import { listPage, type PageRequest } from '../pagination.js';
import { asTransaction, transactionView } from './transaction-record.js';
import type { TxStatus } from './transition-table.js';
import { AUTOMATIC } from './steps/index.js';

/**
 * Listing, newest first (ids are time-ordered). The most selective filter picks the index (wallet, vault, status, or
 * all); the remaining filters apply to what it returns. `external_id` is a direct look-up of its constraint item.
 * `stuck` is the operator's view of transactions in an automatic status that have not moved for a while (a worker
 * that keeps failing, a message in the dead-letter queue): bounded, without a cursor.
 */
export type TransactionFilters = PageRequest & { status?: TxStatus; vault_id?: string; wallet_id?: string; external_id?: string; stuck?: 'true' | 'false' };

export async function listTransactions(ctx: Pick<UseCaseContext, 'store' | 'principal' | 'now'>, f: TransactionFilters, stuckAfterSeconds: number) {
  const tenantId = ctx.principal.tenantId;
  if (f.external_id) {
    const ref = await ctx.store.get(keys.transactionExternalId(tenantId, f.external_id));
    const item = ref ? await ctx.store.get(keys.transaction(tenantId, ref.transaction_id as string)) : undefined;
    const txs = item && matches(item, f) ? [transactionView(asTransaction(item))] : [];
    return { transactions: txs, next_cursor: null };
  }
  if (f.stuck === 'true') return listStuck(ctx, f, stuckAfterSeconds);
  const query: Omit<QueryInput, 'limit' | 'startKey'> = f.wallet_id
    ? { partition: keys.transactionsByWallet(tenantId, f.wallet_id), index: 'gsi4', newestFirst: true }
    : f.vault_id
      ? { partition: keys.transactionsByVault(tenantId, f.vault_id), index: 'gsi3', newestFirst: true }
      : f.status
        ? { partition: keys.transactionsByStatus(tenantId, f.status), index: 'gsi2', newestFirst: true }
        : { partition: keys.transactionsAll(tenantId), index: 'gsi1', newestFirst: true };
  const out = await listPage(ctx.store, query, f, (i) => matches(i, f));
  return { transactions: out.items.map((i) => transactionView(asTransaction(i))), next_cursor: out.next_cursor };
}

function matches(item: Item, f: TransactionFilters) {
  return (!f.status || item.status === f.status) && (!f.vault_id || item.sourceVaultId === f.vault_id) && (!f.wallet_id || item.sourceWalletId === f.wallet_id);
}

async function listStuck(ctx: Pick<UseCaseContext, 'store' | 'principal' | 'now'>, f: TransactionFilters, stuckAfterSeconds: number) {
  const limit = f.per_page ?? f.limit ?? 50;
  const before = ctx.now.getTime() - stuckAfterSeconds * 1000;
  const statuses = f.status ? [f.status].filter((s) => AUTOMATIC.has(s)) : [...AUTOMATIC];
  const found: Item[] = [];
  for (const status of statuses) {
    const page = await ctx.store.query({ partition: keys.transactionsByStatus(ctx.principal.tenantId, status), index: 'gsi2', limit: 200, newestFirst: false });
    found.push(...page.items.filter((i) => Date.parse(i.updatedAt as string) <= before && matches(i, { ...f, status: undefined })));
  }
  found.sort((a, b) => (a.id as string) < (b.id as string) ? 1 : -1);
  return { transactions: found.slice(0, limit).map((i) => transactionView(asTransaction(i))), next_cursor: null };
}
