import * as z from './zod.js';
import { cidr, email, metadata, name, reason, timestamp, uuid, paginationQuery, nextCursor, createdAt, updatedAt } from './common.js';
import { CredentialWithSecret } from './credentials.js';

/** Request and response schemas of tenants (snake_case, as interface 2.3 and DESIGN.md 2). */
const allowlist = z.lazySchema(() => z.nullable(z.array(cidr()).check(z.maxLength(100))));

/** Accepts `ip_allowlist` and the alternative spelling `ipAllowList`, and hands the use case `ip_allowlist`. */
const allowlistFields = z.lazySchema(() => ({ ip_allowlist: z.optional(allowlist()), ipAllowList: z.optional(allowlist()) }));
function foldAllowlist<T extends { ip_allowlist?: string[] | null; ipAllowList?: string[] | null }>({ ipAllowList, ...rest }: T) {
  return { ...rest, ip_allowlist: rest.ip_allowlist !== undefined ? rest.ip_allowlist : ipAllowList };
}

export const CreateTenantBody = z.lazySchema(() => z.pipe(
  z.strictObject({
    name: name(),
    metadata: z.optional(metadata()),
    admin_email: z.withMeta(email(), { description: 'The first admin: a tenant without one could never be used (no route adds a user to another tenant)' }),
    admin_name: z.optional(name()),
    ...allowlistFields(),
  }),
  z.transform(foldAllowlist),
));

export const UpdateTenantBody = z.lazySchema(() => z.pipe(z.strictObject({ name: z.optional(name()), metadata: z.optional(metadata()), ...allowlistFields() }), z.transform(foldAllowlist)));

export const SuspendTenantBody = z.lazySchema(() => z.strictObject({ reason: z.optional(reason()), notify_email: z.optional(email()) }));

export const Tenant = z.lazySchema(() => z.withMeta(z.object({
    id: uuid(),
    name: z.string(),
    status: z.enum(['active', 'suspended']),
    ip_allowlist: z.nullable(z.array(z.string())),
    metadata: z.record(z.string(), z.unknown()),
    is_platform: z.boolean(),
    suspended_reason: z.nullable(z.string()),
    suspended_at: z.nullable(timestamp()),
    created_at: createdAt(),
    updated_at: updatedAt(),
  }), { id: 'Tenant' }));

export const TenantCreated = z.lazySchema(() => z.withMeta(z.extend(Tenant(), {
  admin_user: z.object({ id: uuid(), email: z.string(), name: z.string(), status: z.string(), role_ids: z.array(z.string()), created_at: createdAt() }),
  admin_credential: CredentialWithSecret(),
}), { id: 'TenantCreated' }));

export const TenantList = z.lazySchema(() => z.object({ tenants: z.array(Tenant()), next_cursor: nextCursor() }));
export const TenantListQuery = z.lazySchema(() => z.extend(paginationQuery(), { status: z.optional(z.enum(['active', 'suspended'])) }));
