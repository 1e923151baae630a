import { API_PORTS } from '../../shared/composition/api.js';
import { lazyDeps, onDemand, type DepsOf } from '../../shared/composition/deps.js';
import { signer } from '../../shared/composition/signer.js';
import { apiHandler, useCaseContext } from '../../shared/http/api-handler.js';
import { walletRoutes } from '../../shared/http/routes/wallets.js';
import { listDeposits } from '../../shared/domain/deposits/list-deposits.js';
import { archiveWallet, getWallet, listVaultWallets } from '../../shared/domain/wallets/wallets.js';

/*
 * Two lazy chunks, each loaded by the first request of its routes (`import()` keeps a loaded module; a failed load
 * fails that request and the next one tries again):
 *  - ./creation.ts, registration and generation with the chain profile (addresses, the ownership proof; ML-DSA a
 *    further chunk, loaded by the first proof that gets to its signature);
 *  - ./balances.ts, the chain client and viem: the only route that talks to the chain.
 * The reads, archive and deposits load neither.
 */
const creation = () => import('./creation.js');
const balances = () => import('./balances.js');

/** Wallets: register with an ownership proof, generate through the signer, list, get, archive, balances; deposits. */
export const ports = {
  ...API_PORTS,
  signer,
  loadProfile: onDemand(async () => (await creation()).profile),
  loadChain: onDemand(async () => (await balances()).chain),
};

export const makeHandler = (deps: DepsOf<typeof ports>) =>
  apiHandler(
    walletRoutes,
    {
      registerVaultWallet: async (req) => {
        const { registerWallet } = await creation();
        return {
          body: await registerWallet(
            useCaseContext(req),
            await req.deps.loadProfile(),
            req.params.vaultAccountId,
            req.body,
          ),
        };
      },
      registerWallet: async (req) => {
        const { registerWallet } = await creation();
        const { vault_id, ...input } = req.body;
        return { body: await registerWallet(useCaseContext(req), await req.deps.loadProfile(), vault_id, input) };
      },
      generateWallet: async (req) => {
        const { generateWallet } = await creation();
        const { signer, config } = req.deps;
        const deps = { profile: await req.deps.loadProfile(), signer, keygenMode: config.CUSTODY_SIGNER_KEYGEN_MODE };
        return { body: await generateWallet(useCaseContext(req), deps, req.params.vaultAccountId, req.body) };
      },
      listVaultWallets: async (req) => ({
        body: await listVaultWallets(useCaseContext(req), req.params.vaultAccountId, req.query),
      }),
      getWallet: async (req) => ({ body: await getWallet(useCaseContext(req), req.params.id) }),
      archiveWallet: async (req) => ({ body: await archiveWallet(useCaseContext(req), req.params.id, req.body) }),
      getWalletBalances: async (req) => {
        const { walletBalances, nativeProfileFromConfig } = await balances();
        const { config } = req.deps;
        const chain = await req.deps.loadChain();
        return {
          body: await walletBalances(
            useCaseContext(req),
            { chain, profile: nativeProfileFromConfig(config) },
            req.params.id,
            req.query,
          ),
        };
      },
      listDeposits: async (req) => ({ body: await listDeposits(useCaseContext(req), req.query) }),
    },
    deps,
  );

export const handler = makeHandler(lazyDeps(ports));
