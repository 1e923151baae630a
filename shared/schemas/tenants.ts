import * as z from './zod.js';
import {
  cidr,
  email,
  metadata,
  name,
  reason,
  timestamp,
  uuid,
  paginationQuery,
  nextCursor,
  createdAt,
  updatedAt,
  described,
} from './common.js';
import { CredentialWithSecret } from './credentials.js';

/** Request and response schemas of tenants (snake_case: docs/api-conventions.md, "Requests and answers"). */
const allowlist = z.lazySchema(() => z.nullable(z.array(cidr()).check(z.maxLength(100))));

/** Accepts `ip_allowlist` and the alternative spelling `ipAllowList`, and hands the use case `ip_allowlist`. */
const allowlistFields = z.lazySchema(() => ({
  ip_allowlist: described(
    z.optional(allowlist()),
    'IPv4/IPv6 CIDRs requests must come from (else 403 1001); null: any address',
  ),
  ipAllowList: described(z.optional(allowlist()), 'Another spelling of `ip_allowlist`'),
}));
function foldAllowlist<T extends { ip_allowlist?: string[] | null; ipAllowList?: string[] | null }>({
  ipAllowList,
  ...rest
}: T) {
  return { ...rest, ip_allowlist: rest.ip_allowlist !== undefined ? rest.ip_allowlist : ipAllowList };
}

export const CreateTenantBody = z.lazySchema(() =>
  z.pipe(
    z.strictObject({
      name: described(name(), "The tenant's display name"),
      metadata: described(z.optional(metadata()), 'Free key-value data kept with the tenant'),
      admin_email: z.withMeta(email(), {
        description:
          'The first admin: a tenant without one could never be used (no route adds a user to another tenant)',
      }),
      admin_name: described(z.optional(name()), "The first admin's display name; defaults to the email"),
      ...allowlistFields(),
    }),
    z.transform(foldAllowlist),
  ),
);

export const UpdateTenantBody = z.lazySchema(() =>
  z.pipe(
    z.strictObject({
      name: described(z.optional(name()), 'A new display name'),
      metadata: described(z.optional(metadata()), "Replaces the tenant's metadata"),
      ...allowlistFields(),
    }),
    z.transform(foldAllowlist),
  ),
);

export const SuspendTenantBody = z.lazySchema(() =>
  z.strictObject({
    reason: described(z.optional(reason()), 'Why, kept as `suspended_reason` and in the audit entry'),
    notify_email: described(
      z.optional(email()),
      'A contact kept with the suspension and its audit entry (no mail is sent)',
    ),
  }),
);

export const Tenant = z.lazySchema(() =>
  z.withMeta(
    z.object({
      id: described(uuid(), 'The tenant id'),
      name: described(z.string(), "The tenant's display name"),
      status: described(z.enum(['active', 'suspended']), "A suspended tenant's credentials are refused (401 1000)"),
      ip_allowlist: described(z.nullable(z.array(z.string())), 'CIDRs requests must come from; null: any address'),
      metadata: described(z.record(z.string(), z.unknown()), 'Free key-value data kept with the tenant'),
      is_platform: described(z.boolean(), 'True for the platform tenant, whose admins manage tenants'),
      suspended_reason: described(z.nullable(z.string()), 'Why it was suspended; null when active'),
      suspended_at: described(z.nullable(timestamp()), 'When it was suspended; null when active'),
      created_at: createdAt(),
      updated_at: updatedAt(),
    }),
    { id: 'Tenant' },
  ),
);

export const TenantCreated = z.lazySchema(() =>
  z.withMeta(
    z.extend(Tenant(), {
      admin_user: described(
        z.object({
          id: described(uuid(), 'The user id'),
          email: described(z.string(), "The admin's email"),
          name: described(z.string(), "The admin's display name"),
          status: described(z.string(), "The user's status (`active`)"),
          role_ids: described(z.array(z.string()), 'The roles given: the admin role'),
          created_at: createdAt(),
        }),
        "The tenant's first admin",
      ),
      admin_credential: described(CredentialWithSecret(), "The first admin's API key, with its secret shown once"),
    }),
    { id: 'TenantCreated' },
  ),
);

export const TenantList = z.lazySchema(() =>
  z.object({ tenants: described(z.array(Tenant()), 'One page of tenants'), next_cursor: nextCursor() }),
);
export const TenantListQuery = z.lazySchema(() =>
  z.extend(paginationQuery(), {
    status: described(z.optional(z.enum(['active', 'suspended'])), 'Only tenants in this status'),
  }),
);
