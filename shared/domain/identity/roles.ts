import { NotFoundError } from '../../errors/domain-errors.js';
import type { CursorCodec } from '../cursor-codec.js';
import { pageOfList, type PageRequest } from '../pagination.js';
import {
  ACTIONS,
  DEFAULT_MATRIX,
  RESOURCES,
  ROLE_DESCRIPTIONS,
  ROLE_NAMES,
  roleId,
  type RoleName,
  roleNameOf,
} from '../permissions/matrix.js';

/**
 * The five system roles, read-only (docs/permissions.md, "Roles"). They are data (permissions/matrix.ts), not table items: every
 * tenant sees the same roles, and a role id is `role_<name>`.
 */
export type RoleView = { id: string; name: RoleName; description: string };

export function roleView(name: RoleName): RoleView {
  return { id: roleId(name), name, description: ROLE_DESCRIPTIONS[name] };
}

/** A system role by id, or 404 (1400, resource role). */
export function requireRole(id: string): RoleName {
  const name = roleNameOf(id);
  if (!name) throw new NotFoundError('role');
  return name;
}

/** The role with its permission pairs, in matrix order (resource, then action). */
export function roleWithPermissions(id: string) {
  const name = requireRole(id);
  const grants = DEFAULT_MATRIX[name];
  const permissions = RESOURCES.flatMap((resource) =>
    ACTIONS.filter((a) => grants[resource]?.includes(a)).map((action) => ({ resource, action })),
  );
  return { ...roleView(name), permissions };
}

export function listRoles(cursors: CursorCodec, page: PageRequest) {
  const out = pageOfList(cursors, ROLE_NAMES.map(roleView), page, { name: 'roles' });
  return { roles: out.items, next_cursor: out.next_cursor };
}
