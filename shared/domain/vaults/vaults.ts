import { keys } from '../../store/keys.js';
import { accessPatterns } from '../../store/access-patterns.js';
import { ApiError } from '../../errors/catalog.js';
import { ValidationError } from '../../errors/domain-errors.js';
import type { Store } from '../../ports/store.js';
import { CONFLICT_RETRY_ATTEMPTS, conflictBackoffMs, sleep } from '../retry.js';
import type { UseCaseContext } from '../context.js';
import { runInUnitOfWork, type CommitMeta } from '../unit-of-work.js';
import type { AuditedStore } from '../audit/record-mac.js';
import { newId } from '../ids.js';
import { listPage, type PageRequest } from '../pagination.js';
import { activeWalletsOfVault, stageWalletArchived } from '../wallets/wallet-record.js';
import type { WalletRecord } from '../wallets/wallet-record.js';
import {
  decodeVault,
  loadActiveVault,
  loadVault,
  normalizeVaultName,
  vaultItem,
  vaultNameItem,
  vaultView,
  type VaultRecord,
  type VaultStatus,
} from './vault-record.js';

/**
 * Vaults: named groupings of a tenant's wallets. A name is unique in the tenant whatever its letter case (a
 * constraint item written in the same transaction; 409 1401). Archiving is permanent: the vault stays readable, its
 * wallets are archived with it, and it takes no new wallet or transaction (409 1301).
 */
export class VaultDuplicateError extends ApiError {
  override name = 'VaultDuplicateError';
  constructor() {
    super('VAULT_DUPLICATE', 'a vault with this name exists in the tenant');
  }
}

/**
 * Wallets archived per transaction when a vault is archived: a transaction holds 100 writes, and the change also
 * writes the vault, its audit entry, the audit head and the idempotency record.
 */
export const WALLET_ARCHIVE_CHUNK = 90;

export async function createVault(ctx: UseCaseContext, input: { name: string; metadata?: Record<string, unknown> }) {
  const ts = ctx.now.toISOString();
  const vault: VaultRecord = {
    id: newId(),
    tenant_id: ctx.principal.tenantId,
    name: input.name,
    metadata: input.metadata ?? {},
    status: 'active',
    archived_reason: null,
    archived_at: null,
    created_at: ts,
    updated_at: ts,
    version: 1,
  };
  ctx.uow.create(vaultItem(vault));
  ctx.uow.create(vaultNameItem(vault.tenant_id, vault.name, vault.id), () => new VaultDuplicateError());
  ctx.uow.audit({
    tenantId: vault.tenant_id,
    action: 'vault.created',
    resourceType: 'vault',
    resourceId: vault.id,
    change: { name: vault.name, metadata: vault.metadata },
  });
  return vaultView(vault);
}

export async function getVault(ctx: Pick<UseCaseContext, 'store' | 'principal'>, vaultId: string) {
  return vaultView(await loadVault(ctx.store, ctx.principal.tenantId, vaultId));
}

/** The tenant's vaults, oldest first (ids are time-ordered); `status` filters. */
export async function listVaults(
  ctx: Pick<UseCaseContext, 'store' | 'principal' | 'cursors'>,
  page: PageRequest & { status?: VaultStatus },
) {
  const out = await listPage(
    ctx,
    {
      name: 'vaults',
      filters: { status: page.status },
      pattern: accessPatterns.vaultsOfTenant(ctx.principal.tenantId),
    },
    page,
    (i) => !page.status || i.status === page.status,
  );
  return { vaults: out.items.map((i) => vaultView(decodeVault(i))), next_cursor: out.next_cursor };
}

/** Updates name and metadata of an active vault; a rename moves the name's reservation in the same transaction. */
export async function updateVault(
  ctx: UseCaseContext,
  vaultId: string,
  input: { name?: string; metadata?: Record<string, unknown> },
) {
  if (input.name === undefined && input.metadata === undefined)
    throw new ValidationError('nothing to update: give name or metadata');
  const vault = await loadActiveVault(ctx.store, ctx.principal.tenantId, vaultId);
  const updated: VaultRecord = {
    ...vault,
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.metadata !== undefined ? { metadata: input.metadata } : {}),
    updated_at: ctx.now.toISOString(),
  };
  ctx.uow.replace(vaultItem(updated));
  if (normalizeVaultName(updated.name) !== normalizeVaultName(vault.name)) {
    ctx.uow.delete(keys.vaultName(vault.tenant_id, normalizeVaultName(vault.name)));
    ctx.uow.create(vaultNameItem(vault.tenant_id, updated.name, vault.id), () => new VaultDuplicateError());
  }
  ctx.uow.audit({
    tenantId: vault.tenant_id,
    action: 'vault.updated',
    resourceType: 'vault',
    resourceId: vault.id,
    change: input,
  });
  return vaultView(updated);
}

