import * as z from 'zod';
import { email, externalId, name, paginationQuery, timestamp, uuid } from './common.js';

/** Request and response schemas of users, role assignments and roles (snake_case, interface 2.6 and 2.7). */
export const RoleIdString = () => z.string().min(1).max(64);

export const UserStatus = z.enum(['active', 'suspended']);

export const CreateUserBody = z
  .object({
    email: email(),
    name: name(),
    external_id: externalId().optional().meta({ description: 'Identity-provider reference; unique in the tenant (1104); create only' }),
    role_ids: z.array(RoleIdString()).max(5).optional().meta({ description: 'System roles to grant at creation (default none); needs users:update and roles:read too' }),
  })
  .strict();

export const UpdateUserBody = z.object({ name: name().optional(), status: UserStatus.optional() }).strict();

export const UserListQuery = paginationQuery.extend({ status: UserStatus.optional() });

export const User = z
  .object({
    id: uuid(),
    email: z.string(),
    name: z.string(),
    external_id: z.string().nullable(),
    status: UserStatus,
    role_ids: z.array(z.string()),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .meta({ id: 'User' });

export const UserList = z.object({ users: z.array(User), next_cursor: z.string().nullable() });

export const AssignRoleBody = z.object({ role_id: RoleIdString() }).strict();

export const RoleAssignment = z.object({ user_id: uuid(), role_id: z.string(), assigned_at: timestamp() }).meta({ id: 'RoleAssignment' });

export const Role = z.object({ id: z.string(), name: z.string(), description: z.string() }).meta({ id: 'Role' });

export const RoleWithPermissions = Role.extend({
  permissions: z.array(z.object({ resource: z.string(), action: z.string() })),
}).meta({ id: 'RoleWithPermissions' });

export const AssignedRole = Role.extend({ assigned_at: timestamp() }).meta({ id: 'AssignedRole' });

export const RoleList = z.object({ roles: z.array(Role), next_cursor: z.string().nullable() });
export const UserRoleList = z.object({ roles: z.array(AssignedRole), next_cursor: z.string().nullable() });

export const UserIdParam = z.object({ id: uuid() });
export const RoleIdParam = z.object({ id: RoleIdString() });
export const UserRoleParams = z.object({ id: uuid(), roleId: RoleIdString() });

/** `GET /v1/me`: who the caller is and what it may do, read from its credential at this request. */
export const Me = z
  .object({
    tenant_id: uuid(),
    user: User,
    roles: z.array(z.string()).meta({ description: "The user's role ids (as in role_ids)" }),
    permissions: z.array(z.string()).meta({ description: 'Every `<resource>:<action>` the roles grant, sorted' }),
    credential: z.object({
      key_id: z.string(),
      kind: z.string().meta({ description: '`api_key`, or `session` for a credential issued by a single sign-on' }),
      expires_at: timestamp().nullable().meta({ description: 'When the credential stops working (sessions); null for keys without an expiry' }),
    }),
  })
  .meta({ id: 'Me' });
