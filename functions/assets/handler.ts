import { apiHandler, useCaseContext } from '../../shared/http/api-handler.js';
import { assetRoutes } from '../../shared/http/routes/assets.js';
import { createTokenAsset, getAsset, listAssets } from '../../shared/domain/assets/assets.js';
import { chainProfileFromConfig } from '../../shared/domain/chain/chain-profile.js';

/** Assets: the native asset and the tenant's registered tokens. */
export const handler = apiHandler(assetRoutes, {
  createAsset: async (req) => ({ body: await createTokenAsset(useCaseContext(req), chainProfileFromConfig(req.services.config), req.body) }),
  listAssets: async (req) => ({ body: await listAssets(useCaseContext(req), chainProfileFromConfig(req.services.config), req.query) }),
  getAsset: async (req) => ({ body: await getAsset(useCaseContext(req), chainProfileFromConfig(req.services.config), req.params.id) }),
});
