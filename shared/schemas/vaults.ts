import * as z from 'zod';
import { metadata, name, paginationQuery, reason, timestamp, uuid } from './common.js';

/** Request and response schemas of vaults (snake_case, interface 2.4 and DESIGN.md 2). */
export const CreateVaultBody = z.object({ name: name(), metadata: metadata().optional() }).strict();
export const UpdateVaultBody = z.object({ name: name().optional(), metadata: metadata().optional() }).strict();
export const ArchiveVaultBody = z.object({ reason: reason().optional() }).strict();

export const VaultIdParam = z.object({ vaultAccountId: uuid() });
export const VaultListQuery = paginationQuery.extend({ status: z.enum(['active', 'archived']).optional() });

export const Vault = z
  .object({
    id: uuid(),
    name: z.string(),
    metadata: z.record(z.string(), z.unknown()),
    status: z.enum(['active', 'archived']),
    archived_reason: z.string().nullable(),
    archived_at: timestamp().nullable(),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .meta({ id: 'Vault' });

export const VaultList = z.object({ vaults: z.array(Vault), next_cursor: z.string().nullable() });
