import * as z from '../../schemas/zod.js';
import type { Item, Store } from '../../ports/store.js';
import { keys } from '../../store/keys.js';
import { accessPatterns } from '../../store/access-patterns.js';
import { ApiError } from '../../errors/catalog.js';
import { NotFoundError } from '../../errors/domain-errors.js';
import type { UseCaseContext } from '../context.js';
import { newId } from '../ids.js';
import { listPage, type PageRequest } from '../pagination.js';
import { loadActiveVault, vaultStillActive } from '../vaults/vault-record.js';
import { loadAsset, type NativeProfile } from '../assets/asset-record.js';
import { loadGovernance } from '../governance/settings.js';
import { entryStatus, type BookEntry } from './book.js';

/**
 * The tenant's address book: named destinations an admin vouched for, optionally scoped to one vault and one asset.
 * A new entry is usable by transfers only after the tenant's cooling period (`address_cooling_hours` of the governance
 * settings, counted from when the entry is created: for a governed creation, from the approval that applied it), so a
 * stolen admin key cannot add an address and pay it at once. Creating and removing are governed operations
 * (governance/commands.ts); policies refer to the book (ADDRESS_BOOK_ONLY, WHITELIST_ADDRESS `entry_ids`), and the
 * transaction view names destinations found in it and flags look-alikes (book.ts).
 */
export type AddressBookInput = { address: string; name: string; asset_id?: string; vault_id?: string; notes?: string };

/** The stored item's decoder, built at its first use (importing the module builds no schema). */
const EntryItem = z.lazySchema(() =>
  z.object({
    entity: z.literal('address_book_entry'),
    id: z.string(),
    tenant_id: z.string(),
    address: z.string(),
    name: z.string(),
    asset_id: z.nullable(z.string()),
    vault_id: z.nullable(z.string()),
    notes: z.nullable(z.string()),
    created_at: z.string(),
    usable_at: z.string(),
    created_by: z.object({ user_id: z.string(), key_id: z.string() }),
    version: z.number(),
  }),
);
export type EntryRecord = Omit<z.infer<ReturnType<typeof EntryItem>>, 'entity'>;

/** A stored entry, decoded: a malformed item fails here, loudly. */
function asEntry(item: Item): EntryRecord {
  const parsed = EntryItem().safeParse(item);
  if (!parsed.success) throw new Error(`malformed address book entry ${String(item.sk)}`);
  const { entity: _e, ...rest } = parsed.data;
  return rest;
}

export function entryView(e: EntryRecord, now: Date) {
  return {
    id: e.id,
    address: e.address,
    name: e.name,
    asset_id: e.asset_id,
    vault_id: e.vault_id,
    notes: e.notes,
    status: entryStatus(e, now),
    usable_at: e.usable_at,
    created_at: e.created_at,
    created_by: e.created_by,
  };
}
export type EntryView = ReturnType<typeof entryView>;

export class AddressBookDuplicateError extends ApiError {
  override name = 'AddressBookDuplicateError';
  constructor(address: string) {
    super('VAULT_DUPLICATE', `address ${address} is already in the address book for this vault and asset scope`, {
      resource: 'address_book_entry',
      field: 'address',
    });
  }
}

const addressKey = (e: Pick<EntryRecord, 'tenant_id' | 'address' | 'vault_id' | 'asset_id'>) =>
  keys.addressBookAddress(e.tenant_id, e.address, e.vault_id, e.asset_id);

/**
 * Adds an entry: its vault must be an active vault of the tenant (404 1400, 409 1301), its asset one of the tenant's
 * (404 1400); the same address in the same scope is 409 1401 (a constraint item, written with the entry).
 */
