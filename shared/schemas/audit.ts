import * as z from './zod.js';
import { timestamp, uuid, paginationQuery, uint, nextCursor, described } from './common.js';

/** Request and response schemas of the audit log (snake_case: docs/api-conventions.md, "Requests and answers"). */
const AuditEvent = z.lazySchema(() =>
  z.object({
    id: described(z.string(), 'The event id (`<record id>:<n>`)'),
    type: described(z.string(), 'The event type (docs/events.md)'),
    timestamp: described(timestamp(), 'When the event was made'),
    group: described(z.string(), 'The FIFO group its deliveries are ordered in (e.g. the transaction id)'),
    data: described(z.unknown(), "The event's data, as webhooks receive it"),
  }),
);
export const AuditEntry = z.lazySchema(() =>
  z.withMeta(
    z.object({
      id: described(z.string(), 'The record id (UUIDv7, time-ordered)'),
      tenant_id: described(z.string(), 'The tenant whose log holds it'),
      chain: z.withMeta(z.string(), {
        description:
          'The chain the entry belongs to: `item:<key>` of its entity, or `record:<id>` of the first entry of a change without an entity of its own.',
      }),
      previous_hash: described(z.string(), 'The hash of the entry before it in its chain'),
      timestamp: described(timestamp(), 'When the change was made'),
      actor: described(
        z.object({
          type: described(z.enum(['user', 'system']), 'A user (by a credential) or the service itself'),
          user_id: described(z.nullable(z.string()), 'The acting user; null for the system'),
          key_id: described(z.nullable(z.string()), 'The credential used; null for the system'),
          component: z.optional(
            z.withMeta(z.string(), {
              description:
                'For a `system` actor, the service component that made the change: `transaction-worker`, `chain-poller`, `deposit-scanner`, `webhook-worker`, `api` (a public route), `bootstrap`.',
            }),
          ),
        }),
        'Who made the change',
      ),
      action: described(z.string(), 'What was done, e.g. `transaction.approved`'),
      resource_type: described(z.string(), 'The kind of resource changed, e.g. `transaction`'),
      resource_id: described(z.string(), 'The id of the resource changed'),
      request_id: described(z.nullable(z.string()), 'The API request that made it; null for background work'),
      change: described(z.unknown(), 'What changed: the fields the action set'),
      events: described(z.array(AuditEvent()), 'The events the change emits'),
      body: z.withMeta(z.string(), {
        description:
          'The entry as stored (base64): the canonical JSON of every field but `chain`, `previous_hash`, `hash` and `body`, raw-deflated (RFC 1951). The hash covers these bytes.',
      }),
      hash: z.withMeta(z.string(), {
        description:
          'SHA-256 over `custody-audit-record-v2\\n`, the canonical JSON of `{chain, id, previous_hash, tenant_id}`, `\\n`, and the bytes of `body` (docs/audit.md).',
      }),
    }),
    { id: 'AuditEntry' },
  ),
);
export const AuditEntryList = z.lazySchema(() =>
  z.object({ entries: described(z.array(AuditEntry()), 'One page of audit entries'), next_cursor: nextCursor() }),
);
/** A resource type or id as audit entries name them (`transaction`, a UUID, a screened address). */
const resourceFilter = () => z.string().check(z.minLength(1), z.maxLength(128), z.regex(/^[\w.:@-]+$/));
export const AuditEntriesQuery = z.lazySchema(() =>
  z.extend(paginationQuery(), {
    order: described(z.optional(z.enum(['asc', 'desc'])), 'Oldest first (`asc`) or newest first (`desc`)'),
    resource_id: z.optional(
      z.withMeta(resourceFilter(), {
        description:
          "Only the entries of this resource (its id: a transaction's, a vault's, ...), read from an index, in commit-time order. The index follows the log within moments (eventually consistent).",
      }),
    ),
    resource_type: z.optional(
      z.withMeta(resourceFilter(), {
        description:
          'Only the entries of this resource type (`transaction`, `vault`, `policy`, `user`, ...). Alone it reads the log in order and keeps the matching entries (a page may hold fewer than `limit`: follow `next_cursor`); with `resource_id` it narrows the indexed read.',
      }),
    ),
  }),
);
export const AuditCheckpoint = z.lazySchema(() =>
  z.withMeta(
    z.object({
      tenant_id: described(z.string(), 'The tenant whose log it signs'),
      number: described(uint(), 'Its number: 1, 2, 3, ...'),
      tree_size: z.withMeta(uint(), {
        description:
          "Leaves of the tenant's log (one Merkle tree) this checkpoint commits to: every entry sequenced so far.",
      }),
      first_sequence: described(uint(), 'The sequence number of its first entry'),
      last_sequence: described(uint(), 'The sequence number of its last entry (= `tree_size`)'),
      entries: z.withMeta(
        z.array(
          z.object({ id: described(z.string(), 'The entry id'), hash: described(z.string(), "The entry's `hash`") }),
        ),
        {
          description:
            'The entries this checkpoint appended to the log (leaves `first_sequence - 1` to `last_sequence - 1`).',
        },
      ),
      root: z.withMeta(z.string(), { description: "RFC 6962 root (hex) of the log's tree at `tree_size`." }),
      frontier: z.withMeta(z.array(z.string()), {
        description:
          'The roots (hex) of the perfect subtrees that make up the tree, largest first: the next checkpoint grows from them.',
      }),
      timestamp: described(timestamp(), 'When it was made (not signed)'),
      key_id: described(z.string(), 'The id of the log key that signed it'),
      algorithm: described(z.enum(['ml-dsa-65']), 'The signature algorithm'),
      note: z.withMeta(z.string(), {
        description:
          "The signed checkpoint: a C2SP tlog-checkpoint note (origin, tree size, base64 root) and the log's ML-DSA-65 signature line (docs/audit.md).",
      }),
      cosignatures: z.optional(
        z.withMeta(z.array(z.string()), {
          description: "Witness cosignature lines (C2SP tlog-cosignature, ML-DSA-65) over the note's body.",
        }),
      ),
    }),
    { id: 'AuditCheckpoint' },
  ),
);
export const AuditCheckpointList = z.lazySchema(() =>
  z.object({
    checkpoints: described(z.array(AuditCheckpoint()), 'One page of checkpoints'),
    next_cursor: nextCursor(),
  }),
);
export const AuditCheckpointsQuery = paginationQuery;
export const AuditPublicKey = z.lazySchema(() =>
  z.withMeta(
    z.object({
      key_id: described(z.string(), "The log key's id, as checkpoints name it"),
      algorithm: described(z.enum(['ml-dsa-65']), 'The signature algorithm'),
      public_key_pem: described(z.string(), "The log's ML-DSA-65 public key, PEM"),
      origin: z.withMeta(z.string(), {
        description:
          "The origin line of the caller's log (and the name of its signature lines): `<CUSTODY_AUDIT_ORIGIN>/<tenant id>`.",
      }),
      verifier_key: z.withMeta(z.string(), {
        description:
          'The log key in the signed-note verifier key encoding: `<origin>+<key id, hex>+<base64(0xff "ml-dsa-65" || public key)>`.',
      }),
    }),
    { id: 'AuditPublicKey' },
  ),
);
export const AuditConsistencyQuery = z.lazySchema(() =>
  z.object({
    from: z.withMeta(z.coerce.number().check(z.int(), z.gte(0)), {
      description: "The older tree size (a checkpoint's `tree_size`).",
    }),
    to: z.withMeta(z.coerce.number().check(z.int(), z.gte(0)), {
      description: "The newer tree size, at most the latest checkpoint's.",
    }),
  }),
);
export const AuditConsistencyProof = z.lazySchema(() =>
  z.withMeta(
    z.object({
      from: described(uint(), 'The older tree size, as asked'),
      to: described(uint(), 'The newer tree size, as asked'),
      proof: z.withMeta(z.array(z.string()), {
        description:
          'RFC 6962 consistency proof (hex node hashes) from the tree of `from` leaves to the tree of `to` leaves; verify with RFC 9162 section 2.1.4.2.',
      }),
    }),
    { id: 'AuditConsistencyProof' },
  ),
);
export const AuditCheckpointNumberParam = z.lazySchema(() =>
  z.object({ number: described(z.coerce.number().check(z.int(), z.gte(1)), 'The checkpoint number (1 is the first)') }),
);
export const AddCosignatureBody = z.lazySchema(() =>
  z.object({
    cosignature: z.withMeta(z.string().check(z.minLength(1), z.maxLength(8192)), {
      description:
        'One C2SP tlog-cosignature line: `— <witness name> <base64(key id || timestamp || ML-DSA-65 signature)>`.',
    }),
  }),
);
export const AddedCosignature = z.lazySchema(() =>
  z.object({
    witness: described(z.string(), 'The witness name of the verifier key that verified it'),
    time: described(uint(), "The cosignature's timestamp, Unix seconds"),
  }),
);
export const AuditEntryIdParam = z.lazySchema(() => z.object({ id: described(uuid(), 'The audit entry id') }));
export const AuditInclusionProof = z.lazySchema(() =>
  z.withMeta(
    z.object({
      entry_id: described(z.string(), 'The entry proven'),
      entry_hash: z.withMeta(z.string(), {
        description: "The entry's `hash` as the checkpoint sequenced it (the Merkle leaf is SHA-256(0x00 || hash)).",
      }),
      sequence: z.withMeta(uint(), {
        description: "The entry's position in the tenant's sequence of audited changes.",
      }),
      leaf_index: z.withMeta(uint(), { description: "The entry's leaf in the tenant's log: `sequence - 1`." }),
      tree_size: z.withMeta(uint(), {
        description: "The size of the tree the path leads to: the checkpoint's `tree_size`.",
      }),
      audit_path: z.withMeta(z.array(z.string()), {
        description: "RFC 6962 audit path: sibling subtree hashes from the leaf up to the checkpoint's `root`.",
      }),
      checkpoint: described(AuditCheckpoint(), 'The checkpoint whose `root` the path leads to'),
    }),
    { id: 'AuditInclusionProof' },
  ),
);
export const AuditVerify = z.lazySchema(() =>
  z.withMeta(
    z.object({
      valid: described(z.boolean(), 'True when every check passed'),
      entries_checked: described(uint(), 'How many entries were checked'),
      latest_checkpoint: described(z.nullable(AuditCheckpoint()), 'The latest checkpoint; null before the first'),
      first_problem: described(
        z.nullable(
          z.object({
            entry_id: described(z.nullable(z.string()), 'The entry at fault; null if none'),
            chain: described(z.nullable(z.string()), 'The chain at fault; null if none'),
            checkpoint: described(z.nullable(uint()), 'The checkpoint number at fault; null if none'),
            reason: described(z.string(), 'What is wrong, e.g. `edited` or `deleted or truncated`'),
          }),
        ),
        'The first problem found; null when valid',
      ),
    }),
    { id: 'AuditVerification' },
  ),
);