/**
 * The vault and its wallets still active, once the vault index lists every wallet the vault counts. The index is
 * eventually consistent: a wallet created before the vault was read may not be listed yet, so a listing shorter than
 * the vault's `wallet_count` (`stageWalletAdded`) is read again after a pause; a listing made stale by a later
 * creation is caught by the archive's version condition instead. 409 1301 if the index has not caught up after
 * `CONFLICT_RETRY_ATTEMPTS` reads.
 */
async function vaultWithEveryWallet(
  store: Store,
  tenantId: string,
  vaultId: string,
): Promise<{ vault: VaultRecord; wallets: WalletRecord[] }> {
  for (let attempt = 1; ; attempt++) {
    const vault = await loadVault(store, tenantId, vaultId);
    const { active, listed } = await activeWalletsOfVault(store, tenantId, vaultId);
    if (listed >= (vault.wallet_count ?? 0)) return { vault, wallets: active };
    if (attempt >= CONFLICT_RETRY_ATTEMPTS)
      throw new ApiError('TX_INVALID_STATE', 'the vault index does not list every wallet of the vault yet; retry');
    await sleep(conflictBackoffMs(attempt));
  }
}

/**
 * Archives a vault and, in the same change, every wallet in it. When the vault holds more wallets than one
 * transaction can write, the first chunks are archived (and audited as `vault.wallets_archived`) in transactions of
 * their own before the last chunk commits with the vault: a failure in between leaves an active vault with some
 * archived wallets, a state that exists anyway, and archiving again finishes the job. Archiving an archived vault
 * answers it unchanged after archiving any wallet still marked active in it.
 *
 * No wallet stays active in an archived vault: a wallet created while the archive runs moves the vault's version
 * (`stageWalletAdded`), so the final commit (the vault replaced under the version it was read at) fails and the
 * archive runs again from fresh reads; the wallet check of a submission relies on it (transactions/submit-transfer.ts).
 */
export async function archiveVault(
  ctx: UseCaseContext & Pick<AuditedStore, 'keys'>,
  vaultId: string,
  input: { reason?: string },
  opts: { requestId: string | null; chunkSize?: number },
) {
  const chunkSize = opts.chunkSize ?? WALLET_ARCHIVE_CHUNK;
  const tenantId = ctx.principal.tenantId;
  const { vault, wallets } = await vaultWithEveryWallet(ctx.store, tenantId, vaultId);
  const chunks: WalletRecord[][] = [];
  for (let i = 0; i < wallets.length; i += chunkSize) chunks.push(wallets.slice(i, i + chunkSize));
  const last = chunks.pop() ?? [];
  const meta: CommitMeta = {
    actor: { type: 'user', user_id: ctx.principal.userId, key_id: ctx.principal.keyId },
    requestId: opts.requestId,
    now: ctx.now,
  };
  for (const chunk of chunks) {
    await runInUnitOfWork(ctx, meta, async (uow) => {
      for (const w of chunk) stageWalletArchived(uow, w, ctx.now);
      uow.audit({
        tenantId,
        action: 'vault.wallets_archived',
        resourceType: 'vault',
        resourceId: vaultId,
        change: { wallet_ids: chunk.map((w) => w.id) },
      });
    });
  }
  for (const w of last) stageWalletArchived(ctx.uow, w, ctx.now);
  if (vault.status === 'archived') {
    if (last.length)
      ctx.uow.audit({
        tenantId,
        action: 'vault.wallets_archived',
        resourceType: 'vault',
        resourceId: vaultId,
        change: { wallet_ids: last.map((w) => w.id) },
      });
    return vaultView(vault);
  }
  const ts = ctx.now.toISOString();
  const updated: VaultRecord = {
    ...vault,
    status: 'archived',
    archived_reason: input.reason ?? null,
    archived_at: ts,
    updated_at: ts,
  };
  ctx.uow.replace(vaultItem(updated));
  ctx.uow.audit({
    tenantId,
    action: 'vault.archived',
    resourceType: 'vault',
    resourceId: vaultId,
    change: { reason: updated.archived_reason, wallet_ids: last.map((w) => w.id), wallets_archived: wallets.length },
  });
  return vaultView(updated);
}
