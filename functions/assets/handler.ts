import '../../shared/app/profile-wiring.js';
import { apiHandler, useCaseContext } from '../../shared/http/api-handler.js';
import { assetRoutes } from '../../shared/http/routes/assets.js';
import { createTokenAsset, getAsset, listAssets } from '../../shared/domain/assets/assets.js';

/** Assets: the native asset and the tenant's registered tokens. */
export const handler = apiHandler(assetRoutes, {
  createAsset: async (req) => ({ body: await createTokenAsset(useCaseContext(req), req.services.profile, req.body) }),
  listAssets: async (req) => ({ body: await listAssets(useCaseContext(req), req.services.profile, req.query) }),
  getAsset: async (req) => ({ body: await getAsset(useCaseContext(req), req.services.profile, req.params.id) }),
});
