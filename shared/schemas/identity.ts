import * as z from './zod.js';
import { cidr, email, metadata, name, reason, timestamp, uuid, paginationQuery, uint } from './common.js';

/** Request and response schemas of tenants, credentials and audit (snake_case, as interface 2.3 and DESIGN.md 2). */
const allowlist = z.nullable(z.array(cidr()).check(z.maxLength(100)));

/** Accepts `ip_allowlist` and the alternative spelling `ipAllowList`, and hands the use case `ip_allowlist`. */
const allowlistFields = { ip_allowlist: z.optional(allowlist), ipAllowList: z.optional(allowlist) };
function foldAllowlist<T extends { ip_allowlist?: string[] | null; ipAllowList?: string[] | null }>({ ipAllowList, ...rest }: T) {
  return { ...rest, ip_allowlist: rest.ip_allowlist !== undefined ? rest.ip_allowlist : ipAllowList };
}

export const CreateTenantBody = z.pipe(
  z.strictObject({
    name: name(),
    metadata: z.optional(metadata()),
    admin_email: z.withMeta(email(), { description: 'The first admin: a tenant without one could never be used (no route adds a user to another tenant)' }),
    admin_name: z.optional(name()),
    ...allowlistFields,
  }),
  z.transform(foldAllowlist),
);

export const UpdateTenantBody = z.pipe(z.strictObject({ name: z.optional(name()), metadata: z.optional(metadata()), ...allowlistFields }), z.transform(foldAllowlist));

export const SuspendTenantBody = z.strictObject({ reason: z.optional(reason()), notify_email: z.optional(email()) });

export const Tenant = z.withMeta(z.object({
    id: uuid(),
    name: z.string(),
    status: z.enum(['active', 'suspended']),
    ip_allowlist: z.nullable(z.array(z.string())),
    metadata: z.record(z.string(), z.unknown()),
    is_platform: z.boolean(),
    suspended_reason: z.nullable(z.string()),
    suspended_at: z.nullable(timestamp()),
    created_at: timestamp(),
    updated_at: timestamp(),
  }), { id: 'Tenant' });

export const Credential = z.withMeta(z.object({
    key_id: z.string(),
    kind: z.withMeta(z.enum(['api_key', 'session']), { description: '`api_key` (made through this API) or `session` (issued by a single sign-on)' }),
    user_id: uuid(),
    name: z.string(),
    status: z.enum(['provisioned', 'active', 'rotated', 'revoked']),
    created_at: timestamp(),
    updated_at: timestamp(),
    last_used_at: z.nullable(timestamp()),
    rotated_at: z.nullable(timestamp()),
    grace_until: z.nullable(timestamp()),
    replaced_by: z.nullable(z.string()),
    revoked_at: z.nullable(timestamp()),
    expires_at: z.withMeta(z.nullable(timestamp()), { description: 'When a session ends; null for API keys' }),
  }), { id: 'Credential' });

export const CredentialWithSecret = z.withMeta(z.extend(Credential, { secret: z.withMeta(z.string(), { description: 'Shown once; store it now.' }) }), { id: 'CredentialWithSecret' });

export const TenantCreated = z.withMeta(z.extend(Tenant, {
  admin_user: z.object({ id: uuid(), email: z.string(), name: z.string(), status: z.string(), role_ids: z.array(z.string()), created_at: timestamp() }),
  admin_credential: CredentialWithSecret,
}), { id: 'TenantCreated' });

export const TenantList = z.object({ tenants: z.array(Tenant), next_cursor: z.nullable(z.string()) });
export const TenantListQuery = z.extend(paginationQuery, { status: z.optional(z.enum(['active', 'suspended'])) });

export const CreateCredentialBody = z.strictObject({ user_id: uuid(), name: name() });
export const RotateCredentialBody = z.strictObject({ key_id: z.string().check(z.minLength(1), z.maxLength(64)), grace_period_seconds: z.optional(uint()), name: z.optional(name()) });
export const RotatedCredential = z.withMeta(z.extend(CredentialWithSecret, { rotated: Credential }), { id: 'RotatedCredential' });
export const CredentialList = z.object({ credentials: z.array(Credential), next_cursor: z.nullable(z.string()) });
export const CredentialListQuery = z.extend(paginationQuery, { user_id: z.optional(uuid()) });

