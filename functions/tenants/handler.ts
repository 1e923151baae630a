import { API_PORTS } from '../../shared/composition/api.js';
import { lazyDeps, type DepsOf } from '../../shared/composition/deps.js';
import { apiHandler, useCaseContext } from '../../shared/http/api-handler.js';
import { governed } from '../../shared/http/governed.js';
import { tenantRoutes } from '../../shared/http/routes/tenants.js';
import {
  createTenant,
  listTenants,
  loadVisibleTenant,
  reactivateTenant,
  suspendTenant,
  tenantView,
} from '../../shared/domain/tenants/tenants.js';

/** Tenants: lifecycle for platform operators, read/update of its own tenant for a tenant admin. */
export const ports = API_PORTS;

export const makeHandler = (deps: DepsOf<typeof ports>) =>
  apiHandler(
    tenantRoutes,
    {
      createTenant: async (req) => ({ body: await createTenant(useCaseContext(req), req.body) }),
      listTenants: async (req) => ({ body: await listTenants(useCaseContext(req), req.query) }),
      getTenant: async (req) => ({ body: tenantView(await loadVisibleTenant(useCaseContext(req), req.params.id)) }),
      updateTenant: (req) => governed(req, { kind: 'tenant.update', tenant_id: req.params.id, input: req.body }),
      suspendTenant: async (req) => ({ body: await suspendTenant(useCaseContext(req), req.params.id, req.body) }),
      reactivateTenant: async (req) => ({ body: await reactivateTenant(useCaseContext(req), req.params.id) }),
    },
    deps,
  );

export const handler = makeHandler(lazyDeps(ports));
