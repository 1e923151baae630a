import { API_PORTS } from '../../shared/composition/api.js';
import { lazyDeps, type DepsOf } from '../../shared/composition/deps.js';
import { apiHandler, useCaseContext } from '../../shared/http/api-handler.js';
import { userRoutes } from '../../shared/http/routes/users.js';
import { describeCaller } from '../../shared/domain/identity/me.js';
import { getUser, listUserRoles, listUsers, updateUser, type assignRole } from '../../shared/domain/identity/users.js';
import { governed } from '../../shared/http/governed.js';

/** Users of the tenant and their role assignments. */
export const ports = API_PORTS;

export const makeHandler = (deps: DepsOf<typeof ports>) =>
  apiHandler(
    userRoutes,
    {
      getMe: async (req) => ({ body: describeCaller(useCaseContext(req)) }),
      createUser: (req) => governed(req, { kind: 'user.create', input: req.body }),
      listUsers: async (req) => ({ body: await listUsers(useCaseContext(req), req.query) }),
      getUser: async (req) => ({ body: await getUser(useCaseContext(req), req.params.id) }),
      updateUser: async (req) => ({ body: await updateUser(useCaseContext(req), req.params.id, req.body) }),
      assignUserRole: (req) =>
        governed(req, { kind: 'user.role_assign', user_id: req.params.id, role_id: req.body.role_id }, (r) => {
          const { created, assignment } = r as Awaited<ReturnType<typeof assignRole>>;
          return { status: created ? 201 : 200, body: assignment };
        }),
      removeUserRole: (req) =>
        governed(req, { kind: 'user.role_remove', user_id: req.params.id, role_id: req.params.roleId }, () => ({})),
      listUserRoles: async (req) => ({ body: await listUserRoles(useCaseContext(req), req.params.id, req.query) }),
    },
    deps,
  );

export const handler = makeHandler(lazyDeps(ports));
