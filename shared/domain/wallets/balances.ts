import type { ChainPort } from '../../ports/chain.js';
import type { UseCaseContext } from '../context.js';
import type { ChainProfile } from '../chain/chain-profile.js';
import { nativeAssetId } from '../assets/asset-record.js';
import { loadWallet } from './wallet-record.js';

/**
 * A wallet's balances as the chain reports them now (`eth_getBalance` at the latest block): the native asset of the
 * tenant's registry. Tokens join when tokens are built. Unknown (or another tenant's) wallet 404 1400; no node
 * answering 503 1500.
 */
export async function walletBalances(ctx: Pick<UseCaseContext, 'store' | 'principal'>, deps: { chain: ChainPort; profile: Pick<ChainProfile, 'chainId' | 'nativeAsset'> }, walletId: string) {
  const wallet = await loadWallet(ctx.store, ctx.principal.tenantId, walletId);
  const amount = await deps.chain.getBalance(wallet.address);
  return { balances: [{ asset_id: nativeAssetId(deps.profile.chainId), symbol: deps.profile.nativeAsset.symbol, amount: amount.toString() }] };
}
