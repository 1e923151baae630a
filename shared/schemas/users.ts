import * as z from './zod.js';
import {
  email,
  externalId,
  name,
  paginationQuery,
  timestamp,
  uuid,
  nextCursor,
  createdAt,
  updatedAt,
  described,
} from './common.js';

/** Request and response schemas of users, role assignments and roles (snake_case: docs/api-conventions.md, "Requests and answers"). */
export const RoleIdString = () => z.string().check(z.minLength(1), z.maxLength(64));

export const UserStatus = z.lazySchema(() => z.enum(['active', 'suspended']));

export const CreateUserBody = z.lazySchema(() =>
  z.strictObject({
    email: described(email(), "The user's email, unique in the tenant"),
    name: described(name(), "The user's display name"),
    external_id: z.withMeta(z.optional(externalId()), {
      description: 'Identity-provider reference; unique in the tenant (1104); create only',
    }),
    role_ids: z.withMeta(z.optional(z.array(RoleIdString()).check(z.maxLength(5))), {
      description: 'System roles to grant at creation (default none); needs users:update and roles:read too',
    }),
    sso_only: z.withMeta(z.optional(z.boolean()), {
      description:
        'The user must sign in with single sign-on: no API key can be issued to it, and its existing keys are refused (default false)',
    }),
  }),
);

export const UpdateUserBody = z.lazySchema(() =>
  z.strictObject({
    name: described(z.optional(name()), 'A new display name'),
    status: described(z.optional(UserStatus()), "`suspended` refuses the user's credentials; `active` restores them"),
    sso_only: described(
      z.optional(z.boolean()),
      'True: the user signs in with single sign-on only, and its API keys are refused',
    ),
  }),
);

export const UserListQuery = z.lazySchema(() =>
  z.extend(paginationQuery(), { status: described(z.optional(UserStatus()), 'Only users in this status') }),
);

export const User = z.lazySchema(() =>
  z.withMeta(
    z.object({
      id: described(uuid(), 'The user id'),
      email: described(z.string(), "The user's email, unique in the tenant"),
      name: described(z.string(), "The user's display name"),
      external_id: described(z.nullable(z.string()), 'Identity-provider reference; null if none'),
      status: described(UserStatus(), "A suspended user's credentials are refused"),
      role_ids: described(z.array(z.string()), 'The roles assigned to the user'),
      sso_only: described(z.boolean(), 'True: signs in with single sign-on only; API keys are refused'),
      created_at: createdAt(),
      updated_at: updatedAt(),
    }),
    { id: 'User' },
  ),
);

export const UserList = z.lazySchema(() =>
  z.object({ users: described(z.array(User()), 'One page of users'), next_cursor: nextCursor() }),
);

export const AssignRoleBody = z.lazySchema(() =>
  z.strictObject({ role_id: described(RoleIdString(), 'The role to assign (`role_<name>`)') }),
);

export const RoleAssignment = z.lazySchema(() =>
  z.withMeta(
    z.object({
      user_id: described(uuid(), 'The user'),
      role_id: described(z.string(), 'The role assigned'),
      assigned_at: described(timestamp(), 'When it was assigned'),
    }),
    { id: 'RoleAssignment' },
  ),
);

export const Role = z.lazySchema(() =>
  z.withMeta(
    z.object({
      id: described(z.string(), 'The role id (`role_<name>`)'),
      name: described(z.string(), "The role's name"),
      description: described(z.string(), 'What the role is for'),
    }),
    { id: 'Role' },
  ),
);

export const RoleWithPermissions = z.lazySchema(() =>
  z.withMeta(
    z.extend(Role(), {
      permissions: described(
        z.array(
          z.object({
            resource: described(z.string(), 'The resource, e.g. `transactions`'),
            action: described(z.string(), 'The action on it, e.g. `approve`'),
          }),
        ),
        'What the role may do',
      ),
    }),
    { id: 'RoleWithPermissions' },
  ),
);

export const AssignedRole = z.lazySchema(() =>
  z.withMeta(z.extend(Role(), { assigned_at: described(timestamp(), 'When it was assigned to the user') }), {
    id: 'AssignedRole',
  }),
);

export const RoleList = z.lazySchema(() =>
  z.object({ roles: described(z.array(Role()), 'One page of roles'), next_cursor: nextCursor() }),
);
export const UserRoleList = z.lazySchema(() =>
  z.object({ roles: described(z.array(AssignedRole()), "One page of the user's roles"), next_cursor: nextCursor() }),
);

export const UserIdParam = z.lazySchema(() => z.object({ id: described(uuid(), 'The user id') }));
export const RoleIdParam = z.lazySchema(() =>
  z.object({ id: described(RoleIdString(), 'The role id (`role_<name>`)') }),
);
export const UserRoleParams = z.lazySchema(() =>
  z.object({ id: described(uuid(), 'The user id'), roleId: described(RoleIdString(), 'The role id (`role_<name>`)') }),
);

/** `GET /v1/me`: who the caller is and what it may do, read from its credential at this request. */
export const Me = z.lazySchema(() =>
  z.withMeta(
    z.object({
      tenant_id: described(uuid(), "The caller's tenant"),
      user: described(User(), 'The user the credential acts as'),
      roles: z.withMeta(z.array(z.string()), { description: "The user's role ids (as in role_ids)" }),
      permissions: z.withMeta(z.array(z.string()), {
        description: 'Every `<resource>:<action>` the roles grant, sorted',
      }),
      credential: described(
        z.object({
          key_id: described(z.string(), "The credential's key id"),
          kind: z.withMeta(z.string(), {
            description: '`api_key`, or `session` for a credential issued by a single sign-on',
          }),
          expires_at: z.withMeta(z.nullable(timestamp()), {
            description: 'When the credential stops working (sessions); null for keys without an expiry',
          }),
        }),
        'The credential of this request',
      ),
    }),
    { id: 'Me' },
  ),
);
