import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/errors/catalog.js';
import { ACTIONS, DEFAULT_MATRIX, RESOURCES, ROLE_NAMES, permissionsOf, permissionsOfRoles } from '../../shared/domain/permissions/matrix.js';
import { listRoles, requireRole, roleWithPermissions } from '../../shared/domain/identity/roles.js';
import { pageOfList } from '../../shared/domain/pagination.js';
import { CursorCodec } from '../../shared/domain/cursor-codec.js';

const cursors = new CursorCodec(new Uint8Array(32).fill(7), 'tenant-1');
import { PERMISSIONS_DOC, renderPermissions } from '../../scripts/render-permissions.js';

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e instanceof ApiError ? e.code : e;
  }
  return undefined;
};

describe('permission matrix', () => {
  it('docs/permissions.md is exactly what scripts/render-permissions.ts renders (run npm run docs:permissions)', () => {
    expect(readFileSync(PERMISSIONS_DOC, 'utf8')).toBe(renderPermissions());
  });

  it('the rendered table has one row per resource:action and marks exactly the granted cells', () => {
    const rows = renderPermissions().split('\n').filter((l) => /^\| `[a-z_]+:[a-z]+` \|/.test(l));
    expect(rows).toHaveLength(RESOURCES.length * ACTIONS.length);
    const granted = rows.reduce((n, r) => n + r.split('|').slice(2, -1).filter((c) => c.trim() === 'x').length, 0);
    expect(granted).toBe(ROLE_NAMES.reduce((n, r) => n + permissionsOf(r).length, 0));
  });

  it('grants only known resources and actions', () => {
    for (const role of ROLE_NAMES) {
      for (const [resource, actions] of Object.entries(DEFAULT_MATRIX[role])) {
        expect(RESOURCES).toContain(resource);
        for (const a of actions ?? []) expect(ACTIONS).toContain(a);
      }
    }
  });

  it('gives admin all 72 permissions and viewer exactly the 12 reads', () => {
    expect(permissionsOf('admin')).toHaveLength(72);
    expect(permissionsOf('viewer')).toEqual(RESOURCES.map((r) => `${r}:read`));
  });

  it('keeps four-eyes: the operator cannot approve, the approver cannot submit', () => {
    expect(permissionsOf('operator')).not.toContain('transactions:approve');
    expect(permissionsOf('approver')).not.toContain('transactions:create');
    expect(permissionsOf('approver')).toContain('transactions:approve');
  });

  it('unions the permissions of several role ids and ignores unknown ones', () => {
    const p = permissionsOfRoles(['role_approver', 'role_operator', 'role_root', 'admin_role']);
    expect(p.has('transactions:approve')).toBe(true);
    expect(p.has('transactions:create')).toBe(true);
    expect(p.has('users:create')).toBe(false);
    expect(permissionsOfRoles(['role_root']).size).toBe(0);
  });
});

describe('system roles', () => {
  it('lists the five roles with ids role_<name>', () => {
    expect(listRoles(cursors, {}).roles.map((r) => r.id)).toEqual(['role_admin', 'role_operator', 'role_viewer', 'role_approver', 'role_compliance_officer']);
  });

  it('returns a role with its (resource, action) pairs from the matrix', () => {
    const viewer = roleWithPermissions('role_viewer');
    expect(viewer.name).toBe('viewer');
    expect(viewer.permissions).toEqual(RESOURCES.map((resource) => ({ resource, action: 'read' })));
  });

  it('answers an unknown role id with 404 (1400)', () => {
    expect(codeOf(() => requireRole('role_root'))).toBe(1400);
    expect(codeOf(() => requireRole('admin'))).toBe(1400);
  });

  it('pages a short list with cursors bound to their listing (others are 1108)', () => {
    const all = ['a', 'b', 'c', 'd', 'e'];
    const first = pageOfList(cursors, all, { limit: 2 }, { name: 'x' });
    expect(first.items).toEqual(['a', 'b']);
    const second = pageOfList(cursors, all, { limit: 2, cursor: first.next_cursor! }, { name: 'x' });
    expect(second.items).toEqual(['c', 'd']);
    const last = pageOfList(cursors, all, { limit: 2, cursor: second.next_cursor! }, { name: 'x' });
    expect(last).toEqual({ items: ['e'], next_cursor: null });
    expect(pageOfList(cursors, all, { page: 3, per_page: 2 }, { name: 'x' }).items).toEqual(['e']);
    expect(codeOf(() => pageOfList(cursors, all, { cursor: first.next_cursor! }, { name: 'y' }))).toBe(1108);
    expect(codeOf(() => pageOfList(cursors, all, { cursor: 'not-a-cursor' }, { name: 'x' }))).toBe(1108);
  });
});
