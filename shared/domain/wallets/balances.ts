import { formatUnits } from 'viem';
import { ERROR_CATALOG, type ApiError } from '../../errors/catalog.js';
import { ChainError, type ChainPort } from '../../ports/chain.js';
import type { UseCaseContext } from '../context.js';
import type { ChainProfile } from '../chain/chain-profile.js';
import type { PageRequest } from '../pagination.js';
import type { AssetRecord } from '../assets/asset-record.js';
import { listAssets } from '../assets/assets.js';
import { erc20BalanceOfData, erc20BalanceOfResult } from '../tokens/erc20.js';
import type { Hex } from '../tokens/call-params.js';
import { loadWallet } from './wallet-record.js';

/** `balanceOf` calls in flight at once for one answer (a page holds up to 200 assets). */
export const BALANCE_CALLS_AT_ONCE = 8;

type BalanceError = { code: number; type: string; message: string };
export type Balance = {
  asset_id: string;
  symbol: string;
  decimals: number;
  amount: string | null;
  amount_formatted: string | null;
  error: BalanceError | null;
};

/**
 * A wallet's balances as the chain reports them now (latest block), one entry per active asset of the tenant's
 * registry, in the registry's order (native first, then tokens in registration order) and paged like `GET /v1/assets`
 * (`limit`/`cursor`, `page`/`per_page`, default 50, at most 200 per page): the native asset with `eth_getBalance`, each
 * token with `balanceOf(wallet)` through `eth_call`, BALANCE_CALLS_AT_ONCE calls in flight.
 *
 * `amount` is the smallest unit (decimal string), `amount_formatted` the same in the asset's units (`decimals`). A
 * token whose call a node refuses or answers with something other than one uint256 (a contract that is not an ERC-20,
 * no code at the address) has `amount` null and `error` {code 1501, type CHAIN_ERROR, message}; the other entries are
 * answered. No node answering (for any entry) is 503 1500 for the whole answer, and the native asset's own failure
 * is the answer's error, as before tokens. Unknown (or another tenant's) wallet 404 1400.
 */
export async function walletBalances(
  ctx: Pick<UseCaseContext, 'store' | 'principal' | 'cursors'>,
  deps: { chain: ChainPort; profile: Pick<ChainProfile, 'chainId' | 'nativeAsset'> },
  walletId: string,
  page: PageRequest = {},
) {
  const wallet = await loadWallet(ctx.store, ctx.principal.tenantId, walletId);
  const { assets, next_cursor } = await listAssets(ctx, deps.profile, page);
  const balances = await mapAtMost(
    assets.filter((a) => a.status === 'active'),
    BALANCE_CALLS_AT_ONCE,
    (a) => balanceOf(deps.chain, a, wallet.address),
  );
  return { balances, next_cursor };
}

async function balanceOf(chain: ChainPort, asset: AssetRecord, owner: string): Promise<Balance> {
  const entry = (amount: bigint | null, error: BalanceError | null): Balance => ({
    asset_id: asset.id,
    symbol: asset.symbol,
    decimals: asset.decimals,
    amount: amount === null ? null : amount.toString(),
    amount_formatted: amount === null ? null : formatUnits(amount, asset.decimals),
    error,
  });
  if (asset.type === 'native') return entry(await chain.getBalance(owner), null);
  let answer: string;
  try {
    answer = await chain.callContract({ to: asset.contract_address!, data: erc20BalanceOfData(owner as Hex) });
  } catch (e) {
    if (!(e instanceof ChainError)) throw e;
    return entry(null, errorOf(e));
  }
  try {
    return entry(erc20BalanceOfResult(answer as Hex), null);
  } catch {
    const shown = answer.length > 74 ? `${answer.slice(0, 74)}...` : answer;
    return entry(null, {
      code: ERROR_CATALOG.CHAIN_ERROR.code,
      type: 'CHAIN_ERROR',
      message: `balanceOf answered ${shown}, not one uint256 (no ERC-20 contract at ${asset.contract_address}?)`,
    });
  }
}

const errorOf = (e: ApiError): BalanceError => ({ code: e.code, type: e.type, message: e.message });

/** `fn` over `items` with at most `n` in flight, answers in the items' order; the first failure fails it all. */
async function mapAtMost<T, R>(items: T[], n: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const i = next++;
      try {
        out[i] = await fn(items[i]!);
      } catch (e) {
        failed = true;
        throw e;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
  return out;
}
