import * as z from './zod.js';
import { address, name, paginationQuery, uuid, uint, nextCursor, createdAt, described } from './common.js';

/** Request and response schemas of the asset registry (snake_case). */
export const CreateAssetBody = z.lazySchema(() => z.strictObject({
    type: z.literal('token'),
    contract_address: address(),
    symbol: z.string().check(z.trim(), z.minLength(1), z.maxLength(32), z.regex(/^[A-Za-z0-9._-]+$/, 'letters, digits, ".", "_" and "-" only')),
    name: name(),
    decimals: uint().check(z.lte(36)),
  }));

export const AssetIdParam = z.lazySchema(() => z.object({ id: described(uuid(), 'The asset id') }));
export const AssetListQuery = paginationQuery;

export const Asset = z.lazySchema(() => z.withMeta(z.object({
    id: uuid(),
    type: z.enum(['native', 'token']),
    symbol: z.string(),
    name: z.string(),
    decimals: uint(),
    chain_id: uint(),
    contract_address: z.nullable(z.string()),
    status: z.enum(['active']),
    created_at: createdAt(),
  }), { id: 'Asset' }));

export const AssetList = z.lazySchema(() => z.object({ assets: z.array(Asset()), next_cursor: nextCursor() }));
