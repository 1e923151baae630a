import { keys } from '../../store/keys.js';
import { accessPatterns } from '../../store/access-patterns.js';
import { NotFoundError, ValidationError } from '../../errors/domain-errors.js';
import type { UseCaseContext } from '../context.js';
import { commit, UnitOfWork } from '../unit-of-work.js';
import type { AuditedStore } from '../audit/record-mac.js';
import { newId } from '../ids.js';
import { listPage, type PageRequest } from '../pagination.js';
import { decodeTenant, tenantItem, type TenantRecord } from '../identity/records.js';
import { stageNewUser } from '../identity/users.js';
import { stageNewCredential, credentialView } from '../identity/credentials.js';
import { roleId } from '../permissions/matrix.js';

/**
 * Tenant lifecycle. Platform operators (admins of the platform tenant) create, list, suspend and reactivate
 * tenants; a tenant's own admin reads and updates only its own tenant. Changes are audited in the tenant's chain,
 * and, when a platform operator makes them, in the platform's chain too.
 */
export function tenantView(t: TenantRecord) {
  return {
    id: t.id,
    name: t.name,
    status: t.status,
    ip_allowlist: t.ip_allowlist,
    metadata: t.metadata,
    is_platform: t.is_platform,
    suspended_reason: t.suspended_reason,
    suspended_at: t.suspended_at,
    created_at: t.created_at,
    updated_at: t.updated_at,
  };
}

function newTenant(name: string, now: Date, extra: Partial<TenantRecord> = {}): TenantRecord {
  const ts = now.toISOString();
  return {
    id: newId(),
    name,
    status: 'active',
    ip_allowlist: null,
    metadata: {},
    is_platform: false,
    suspended_reason: null,
    notify_email: null,
    suspended_at: null,
    created_at: ts,
    updated_at: ts,
    version: 1,
    ...extra,
  };
}

/** Audits a tenant change in the tenant's own chain, and in the platform's when an operator of another tenant made it. */
function auditTenant(ctx: UseCaseContext, tenantId: string, action: string, change: unknown) {
  ctx.uow.audit({ tenantId, action, resourceType: 'tenant', resourceId: tenantId, change });
  if (ctx.principal.tenantId !== tenantId)
    ctx.uow.audit({ tenantId: ctx.principal.tenantId, action, resourceType: 'tenant', resourceId: tenantId, change });
}

export type CreateTenantInput = {
  name: string;
  ip_allowlist?: string[] | null;
  metadata?: Record<string, unknown>;
  admin_email: string;
  admin_name?: string;
};

/**
 * Creates a tenant with its first admin and that admin's credential. The admin is required: users are created only
 * inside the caller's own tenant, so a tenant created without one could never be used by anybody.
 */
export async function createTenant(ctx: UseCaseContext, input: CreateTenantInput) {
  const tenant = newTenant(input.name, ctx.now, {
    ip_allowlist: input.ip_allowlist ?? null,
    metadata: input.metadata ?? {},
  });
  ctx.uow.create(tenantItem(tenant));
  auditTenant(ctx, tenant.id, 'tenant.created', {
    name: tenant.name,
    ip_allowlist: tenant.ip_allowlist,
    metadata: tenant.metadata,
  });
  const admin = stageNewUser(
    ctx.uow,
    {
      tenantId: tenant.id,
      email: input.admin_email,
      name: input.admin_name ?? input.admin_email,
      roleIds: [roleId('admin')],
    },
    ctx.now,
  );
  const { record, secret } = stageNewCredential(ctx.uow, admin, 'initial admin credential', ctx.now);
  return {
    ...tenantView(tenant),
    admin_user: {
      id: admin.id,
      email: admin.email,
      name: admin.name,
      status: admin.status,
      role_ids: admin.role_ids,
      created_at: admin.created_at,
    },
    admin_credential: { ...credentialView(record), secret },
  };
}

/** A tenant the caller may see: any for a platform operator, only its own otherwise (else 404, revealing nothing). */
export async function loadVisibleTenant(
  ctx: Pick<UseCaseContext, 'store' | 'principal'>,
  id: string,
): Promise<TenantRecord> {
  if (!ctx.principal.isPlatform && id !== ctx.principal.tenantId) throw new NotFoundError('tenant');
  const t = decodeTenant(await ctx.store.get(keys.tenant(id)));
  if (!t) throw new NotFoundError('tenant');
  return t;
}

