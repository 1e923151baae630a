import { accessPatterns } from '../../store/access-patterns.js';
import type { UseCaseContext } from '../context.js';
import { listPage, narrowestPattern, type PageRequest } from '../pagination.js';
import { asDeposit, depositView, type DepositRecord, type DepositStatus } from './deposit-record.js';

export type DepositFilters = PageRequest & { wallet_id?: string; vault_id?: string; status?: DepositStatus };

/**
 * The tenant's deposits, newest block first, filtered by wallet, vault and status (any combination: the most selective
 * index is read, the other filters are applied to its items). A wallet or vault id the tenant does not have simply
 * matches nothing: an empty list, as for a wallet without deposits (no lookup tells ids of other tenants apart).
 */
export async function listDeposits(ctx: Pick<UseCaseContext, 'store' | 'principal' | 'cursors'>, f: DepositFilters) {
  const tenantId = ctx.principal.tenantId;
  const pattern = narrowestPattern(f, {
    wallet: (id) => accessPatterns.depositsOfWallet(tenantId, id),
    vault: (id) => accessPatterns.depositsOfVault(tenantId, id),
    status: (s) => accessPatterns.depositsByStatus(tenantId, s),
    tenant: () => accessPatterns.depositsOfTenant(tenantId),
  });
  const filters = { status: f.status, vault_id: f.vault_id, wallet_id: f.wallet_id };
  const out = await listPage(ctx, { name: 'deposits', filters, pattern, newestFirst: true }, f, (i) =>
    matches(asDeposit(i), f),
  );
  return { deposits: out.items.map((i) => depositView(asDeposit(i))), next_cursor: out.next_cursor };
}

function matches(d: DepositRecord, f: DepositFilters) {
  return (
    (!f.status || d.status === f.status) &&
    (!f.vault_id || d.vault_id === f.vault_id) &&
    (!f.wallet_id || d.wallet_id === f.wallet_id)
  );
}
