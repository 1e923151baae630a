import { API_PORTS } from '../../shared/composition/api.js';
import { lazyDeps, type DepsOf } from '../../shared/composition/deps.js';
import { apiHandler, useCaseContext } from '../../shared/http/api-handler.js';
import { vaultRoutes } from '../../shared/http/routes/vaults.js';
import { archiveVault, createVault, getVault, listVaults, updateVault } from '../../shared/domain/vaults/vaults.js';

/** Vaults: create, list, get, update, archive (with its wallets). */
export const ports = API_PORTS;

export const makeHandler = (deps: DepsOf<typeof ports>) =>
  apiHandler(
    vaultRoutes,
    {
      createVault: async (req) => ({ body: await createVault(useCaseContext(req), req.body) }),
      listVaults: async (req) => ({ body: await listVaults(useCaseContext(req), req.query) }),
      getVault: async (req) => ({ body: await getVault(useCaseContext(req), req.params.vaultAccountId) }),
      updateVault: async (req) => ({
        body: await updateVault(useCaseContext(req), req.params.vaultAccountId, req.body),
      }),
      archiveVault: async (req) => ({
        body: await archiveVault({ ...useCaseContext(req), keys: req.deps.keys }, req.params.vaultAccountId, req.body, {
          requestId: req.requestId,
        }),
      }),
    },
    deps,
  );

export const handler = makeHandler(lazyDeps(ports));
