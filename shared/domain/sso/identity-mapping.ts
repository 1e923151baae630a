import type { Store } from '../../ports/store.js';
import { keys } from '../../store/keys.js';
import type { UnitOfWork } from '../unit-of-work.js';
import { decodeTenant, decodeUser, userItem } from '../identity/records.js';
import { anotherActiveAdminRemains, stageNewUser, type StoredUser } from '../identity/users.js';
import { roleId } from '../permissions/matrix.js';
import type { SsoConnectionRecord } from './connections.js';
import { refusal } from './refusals.js';

/** What a verified sign-in tells us, whatever the method (from an OIDC ID token or a SAML assertion). */
export type VerifiedIdentity = {
  email: string | undefined;
  emailVerified: boolean;
  /** The provider's subject (`sub`, NameID): recorded in the audit entry. */
  subject: string;
  name?: string;
  /** Every claim or attribute, where the role claim is looked up. */
  claims: Record<string, unknown>;
};

/** The string values of a claim (a string, or an array of strings; anything else counts as none). */
export function claimValues(claims: Record<string, unknown>, name: string): string[] {
  const v = claims[name];
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return v.filter((x): x is string => typeof x === 'string');
  return [];
}

/** The system roles the identity's role claim maps to, in mapping order. */
export function mappedRoles(
  c: Pick<SsoConnectionRecord, 'role_claim' | 'role_mapping'>,
  claims: Record<string, unknown>,
): string[] {
  const values = new Set(claimValues(claims, c.role_claim));
  return [...new Set(Object.entries(c.role_mapping).flatMap(([value, roles]) => (values.has(value) ? roles : [])))];
}

const ADMIN = roleId('admin');

export type MappedUser = { user: StoredUser; created: boolean; rolesSynced: boolean };

/**
 * Finds the user a verified identity signs in as, and stages what that changes (a JIT-created user, roles set from the
 * role claim). Every refusal is raised before anything is staged:
 * - no e-mail (1012), an unverified one (1013), one outside `allowed_email_domains` (1014);
 * - a suspended tenant or user (1016);
 * - no user with that e-mail in the tenant and JIT off (1015);
 * - a role mapping that grants nothing (1017), when the connection has a mapping (always needed for JIT);
 * - a role mapping that would take `role_admin` from the tenant's last active admin (1017, `last_active_admin`): the
 *   users API's lockout guard (shared/domain/identity/users.ts). The sign-in is refused rather than the admin role
 *   kept: a session never carries a role the provider did not grant, and the stored admin stays for recovery.
 */
export async function mapIdentity(
  store: Store,
  uow: UnitOfWork,
  c: SsoConnectionRecord,
  identity: VerifiedIdentity,
  now: Date,
): Promise<MappedUser> {
  const email = identity.email?.trim().toLowerCase();
  if (!email || !/^[^@\s]+@[^@\s]+$/.test(email))
    throw refusal('SSO_TOKEN_INVALID', 'email_missing', 'the identity provider sent no e-mail address');
  if (!identity.emailVerified)
    throw refusal(
      'SSO_EMAIL_UNVERIFIED',
      'email_unverified',
      'the identity provider has not verified this e-mail address',
    );
  const domain = email.slice(email.lastIndexOf('@') + 1);
  if (c.allowed_email_domains.length && !c.allowed_email_domains.includes(domain)) {
    throw refusal(
      'SSO_EMAIL_DOMAIN_NOT_ALLOWED',
      'email_domain_not_allowed',
      `e-mail domain ${domain} is not allowed for this tenant`,
    );
  }
  const [tenantItem, emailItem] = await store.getMany([keys.tenant(c.tenant_id), keys.userEmail(c.tenant_id, email)]);
  const tenant = decodeTenant(tenantItem);
  if (!tenant || tenant.status !== 'active')
    throw refusal('SSO_USER_SUSPENDED', 'tenant_suspended', 'the tenant is suspended');
  const userId = typeof emailItem?.user_id === 'string' ? emailItem.user_id : undefined;
  const user = userId ? decodeUser(await store.get(keys.user(c.tenant_id, userId))) : undefined;
  const hasMapping = Object.keys(c.role_mapping).length > 0;
  const roles = mappedRoles(c, identity.claims);
  if (!user) {
    if (!c.jit_provisioning)
      throw refusal('SSO_USER_NOT_FOUND', 'user_not_found', 'no user of the tenant has this e-mail address');
    if (!roles.length) throw refusal('SSO_NO_ROLE', 'no_role_mapped', `the ${c.role_claim} claim maps to no role`);
    const created = stageNewUser(
      uow,
      {
        tenantId: c.tenant_id,
        email,
        name: identity.name?.trim().slice(0, 128) || email,
        roleIds: roles,
        ssoOnly: true,
      },
      now,
    ) as StoredUser;
    return { user: created, created: true, rolesSynced: false };
  }
  if (user.status !== 'active') throw refusal('SSO_USER_SUSPENDED', 'user_suspended', 'the user is suspended');
  if (!hasMapping) return { user, created: false, rolesSynced: false };
  if (!roles.length) throw refusal('SSO_NO_ROLE', 'no_role_mapped', `the ${c.role_claim} claim maps to no role`);
  const same = roles.length === user.role_ids.length && roles.every((r) => user.role_ids.includes(r));
  if (same) return { user, created: false, rolesSynced: false };
  if (!roles.includes(ADMIN) && !(await anotherActiveAdminRemains({ store, uow }, user))) {
    throw refusal(
      'SSO_NO_ROLE',
      'last_active_admin',
      `the ${c.role_claim} claim does not map to role_admin, and this user is the tenant's last active admin`,
    );
  }
  const ts = now.toISOString();
  const synced: StoredUser = {
    ...user,
    role_ids: roles,
    role_assigned_at: Object.fromEntries(roles.map((r) => [r, user.role_assigned_at?.[r] ?? ts])),
    updated_at: ts,
  };
  uow.replace(userItem(synced));
  uow.audit({
    tenantId: user.tenant_id,
    action: 'user.roles_synced',
    resourceType: 'user',
    resourceId: user.id,
    change: { from: user.role_ids, to: roles, source: c.kind },
  });
  return { user: { ...synced, version: user.version + 1 }, created: false, rolesSynced: true };
}
