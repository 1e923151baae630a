import { hash } from 'node:crypto';
import { canonicalJson } from '../../crypto/canonical-json.js';
import { deflateRaw, inflateRaw } from '../../crypto/raw-deflate.js';
import { keys } from '../../store/keys.js';
import type { Item } from '../../ports/store.js';
import { recordMacValid } from './record-mac.js';

/**
 * Audit records: ONE per audited change, written in the change's own transaction, and also the source of the events
 * the change emits (the stream router publishes them from the inserted record; there is no outbox item).
 *
 * Records are hash-chained per ENTITY, not per tenant: the changed item keeps the hash of its last record in its
 * `audit_hash` attribute, written in the same put as the change and so guarded by the item's version condition. A
 * busy tenant therefore has no tenant-wide head to contend on. A change without an entity of its own (a denied
 * transfer, a record that only carries events) starts a short chain of its own, named by its first record's id
 * (`chain: "record:<id>"`): it is anchored only by the tenant's sequence of checkpoints, not by an item.
 *
 * The stored item holds only its keys, the kind marker, the two attributes that link it (`chain`, `previous_hash`),
 * the rest of its entry as deflated canonical JSON (`body`) and its `hash`: SHA-256 over those attributes AS STORED
 * (the body's deflated bytes, not its JSON), so verification recomputes every record's hash from what is stored
 * without inflating it, never from a digest stored beside a field, and refuses any other attribute.
 */
export const GENESIS_HASH = '0'.repeat(64);

/** Who made a change: a user (and the key it used), or a component of the service (`component`: `transaction-worker`, `chain-poller`, ...). */
export type AuditActor = { user_id: string | null; key_id: string | null; type: 'user' | 'system'; component?: string };

export type AuditDraft = {
  tenantId: string;
  action: string;
  resourceType: string;
  resourceId: string;
  /** What changed, stored in the record and covered by its hash. */
  change?: unknown;
};

/** An event a record carries: its id is `<record id>:<n>` so the record is found from the event id alone. */
export type RecordEvent = { id: string; type: string; timestamp: string; group: string; data: unknown };

export type AuditRecord = {
  id: string;
  tenant_id: string;
  /** The chain the record belongs to: `item:<pk>|<sk>` of its entity, or `record:<id>` of the change's first record. */
  chain: string;
  previous_hash: string;
  timestamp: string;
  actor: AuditActor;
  action: string;
  resource_type: string;
  resource_id: string;
  request_id: string | null;
  change: unknown;
  events: RecordEvent[];
  hash: string;
  /** The writer's MAC of `hash` (record-mac.ts): stored beside the hash, outside what the hash covers. */
  mac?: string;
};

export type AuditRecordBody = Omit<AuditRecord, 'hash' | 'mac'>;

/**
 * A record's hash covers what is STORED, as stored: a domain tag, then the canonical JSON of the attributes stored
 * plainly beside the body (`chain`, `previous_hash`) with the `id` and `tenant_id` its key names, a newline, then the
 * body's bytes as stored (raw-deflated canonical JSON of every other field of the entry). Verification recomputes it
 * from the item without inflating anything; an auditor recomputes it from a listed entry (its fields and `body`,
 * base64). See docs/audit.md.
 */
const TAG = 'custody-audit-record-v2\n';

/**
 * The attributes a stored record has, and no other: its keys (the table's and its resource index entry's), kind, links,
 * body, hash and MAC. Every other field of an entry is in its body.
 */
const STORED = new Set([
  'pk',
  'sk',
  ...keys.auditRecordIndexAttributes,
  'entity',
  'chain',
  'previous_hash',
  'body',
  'hash',
  'mac',
]);

/** One reused buffer for the hashed bytes (header and body): one-shot SHA-256, no Hash object per record. */
let scratch = Buffer.allocUnsafe(4096);

