import { apiHandler } from '../../shared/http/api-handler.js';
import { roleRoutes } from '../../shared/http/routes/roles.js';
import { listRoles, roleWithPermissions } from '../../shared/domain/identity/roles.js';

/** The system roles, read-only: they come from the permission matrix, not from the table. */
export const handler = apiHandler(roleRoutes, {
  listRoles: async (req) => ({ body: listRoles(req.cursors, req.query) }),
  getRole: async (req) => ({ body: roleWithPermissions(req.params.id) }),
});
