import { apiHandler, useCaseContext } from '../../shared/http/api-handler.js';
import { userRoutes } from '../../shared/http/routes/users.js';
import { describeCaller } from '../../shared/domain/identity/me.js';
import { assignRole, createUser, getUser, listUserRoles, listUsers, removeRole, updateUser } from '../../shared/domain/identity/users.js';

/** Users of the tenant and their role assignments. */
export const handler = apiHandler(userRoutes, {
  getMe: async (req) => ({ body: describeCaller(useCaseContext(req)) }),
  createUser: async (req) => ({ body: await createUser(useCaseContext(req), req.body) }),
  listUsers: async (req) => ({ body: await listUsers(useCaseContext(req), req.query) }),
  getUser: async (req) => ({ body: await getUser(useCaseContext(req), req.params.id) }),
  updateUser: async (req) => ({ body: await updateUser(useCaseContext(req), req.params.id, req.body) }),
  assignUserRole: async (req) => {
    const { created, assignment } = await assignRole(useCaseContext(req), req.params.id, req.body.role_id);
    return { status: created ? 201 : 200, body: assignment };
  },
  removeUserRole: async (req) => {
    await removeRole(useCaseContext(req), req.params.id, req.params.roleId);
    return {};
  },
  listUserRoles: async (req) => ({ body: await listUserRoles(useCaseContext(req), req.params.id, req.query) }),
});
