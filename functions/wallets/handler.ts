// The chain profile with ML-DSA loaded on demand: only a registration's ownership proof verifies a signature
// (checkOwnershipProof awaits profile.loadMlDsa()); reads, archive, generate, balances and deposits never load it.
import '../../shared/app/profile-wiring-on-demand.js';
import '../../shared/app/signer-wiring.js';
import { apiHandler, useCaseContext } from '../../shared/http/api-handler.js';
import { walletRoutes } from '../../shared/http/routes/wallets.js';
import { listDeposits } from '../../shared/domain/deposits/list-deposits.js';
import { archiveWallet, generateWallet, getWallet, listVaultWallets, registerWallet } from '../../shared/domain/wallets/wallets.js';

/** Wallets: register with an ownership proof, generate through the signer, list, get, archive, balances; deposits. */
export const handler = apiHandler(walletRoutes, {
  registerVaultWallet: async (req) => ({
    body: await registerWallet(useCaseContext(req), req.services.profile, req.params.vaultAccountId, req.body),
  }),
  registerWallet: async (req) => {
    const { vault_id, ...input } = req.body;
    return { body: await registerWallet(useCaseContext(req), req.services.profile, vault_id, input) };
  },
  generateWallet: async (req) => {
    const { profile, signer, config } = req.services;
    const deps = { profile, signer, keygenMode: config.CUSTODY_SIGNER_KEYGEN_MODE };
    return { body: await generateWallet(useCaseContext(req), deps, req.params.vaultAccountId, req.body) };
  },
  listVaultWallets: async (req) => ({ body: await listVaultWallets(useCaseContext(req), req.params.vaultAccountId, req.query) }),
  getWallet: async (req) => ({ body: await getWallet(useCaseContext(req), req.params.id) }),
  archiveWallet: async (req) => ({ body: await archiveWallet(useCaseContext(req), req.params.id, req.body) }),
  getWalletBalances: async (req) => {
    // A lazy chunk with the chain client and viem (./balances.ts): the only route that talks to the chain.
    const { walletBalances } = await import('./balances.js');
    return { body: await walletBalances(useCaseContext(req), { chain: req.services.chain, profile: req.services.profile }, req.params.id, req.query) };
  },
  listDeposits: async (req) => ({ body: await listDeposits(useCaseContext(req), req.query) }),
});
