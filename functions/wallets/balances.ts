/**
 * The balances route's code, a lazy chunk of the wallets function loaded by the first `GET /v1/wallets/{id}/balances`:
 * only that route talks to the chain, so the JSON-RPC client (failover, circuit breakers, the Powertools metrics it
 * records) and viem's unit formatting and ABI coding stay out of the cold start of the other routes. It holds the
 * chain port's factory, which the function's `loadChain` builds from. Of the chain profile it uses only the chain id
 * and the native asset, from the settings as the assets function does (`nativeProfileFromConfig`): the profile's
 * code is the registration chunk's (./creation.ts).
 */
export { walletBalances } from '../../shared/domain/wallets/balances.js';
export { nativeProfileFromConfig } from '../../shared/domain/assets/asset-record.js';
export { chain } from '../../shared/composition/chain.js';
