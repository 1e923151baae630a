import { apiHandler, useCaseContext } from '../../shared/http/api-handler.js';
import { walletRoutes } from '../../shared/http/routes/wallets.js';
import { archiveWallet, generateWallet, getWallet, listVaultWallets, registerWallet } from '../../shared/domain/wallets/wallets.js';
import { chainProfileFromConfig } from '../../shared/domain/chain/chain-profile.js';
import { makeSigner } from '../../shared/adapters/signer/http-signer.js';
import type { Signer } from '../../shared/ports/signer.js';
import type { Config } from '../../shared/config.js';

// One signer per process, made on first use (until the composition root provides it as a service).
let signer: { cfg: Config; signer: Signer } | undefined;
const signerFor = (cfg: Config): Signer => {
  if (signer?.cfg !== cfg) signer = { cfg, signer: makeSigner(cfg) };
  return signer.signer;
};

/** Wallets: register with an ownership proof, generate through the signer, list, get, archive. */
export const handler = apiHandler(walletRoutes, {
  registerVaultWallet: async (req) => ({
    body: await registerWallet(useCaseContext(req), chainProfileFromConfig(req.services.config), req.params.vaultAccountId, req.body),
  }),
  registerWallet: async (req) => {
    const { vault_id, ...input } = req.body;
    return { body: await registerWallet(useCaseContext(req), chainProfileFromConfig(req.services.config), vault_id, input) };
  },
  generateWallet: async (req) => {
    const cfg = req.services.config;
    const deps = { profile: chainProfileFromConfig(cfg), signer: signerFor(cfg), keygenMode: cfg.CUSTODY_SIGNER_KEYGEN_MODE };
    return { body: await generateWallet(useCaseContext(req), deps, req.params.vaultAccountId, req.body) };
  },
  listVaultWallets: async (req) => ({ body: await listVaultWallets(useCaseContext(req), req.params.vaultAccountId, req.query) }),
  getWallet: async (req) => ({ body: await getWallet(useCaseContext(req), req.params.id) }),
  archiveWallet: async (req) => ({ body: await archiveWallet(useCaseContext(req), req.params.id, req.body) }),
});
