import { keys } from '../../store/keys.js';
import { accessPatterns } from '../../store/access-patterns.js';
import {
  DuplicateExternalIdError,
  ForbiddenError,
  NotFoundError,
  ValidationError,
} from '../../errors/domain-errors.js';
import type { Store } from '../../ports/store.js';
import type { UnitOfWork } from '../unit-of-work.js';
import type { UseCaseContext } from '../context.js';
import { newId } from '../ids.js';
import { listPage, type PageRequest } from '../pagination.js';
import { roleId, roleNameOf } from '../permissions/matrix.js';
import { decodeUser, userItem, type UserRecord, type UserStatus } from './records.js';
import { requireRole, roleView } from './roles.js';
import { pageOfList } from '../pagination.js';

/**
 * Users of a tenant and their role assignments (docs/permissions.md, "Assigning roles"). Roles live on the user record (`role_ids`),
 * where the authenticator reads them, so every change is an optimistic replace of that one item plus its audit
 * entry. Lockout guards: a user cannot suspend itself, and the tenant's last active admin can neither be suspended
 * nor lose the admin role (both 400 1100).
 */
export type StoredUser = UserRecord & {
  /** When each role of `role_ids` was granted (role id -> timestamp). */
  role_assigned_at?: Record<string, string>;
};

const ADMIN = roleId('admin');
const GUARD_SCAN_PAGE = 100;

/**
 * Stages a new user with its uniqueness guards (email, and external id when given, unique in the tenant). Used by
 * tenant bootstrap here and by the users API.
 */
export function stageNewUser(
  uow: UnitOfWork,
  input: {
    tenantId: string;
    email: string;
    name: string;
    externalId?: string | null;
    roleIds: string[];
    ssoOnly?: boolean;
  },
  now: Date,
): UserRecord {
  const ts = now.toISOString();
  const user: StoredUser = {
    id: newId(),
    tenant_id: input.tenantId,
    email: input.email.toLowerCase(),
    name: input.name,
    external_id: input.externalId ?? null,
    status: 'active',
    role_ids: input.roleIds,
    sso_only: input.ssoOnly ?? false,
    role_assigned_at: Object.fromEntries(input.roleIds.map((r) => [r, ts])),
    created_at: ts,
    updated_at: ts,
    version: 1,
  };
  uow.create(userItem(user));
  uow.create(
    { ...keys.userEmail(user.tenant_id, user.email), entity: 'constraint', user_id: user.id },
    () => new DuplicateExternalIdError('a user with this email exists in the tenant'),
  );
  if (user.external_id) {
    uow.create(
      { ...keys.userExternalId(user.tenant_id, user.external_id), entity: 'constraint', user_id: user.id },
      () => new DuplicateExternalIdError(),
    );
  }
  uow.audit({
    tenantId: user.tenant_id,
    action: 'user.created',
    resourceType: 'user',
    resourceId: user.id,
    change: { email: user.email, name: user.name, role_ids: user.role_ids, sso_only: user.sso_only },
  });
  return user;
}

/** A user as the API shows it (snake_case: docs/api-conventions.md). */
export function userView(u: UserRecord) {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    external_id: u.external_id,
    status: u.status,
    role_ids: u.role_ids,
    sso_only: u.sso_only ?? false,
    created_at: u.created_at,
    updated_at: u.updated_at,
  };
}

/** A user of the caller's tenant, or 404 (another tenant's user id reveals nothing). */
export async function loadUser(store: Store, tenantId: string, userId: string): Promise<StoredUser> {
  const user = decodeUser(await store.get(keys.user(tenantId, userId)));
  if (!user) throw new NotFoundError('user');
  return user;
}

const assignedAt = (u: StoredUser, role: string) => u.role_assigned_at?.[role] ?? u.created_at;

/** Creates a user; roles given at creation must be system roles (404 otherwise) and need the assign permissions too. */
export type CreateUserInput = {
  email: string;
  name: string;
  external_id?: string;
  role_ids?: string[];
  sso_only?: boolean;
};

