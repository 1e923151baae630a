import * as z from './zod.js';
import {
  metadata,
  name,
  paginationQuery,
  reason,
  timestamp,
  uuid,
  nextCursor,
  createdAt,
  updatedAt,
  described,
} from './common.js';

/** Request and response schemas of vaults (snake_case: docs/api-conventions.md, "Requests and answers"). */
export const CreateVaultBody = z.lazySchema(() =>
  z.strictObject({
    name: described(name(), "The vault's name, unique in the tenant whatever the letter case"),
    metadata: described(z.optional(metadata()), 'Your key-values, returned as sent'),
  }),
);
export const UpdateVaultBody = z.lazySchema(() =>
  z.strictObject({
    name: described(z.optional(name()), 'A new name, unique in the tenant'),
    metadata: described(z.optional(metadata()), "Replaces the vault's metadata"),
  }),
);
export const ArchiveVaultBody = z.lazySchema(() =>
  z.strictObject({ reason: described(z.optional(reason()), 'Why, kept as `archived_reason`') }),
);

export const VaultIdParam = z.lazySchema(() => z.object({ vaultAccountId: described(uuid(), 'The vault id') }));
export const VaultListQuery = z.lazySchema(() =>
  z.extend(paginationQuery(), {
    status: described(z.optional(z.enum(['active', 'archived'])), 'Only vaults in this status'),
  }),
);

export const Vault = z.lazySchema(() =>
  z.withMeta(
    z.object({
      id: described(uuid(), 'The vault id'),
      name: described(z.string(), "The vault's name, unique in the tenant whatever the letter case"),
      metadata: described(z.record(z.string(), z.unknown()), 'Your key-values, returned as sent'),
      status: described(z.enum(['active', 'archived']), '`active`, or `archived` (permanent)'),
      archived_reason: described(z.nullable(z.string()), 'Why it was archived; null while active'),
      archived_at: described(z.nullable(timestamp()), 'When it was archived; null while active'),
      created_at: createdAt(),
      updated_at: updatedAt(),
    }),
    { id: 'Vault' },
  ),
);

export const VaultList = z.lazySchema(() =>
  z.object({ vaults: described(z.array(Vault()), 'One page of vaults'), next_cursor: nextCursor() }),
);
