import { defineRoutes } from '../route.js';
import { paginationQuery } from '../../schemas/common.js';
import { AssignRoleBody, CreateUserBody, Me, RoleAssignment, UpdateUserBody, User, UserIdParam, UserList, UserListQuery, UserRoleList, UserRoleParams } from '../../schemas/users.js';

export const userRoutes = defineRoutes({
  getMe: {
    operationId: 'getMe', family: 'users', method: 'GET', path: '/v1/me', tag: 'users', auth: 'credential',
    permissions: ['roles:read'], summary: 'Get the caller',
    description: 'Who the caller is: tenant, user, roles, permissions, and its credential\'s kind and expiry. Needs only roles:read, which every system role holds. Clients (the approver console) use it to show only the actions the caller may take.',
    success: { status: 200, schema: Me },
  },
  createUser: {
    operationId: 'createUser', family: 'users', method: 'POST', path: '/v1/users', tag: 'users', auth: 'credential',
    permissions: ['users:create'], summary: 'Create a user',
    description: 'Create a user of the tenant (no roles unless role_ids is given). email is unique in the tenant (409 1104), so is external_id. role_ids grants system roles at creation and then also needs users:update and roles:read.',
    body: CreateUserBody, deferrable: true, success: { status: 201, schema: User }, errors: ['INVALID_EMAIL', 'DUPLICATE_EXTERNAL_ID'],
  },
  listUsers: {
    operationId: 'listUsers', family: 'users', method: 'GET', path: '/v1/users', tag: 'users', auth: 'credential',
    permissions: ['users:read'], summary: 'List users', description: 'List the tenant\'s users in creation order, optionally by status.',
    query: UserListQuery, success: { status: 200, schema: UserList }, errors: ['INVALID_PAGINATION'],
  },
  getUser: {
    operationId: 'getUser', family: 'users', method: 'GET', path: '/v1/users/{id}', tag: 'users', auth: 'credential',
    permissions: ['users:read'], summary: 'Get a user', description: 'Get a user.', params: UserIdParam, success: { status: 200, schema: User },
  },
  updateUser: {
    operationId: 'updateUser', family: 'users', method: 'PUT', path: '/v1/users/{id}', tag: 'users', auth: 'credential',
    permissions: ['users:update'], summary: 'Update a user',
    description: 'Update name and status; a suspended user\'s credentials stop working at once. A user cannot suspend itself, and the last active admin of the tenant cannot be suspended (400 1100).',
    params: UserIdParam, body: UpdateUserBody, success: { status: 200, schema: User },
  },
  assignUserRole: {
    operationId: 'assignUserRole', family: 'users', method: 'POST', path: '/v1/users/{id}/roles', tag: 'users', auth: 'credential',
    permissions: ['users:update', 'roles:read'], summary: 'Assign a role to a user',
    description: 'Grant a system role: 201 the assignment, 200 when the user already holds it.',
    params: UserIdParam, body: AssignRoleBody, deferrable: true, success: { status: 201, schema: RoleAssignment, description: 'The role was granted' },
    alsoAnswers: [{ status: 200, description: 'The user already held the role: the existing assignment, nothing changed' }],
  },
  removeUserRole: {
    operationId: 'removeUserRole', family: 'users', method: 'DELETE', path: '/v1/users/{id}/roles/{roleId}', tag: 'users', auth: 'credential',
    permissions: ['users:update'], summary: 'Remove a role from a user',
    description: 'Remove a role from a user (204, also when the user did not hold it). The last active admin of the tenant cannot lose the admin role (400 1100). Unknown user or role: 404.',
    params: UserRoleParams, deferrable: true, success: { status: 204, schema: null },
  },
  listUserRoles: {
    operationId: 'listUserRoles', family: 'users', method: 'GET', path: '/v1/users/{id}/roles', tag: 'users', auth: 'credential',
    permissions: ['users:read'], summary: 'List a user\'s roles', description: 'The roles a user holds, with when each was granted.',
    params: UserIdParam, query: paginationQuery, success: { status: 200, schema: UserRoleList },
  },
});
