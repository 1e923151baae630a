import { ForbiddenError } from '../../errors/domain-errors.js';
import { markCredentialUsed } from '../../domain/identity/credentials.js';
import type { ApiDeps, ApiMiddleware } from './types.js';

/**
 * The route's permissions (every one listed is required) and `platformOnly` (platform operators only): 403 1001
 * otherwise. A credential is marked used only once the request it carries is allowed this far.
 */
export const authorize = (svc: ApiDeps): ApiMiddleware => ({
  before: async (request) => {
    const api = request.context.api;
    const route = api.route!;
    const principal = api.principal;
    if (!principal) return; // a public route
    const missing = (route.permissions ?? []).filter((p) => !principal.permissions.has(p));
    if (missing.length) throw new ForbiddenError(`missing permission ${missing.join(', ')}`);
    if (route.platformOnly && !principal.isPlatform) throw new ForbiddenError('platform operators only');
    await markCredentialUsed(svc.store, principal.credential, svc.clock.now());
  },
});