export async function createUser(ctx: UseCaseContext, input: CreateUserInput) {
  const roleIds = [...new Set(input.role_ids ?? [])];
  if (roleIds.length) {
    // Granting roles here must not be easier than through POST /v1/users/{id}/roles.
    const missing = (['users:update', 'roles:read'] as const).filter((p) => !ctx.principal.permissions.has(p));
    if (missing.length) throw new ForbiddenError(`missing permission ${missing.join(', ')} (needed to grant role_ids)`);
    roleIds.forEach(requireRole);
  }
  const user = stageNewUser(
    ctx.uow,
    {
      tenantId: ctx.principal.tenantId,
      email: input.email,
      name: input.name,
      externalId: input.external_id,
      roleIds,
      ssoOnly: input.sso_only,
    },
    ctx.now,
  );
  return userView(user);
}

export async function getUser(ctx: Pick<UseCaseContext, 'store' | 'principal'>, id: string) {
  return userView(await loadUser(ctx.store, ctx.principal.tenantId, id));
}

/** Lists the tenant's users in creation order; with `status`, from the status index. */
export async function listUsers(
  ctx: Pick<UseCaseContext, 'store' | 'principal' | 'cursors'>,
  page: PageRequest & { status?: UserStatus },
) {
  const tenantId = ctx.principal.tenantId;
  const pattern = page.status
    ? accessPatterns.usersByStatus(tenantId, page.status)
    : accessPatterns.usersOfTenant(tenantId);
  // The index may lag the item by a moment: the item's own status decides.
  const out = await listPage(
    ctx,
    { name: 'users', filters: { status: page.status }, pattern },
    page,
    (i) => !page.status || i.status === page.status,
  );
  return { users: out.items.map((i) => userView(decodeUser(i))), next_cursor: out.next_cursor };
}

/**
 * Updates name, status and the SSO requirement. Suspending takes effect at once: `authenticate` refuses a suspended
 * user's credentials; so does marking a user `sso_only` for its API keys (its sessions keep working).
 */
export async function updateUser(
  ctx: UseCaseContext,
  id: string,
  input: { name?: string; status?: UserStatus; sso_only?: boolean },
) {
  const user = await loadUser(ctx.store, ctx.principal.tenantId, id);
  if (input.name === undefined && input.status === undefined && input.sso_only === undefined)
    throw new ValidationError('nothing to update: give name, status or sso_only');
  const change: Record<string, unknown> = {};
  if (input.name !== undefined && input.name !== user.name) change.name = { from: user.name, to: input.name };
  if (input.status !== undefined && input.status !== user.status)
    change.status = { from: user.status, to: input.status };
  if (input.sso_only !== undefined && input.sso_only !== (user.sso_only ?? false))
    change.sso_only = { from: user.sso_only ?? false, to: input.sso_only };
  if (!Object.keys(change).length) return userView(user);
  if (input.status === 'suspended' && user.status === 'active') {
    if (user.id === ctx.principal.userId)
      throw new ValidationError('a user cannot suspend itself', { guard: 'self_suspension' });
    await guardLastActiveAdmin(ctx, user, 'be suspended');
  }
  const updated: StoredUser = {
    ...user,
    name: input.name ?? user.name,
    status: input.status ?? user.status,
    sso_only: input.sso_only ?? user.sso_only ?? false,
    updated_at: ctx.now.toISOString(),
  };
  ctx.uow.replace(userItem(updated));
  ctx.uow.audit({
    tenantId: user.tenant_id,
    action: 'user.updated',
    resourceType: 'user',
    resourceId: user.id,
    change,
  });
  return userView(updated);
}

/** Grants a system role. Granting one the user already holds changes nothing and answers the existing assignment. */
export async function assignRole(ctx: UseCaseContext, userId: string, role: string) {
  const user = await loadUser(ctx.store, ctx.principal.tenantId, userId);
  requireRole(role);
  if (user.role_ids.includes(role))
    return { created: false, assignment: { user_id: user.id, role_id: role, assigned_at: assignedAt(user, role) } };
  const ts = ctx.now.toISOString();
  const updated: StoredUser = {
    ...user,
    role_ids: [...user.role_ids, role],
    role_assigned_at: { ...user.role_assigned_at, [role]: ts },
    updated_at: ts,
  };
  ctx.uow.replace(userItem(updated));
  ctx.uow.audit({
    tenantId: user.tenant_id,
    action: 'user.role_assigned',
    resourceType: 'user',
    resourceId: user.id,
    change: { role_id: role },
  });
  return { created: true, assignment: { user_id: user.id, role_id: role, assigned_at: ts } };
}

