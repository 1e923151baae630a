import { ForbiddenError } from '../../errors/domain-errors.js';
import { authenticateAndRead } from '../../domain/identity/authenticate.js';
import { ipAllowed } from '../../domain/identity/ip-allowlist.js';
import { currentRequestContext } from '../../observability/request-context.js';
import type { Key } from '../../store/keys.js';
import { readKeyId } from '../request-store.js';
import { recordToRead } from './idempotency.js';
import { header, type ApiDeps, type ApiMiddleware } from './types.js';

/**
 * The credential (401 1000 when missing, malformed or wrong; 401 1002 when revoked), the tenant's status and its IP
 * allowlist (403 1001). In the same batch as the tenant and the user it reads what the request needs next (one round
 * trip less): the idempotency record of the request's key and the items the route's use case reads first
 * (`readsFirst`), all in the caller's tenant, kept in `readFirst`. Public routes (`auth: 'none'`) skip this stage.
 */
export const authenticate = (svc: ApiDeps): ApiMiddleware => ({
  before: async (request) => {
    const api = request.context.api;
    const route = api.route!;
    if (route.auth === 'none') return;
    let firstKeys: Key[] = [];
    const { principal, also } = await authenticateAndRead(
      svc.store,
      header(request.event, 'authorization'),
      svc.clock.now(),
      (tenantId) => {
        firstKeys = [...recordToRead(api.requestedKey, tenantId), ...(route.readsFirst?.(api.rawBody, tenantId) ?? [])];
        return firstKeys;
      },
    );
    firstKeys.forEach((k, i) => api.readFirst.set(readKeyId(k), also[i]));
    api.principal = principal;
    const ctx = currentRequestContext();
    if (ctx) ctx.tenantId = principal.tenantId; // every later log line and metric of this request names the tenant
    if (!ipAllowed(principal.tenant.ip_allowlist, request.event.requestContext?.identity?.sourceIp)) {
      throw new ForbiddenError('source IP not in the tenant allowlist');
    }
  },
});