export async function createEntry(
  ctx: UseCaseContext,
  profile: NativeProfile,
  input: AddressBookInput,
): Promise<EntryView> {
  const tenantId = ctx.principal.tenantId;
  const [asset, settings] = await Promise.all([
    input.asset_id === undefined ? undefined : loadAsset(ctx.store, ctx.principal.tenant, input.asset_id, profile),
    loadGovernance(ctx.store, tenantId),
    input.vault_id === undefined ? undefined : loadActiveVault(ctx.store, tenantId, input.vault_id),
  ]);
  const ts = ctx.now.toISOString();
  const entry: EntryRecord = {
    id: newId(),
    tenant_id: tenantId,
    address: input.address.toLowerCase(),
    name: input.name,
    asset_id: asset ? asset.id.toLowerCase() : null,
    vault_id: input.vault_id?.toLowerCase() ?? null,
    notes: input.notes ?? null,
    created_at: ts,
    usable_at: new Date(ctx.now.getTime() + settings.address_cooling_hours * 3_600_000).toISOString(),
    created_by: { user_id: ctx.principal.userId, key_id: ctx.principal.keyId },
    version: 1,
  };
  if (entry.vault_id) vaultStillActive(ctx.uow, tenantId, entry.vault_id);
  ctx.uow.create({ ...keys.addressBookEntry(tenantId, entry.id), entity: 'address_book_entry', ...entry });
  ctx.uow.create(
    { ...addressKey(entry), entity: 'constraint', entry_id: entry.id },
    () => new AddressBookDuplicateError(entry.address),
  );
  const view = entryView(entry, ctx.now);
  ctx.uow.audit({
    tenantId,
    action: 'address_book.entry_added',
    resourceType: 'address_book_entry',
    resourceId: entry.id,
    change: {
      address: entry.address,
      name: entry.name,
      asset_id: entry.asset_id,
      vault_id: entry.vault_id,
      notes: entry.notes,
      usable_at: entry.usable_at,
    },
  });
  ctx.uow.event(tenantId, 'address_book.entry_added', {
    entry_id: entry.id,
    address: entry.address,
    name: entry.name,
    asset_id: entry.asset_id,
    vault_id: entry.vault_id,
    usable_at: entry.usable_at,
  });
  return view;
}

export async function loadEntry(store: Store, tenantId: string, entryId: string): Promise<EntryRecord> {
  const item = await store.get(keys.addressBookEntry(tenantId, entryId));
  if (!item) throw new NotFoundError('address book entry');
  return asEntry(item);
}

export async function getEntry(ctx: Pick<UseCaseContext, 'store' | 'principal' | 'now'>, entryId: string) {
  return entryView(await loadEntry(ctx.store, ctx.principal.tenantId, entryId), ctx.now);
}

/** Removes an entry and its address constraint; transfers to it are judged without it from the next submission. */
export async function removeEntry(ctx: UseCaseContext, entryId: string): Promise<void> {
  const tenantId = ctx.principal.tenantId;
  const entry = await loadEntry(ctx.store, tenantId, entryId);
  ctx.uow.delete(keys.addressBookEntry(tenantId, entryId), { type: 'version', version: entry.version });
  ctx.uow.delete(addressKey(entry), { type: 'exists' });
  ctx.uow.audit({
    tenantId,
    action: 'address_book.entry_removed',
    resourceType: 'address_book_entry',
    resourceId: entryId,
    change: { address: entry.address, name: entry.name, asset_id: entry.asset_id, vault_id: entry.vault_id },
  });
  ctx.uow.event(tenantId, 'address_book.entry_removed', {
    entry_id: entry.id,
    address: entry.address,
    name: entry.name,
    asset_id: entry.asset_id,
    vault_id: entry.vault_id,
  });
}

/** A page of the book in creation order (strongly consistent: an entry shows once its creation answered). */
export async function listEntries(
  ctx: Pick<UseCaseContext, 'store' | 'principal' | 'cursors' | 'now'>,
  query: PageRequest,
) {
  const page = await listPage(
    ctx,
    { name: 'address_book', pattern: accessPatterns.addressBookOfTenant(ctx.principal.tenantId), consistent: true },
    query,
  );
  return { entries: page.items.map((i) => entryView(asEntry(i), ctx.now)), next_cursor: page.next_cursor };
}

/**
 * The whole book of a tenant, with ONE strongly consistent query (more pages only past 1 MB, about 3,000 entries):
 * what a transfer's evaluation and a page of transaction views read, once per request.
 */
export async function loadBook(store: Store, tenantId: string): Promise<BookEntry[]> {
  const out: BookEntry[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await store.query({
      pattern: accessPatterns.addressBookOfTenant(tenantId),
      limit: 1000,
      startKey,
      consistent: true,
    });
    for (const item of page.items) {
      const e = asEntry(item);
      out.push({
        id: e.id,
        name: e.name,
        address: e.address,
        asset_id: e.asset_id,
        vault_id: e.vault_id,
        usable_at: e.usable_at,
      });
    }
    startKey = page.lastKey;
  } while (startKey);
  return out;
}

/** The entry ids of `ids` that are not in the tenant's book. */
export async function unknownEntries(store: Store, tenantId: string, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  const found = await store.getMany(
    unique.map((id) => keys.addressBookEntry(tenantId, id)),
    { attributes: ['entity'] },
  );
  return unique.filter((_, i) => found[i] === undefined);
}
