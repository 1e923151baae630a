import { InvalidPaginationError, NotFoundError } from '../../errors/domain-errors.js';
import { DEFAULT_LIMIT, type Page, type PageRequest } from '../pagination.js';
import { ACTIONS, DEFAULT_MATRIX, RESOURCES, ROLE_DESCRIPTIONS, ROLE_NAMES, roleId, type RoleName, roleNameOf } from '../permissions/matrix.js';

/**
 * The five system roles, read-only (interface 2.7). They are data (permissions/matrix.ts), not table items: every
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
  const permissions = RESOURCES.flatMap((resource) => ACTIONS.filter((a) => grants[resource]?.includes(a)).map((action) => ({ resource, action })));
  return { ...roleView(name), permissions };
}

export function listRoles(page: PageRequest) {
  const out = pageOfList(ROLE_NAMES.map(roleView), page, 'roles');
  return { roles: out.items, next_cursor: out.next_cursor };
}

/**
 * Pagination over a short list held in memory (the system roles, a user's roles), with the same contract as the
 * table listings: `limit`/`cursor` or `page`/`per_page`, and a cursor bound to its listing (another listing's or a
 * tampered cursor is 1108).
 */
export function pageOfList<T>(all: readonly T[], req: PageRequest, listing: string): Page<T> {
  const limit = req.per_page ?? req.limit ?? DEFAULT_LIMIT;
  let offset = req.page && !req.cursor ? (req.page - 1) * limit : 0;
  if (req.cursor) offset = decodeListCursor(req.cursor, listing);
  const items = all.slice(offset, offset + limit);
  const next = offset + limit < all.length ? Buffer.from(JSON.stringify({ l: listing, o: offset + limit }), 'utf8').toString('base64url') : null;
  return { items, next_cursor: next };
}

function decodeListCursor(cursor: string, listing: string): number {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidPaginationError('cursor malformed');
  }
  const c = parsed as { l?: unknown; o?: unknown } | null;
  if (!c || typeof c !== 'object' || typeof c.o !== 'number' || !Number.isInteger(c.o) || c.o < 0) throw new InvalidPaginationError('cursor malformed');
  if (c.l !== listing) throw new InvalidPaginationError('cursor does not belong to this listing');
  return c.o;
}
