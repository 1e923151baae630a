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
    tree_size: z.withMeta(uint(), { description: 'Leaves of the tenant\'s log (one Merkle tree) this checkpoint commits to: every entry sequenced so far.' }),
    first_sequence: uint(),
    last_sequence: uint(),
    entries: z.withMeta(z.array(z.object({ id: z.string(), hash: z.string() })), { description: 'The entries this checkpoint appended to the log (leaves `first_sequence - 1` to `last_sequence - 1`).' }),
    root: z.withMeta(z.string(), { description: 'RFC 6962 root (hex) of the log\'s tree at `tree_size`.' }),
    frontier: z.withMeta(z.array(z.string()), { description: 'The roots (hex) of the perfect subtrees that make up the tree, largest first: the next checkpoint grows from them.' }),
    timestamp: timestamp(),
    key_id: z.string(),
    algorithm: z.enum(['ml-dsa-65']),
    note: z.withMeta(z.string(), { description: 'The signed checkpoint: a C2SP tlog-checkpoint note (origin, tree size, base64 root) and the log\'s ML-DSA-65 signature line (docs/audit.md).' }),
    cosignatures: z.optional(z.withMeta(z.array(z.string()), { description: 'Witness cosignature lines (C2SP tlog-cosignature, ML-DSA-65) over the note\'s body.' })),
  }), { id: 'AuditCheckpoint' }));
export const AuditCheckpointList = z.lazySchema(() => z.object({ checkpoints: z.array(AuditCheckpoint()), next_cursor: nextCursor() }));
export const AuditCheckpointsQuery = paginationQuery;
export const AuditPublicKey = z.lazySchema(() => z.withMeta(z.object({
    key_id: z.string(),
    algorithm: z.enum(['ml-dsa-65']),
    public_key_pem: z.string(),
    origin: z.withMeta(z.string(), { description: 'The origin line of the caller\'s log (and the name of its signature lines): `<CUSTODY_AUDIT_ORIGIN>/<tenant id>`.' }),
    verifier_key: z.withMeta(z.string(), { description: 'The log key in the signed-note verifier key encoding: `<origin>+<key id, hex>+<base64(0xff "ml-dsa-65" || public key)>`.' }),
  }), { id: 'AuditPublicKey' }));
export const AuditConsistencyQuery = z.lazySchema(() => z.object({
  from: z.withMeta(z.coerce.number().check(z.int(), z.gte(0)), { description: 'The older tree size (a checkpoint\'s `tree_size`).' }),
  to: z.withMeta(z.coerce.number().check(z.int(), z.gte(0)), { description: 'The newer tree size, at most the latest checkpoint\'s.' }),
}));
export const AuditConsistencyProof = z.lazySchema(() => z.withMeta(z.object({
    from: described(uint(), 'The older tree size, as asked'),
    to: described(uint(), 'The newer tree size, as asked'),
    proof: z.withMeta(z.array(z.string()), { description: 'RFC 6962 consistency proof (hex node hashes) from the tree of `from` leaves to the tree of `to` leaves; verify with RFC 9162 section 2.1.4.2.' }),
  }), { id: 'AuditConsistencyProof' }));
export const AuditCheckpointNumberParam = z.lazySchema(() => z.object({ number: described(z.coerce.number().check(z.int(), z.gte(1)), 'The checkpoint number (1 is the first)') }));
export const AddCosignatureBody = z.lazySchema(() => z.object({
  cosignature: z.withMeta(z.string().check(z.minLength(1), z.maxLength(8192)), { description: 'One C2SP tlog-cosignature line: `— <witness name> <base64(key id || timestamp || ML-DSA-65 signature)>`.' }),
}));
export const AddedCosignature = z.lazySchema(() => z.object({ witness: described(z.string(), 'The witness name of the verifier key that verified it'), time: described(uint(), 'The cosignature\'s timestamp, Unix seconds') }));
export const AuditEntryIdParam = z.lazySchema(() => z.object({ id: described(uuid(), 'The audit entry id') }));
export const AuditInclusionProof = z.lazySchema(() => z.withMeta(z.object({
    entry_id: z.string(),
    entry_hash: z.withMeta(z.string(), { description: 'The entry\'s `hash` as the checkpoint sequenced it (the Merkle leaf is SHA-256(0x00 || hash)).' }),
    sequence: z.withMeta(uint(), { description: 'The entry\'s position in the tenant\'s sequence of audited changes.' }),
    leaf_index: z.withMeta(uint(), { description: 'The entry\'s leaf in the tenant\'s log: `sequence - 1`.' }),
    tree_size: z.withMeta(uint(), { description: 'The size of the tree the path leads to: the checkpoint\'s `tree_size`.' }),
    audit_path: z.withMeta(z.array(z.string()), { description: 'RFC 6962 audit path: sibling subtree hashes from the leaf up to the checkpoint\'s `root`.' }),
    checkpoint: AuditCheckpoint(),
  }), { id: 'AuditInclusionProof' }));
export const AuditVerify = z.lazySchema(() => z.withMeta(z.object({
    valid: z.boolean(),
    entries_checked: uint(),
    latest_checkpoint: z.nullable(AuditCheckpoint()),
    first_problem: z.nullable(z.object({ entry_id: z.nullable(z.string()), chain: z.nullable(z.string()), checkpoint: z.nullable(uint()), reason: z.string() })),
  }), { id: 'AuditVerification' }));
