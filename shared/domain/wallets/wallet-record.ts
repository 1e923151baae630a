import type { Store, VersionedItem } from '../../ports/store.js';
import * as z from '../../schemas/zod.js';
import { keys } from '../../store/keys.js';
import { itemKey, MalformedItemError, schemaDecoder } from '../../store/decode.js';
import { optionalString, versioned } from '../../store/stored-schema.js';
import { accessPatterns } from '../../store/access-patterns.js';
import type { UnitOfWork } from '../unit-of-work.js';
import { NotFoundError } from '../../errors/domain-errors.js';
import type { PqAlgorithm } from '../chain/chain-profile-rules.js';
import type { VaultStatus } from '../vaults/vault-record.js';

/**
 * A wallet: an on-chain address and its registered post-quantum public key, in a vault. The public key is stored
 * once, here (ML-DSA-87 keys are 2,592 bytes): audit entries carry its Keccak-256 fingerprint, list responses leave
 * it out. Other issues (transactions) read this shape through `loadWallet`.
 */
export type WalletStatus = 'active' | 'archived';
export type WalletOrigin = 'registered' | 'generated';
export type WalletRecord = {
  id: string;
  tenant_id: string;
  vault_id: string;
  /** Lowercase 0x address. */
  address: string;
  /** 0x hex of the public key bytes. */
  public_key: string;
  algorithm: PqAlgorithm;
  label: string | null;
  origin: WalletOrigin;
  /** The signer's reference of a generated key; null for registered wallets (their keys live elsewhere). */
  signer_key_ref: string | null;
  status: WalletStatus;
  created_at: string;
  updated_at: string;
  version: number;
};

/**
 * The stored wallet: the record with its public key as binary (half its hex: an ML-DSA-65 key is 1,952 bytes). A
 * wallet item is read, and checked inside every submission's transaction (its status; on AWS a check is charged by
 * the checked item's size), so its size is paid on every transfer; `walletFromItem` reads it back.
 */
export const walletItem = (w: WalletRecord): VersionedItem => ({
  ...keys.wallet(w.tenant_id, w.id),
  ...keys.walletVaultIndex(w.tenant_id, w.vault_id, w.id),
  entity: 'wallet',
  ...w,
  public_key: Buffer.from(w.public_key.slice(2), 'hex'),
});

const WalletItem = z.lazySchema(() =>
  z.object({
    id: z.string(),
    tenant_id: z.string(),
    vault_id: z.string(),
    address: z.string(),
    // The public key's bytes are checked below: zod's `instanceof` would add 1 KiB to every function reading wallets.
    algorithm: z.string(),
    label: optionalString(),
    origin: z.optional(z.enum(['registered', 'generated'])),
    signer_key_ref: optionalString(),
    status: z.enum(['active', 'archived']),
    ...versioned(),
  }),
);
const decodeWalletItem = schemaDecoder<Omit<WalletRecord, 'public_key'> & { public_key: Uint8Array }>(
  'wallet',
  WalletItem,
);

/** A stored wallet item as its record (the public key back to 0x hex); a malformed one is refused (store/decode.ts). */
export function walletFromItem(item: Record<string, unknown>): WalletRecord {
  const r = decodeWalletItem(item);
  if (!(r.public_key instanceof Uint8Array))
    throw new MalformedItemError('wallet', itemKey(item), 'public_key: expected bytes');
  return { ...r, public_key: `0x${Buffer.from(r.public_key).toString('hex')}` };
}

/** The constraint item that binds an address to one wallet in its tenant (kept after archiving). */
export const walletAddressItem = (w: Pick<WalletRecord, 'tenant_id' | 'address' | 'id'>) => ({
  ...keys.walletAddress(w.tenant_id, w.address),
  entity: 'constraint',
  wallet_id: w.id,
});

/**
 * The platform item that lists this wallet under its address across tenants (`accessPatterns.walletsAtAddress`): the
 * deposit scanner finds the receivers of a transfer with one query per address. Written with the wallet, kept after
 * archiving (money sent to an archived wallet is still seen).
 */
export const walletAtAddressItem = (w: Pick<WalletRecord, 'tenant_id' | 'vault_id' | 'address' | 'id'>) => ({
  ...keys.walletAtAddress(w.address, w.tenant_id, w.id),
  entity: 'wallet_at_address',
  tenant_id: w.tenant_id,
  vault_id: w.vault_id,
  wallet_id: w.id,
  address: w.address.toLowerCase(),
});

/**
 * The status a client sees: a wallet of an archived vault is archived. Since wallet creation moves the vault's
 * version (`stageWalletAdded`), the use cases never leave a wallet active in an archived vault; this view rule still
 * covers one written otherwise (archiving the vault again archives such a wallet for good).
 */
export const effectiveStatus = (w: Pick<WalletRecord, 'status'>, vaultStatus: VaultStatus): WalletStatus =>
  vaultStatus === 'archived' ? 'archived' : w.status;

/** The list shape: everything but the public key, to keep pages small. */
export function walletListView(w: WalletRecord, vaultStatus: VaultStatus = 'active') {
  return {
    id: w.id,
    vault_id: w.vault_id,
    address: w.address,
    algorithm: w.algorithm,
    label: w.label,
    origin: w.origin,
    signer_key_ref: w.signer_key_ref,
    status: effectiveStatus(w, vaultStatus),
    created_at: w.created_at,
    updated_at: w.updated_at,
  };
}

/** The full shape (get, register, generate): the list shape plus `public_key`. */
export function walletView(w: WalletRecord, vaultStatus: VaultStatus = 'active') {
  const { id, vault_id, address, ...rest } = walletListView(w, vaultStatus);
  return { id, vault_id, address, public_key: w.public_key, ...rest };
}

/** A wallet of the tenant as stored; unknown (or another tenant's) is 404 1400 (resource `wallet`). */
export async function loadWallet(store: Store, tenantId: string, walletId: string): Promise<WalletRecord> {
  const item = await store.get(keys.wallet(tenantId, walletId));
  if (!item) throw new NotFoundError('wallet');
  return walletFromItem(item);
}

/** Marks a wallet archived in a unit of work (no audit entry: the caller audits the change it is part of). */
export function stageWalletArchived(uow: UnitOfWork, w: WalletRecord, now: Date): WalletRecord {
  const updated: WalletRecord = { ...w, status: 'archived', updated_at: now.toISOString() };
  uow.replace(walletItem(updated));
  return updated;
}

/**
 * Every wallet of a vault whose stored status is still active, read consistently (the vault index only finds them;
 * their current versions come from the table itself), and how many wallets, of any status, the index listed (the
 * index is eventually consistent: compared with the vault's `wallet_count`, it tells whether a wallet is missing).
 */
export async function activeWalletsOfVault(
  store: Store,
  tenantId: string,
  vaultId: string,
): Promise<{ active: WalletRecord[]; listed: number }> {
  const ids: string[] = [];
  let listed = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await store.query({ pattern: accessPatterns.walletsOfVault(tenantId, vaultId), limit: 500, startKey });
    listed += page.items.length;
    for (const item of page.items) if (item.status === 'active') ids.push(item.id as string);
    startKey = page.lastKey;
  } while (startKey);
  const items = await store.getMany(ids.map((id) => keys.wallet(tenantId, id)));
  return { active: items.flatMap((item) => (item && item.status === 'active' ? [walletFromItem(item)] : [])), listed };
}
