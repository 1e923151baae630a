import { API_PORTS } from '../../shared/composition/api.js';
import { lazyDeps, type DepsOf } from '../../shared/composition/deps.js';
import { apiHandler } from '../../shared/http/api-handler.js';
import { roleRoutes } from '../../shared/http/routes/roles.js';
import { listRoles, roleWithPermissions } from '../../shared/domain/identity/roles.js';

/** The system roles, read-only: they come from the permission matrix, not from the table. */
export const ports = API_PORTS;

export const makeHandler = (deps: DepsOf<typeof ports>) =>
  apiHandler(
    roleRoutes,
    {
      listRoles: async (req) => ({ body: listRoles(req.cursors, req.query) }),
      getRole: async (req) => ({ body: roleWithPermissions(req.params.id) }),
    },
    deps,
  );

export const handler = makeHandler(lazyDeps(ports));
