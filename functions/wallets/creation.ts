import '../../shared/app/profile-wiring-on-demand.js';

/**
 * The registration and generation routes' code, a lazy chunk of the wallets function loaded by the first
 * `POST /v1/wallets`, `POST /v1/vault/accounts/{id}/wallets` or `POST /v1/vault/accounts/{id}/wallets/generate`: only
 * they use the chain profile (Keccak-256 addresses, the ownership proof, pq-evm-v1 and RLP in the profile), so the
 * reads, archive, balances and deposits start without it. Importing it installs the profile capability
 * (`shared/app/profile-wiring-on-demand.ts`: ML-DSA itself a further chunk, loaded by the first proof that gets to its
 * signature) before the use case first reads `services().profile`.
 */
export { generateWallet, registerWallet } from '../../shared/domain/wallets/wallet-creation.js';
