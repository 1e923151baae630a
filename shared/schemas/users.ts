import * as z from './zod.js';
import { email, externalId, name, paginationQuery, timestamp, uuid, nextCursor, createdAt, updatedAt, described } from './common.js';

/** Request and response schemas of users, role assignments and roles (snake_case, interface 2.6 and 2.7). */
export const RoleIdString = () => z.string().check(z.minLength(1), z.maxLength(64));

export const UserStatus = z.lazySchema(() => z.enum(['active', 'suspended']));

export const CreateUserBody = z.lazySchema(() => z.strictObject({
    email: email(),
    name: name(),
    external_id: z.withMeta(z.optional(externalId()), { description: 'Identity-provider reference; unique in the tenant (1104); create only' }),
    role_ids: z.withMeta(z.optional(z.array(RoleIdString()).check(z.maxLength(5))), { description: 'System roles to grant at creation (default none); needs users:update and roles:read too' }),
    sso_only: z.withMeta(z.optional(z.boolean()), { description: 'The user must sign in with single sign-on: no API key can be issued to it, and its existing keys are refused (default false)' }),
  }));

export const UpdateUserBody = z.lazySchema(() => z.strictObject({ name: z.optional(name()), status: z.optional(UserStatus()), sso_only: z.optional(z.boolean()) }));

export const UserListQuery = z.lazySchema(() => z.extend(paginationQuery(), { status: z.optional(UserStatus()) }));

export const User = z.lazySchema(() => z.withMeta(z.object({
    id: uuid(),
    email: z.string(),
    name: z.string(),
    external_id: z.nullable(z.string()),
    status: UserStatus(),
    role_ids: z.array(z.string()),
    sso_only: z.boolean(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  }), { id: 'User' }));

export const UserList = z.lazySchema(() => z.object({ users: z.array(User()), next_cursor: nextCursor() }));

export const AssignRoleBody = z.lazySchema(() => z.strictObject({ role_id: RoleIdString() }));

export const RoleAssignment = z.lazySchema(() => z.withMeta(z.object({ user_id: uuid(), role_id: z.string(), assigned_at: timestamp() }), { id: 'RoleAssignment' }));

export const Role = z.lazySchema(() => z.withMeta(z.object({ id: z.string(), name: z.string(), description: z.string() }), { id: 'Role' }));

export const RoleWithPermissions = z.lazySchema(() => z.withMeta(z.extend(Role(), {
  permissions: z.array(z.object({ resource: z.string(), action: z.string() })),
}), { id: 'RoleWithPermissions' }));

export const AssignedRole = z.lazySchema(() => z.withMeta(z.extend(Role(), { assigned_at: timestamp() }), { id: 'AssignedRole' }));

export const RoleList = z.lazySchema(() => z.object({ roles: z.array(Role()), next_cursor: nextCursor() }));
export const UserRoleList = z.lazySchema(() => z.object({ roles: z.array(AssignedRole()), next_cursor: nextCursor() }));

export const UserIdParam = z.lazySchema(() => z.object({ id: described(uuid(), 'The user id') }));
export const RoleIdParam = z.lazySchema(() => z.object({ id: described(RoleIdString(), 'The role id (`role_<name>`)') }));
export const UserRoleParams = z.lazySchema(() => z.object({ id: uuid(), roleId: RoleIdString() }));

/** `GET /v1/me`: who the caller is and what it may do, read from its credential at this request. */
export const Me = z.lazySchema(() => z.withMeta(z.object({
    tenant_id: uuid(),
    user: User(),
    roles: z.withMeta(z.array(z.string()), { description: "The user's role ids (as in role_ids)" }),
    permissions: z.withMeta(z.array(z.string()), { description: 'Every `<resource>:<action>` the roles grant, sorted' }),
    credential: z.object({
      key_id: z.string(),
      kind: z.withMeta(z.string(), { description: '`api_key`, or `session` for a credential issued by a single sign-on' }),
      expires_at: z.withMeta(z.nullable(timestamp()), { description: 'When the credential stops working (sessions); null for keys without an expiry' }),
    }),
  }), { id: 'Me' }));