/** The hash of a record from its plain fields and its body's stored bytes. */
export function storedRecordHash(
  tenantId: string,
  id: string,
  chain: string,
  previousHash: string,
  body: Uint8Array,
): string {
  const header = `${TAG}{"chain":${JSON.stringify(chain)},"id":${JSON.stringify(id)},"previous_hash":${JSON.stringify(previousHash)},"tenant_id":${JSON.stringify(tenantId)}}\n`;
  const need = Buffer.byteLength(header) + body.length;
  if (need > scratch.length) scratch = Buffer.allocUnsafe(Math.max(need, scratch.length * 2));
  const n = scratch.write(header, 0, 'utf8');
  scratch.set(body, n);
  return hash('sha256', scratch.subarray(0, n + body.length));
}

/** The stored body of an entry: the canonical JSON of every field that is not a stored attribute (STORED), raw-deflated. */
function bodyBytes(entry: Record<string, unknown>): Buffer {
  const body: Record<string, unknown> = {};
  for (const k in entry) if (!STORED.has(k)) body[k] = entry[k];
  return deflateRaw(canonicalJson(body));
}

/** The bytes sealRecord hashed for a record, so that its item stores exactly those (deflate is not a canonical form). */
const sealedBodies = new WeakMap<object, Buffer>();

/** The hash of an entry (its fields as listed, keys ignored), over its body deflated as the service stores it. */
export function recordHash(entry: Record<string, unknown>): string {
  return storedRecordHash(
    String(entry.tenant_id),
    String(entry.id),
    String(entry.chain),
    String(entry.previous_hash),
    bodyBytes(entry),
  );
}

/** The stored item of a record: its keys, the kind marker, `chain` and `previous_hash`, the rest of its entry as deflated canonical JSON, its hash and its MAC. */
export function recordItem(r: AuditRecord): Item {
  const body = sealedBodies.get(r) ?? bodyBytes(r);
  return {
    ...keys.auditRecord(r.tenant_id, r.id),
    ...keys.auditRecordResourceIndex(r.tenant_id, r.resource_id, r.id),
    entity: 'audit',
    chain: r.chain,
    previous_hash: r.previous_hash,
    body,
    hash: r.hash,
    ...(r.mac === undefined ? {} : { mac: r.mac }),
  };
}

