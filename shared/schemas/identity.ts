import * as z from 'zod';
import { cidr, email, metadata, name, reason, timestamp, uuid, paginationQuery, uint } from './common.js';

/** Request and response schemas of tenants, credentials and audit (snake_case, as interface 2.3 and DESIGN.md 2). */
const allowlist = z.array(cidr()).max(100).nullable();

/** Accepts `ip_allowlist` and the alternative spelling `ipAllowList`, and hands the use case `ip_allowlist`. */
const allowlistFields = { ip_allowlist: allowlist.optional(), ipAllowList: allowlist.optional() };
function foldAllowlist<T extends { ip_allowlist?: string[] | null; ipAllowList?: string[] | null }>({ ipAllowList, ...rest }: T) {
  return { ...rest, ip_allowlist: rest.ip_allowlist !== undefined ? rest.ip_allowlist : ipAllowList };
}

export const CreateTenantBody = z
  .object({ name: name(), metadata: metadata().optional(), admin_email: email().meta({ description: 'The first admin: a tenant without one could never be used (no route adds a user to another tenant)' }), admin_name: name().optional(), ...allowlistFields })
  .strict()
  .transform(foldAllowlist);

export const UpdateTenantBody = z
  .object({ name: name().optional(), metadata: metadata().optional(), ...allowlistFields })
  .strict()
  .transform(foldAllowlist);

export const SuspendTenantBody = z.object({ reason: reason().optional(), notify_email: email().optional() }).strict();

export const Tenant = z
  .object({
    id: uuid(),
    name: z.string(),
    status: z.enum(['active', 'suspended']),
    ip_allowlist: z.array(z.string()).nullable(),
    metadata: z.record(z.string(), z.unknown()),
    is_platform: z.boolean(),
    suspended_reason: z.string().nullable(),
    suspended_at: timestamp().nullable(),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .meta({ id: 'Tenant' });

export const Credential = z
  .object({
    key_id: z.string(),
    user_id: uuid(),
    name: z.string(),
    status: z.enum(['provisioned', 'active', 'rotated', 'revoked']),
    created_at: timestamp(),
    updated_at: timestamp(),
    last_used_at: timestamp().nullable(),
    rotated_at: timestamp().nullable(),
    grace_until: timestamp().nullable(),
    replaced_by: z.string().nullable(),
    revoked_at: timestamp().nullable(),
  })
  .meta({ id: 'Credential' });

export const CredentialWithSecret = Credential.extend({ secret: z.string().meta({ description: 'Shown once; store it now.' }) }).meta({ id: 'CredentialWithSecret' });

export const TenantCreated = Tenant.extend({
  admin_user: z.object({ id: uuid(), email: z.string(), name: z.string(), status: z.string(), role_ids: z.array(z.string()), created_at: timestamp() }),
  admin_credential: CredentialWithSecret,
}).meta({ id: 'TenantCreated' });

export const TenantList = z.object({ tenants: z.array(Tenant), next_cursor: z.string().nullable() });
export const TenantListQuery = paginationQuery.extend({ status: z.enum(['active', 'suspended']).optional() });

export const CreateCredentialBody = z.object({ user_id: uuid(), name: name() }).strict();
export const RotateCredentialBody = z
  .object({ key_id: z.string().min(1).max(64), grace_period_seconds: uint().optional(), name: name().optional() })
  .strict();
export const RotatedCredential = CredentialWithSecret.extend({ rotated: Credential }).meta({ id: 'RotatedCredential' });
export const CredentialList = z.object({ credentials: z.array(Credential), next_cursor: z.string().nullable() });
export const CredentialListQuery = paginationQuery.extend({ user_id: uuid().optional() });

const AuditEvent = z.object({ id: z.string(), type: z.string(), timestamp: timestamp(), group: z.string(), data: z.unknown() });
export const AuditEntry = z
  .object({
    id: z.string(),
    tenant_id: z.string(),
    chain: z.string().meta({ description: 'The chain the entry belongs to: `item:<key>` of its entity, or `record:<id>` of the first entry of a change without an entity of its own.' }),
    previous_hash: z.string(),
    timestamp: timestamp(),
    actor: z.object({ type: z.enum(['user', 'system']), user_id: z.string().nullable(), key_id: z.string().nullable() }),
    action: z.string(),
    resource_type: z.string(),
    resource_id: z.string(),
    request_id: z.string().nullable(),
    change: z.unknown(),
    events: z.array(AuditEvent),
    hash: z.string().meta({ description: 'SHA-256 over the canonical JSON of every other field of the entry.' }),
  })
  .meta({ id: 'AuditEntry' });
export const AuditEntryList = z.object({ entries: z.array(AuditEntry), next_cursor: z.string().nullable() });
export const AuditEntriesQuery = paginationQuery.extend({ order: z.enum(['asc', 'desc']).optional() });
export const AuditCheckpoint = z
  .object({
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
  })
  .meta({ id: 'AuditCheckpoint' });
export const AuditCheckpointList = z.object({ checkpoints: z.array(AuditCheckpoint), next_cursor: z.string().nullable() });
export const AuditCheckpointsQuery = paginationQuery;
export const AuditPublicKey = z
  .object({ key_id: z.string(), algorithm: z.enum(['ed25519', 'ml-dsa-65', 'ecdsa-p256-sha256']), public_key_pem: z.string() })
  .meta({ id: 'AuditPublicKey' });
export const AuditEntryIdParam = z.object({ id: uuid() });
export const AuditInclusionProof = z
  .object({
    entry_id: z.string(),
    entry_hash: z.string().meta({ description: 'The entry\'s `hash` as the checkpoint sequenced it (the Merkle leaf is SHA-256(0x00 || hash)).' }),
    sequence: uint().meta({ description: 'The entry\'s position in the tenant\'s sequence of audited changes.' }),
    leaf_index: uint(),
    tree_size: uint(),
    audit_path: z.array(z.string()).meta({ description: 'RFC 6962 audit path: sibling subtree hashes from the leaf up to the checkpoint\'s `root`.' }),
    checkpoint: AuditCheckpoint,
  })
  .meta({ id: 'AuditInclusionProof' });
export const AuditVerify = z
  .object({
    valid: z.boolean(),
    entries_checked: uint(),
    latest_checkpoint: AuditCheckpoint.nullable(),
    first_problem: z
      .object({ entry_id: z.string().nullable(), chain: z.string().nullable(), checkpoint: uint().nullable(), reason: z.string() })
      .nullable(),
  })
  .meta({ id: 'AuditVerification' });

export const IdParam = z.object({ id: uuid() });
export const KeyIdParam = z.object({ key_id: z.string().min(1).max(64) });