const AuditEvent = z.object({ id: z.string(), type: z.string(), timestamp: timestamp(), group: z.string(), data: z.unknown() });
export const AuditEntry = z.withMeta(z.object({
    id: z.string(),
    tenant_id: z.string(),
    chain: z.withMeta(z.string(), { description: 'The chain the entry belongs to: `item:<key>` of its entity, or `record:<id>` of the first entry of a change without an entity of its own.' }),
    previous_hash: z.string(),
    timestamp: timestamp(),
    actor: z.object({ type: z.enum(['user', 'system']), user_id: z.nullable(z.string()), key_id: z.nullable(z.string()) }),
    action: z.string(),
    resource_type: z.string(),
    resource_id: z.string(),
    request_id: z.nullable(z.string()),
    change: z.unknown(),
    events: z.array(AuditEvent),
    body: z.withMeta(z.string(), { description: 'The entry as stored (base64): the canonical JSON of every field but `chain`, `previous_hash`, `hash` and `body`, raw-deflated (RFC 1951). The hash covers these bytes.' }),
    hash: z.withMeta(z.string(), { description: 'SHA-256 over `custody-audit-record-v2\\n`, the canonical JSON of `{chain, id, previous_hash, tenant_id}`, `\\n`, and the bytes of `body` (docs/audit.md).' }),
  }), { id: 'AuditEntry' });
export const AuditEntryList = z.object({ entries: z.array(AuditEntry), next_cursor: z.nullable(z.string()) });
export const AuditEntriesQuery = z.extend(paginationQuery, { order: z.optional(z.enum(['asc', 'desc'])) });
export const AuditCheckpoint = z.withMeta(z.object({
    tenant_id: z.string(),
    number: uint(),
    first_sequence: uint(),
    last_sequence: uint(),
    entries: z.array(z.object({ id: z.string(), hash: z.string() })),
    root: z.string(),
    previous_checkpoint_hash: z.string(),
    timestamp: timestamp(),
    key_id: z.string(),
    algorithm: z.enum(['ed25519', 'ml-dsa-65', 'ecdsa-p256-sha256']),
    checkpoint_hash: z.string(),
    signature: z.string(),
  }), { id: 'AuditCheckpoint' });
export const AuditCheckpointList = z.object({ checkpoints: z.array(AuditCheckpoint), next_cursor: z.nullable(z.string()) });
export const AuditCheckpointsQuery = paginationQuery;
export const AuditPublicKey = z.withMeta(z.object({ key_id: z.string(), algorithm: z.enum(['ed25519', 'ml-dsa-65', 'ecdsa-p256-sha256']), public_key_pem: z.string() }), { id: 'AuditPublicKey' });
export const AuditEntryIdParam = z.object({ id: uuid() });
export const AuditInclusionProof = z.withMeta(z.object({
    entry_id: z.string(),
    entry_hash: z.withMeta(z.string(), { description: 'The entry\'s `hash` as the checkpoint sequenced it (the Merkle leaf is SHA-256(0x00 || hash)).' }),
    sequence: z.withMeta(uint(), { description: 'The entry\'s position in the tenant\'s sequence of audited changes.' }),
    leaf_index: uint(),
    tree_size: uint(),
    audit_path: z.withMeta(z.array(z.string()), { description: 'RFC 6962 audit path: sibling subtree hashes from the leaf up to the checkpoint\'s `root`.' }),
    checkpoint: AuditCheckpoint,
  }), { id: 'AuditInclusionProof' });
export const AuditVerify = z.withMeta(z.object({
    valid: z.boolean(),
    entries_checked: uint(),
    latest_checkpoint: z.nullable(AuditCheckpoint),
    first_problem: z.nullable(z.object({ entry_id: z.nullable(z.string()), chain: z.nullable(z.string()), checkpoint: z.nullable(uint()), reason: z.string() })),
  }), { id: 'AuditVerification' });

export const IdParam = z.object({ id: uuid() });
export const KeyIdParam = z.object({ key_id: z.string().check(z.minLength(1), z.maxLength(64)) });