/** A stored record's body parsed (the fields of its entry but chain, previous_hash and hash), or undefined when it is not one. */
function storedBody(item: Record<string, unknown>): Record<string, unknown> | undefined {
  if (!(item.body instanceof Uint8Array)) return undefined;
  try {
    const body = JSON.parse(inflateRaw(item.body, INFLATE).toString('utf8')) as unknown;
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
/** Output chunks of 4 KiB, not 16 KiB: a body inflates to well under 4 KiB. */
const INFLATE = { chunkSize: 4096 };

/** The entry a stored record holds (its body's fields, its chain, previous hash and hash), or undefined when the item is not one. */
export function storedEntry(item: Record<string, unknown>): AuditRecord | undefined {
  const body = storedBody(item);
  if (!body) return undefined;
  return { ...body, chain: item.chain, previous_hash: item.previous_hash, hash: item.hash } as AuditRecord;
}

/** Builds a record's entry as plain JSON, deflates its body once and seals both (the hash covers exactly what DynamoDB will hold). */
export function sealRecord(entry: AuditRecordBody): AuditRecord {
  const plain = JSON.parse(JSON.stringify(entry)) as AuditRecordBody;
  const body = bodyBytes(plain);
  const record: AuditRecord = {
    ...plain,
    hash: storedRecordHash(plain.tenant_id, plain.id, plain.chain, plain.previous_hash, body),
  };
  sealedBodies.set(record, body);
  return record;
}

export const entityChain = (key: { pk: string; sk: string }) => `item:${key.pk}|${key.sk}`;
export const recordChain = (firstRecordId: string) => `record:${firstRecordId}`;
export function chainItemKey(chain: string): { pk: string; sk: string } | undefined {
  if (!chain.startsWith('item:')) return undefined;
  const [pk, sk] = chain.slice('item:'.length).split('|');
  return pk && sk !== undefined ? { pk, sk } : undefined;
}

export type AuditProblem = { entry_id: string | null; chain: string | null; reason: string };

/** What verification keeps of a record whose hash matched what is stored: its id (from its key), chain, previous hash, hash, and the item (read again only for an unsequenced record's timestamp). */
export type CheckedRecord = { id: string; chain: string; previous_hash: string; hash: string; item: Item };

/** Why a record whose hash matches is refused: its MAC is not the service's (record-mac.ts). */
export const FORGED = 'MAC does not verify: not written by the service (forged)';

/**
 * A stored record's own integrity, without inflating its body: nothing stored but its keys, kind, chain, previous
 * hash, body, hash and MAC; stored under a key of this tenant's records; its hash recomputed from those attributes as
 * stored, with the id and tenant its key names; and its MAC, the writer's MAC of that hash under `macKey`. Only a
 * record that fails is inflated, to name the problem: a body naming another id or tenant than its key is a record
 * moved to another key (`moved or reordered`), a record whose hash matches but whose MAC does not is `forged`,
 * anything else is `edited`. Returns what verification keeps of the record, or the problem.
 */
export function checkStoredRecord(
  tenantId: string,
  item: Item,
  macKey: Uint8Array,
): { entry: CheckedRecord } | { problem: AuditProblem; at: string } {
  const sk = String(item.sk);
  const keyId = sk.startsWith('REC#') ? sk.slice(4) : sk;
  const { chain, previous_hash: prev, body, hash: stored } = item;
  let onlyStored = true;
  for (const k in item) if (!STORED.has(k)) onlyStored = false;
  // The resource index key is a lookup aid outside the hash: it must name this record and stay in this tenant's
  // namespace (which resource it names is the body's, checked by the reader that inflates it: audit-history.ts).
  const indexed = keys.auditRecordIndexedAs(item, tenantId, keyId);
  if (
    onlyStored &&
    indexed &&
    item.pk === keys.auditRecord(tenantId, keyId).pk &&
    sk.startsWith('REC#') &&
    typeof chain === 'string' &&
    typeof prev === 'string' &&
    typeof stored === 'string' &&
    body instanceof Uint8Array &&
    storedRecordHash(tenantId, keyId, chain, prev, body) === stored
  ) {
    if (recordMacValid(macKey, stored, item.mac))
      return { entry: { id: keyId, chain, previous_hash: prev, hash: stored, item } };
    return { at: keyId, problem: { entry_id: keyId, chain, reason: FORGED } };
  }
  const content = storedBody(item);
  const chainName = typeof chain === 'string' ? chain : null;
  if (content && typeof content.id === 'string' && (content.id !== keyId || content.tenant_id !== tenantId))
    return {
      at: content.id,
      problem: {
        entry_id: content.id,
        chain: chainName,
        reason: 'entry stored under a key that is not its own (moved or reordered)',
      },
    };
  if (!indexed && onlyStored)
    return {
      at: keyId,
      problem: { entry_id: keyId, chain: chainName, reason: 'resource index key does not name this entry (edited)' },
    };
  return {
    at: keyId,
    problem: { entry_id: keyId, chain: chainName, reason: 'hash does not match the stored content (edited)' },
  };
}

/**
 * The actions whose change deletes their entity's item: the only way an entity chain may end without its item. The
 * unit of work refuses to record an item's deletion under any other action (unit-of-work.ts), so this is the one list.
 */
export const ENTITY_DELETIONS: ReadonlySet<string> = new Set([
  'policy.deleted',
  'screening.entry_removed',
  'address_book.entry_removed',
]);

/** The order records are named in: by id. */
const recordOrder = (it: Record<string, unknown>) => String(it.id ?? it.sk);

/**
 * The chains' links (in id order of the record that breaks: a missing predecessor, a second first entry, a fork),
 * then the ends of the entity chains: an entity whose item is `gone` (absent from the table) must end with its
 * deletion record (`ENTITY_DELETIONS`, read from the stored body of that last record), any other against the entity
 * item's `audit_hash` (`tails`; undefined when the item holds none).
 */
export function checkChains(
  stored: Record<string, unknown>[],
  tails: Map<string, string | undefined>,
  gone: ReadonlySet<string> = new Set(),
): AuditProblem | null {
  const chains = new Map<string, Record<string, unknown>[]>();
  for (const it of byId(stored)) {
    const c = String(it.chain);
    const list = chains.get(c);
    if (list) list.push(it);
    else chains.set(c, [it]);
  }
  let first: (AuditProblem & { at: string }) | null = null;
  const problem = (p: AuditProblem & { at: string }) => {
    if (!first || p.at < first.at) first = p;
  };
  for (const [chain, recs] of chains) {
    if (recs.length === 1) {
      // A chain of one record (a new entity's first change, a change without an entity): it starts at genesis.
      const r = recs[0]!;
      if (r.previous_hash !== GENESIS_HASH && r.previous_hash !== r.hash)
        problem({ at: r.id as string, entry_id: r.id as string, chain, reason: 'previous entry missing (deleted)' });
      continue;
    }
    const byHash = new Set(recs.map((r) => r.hash as string));
    const successors = new Set<string>();
    for (const r of recs) {
      const prev = r.previous_hash as string;
      if (prev !== GENESIS_HASH && !byHash.has(prev)) {
        problem({ at: r.id as string, entry_id: r.id as string, chain, reason: 'previous entry missing (deleted)' });
        continue;
      }
      if (successors.has(prev)) {
        problem({
          at: r.id as string,
          entry_id: r.id as string,
          chain,
          reason:
            prev === GENESIS_HASH
              ? 'second first entry of one chain (inserted)'
              : 'two entries follow the same entry (inserted)',
        });
        continue;
      }
      successors.add(prev);
    }
  }
  if (first) {
    const { at: _at, ...p } = first as AuditProblem & { at: string };
    return p;
  }
  for (const [chain, recs] of chains) {
    if (gone.has(chain)) {
      const last = recs.length === 1 ? recs[0] : endOf(recs);
      const item = last?.item as Record<string, unknown> | undefined;
      const action = item ? storedEntry(item)?.action : undefined;
      if (!action || !ENTITY_DELETIONS.has(action))
        return {
          entry_id: null,
          chain,
          reason: "the entity's item is missing and its chain does not end with its deletion (deleted from the table)",
        };
      continue;
    }
    const tail = tails.get(chain);
    if (tail === undefined) continue; // not an entity chain, or an entity item that holds no audit hash
    if (recs.length === 1 && recs[0]!.hash === tail) continue;
    const last = endOf(recs);
    if (!recs.some((r) => r.hash === tail))
      return {
        entry_id: null,
        chain,
        reason: "the entity's last audit hash is not in its chain (newest entries missing: truncated)",
      };
    if (last && last.hash !== tail)
      return { entry_id: last.id as string, chain, reason: "entry after the entity's last audit hash (inserted)" };
  }
  return null;
}

/** Records in id order (plain code unit comparison: ids are ASCII). */
const byId = (stored: Record<string, unknown>[]) => {
  // Verification hands them over as read: in key order, which is id order (one pass to confirm, no sort).
  let sorted = true;
  for (let i = 1; i < stored.length && sorted; i++) sorted = recordOrder(stored[i - 1]!) <= recordOrder(stored[i]!);
  return sorted
    ? stored
    : [...stored].sort((a, b) => (recordOrder(a) < recordOrder(b) ? -1 : recordOrder(a) > recordOrder(b) ? 1 : 0));
};

function endOf(recs: Record<string, unknown>[]): Record<string, unknown> | undefined {
  const next = new Map(recs.map((r) => [r.previous_hash as string, r]));
  let cur = next.get(GENESIS_HASH);
  const seen = new Set<unknown>();
  while (cur && next.get(cur.hash as string) && !seen.has(cur)) {
    seen.add(cur);
    cur = next.get(cur.hash as string);
  }
  return cur;
}
