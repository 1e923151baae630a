import * as z from '../../schemas/zod.js';
import { keys } from '../../store/keys.js';
import { schemaDecoder } from '../../store/decode.js';
import { anyMap, optionalString, versioned } from '../../store/stored-schema.js';
import type { VersionedItem } from '../../ports/store.js';

/** Stored shapes of the identity entities (snake_case, as their API fields). */
export type TenantStatus = 'active' | 'suspended';
export type TenantRecord = {
  id: string;
  name: string;
  status: TenantStatus;
  ip_allowlist: string[] | null;
  metadata: Record<string, unknown>;
  is_platform: boolean;
  suspended_reason: string | null;
  notify_email: string | null;
  suspended_at: string | null;
  created_at: string;
  updated_at: string;
  version: number;
};

export type UserStatus = 'active' | 'suspended';
export type UserRecord = {
  id: string;
  tenant_id: string;
  email: string;
  name: string;
  external_id: string | null;
  status: UserStatus;
  role_ids: string[];
  /** A person who must sign in through the tenant's single sign-on: API keys of this user are refused (docs/sso.md). */
  sso_only?: boolean;
  created_at: string;
  updated_at: string;
  version: number;
};

export type CredentialStatus = 'provisioned' | 'active' | 'rotated' | 'revoked';
/** `api_key`: made through the API for services; `session`: issued by a single sign-on, short-lived. */
export type CredentialKind = 'api_key' | 'session';
export type CredentialRecord = {
  key_id: string;
  /** Absent on credentials stored before sessions existed: an API key. */
  kind?: CredentialKind;
  /** A session is refused from this instant on; null for API keys. */
  expires_at?: string | null;
  tenant_id: string;
  user_id: string;
  name: string;
  status: CredentialStatus;
  secret_hash: string;
  created_at: string;
  updated_at: string;
  last_used_at: string | null;
  rotated_at: string | null;
  /** A rotated credential works until this instant. */
  grace_until: string | null;
  replaced_by: string | null;
  revoked_at: string | null;
  version: number;
};

export const tenantItem = (t: TenantRecord): VersionedItem => ({
  ...keys.tenant(t.id),
  ...keys.tenantList(),
  ...keys.tenantListSort(t.id),
  entity: 'tenant',
  ...t,
});
export const userItem = (u: UserRecord): VersionedItem => ({
  ...keys.user(u.tenant_id, u.id),
  ...keys.userStatusIndex(u.tenant_id, u.status, u.id),
  entity: 'user',
  ...u,
});
/** Days an ended session is kept (listed, and named by audit entries) before DynamoDB's TTL removes it. */
export const ENDED_SESSION_RETENTION_DAYS = 30;
export const credentialKind = (c: Pick<CredentialRecord, 'kind'>): CredentialKind => c.kind ?? 'api_key';
export const credentialItem = (c: CredentialRecord): VersionedItem => ({
  ...keys.credential(c.key_id),
  ...keys.credentialTenantIndex(c.tenant_id, c.created_at, c.key_id),
  entity: 'credential',
  ...c,
  // Sessions expire for good: the item goes a while after, so the table does not keep every sign-in forever.
  ...(c.kind === 'session' && c.expires_at
    ? { ttl: Math.floor(Date.parse(c.expires_at) / 1000) + ENDED_SESSION_RETENTION_DAYS * 86_400 }
    : {}),
});

/*
 * The decoders of the stored identity items (../../store/decode.ts): each attribute the record names checked, those a
 * record may lack (written before it existed, or null) optional; attributes they do not name are kept.
 */
const TenantItem = z.lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    status: z.enum(['active', 'suspended']),
    ip_allowlist: z.optional(z.nullable(z.array(z.string()))),
    metadata: z.optional(anyMap()),
    is_platform: z.optional(z.boolean()),
    suspended_reason: optionalString(),
    notify_email: optionalString(),
    suspended_at: optionalString(),
    ...versioned(),
  }),
);
export const decodeTenant = schemaDecoder<TenantRecord>('tenant', TenantItem);

const UserItem = z.lazySchema(() =>
  z.object({
    id: z.string(),
    tenant_id: z.string(),
    email: z.string(),
    name: z.string(),
    external_id: optionalString(),
    status: z.enum(['active', 'suspended']),
    role_ids: z.array(z.string()),
    sso_only: z.optional(z.boolean()),
    role_assigned_at: z.optional(z.record(z.string(), z.string())),
    ...versioned(),
  }),
);
/** A stored user (with its role grant times, users.ts `StoredUser`, where they were recorded). */
export const decodeUser = schemaDecoder<UserRecord & { role_assigned_at?: Record<string, string> }>('user', UserItem);

const CredentialItem = z.lazySchema(() =>
  z.object({
    key_id: z.string(),
    kind: z.optional(z.enum(['api_key', 'session'])),
    expires_at: optionalString(),
    tenant_id: z.string(),
    user_id: z.string(),
    name: z.string(),
    status: z.enum(['provisioned', 'active', 'rotated', 'revoked']),
    secret_hash: z.string(),
    last_used_at: optionalString(),
    rotated_at: optionalString(),
    grace_until: optionalString(),
    replaced_by: optionalString(),
    revoked_at: optionalString(),
    ...versioned(),
  }),
);
export const decodeCredential = schemaDecoder<CredentialRecord>('credential', CredentialItem);
