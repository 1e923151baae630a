import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/errors/catalog.js';
import {
  ACTIONS,
  RESOURCES,
  ROLE_NAMES,
  permissionsOf,
  permissionsOfRoles,
} from '../../shared/domain/permissions/matrix.js';
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
    const rows = renderPermissions()
      .split('\n')
      .filter((l) => /^\| `[a-z_]+:[a-z]+` \|/.test(l));
    expect(rows).toHaveLength(RESOURCES.length * ACTIONS.length);
    const granted = rows.reduce(
      (n, r) =>
        n +
        r
          .split('|')
          .slice(2, -1)
          .filter((c) => c.trim() === 'x').length,
      0,
    );
    expect(granted).toBe(ROLE_NAMES.reduce((n, r) => n + permissionsOf(r).length, 0));
  });

  it('gives admin all 78 permissions and viewer exactly the 13 reads', () => {
    expect(permissionsOf('admin')).toHaveLength(78);
    expect(permissionsOf('viewer')).toEqual(RESOURCES.map((r) => `${r}:read`));
  });

  it('keeps four-eyes: no role but admin may both create and approve transactions (or tokens)', () => {
    for (const role of ROLE_NAMES.filter((r) => r !== 'admin')) {
      for (const resource of ['transactions', 'tokens'] as const) {
        const p = permissionsOf(role);
        expect(p.includes(`${resource}:create`) && p.includes(`${resource}:approve`), `${role} on ${resource}`).toBe(
          false,
        );
      }
    }
    expect(permissionsOf('operator').filter((p) => p.endsWith(':approve'))).toEqual([]);
    expect(permissionsOf('approver')).toContain('transactions:approve');
  });

  it('lets the approver only look and decide: every grant is a read or an approve', () => {
    expect(permissionsOf('approver').filter((p) => !p.endsWith(':read') && !p.endsWith(':approve'))).toEqual([]);
  });

  it('leaves people, keys and roles to admins: no other role creates, updates or deletes users, credentials or roles', () => {
    const manage: string[] = ['users', 'credentials', 'roles'].flatMap((r) =>
      ['create', 'update', 'delete'].map((a) => `${r}:${a}`),
    );
    for (const role of ROLE_NAMES.filter((r) => r !== 'admin'))
      expect(
        permissionsOf(role).filter((p) => manage.includes(p)),
        role,
      ).toEqual([]);
  });

  it('leaves policies and webhooks to admins: no other role writes them', () => {
    for (const role of ROLE_NAMES.filter((r) => r !== 'admin')) {
      expect(
        permissionsOf(role).filter((p) => /^(policies|webhooks):(create|update|delete|execute)$/.test(p)),
        role,
      ).toEqual([]);
    }
  });

  it('lets the compliance officer decide flagged screenings and follow who did what (audit, users, roles)', () => {
    const p = permissionsOf('compliance_officer');
    for (const needed of ['transactions:approve', 'audit:read', 'users:read', 'roles:read'] as const)
      expect(p).toContain(needed);
    expect(p).not.toContain('transactions:create');
  });

  it('lets the operator move funds: create, execute and cancel (update) transactions, set up vaults and wallets', () => {
    const p = permissionsOf('operator');
    for (const needed of [
      'transactions:create',
      'transactions:execute',
      'transactions:update',
      'vaults:create',
      'wallets:create',
    ] as const)
      expect(p).toContain(needed);
  });

  it('never grants an action on a resource without the read of that resource', () => {
    for (const role of ROLE_NAMES) {
      const p = permissionsOf(role);
      for (const perm of p) expect(p, `${role} has ${perm}`).toContain(`${perm.split(':')[0]}:read`);
    }
  });

  it('unions the permissions of several role ids and ignores unknown ones', () => {
    const p = permissionsOfRoles(['role_approver', 'role_operator', 'role_root', 'admin_role']);
    expect(p.has('transactions:approve')).toBe(true);
    expect(p.has('transactions:create')).toBe(true);
    expect(p.has('users:create')).toBe(false);
    expect(permissionsOfRoles(['role_root']).size).toBe(0);
  });

  it('builds a list of role ids once and answers it again from then on, each list its own', () => {
    const first = permissionsOfRoles(['role_viewer', 'role_approver']);
    expect(permissionsOfRoles(['role_viewer', 'role_approver'])).toBe(first);
    const viewer = permissionsOfRoles(['role_viewer']);
    expect(viewer).not.toBe(first);
    expect([...viewer].sort()).toEqual([...permissionsOf('viewer')].sort());
    expect(first.has('transactions:approve')).toBe(true);
    expect(viewer.has('transactions:approve')).toBe(false);
  });
});

describe('system roles', () => {
  it('lists the five roles with ids role_<name>', () => {
    expect(listRoles(cursors, {}).roles.map((r) => r.id)).toEqual([
      'role_admin',
      'role_operator',
      'role_viewer',
      'role_approver',
      'role_compliance_officer',
    ]);
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
