import type { Store, VersionedItem } from '../../ports/store.js';
import * as z from '../../schemas/zod.js';
import { keys } from '../../store/keys.js';
import { schemaDecoder } from '../../store/decode.js';
import { anyMap, optionalString, versioned } from '../../store/stored-schema.js';
import type { UnitOfWork } from '../unit-of-work.js';
import { InvalidStateError, VaultNotFoundError } from '../../errors/domain-errors.js';

/** A vault: a named grouping of wallets inside one tenant. Archiving is permanent. */
export type VaultStatus = 'active' | 'archived';
export type VaultRecord = {
  id: string;
  tenant_id: string;
  name: string;
  metadata: Record<string, unknown>;
  status: VaultStatus;
  archived_reason: string | null;
  archived_at: string | null;
  created_at: string;
  updated_at: string;
  version: number;
  /**
   * Wallets ever created in the vault (absent: none). Each creation adds one to it and to `version`
   * (`stageWalletAdded`), so archiving can tell that its listing of the vault's wallets is complete.
   */
  wallet_count?: number;
};

export const vaultItem = (v: VaultRecord): VersionedItem => ({
  ...keys.vault(v.tenant_id, v.id),
  entity: 'vault',
  ...v,
});

/** Names are unique per tenant regardless of letter case (and Unicode composition). */
export const normalizeVaultName = (name: string): string => name.trim().normalize('NFC').toLowerCase();

/** The constraint item that reserves a vault name in its tenant. */
export const vaultNameItem = (tenantId: string, name: string, vaultId: string) => ({
  ...keys.vaultName(tenantId, normalizeVaultName(name)),
  entity: 'constraint',
  vault_id: vaultId,
});

export function vaultView(v: VaultRecord) {
  return {
    id: v.id,
    name: v.name,
    metadata: v.metadata,
    status: v.status,
    archived_reason: v.archived_reason,
    archived_at: v.archived_at,
    created_at: v.created_at,
    updated_at: v.updated_at,
  };
}

const VaultItem = z.lazySchema(() =>
  z.object({
    id: z.string(),
    tenant_id: z.string(),
    name: z.string(),
    metadata: z.optional(anyMap()),
    status: z.enum(['active', 'archived']),
    archived_reason: optionalString(),
    archived_at: optionalString(),
    wallet_count: z.optional(z.number()),
    ...versioned(),
  }),
);
export const decodeVault = schemaDecoder<VaultRecord>('vault', VaultItem);

/** A vault of the tenant, archived or not; unknown (or another tenant's) is 404 1400, revealing nothing. */
export async function loadVault(store: Store, tenantId: string, vaultId: string): Promise<VaultRecord> {
  const item = await store.get(keys.vault(tenantId, vaultId));
  if (!item) throw new VaultNotFoundError();
  return decodeVault(item);
}

/**
 * A vault that may take new wallets and new transactions: 404 1400 when unknown, 409 1301 when archived. Pair it
 * with `vaultStillActive` (a new wallet: `stageWalletAdded`) in the unit of work so an archive that commits first wins.
 */
export async function loadActiveVault(store: Store, tenantId: string, vaultId: string): Promise<VaultRecord> {
  const vault = await loadVault(store, tenantId, vaultId);
  if (vault.status !== 'active') throw new VaultArchivedError(vaultId);
  return vault;
}

export class VaultArchivedError extends InvalidStateError {
  override name = 'VaultArchivedError';
  constructor(vaultId: string) {
    super('the vault is archived', { vault_id: vaultId, status: 'archived' });
  }
}

/**
 * A guard for a unit of work: the vault is still active when the change commits (a concurrent archive makes the
 * change fail with 409 1301 instead of adding to an archived vault). A change that adds a wallet uses
 * `stageWalletAdded` instead.
 */
export function vaultStillActive(uow: UnitOfWork, tenantId: string, vaultId: string): void {
  uow.check(
    keys.vault(tenantId, vaultId),
    { type: 'equals', attribute: 'status', value: 'active' },
    () => new VaultArchivedError(vaultId),
  );
}

/**
 * A new wallet in the vault, staged on the vault item itself: the vault must still be active when the change commits
 * (409 1301), and its `version` and `wallet_count` each move by one (an atomic add: concurrent registrations do not
 * conflict on a version). So a wallet is never active in an archived vault: an archive that listed the vault's wallets
 * before this commit fails its version condition and lists them again, and one that lists them after it finds the new
 * wallet, or sees from `wallet_count` that the vault index has not caught up yet (vaults.ts `archiveVault`). This is
 * what lets a submission check only its wallet's status, not the vault's (transactions/submit-transfer.ts).
 */
export function stageWalletAdded(uow: UnitOfWork, tenantId: string, vaultId: string): void {
  uow.add(keys.vault(tenantId, vaultId), 'version', 1n, {
    more: { wallet_count: 1n },
    condition: { type: 'equals', attribute: 'status', value: 'active' },
    onConditionFailed: () => new VaultArchivedError(vaultId),
  });
}
