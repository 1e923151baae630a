import * as z from './zod.js';
import { timestamp, uuid, paginationQuery, uint, nextCursor, described } from './common.js';

/** Request and response schemas of the audit log (snake_case, as interface 2.3 and DESIGN.md 2). */
const AuditEvent = z.lazySchema(() => z.object({ id: z.string(), type: z.string(), timestamp: timestamp(), group: z.string(), data: z.unknown() }));
export const AuditEntry = z.lazySchema(() => z.withMeta(z.object({
    id: z.string(),
    tenant_id: z.string(),
    chain: z.withMeta(z.string(), { description: 'The chain the entry belongs to: `item:<key>` of its entity, or `record:<id>` of the first entry of a change without an entity of its own.' }),
    previous_hash: z.string(),
    timestamp: timestamp(),
    actor: z.object({
      type: z.enum(['user', 'system']),
      user_id: z.nullable(z.string()),
      key_id: z.nullable(z.string()),
      component: z.optional(z.withMeta(z.string(), { description: 'For a `system` actor, the service component that made the change: `transaction-worker`, `chain-poller`, `deposit-scanner`, `webhook-worker`, `api` (a public route), `bootstrap`.' })),
    }),
    action: z.string(),
    resource_type: z.string(),
    resource_id: z.string(),
    request_id: z.nullable(z.string()),
    change: z.unknown(),
    events: z.array(AuditEvent()),
    body: z.withMeta(z.string(), { description: 'The entry as stored (base64): the canonical JSON of every field but `chain`, `previous_hash`, `hash` and `body`, raw-deflated (RFC 1951). The hash covers these bytes.' }),
    hash: z.withMeta(z.string(), { description: 'SHA-256 over `custody-audit-record-v2\\n`, the canonical JSON of `{chain, id, previous_hash, tenant_id}`, `\\n`, and the bytes of `body` (docs/audit.md).' }),
  }), { id: 'AuditEntry' }));
export const AuditEntryList = z.lazySchema(() => z.object({ entries: z.array(AuditEntry()), next_cursor: nextCursor() }));
/** A resource type or id as audit entries name them (`transaction`, a UUID, a screened address). */
const resourceFilter = () => z.string().check(z.minLength(1), z.maxLength(128), z.regex(/^[\w.:@-]+$/));
export const AuditEntriesQuery = z.lazySchema(() => z.extend(paginationQuery(), {
  order: z.optional(z.enum(['asc', 'desc'])),
  resource_id: z.optional(z.withMeta(resourceFilter(), { description: 'Only the entries of this resource (its id: a transaction\'s, a vault\'s, ...), read from an index, in commit-time order. The index follows the log within moments (eventually consistent).' })),
  resource_type: z.optional(z.withMeta(resourceFilter(), { description: 'Only the entries of this resource type (`transaction`, `vault`, `policy`, `user`, ...). Alone it reads the log in order and keeps the matching entries (a page may hold fewer than `limit`: follow `next_cursor`); with `resource_id` it narrows the indexed read.' })),
}));
export const AuditCheckpoint = z.lazySchema(() => z.withMeta(z.object({
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
  }), { id: 'AuditCheckpoint' }));
export const AuditCheckpointList = z.lazySchema(() => z.object({ checkpoints: z.array(AuditCheckpoint()), next_cursor: nextCursor() }));
export const AuditCheckpointsQuery = paginationQuery;
export const AuditPublicKey = z.lazySchema(() => z.withMeta(z.object({ key_id: z.string(), algorithm: z.enum(['ed25519', 'ml-dsa-65', 'ecdsa-p256-sha256']), public_key_pem: z.string() }), { id: 'AuditPublicKey' }));
export const AuditEntryIdParam = z.lazySchema(() => z.object({ id: described(uuid(), 'The audit entry id') }));
export const AuditInclusionProof = z.lazySchema(() => z.withMeta(z.object({
    entry_id: z.string(),
    entry_hash: z.withMeta(z.string(), { description: 'The entry\'s `hash` as the checkpoint sequenced it (the Merkle leaf is SHA-256(0x00 || hash)).' }),
    sequence: z.withMeta(uint(), { description: 'The entry\'s position in the tenant\'s sequence of audited changes.' }),
    leaf_index: uint(),
    tree_size: uint(),
    audit_path: z.withMeta(z.array(z.string()), { description: 'RFC 6962 audit path: sibling subtree hashes from the leaf up to the checkpoint\'s `root`.' }),
    checkpoint: AuditCheckpoint(),
  }), { id: 'AuditInclusionProof' }));
export const AuditVerify = z.lazySchema(() => z.withMeta(z.object({
    valid: z.boolean(),
    entries_checked: uint(),
    latest_checkpoint: z.nullable(AuditCheckpoint()),
    first_problem: z.nullable(z.object({ entry_id: z.nullable(z.string()), chain: z.nullable(z.string()), checkpoint: z.nullable(uint()), reason: z.string() })),
  }), { id: 'AuditVerification' }));
