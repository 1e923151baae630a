import * as z from './zod.js';
import { metadata, name, paginationQuery, reason, timestamp, uuid, nextCursor, createdAt, updatedAt, described } from './common.js';

/** Request and response schemas of vaults (snake_case, interface 2.4 and DESIGN.md 2). */
export const CreateVaultBody = z.lazySchema(() => z.strictObject({ name: name(), metadata: z.optional(metadata()) }));
export const UpdateVaultBody = z.lazySchema(() => z.strictObject({ name: z.optional(name()), metadata: z.optional(metadata()) }));
export const ArchiveVaultBody = z.lazySchema(() => z.strictObject({ reason: z.optional(reason()) }));

export const VaultIdParam = z.lazySchema(() => z.object({ vaultAccountId: described(uuid(), 'The vault id') }));
export const VaultListQuery = z.lazySchema(() => z.extend(paginationQuery(), { status: z.optional(z.enum(['active', 'archived'])) }));

export const Vault = z.lazySchema(() => z.withMeta(z.object({
    id: described(uuid(), 'The vault id'),
    name: described(z.string(), 'The vault\'s name, unique in the tenant whatever the letter case'),
    metadata: described(z.record(z.string(), z.unknown()), 'Your key-values, returned as sent'),
    status: described(z.enum(['active', 'archived']), '`active`, or `archived` (permanent)'),
    archived_reason: described(z.nullable(z.string()), 'Why it was archived; null while active'),
    archived_at: described(z.nullable(timestamp()), 'When it was archived; null while active'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  }), { id: 'Vault' }));

export const VaultList = z.lazySchema(() => z.object({ vaults: z.array(Vault()), next_cursor: nextCursor() }));
