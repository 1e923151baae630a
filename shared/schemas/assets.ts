import * as z from './zod.js';
import { address, name, paginationQuery, symbol, uuid, uint, nextCursor, createdAt, described } from './common.js';

/** Request and response schemas of the asset registry (snake_case). */
export const CreateAssetBody = z.lazySchema(() =>
  z.strictObject({
    type: described(z.literal('token'), 'Only tokens are registered; the native asset is built in'),
    contract_address: address(),
    symbol: described(symbol(), 'The ticker shown with amounts, e.g. USDC'),
    name: described(name(), "The asset's display name"),
    decimals: described(
      uint().check(z.lte(36)),
      "Decimal places of one unit (at most 36), as the token's `decimals()`",
    ),
  }),
);

export const AssetIdParam = z.lazySchema(() => z.object({ id: described(uuid(), 'The asset id') }));
export const AssetListQuery = paginationQuery;

export const Asset = z.lazySchema(() =>
  z.withMeta(
    z.object({
      id: described(uuid(), 'The asset id'),
      type: described(z.enum(['native', 'token']), "`native` (the chain's coin) or `token` (ERC-20)"),
      symbol: described(z.string(), 'The ticker shown with amounts'),
      name: described(z.string(), "The asset's display name"),
      decimals: described(uint(), 'Decimal places of one unit: amounts are integers of 10^-decimals'),
      chain_id: described(uint(), 'The EVM chain id it lives on'),
      contract_address: described(
        z.nullable(z.string()),
        'The ERC-20 contract, lowercase 0x; null for the native asset',
      ),
      status: described(z.enum(['active']), 'Always `active`'),
      created_at: createdAt(),
    }),
    { id: 'Asset' },
  ),
);

export const AssetList = z.lazySchema(() =>
  z.object({ assets: described(z.array(Asset()), 'One page of assets'), next_cursor: nextCursor() }),
);
