import { keys } from '../../store/keys.js';
import { accessPatterns } from '../../store/access-patterns.js';
import { DuplicateExternalIdError } from '../../errors/domain-errors.js';
import type { UseCaseContext } from '../context.js';
import { newId } from '../ids.js';
import { encodeTableCursor, listPage, DEFAULT_LIMIT, type PageRequest } from '../pagination.js';
import {
  asAsset,
  assetItem,
  assetView,
  loadAsset,
  nativeAsset,
  watchedTokenItem,
  type NativeProfile,
  type StoredAsset,
} from './asset-record.js';

/**
 * Asset registry use cases: register a token, list (native first), get. Token contract addresses and symbols are
 * unique in the tenant, whatever their letter case; the native asset's symbol is taken too (409 1104).
 */
export { nativeAssetId } from './asset-record.js';
export type CreateTokenInput = {
  type: 'token';
  contract_address: string;
  symbol: string;
  name: string;
  decimals: number;
};

/**
 * The one way a token asset enters the registry (registered through POST /v1/assets, or a token deployed through the
 * service): its item, its contract address claimed in the tenant, and its place on the deposit scanner's watch list,
 * so its deposits are found from its Transfer logs from now on (docs/deposits.md). The symbol is claimed by the caller
 * (a token deployed through the service reserved it when it was created).
 */
export function stageTokenAsset(uow: UseCaseContext['uow'], asset: StoredAsset): void {
  uow.create(assetItem(asset));
  uow.put(watchedTokenItem(asset));
  uow.create(
    { ...keys.assetContract(asset.tenant_id, asset.contract_address!), entity: 'constraint', asset_id: asset.id },
    () => new DuplicateExternalIdError('an asset with this contract address exists in the tenant'),
  );
}

export async function createTokenAsset(ctx: UseCaseContext, profile: NativeProfile, input: CreateTokenInput) {
  const tenantId = ctx.principal.tenantId;
  if (input.symbol.toUpperCase() === profile.nativeAsset.symbol.toUpperCase()) {
    throw new DuplicateExternalIdError(`symbol ${input.symbol} is the native asset's`);
  }
  const asset: StoredAsset = {
    id: newId(),
    tenant_id: tenantId,
    type: 'token',
    symbol: input.symbol,
    name: input.name,
    decimals: input.decimals,
    chain_id: profile.chainId,
    contract_address: input.contract_address.toLowerCase(),
    status: 'active',
    created_at: ctx.now.toISOString(),
    version: 1,
  };
  stageTokenAsset(ctx.uow, asset);
  ctx.uow.create(
    { ...keys.assetSymbol(tenantId, asset.symbol), entity: 'constraint', asset_id: asset.id },
    () => new DuplicateExternalIdError('an asset with this symbol exists in the tenant'),
  );
  ctx.uow.audit({
    tenantId,
    action: 'asset.created',
    resourceType: 'asset',
    resourceId: asset.id,
    change: assetView(asset),
  });
  return assetView(asset);
}

export async function getAsset(
  ctx: Pick<UseCaseContext, 'store' | 'principal'>,
  profile: NativeProfile,
  assetId: string,
) {
  return loadAsset(ctx.store, ctx.principal.tenant, assetId, profile);
}

/**
 * The native asset first, then the tenant's tokens in registration order. The native asset takes the first slot of
 * the first page; cursors (and `page`/`per_page`) walk the tokens after it.
 */
export async function listAssets(
  ctx: Pick<UseCaseContext, 'store' | 'principal' | 'cursors'>,
  profile: NativeProfile,
  req: PageRequest,
) {
  const listing = { name: 'assets', pattern: accessPatterns.assetsOfTenant(ctx.principal.tenantId) };
  const limit = req.per_page ?? req.limit ?? DEFAULT_LIMIT;
  const tokens = (r: PageRequest) => listPage(ctx, listing, r);
  if (req.cursor) {
    const out = await tokens({ limit, cursor: req.cursor });
    return { assets: out.items.map(asAsset), next_cursor: out.next_cursor };
  }
  const page = req.page ?? 1;
  if (page > 1) {
    // Tokens before this page: all of the earlier pages but the native asset's slot.
    const skip = (page - 1) * limit - 1;
    let cursor: string | undefined;
    if (skip > 0) {
      const before = await tokens({ limit: skip });
      if (!before.next_cursor) return { assets: [], next_cursor: null };
      cursor = before.next_cursor;
    }
    const out = await tokens({ limit, cursor });
    return { assets: out.items.map(asAsset), next_cursor: out.next_cursor };
  }
  const native = nativeAsset(profile, ctx.principal.tenant.created_at);
  if (limit === 1) {
    // The next page starts before the first token.
    const { pk, skPrefix } = keys.assetPrefix(ctx.principal.tenantId);
    return { assets: [native], next_cursor: encodeTableCursor(ctx.cursors, listing, { pk, sk: skPrefix }) };
  }
  const out = await tokens({ limit: limit - 1 });
  return { assets: [native, ...out.items.map(asAsset)], next_cursor: out.next_cursor };
}
