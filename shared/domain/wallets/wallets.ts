import { accessPatterns } from '../../store/access-patterns.js';
import type { UseCaseContext } from '../context.js';
import { listPage, type PageRequest } from '../pagination.js';
import { loadVault } from '../vaults/vault-record.js';
import {
  effectiveStatus,
  loadWallet,
  stageWalletArchived,
  walletFromItem,
  walletListView,
  walletView,
  type WalletRecord,
  type WalletStatus,
} from './wallet-record.js';

/*
 * The wallets' reads and archive. Registering and generating a wallet (the chain profile: Keccak-256 addresses, the
 * ownership proof) are ./wallet-creation.ts, a lazy chunk of the wallets function (functions/wallets/creation.ts).
 */

/** The wallets of a vault (archived vaults too), without public keys; `status` filters on the status shown. */
export async function listVaultWallets(
  ctx: Pick<UseCaseContext, 'store' | 'principal' | 'cursors'>,
  vaultId: string,
  page: PageRequest & { status?: WalletStatus },
) {
  const tenantId = ctx.principal.tenantId;
  const vault = await loadVault(ctx.store, tenantId, vaultId);
  const out = await listPage(
    ctx,
    {
      name: 'wallets',
      filters: { vault_id: vaultId, status: page.status },
      pattern: accessPatterns.walletsOfVault(tenantId, vaultId),
    },
    page,
    (i) => !page.status || effectiveStatus(i as unknown as WalletRecord, vault.status) === page.status,
  );
  return {
    wallets: out.items.map((i) => walletListView(walletFromItem(i), vault.status)),
    next_cursor: out.next_cursor,
  };
}

export async function getWallet(ctx: Pick<UseCaseContext, 'store' | 'principal'>, walletId: string) {
  const wallet = await loadWallet(ctx.store, ctx.principal.tenantId, walletId);
  const vault = await loadVault(ctx.store, ctx.principal.tenantId, wallet.vault_id);
  return walletView(wallet, vault.status);
}

/**
 * Archives a wallet: only its status changes, so transactions already in flight complete normally; new ones are
 * refused by the transactions engine. Archiving an archived wallet answers it unchanged.
 */
export async function archiveWallet(ctx: UseCaseContext, walletId: string, input: { reason?: string }) {
  const wallet = await loadWallet(ctx.store, ctx.principal.tenantId, walletId);
  if (wallet.status === 'archived') return walletView(wallet, 'archived');
  const updated = stageWalletArchived(ctx.uow, wallet, ctx.now);
  ctx.uow.audit({
    tenantId: wallet.tenant_id,
    action: 'wallet.archived',
    resourceType: 'wallet',
    resourceId: wallet.id,
    change: { vault_id: wallet.vault_id, address: wallet.address, reason: input.reason ?? null },
  });
  return walletView(updated, 'archived');
}
