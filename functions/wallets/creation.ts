/**
 * The registration and generation routes' code, a lazy chunk of the wallets function loaded by the first
 * `POST /v1/wallets`, `POST /v1/vault/accounts/{id}/wallets` or `POST /v1/vault/accounts/{id}/wallets/generate`: only
 * they use the chain profile (Keccak-256 addresses, the ownership proof, pq-evm-v1 and RLP in the profile), so the
 * reads, archive, balances and deposits start without it. It holds the profile's factory, which the function's
 * `loadProfile` builds from (shared/composition/profile-on-demand.ts: ML-DSA itself a further chunk, loaded by the
 * first proof that gets to its signature).
 */
export { generateWallet, registerWallet } from '../../shared/domain/wallets/wallet-creation.js';
export { profile } from '../../shared/composition/profile-on-demand.js';
