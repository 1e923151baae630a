import * as z from 'zod';
import { address, name, paginationQuery, timestamp, uuid, uint } from './common.js';

/** Request and response schemas of the asset registry (snake_case). */
export const CreateAssetBody = z
  .object({
    type: z.literal('token'),
    contract_address: address(),
    symbol: z.string().trim().min(1).max(32).regex(/^[A-Za-z0-9._-]+$/, 'letters, digits, ".", "_" and "-" only'),
    name: name(),
    decimals: uint().max(36),
  })
  .strict();

export const AssetIdParam = z.object({ id: uuid() });
export const AssetListQuery = paginationQuery;

export const Asset = z
  .object({
    id: uuid(),
    type: z.enum(['native', 'token']),
    symbol: z.string(),
    name: z.string(),
    decimals: uint(),
    chain_id: uint(),
    contract_address: z.string().nullable(),
    status: z.enum(['active']),
    created_at: timestamp(),
  })
  .meta({ id: 'Asset' });

export const AssetList = z.object({ assets: z.array(Asset), next_cursor: z.string().nullable() });
