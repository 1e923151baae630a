import { v5 as uuidv5 } from 'uuid';
import type { Store, VersionedItem } from '../../ports/store.js';
import * as z from '../../schemas/zod.js';
import { keys } from '../../store/keys.js';
import { schemaDecoder } from '../../store/decode.js';
import { optionalString } from '../../store/stored-schema.js';
import { NotFoundError } from '../../errors/domain-errors.js';
import type { ChainProfile } from '../chain/chain-profile.js';
import type { Config } from '../../config.js';
import { nativeAssetOf } from '../chain/native-asset.js';

/**
 * An asset of the registry. The chain's native asset exists for every tenant without a write: its id is a UUIDv5 of
 * the chain id, the same in every tenant, and its record comes from the chain profile. Token assets are stored per
 * tenant (`ASSET#<id>` in the tenant partition).
 */
export type AssetRecord = {
  id: string;
  type: 'native' | 'token';
  symbol: string;
  name: string;
  decimals: number;
  chain_id: number;
  contract_address: string | null;
  status: 'active';
  created_at: string;
};
export type StoredAsset = AssetRecord & { tenant_id: string; version: number };

/** Namespace of native asset ids (a fixed random UUID; never change it, ids derive from it). */
const NATIVE_ASSET_NAMESPACE = '6f1d4c2e-8b7a-4f0e-9c3d-2a5b7e9f1c04';
export const nativeAssetId = (chainId: number): string => uuidv5(`native:${chainId}`, NATIVE_ASSET_NAMESPACE);

/** The native asset as a tenant sees it (`createdAt`: the tenant's creation, when it came to exist for it). */
export function nativeAsset(profile: Pick<ChainProfile, 'chainId' | 'nativeAsset'>, createdAt: string): AssetRecord {
  return {
    id: nativeAssetId(profile.chainId),
    type: 'native',
    symbol: profile.nativeAsset.symbol,
    name: profile.nativeAsset.name,
    decimals: profile.nativeAsset.decimals,
    chain_id: profile.chainId,
    contract_address: null,
    status: 'active',
    created_at: createdAt,
  };
}

export const assetView = (a: AssetRecord): AssetRecord => ({
  id: a.id,
  type: a.type,
  symbol: a.symbol,
  name: a.name,
  decimals: a.decimals,
  chain_id: a.chain_id,
  contract_address: a.contract_address,
  status: a.status,
  created_at: a.created_at,
});

export const assetItem = (a: StoredAsset): VersionedItem => ({
  ...keys.asset(a.tenant_id, a.id),
  entity: 'asset',
  ...a,
});
/**
 * The platform item that puts a token asset on the deposit scanner's watch list (`accessPatterns.watchedTokens`): the
 * scanner reads `Transfer` logs of every watched contract and records those to wallets of the asset's tenant only.
 * Written in the same unit of work as the asset (every path that adds a token asset writes both).
 */
export const watchedTokenItem = (a: Pick<StoredAsset, 'tenant_id' | 'id' | 'contract_address'>) => ({
  ...keys.watchedToken(a.contract_address!, a.tenant_id, a.id),
  entity: 'watched_token',
  tenant_id: a.tenant_id,
  asset_id: a.id,
  contract_address: a.contract_address!.toLowerCase(),
});

const AssetItem = z.lazySchema(() =>
  z.object({
    id: z.string(),
    type: z.enum(['native', 'token']),
    symbol: z.string(),
    name: z.string(),
    decimals: z.number(),
    chain_id: z.number(),
    contract_address: optionalString(),
    status: z.enum(['active']),
    created_at: z.string(),
  }),
);
const decodeAsset = schemaDecoder<AssetRecord>('asset', AssetItem);
export const asAsset = (item: Record<string, unknown>): AssetRecord => assetView(decodeAsset(item));

/** What the native asset's record needs of the chain profile: its id and native asset, no cryptography. */
export type NativeProfile = Pick<ChainProfile, 'chainId' | 'nativeAsset'>;

/**
 * The chain's id and native asset from the settings, as `chainProfileFromConfig` makes them (both through
 * `nativeAssetOf`), for the functions and routes that need no more of the profile (assets, a transfer's submission, a
 * token's deployment): no ML-DSA in their cold start.
 */
export function nativeProfileFromConfig(
  cfg: Pick<Config, 'CUSTODY_CHAIN_ID' | 'CUSTODY_NATIVE_ASSET_SYMBOL' | 'CUSTODY_NATIVE_ASSET_NAME'>,
): NativeProfile {
  return {
    chainId: cfg.CUSTODY_CHAIN_ID,
    nativeAsset: nativeAssetOf(cfg.CUSTODY_NATIVE_ASSET_SYMBOL, cfg.CUSTODY_NATIVE_ASSET_NAME),
  };
}

/**
 * An asset the tenant can use (the native asset, or one of its tokens); unknown is 404 1400 (resource `asset`). The
 * profile says which id is the native asset's and what it looks like; the native asset is dated by the tenant, which
 * the caller already holds (the principal's, read with the credential), so it costs no read.
 */
export async function loadAsset(
  store: Store,
  tenant: { id: string; created_at: string },
  assetId: string,
  profile: NativeProfile,
): Promise<AssetRecord> {
  if (assetId === nativeAssetId(profile.chainId)) return nativeAsset(profile, tenant.created_at);
  const item = await store.get(keys.asset(tenant.id, assetId));
  if (!item) throw new NotFoundError('asset');
  return asAsset(item);
}
