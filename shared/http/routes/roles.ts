import { defineRoutes } from '../route.js';
import { paginationQuery } from '../../schemas/common.js';
import { RoleIdParam, RoleList, RoleWithPermissions } from '../../schemas/users.js';

export const roleRoutes = defineRoutes({
  listRoles: {
    operationId: 'listRoles',
    family: 'roles',
    method: 'GET',
    path: '/v1/roles',
    tag: 'roles',
    auth: 'credential',
    permissions: ['roles:read'],
    summary: 'List roles',
    description: 'The five system roles (read-only).',
    query: paginationQuery,
    success: { status: 200, schema: RoleList },
  },
  getRole: {
    operationId: 'getRole',
    family: 'roles',
    method: 'GET',
    path: '/v1/roles/{id}',
    tag: 'roles',
    auth: 'credential',
    permissions: ['roles:read'],
    summary: 'Get a role',
    description: 'A system role with its permissions as (resource, action) pairs.',
    params: RoleIdParam,
    success: { status: 200, schema: RoleWithPermissions },
  },
});
