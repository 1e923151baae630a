/**
 * The chain's native asset as the service shows it: its symbol and name come from the settings, its decimals are the
 * chain's (18, like ether). One place for the rule, read by the chain profile and by the asset registry (which must
 * not load the profile's ML-DSA code to know it).
 */
export const NATIVE_ASSET_DECIMALS = 18 as const;

export type NativeAsset = { symbol: string; name: string; decimals: typeof NATIVE_ASSET_DECIMALS };

export const nativeAssetOf = (symbol: string, name: string): NativeAsset => ({
  symbol,
  name,
  decimals: NATIVE_ASSET_DECIMALS,
});