/** Removes a role; removing one the user does not hold is a no-op (DELETE stays safe to retry). */
export async function removeRole(ctx: UseCaseContext, userId: string, role: string): Promise<void> {
  const user = await loadUser(ctx.store, ctx.principal.tenantId, userId);
  requireRole(role);
  if (!user.role_ids.includes(role)) return;
  if (role === ADMIN) await guardLastActiveAdmin(ctx, user, 'lose the admin role');
  const { [role]: _removed, ...rest } = user.role_assigned_at ?? {};
  const updated: StoredUser = {
    ...user,
    role_ids: user.role_ids.filter((r) => r !== role),
    role_assigned_at: rest,
    updated_at: ctx.now.toISOString(),
  };
  ctx.uow.replace(userItem(updated));
  ctx.uow.audit({
    tenantId: user.tenant_id,
    action: 'user.role_removed',
    resourceType: 'user',
    resourceId: user.id,
    change: { role_id: role },
  });
}

/** The system roles a user holds, with when each was granted. */
export async function listUserRoles(
  ctx: Pick<UseCaseContext, 'store' | 'principal' | 'cursors'>,
  userId: string,
  page: PageRequest,
) {
  const user = await loadUser(ctx.store, ctx.principal.tenantId, userId);
  const roles = user.role_ids.flatMap((r) => {
    const name = roleNameOf(r);
    return name ? [{ ...roleView(name), assigned_at: assignedAt(user, r) }] : [];
  });
  const out = pageOfList(ctx.cursors, roles, page, { name: 'user-roles', filters: { user_id: user.id } });
  return { roles: out.items, next_cursor: out.next_cursor };
}

/**
 * Refuses a change that would leave the tenant without an active admin. When another active admin exists, the
 * change also checks that admin's version in the same transaction: two admins demoting each other concurrently
 * cannot both succeed (the loser is retried, sees it is now the last one, and is refused).
 */
async function guardLastActiveAdmin(ctx: UseCaseContext, user: StoredUser, what: string) {
  if (!(await anotherActiveAdminRemains(ctx, user)))
    throw new ValidationError(`the last active admin of a tenant cannot ${what}`, { guard: 'last_active_admin' });
}

/**
 * The one rule behind every change that takes the admin role from a user or deactivates one (the users API here, the
 * SSO role sync in shared/domain/sso/identity-mapping.ts): false when `user` is the tenant's last active admin. When
 * another active admin exists, its version is checked in the change's own transaction (see `guardLastActiveAdmin`).
 * A user who is not an active admin leaves the tenant's admins as they are: true.
 */
export async function anotherActiveAdminRemains(
  ctx: Pick<UseCaseContext, 'store' | 'uow'>,
  user: StoredUser,
): Promise<boolean> {
  if (user.status !== 'active' || !user.role_ids.includes(ADMIN)) return true;
  const other = await findOtherActiveAdmin(ctx.store, user.tenant_id, user.id);
  if (!other) return false;
  ctx.uow.check(keys.user(other.tenant_id, other.id), { type: 'version', version: other.version });
  return true;
}

async function findOtherActiveAdmin(store: Store, tenantId: string, exceptId: string): Promise<UserRecord | undefined> {
  let startKey: Record<string, unknown> | undefined;
  do {
    // Strongly consistent base-table read: an index could still show an admin who was just demoted.
    const page = await store.query({
      pattern: accessPatterns.usersOfTenant(tenantId),
      limit: GUARD_SCAN_PAGE,
      startKey,
      consistent: true,
    });
    for (const item of page.items) {
      const u = decodeUser(item);
      if (u.id !== exceptId && u.status === 'active' && u.role_ids.includes(ADMIN)) return u;
    }
    startKey = page.lastKey;
  } while (startKey);
  return undefined;
}
