import { BoundedMap } from '../bounded-map.js';

/**
 * The default permission matrix of the five system roles: 13 resources x 6 actions. This data is the one place the
 * matrix lives; docs/permissions.md is generated from it (`npm run docs:permissions`) and a test keeps them equal.
 */
export const RESOURCES = [
  'tenants',
  'vaults',
  'wallets',
  'transactions',
  'assets',
  'policies',
  'webhooks',
  'users',
  'roles',
  'credentials',
  'audit',
  'tokens',
  'address_book',
] as const;
export const ACTIONS = ['create', 'read', 'update', 'delete', 'approve', 'execute'] as const;
export type Resource = (typeof RESOURCES)[number];
export type Action = (typeof ACTIONS)[number];
export type Permission = `${Resource}:${Action}`;

export const ROLE_NAMES = ['admin', 'operator', 'viewer', 'approver', 'compliance_officer'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];
export const roleId = (name: RoleName) => `role_${name}` as const;

type Grants = Partial<Record<Resource, readonly Action[]>>;
const ALL = ACTIONS;
const READ = ['read'] as const;

export const ROLE_DESCRIPTIONS: Record<RoleName, string> = {
  admin: 'Full access to every resource of the tenant.',
  operator: 'Runs day-to-day custody: submits, executes and cancels transactions, manages vaults and wallets.',
  viewer: 'Read-only access to every resource; never sees a secret.',
  approver: 'Reviews and approves or rejects transactions.',
  compliance_officer: 'Decides screening reviews and reads the audit trail and everything it refers to.',
};

/** Why each grant (as a custody team would split duties); data, so docs/permissions.md renders them too. */
export const MATRIX_NOTES: readonly string[] = [
  'operator prepares and moves funds but cannot approve (four-eyes), change policies, or manage people and keys.',
  'approver can only look and decide: approve covers approve and reject.',
  'compliance_officer decides flagged screenings (transactions:approve), owns screening lists (policies:update is not granted: policies stay with admins), and reads the audit trail, users and roles to follow who did what.',
  'viewer reads everything; credential records never carry secrets, so reading them is safe.',
  'deposits (`GET /v1/deposits`) are read with transactions:read: they are the inbound side of transfers, and every role that follows transfers follows them; wallet balances (`GET /v1/wallets/{id}/balances`) with wallets:read.',
  'governance (docs/governance.md): the quorum is set with tenants:update and governance changes are decided with tenants:approve, both held by admin only, so only admins count toward a quorum; tenants:read lists the changes and their diffs.',
  'address book (docs/policies.md): every role reads it (address_book:read), since whoever submits, approves or reviews a transfer needs to see which destinations are vouched for; only admins add or remove entries (address_book:create, address_book:delete), and under a quorum those are governance changes.',
  'signing: transactions:execute (admin, operator) posts a transaction signature (POST /v1/transactions/{id}/signature); reading the signing payload needs only transactions:read. A callback signer uses a credential of an operator user; approvers decide but never sign.',
];

/** The default grants of each role; the reasons are MATRIX_NOTES. */
export const DEFAULT_MATRIX: Record<RoleName, Grants> = {
  admin: Object.fromEntries(RESOURCES.map((r) => [r, ALL])) as Grants,
  operator: {
    tenants: READ,
    vaults: ['create', 'read', 'update'],
    wallets: ['create', 'read', 'update'],
    transactions: ['create', 'read', 'update', 'execute'],
    assets: READ,
    policies: READ,
    webhooks: READ,
    roles: READ,
    audit: READ,
    tokens: ['create', 'read', 'execute'],
    address_book: READ,
  },
  viewer: Object.fromEntries(RESOURCES.map((r) => [r, READ])) as Grants,
  approver: {
    tenants: READ,
    vaults: READ,
    wallets: READ,
    transactions: ['read', 'approve'],
    assets: READ,
    policies: READ,
    roles: READ,
    tokens: ['read', 'approve'],
    address_book: READ,
  },
  compliance_officer: {
    tenants: READ,
    vaults: READ,
    wallets: READ,
    transactions: ['read', 'approve'],
    assets: READ,
    policies: READ,
    users: READ,
    roles: READ,
    audit: READ,
    webhooks: READ,
    tokens: READ,
    address_book: READ,
  },
};

export function permissionsOf(role: RoleName): Permission[] {
  const grants = DEFAULT_MATRIX[role];
  return RESOURCES.flatMap((r) => (grants[r] ?? []).map((a) => `${r}:${a}` as Permission));
}

export function isRoleName(s: string): s is RoleName {
  return (ROLE_NAMES as readonly string[]).includes(s);
}

/** The role name of a role id (`role_<name>`), or undefined when the id names no system role. */
export function roleNameOf(id: string): RoleName | undefined {
  if (!id.startsWith('role_')) return undefined;
  const name = id.slice('role_'.length);
  return isRoleName(name) ? name : undefined;
}

/**
 * The permissions of a set of role ids (`role_<name>`); unknown ids grant nothing. Built once per list of ids (every
 * authenticated request asks; the system roles make few lists) and shared read-only.
 */
export function permissionsOfRoles(roleIds: readonly string[]): ReadonlySet<Permission> {
  const key = roleIds.join(',');
  let out = byRoleIds.get(key);
  if (!out) {
    const set = new Set<Permission>();
    for (const id of roleIds) {
      const name = roleNameOf(id);
      if (name) permissionsOf(name).forEach((p) => set.add(p));
    }
    byRoleIds.set(key, (out = set));
  }
  return out;
}

const byRoleIds = new BoundedMap<string, ReadonlySet<Permission>>(256);