export async function listTenants(
  ctx: Pick<UseCaseContext, 'store' | 'principal' | 'cursors'>,
  page: PageRequest & { status?: string },
) {
  const out = await listPage(
    ctx,
    { name: 'tenants', filters: { status: page.status }, pattern: accessPatterns.tenantsAll() },
    page,
    (i) => !page.status || i.status === page.status,
  );
  return { tenants: out.items.map((i) => tenantView(decodeTenant(i))), next_cursor: out.next_cursor };
}

export type UpdateTenantInput = { name?: string; ip_allowlist?: string[] | null; metadata?: Record<string, unknown> };

export async function updateTenant(ctx: UseCaseContext, id: string, input: UpdateTenantInput) {
  const t = await loadVisibleTenant(ctx, id);
  if (input.name === undefined && input.ip_allowlist === undefined && input.metadata === undefined)
    throw new ValidationError('nothing to update: give name, ip_allowlist or metadata');
  const updated: TenantRecord = {
    ...t,
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.ip_allowlist !== undefined ? { ip_allowlist: input.ip_allowlist } : {}),
    ...(input.metadata !== undefined ? { metadata: input.metadata } : {}),
    updated_at: ctx.now.toISOString(),
  };
  ctx.uow.replace(tenantItem(updated));
  auditTenant(ctx, id, 'tenant.updated', input);
  return tenantView(updated);
}

export async function suspendTenant(
  ctx: UseCaseContext,
  id: string,
  input: { reason?: string; notify_email?: string },
) {
  const t = await loadVisibleTenant(ctx, id);
  if (t.is_platform) throw new ValidationError('the platform tenant cannot be suspended');
  if (t.status === 'suspended') return tenantView(t);
  const ts = ctx.now.toISOString();
  const updated: TenantRecord = {
    ...t,
    status: 'suspended',
    suspended_reason: input.reason ?? null,
    notify_email: input.notify_email ?? null,
    suspended_at: ts,
    updated_at: ts,
  };
  ctx.uow.replace(tenantItem(updated));
  auditTenant(ctx, id, 'tenant.suspended', { reason: updated.suspended_reason, notify_email: updated.notify_email });
  return tenantView(updated);
}

export async function reactivateTenant(ctx: UseCaseContext, id: string) {
  const t = await loadVisibleTenant(ctx, id);
  if (t.status === 'active') return tenantView(t);
  const updated: TenantRecord = {
    ...t,
    status: 'active',
    suspended_reason: null,
    suspended_at: null,
    notify_email: null,
    updated_at: ctx.now.toISOString(),
  };
  ctx.uow.replace(tenantItem(updated));
  auditTenant(ctx, id, 'tenant.reactivated', {});
  return tenantView(updated);
}

/**
 * Creates the platform tenant, its first operator (admin) and that operator's credential, once. Returns the
 * credential's secret only when it created it; later calls answer `created: false`.
 */
export async function ensurePlatform(audited: AuditedStore, now: Date, operatorEmail = 'operator@platform.local') {
  const { store } = audited;
  const existing = await store.get(keys.platform());
  if (existing) return { created: false as const, tenantId: existing.tenant_id as string };
  const uow = new UnitOfWork(() => now);
  const tenant = newTenant('platform', now, { is_platform: true });
  uow.create(tenantItem(tenant));
  uow.create({ ...keys.platform(), entity: 'platform', tenant_id: tenant.id });
  uow.audit({
    tenantId: tenant.id,
    action: 'tenant.created',
    resourceType: 'tenant',
    resourceId: tenant.id,
    change: { name: tenant.name, is_platform: true },
  });
  const operator = stageNewUser(
    uow,
    { tenantId: tenant.id, email: operatorEmail, name: 'Platform operator', roleIds: [roleId('admin')] },
    now,
  );
  const { record, secret } = stageNewCredential(uow, operator, 'platform operator', now);
  try {
    await commit(audited, uow, {
      actor: { type: 'system', user_id: null, key_id: null, component: 'bootstrap' },
      requestId: null,
      now,
    });
  } catch (e) {
    const raced = await store.get(keys.platform());
    if (raced) return { created: false as const, tenantId: raced.tenant_id as string };
    throw e;
  }
  return { created: true as const, tenantId: tenant.id, userId: operator.id, keyId: record.key_id, secret };
}
