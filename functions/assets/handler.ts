import { API_PORTS } from '../../shared/composition/api.js';
import { lazyDeps, type DepsOf } from '../../shared/composition/deps.js';
import { apiHandler, useCaseContext } from '../../shared/http/api-handler.js';
import { assetRoutes } from '../../shared/http/routes/assets.js';
import { createTokenAsset, getAsset, listAssets } from '../../shared/domain/assets/assets.js';
import { nativeProfileFromConfig } from '../../shared/domain/assets/asset-record.js';

/** Assets: the native asset and the tenant's registered tokens (of the chain profile, only its id and native asset). */
export const ports = API_PORTS;

export const makeHandler = (deps: DepsOf<typeof ports>) =>
  apiHandler(
    assetRoutes,
    {
      createAsset: async (req) => ({
        body: await createTokenAsset(useCaseContext(req), nativeProfileFromConfig(req.deps.config), req.body),
      }),
      listAssets: async (req) => ({
        body: await listAssets(useCaseContext(req), nativeProfileFromConfig(req.deps.config), req.query),
      }),
      getAsset: async (req) => ({
        body: await getAsset(useCaseContext(req), nativeProfileFromConfig(req.deps.config), req.params.id),
      }),
    },
    deps,
  );

export const handler = makeHandler(lazyDeps(ports));
