import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { canonicalJson, isCanonicalText } from '../../crypto/canonical-json.js';
import { sha256Hex } from '../../crypto/hashing.js';
import { keys } from '../../store/keys.js';
import type { Item } from '../../ports/store.js';

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
 * A record's `hash` is SHA-256 over the canonical JSON of every other field of its entry (what `GET /v1/audit/entries`
 * lists). The stored item holds only its keys, the kind marker, that entry as deflated canonical JSON (`body`: every
 * field but the hash, once) and the hash: verification inflates the body and recomputes the hash from it, never from
 * a digest stored beside it, and refuses any other attribute.
 */
export const GENESIS_HASH = '0'.repeat(64);

export type AuditActor = { user_id: string | null; key_id: string | null; type: 'user' | 'system' };

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
};

export type AuditRecordBody = Omit<AuditRecord, 'hash'>;

/** Table attributes that are not part of a record's content (its keys and the item kind marker). */
const LAYOUT = new Set(['pk', 'sk', 'entity']);

/** The hash over every stored attribute of a record except its keys and the hash itself. */
export function recordHash(stored: Record<string, unknown>): string {
  const body: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(stored)) if (!LAYOUT.has(k) && k !== 'hash') body[k] = v;
  return sha256Hex(canonicalJson(body));
}

/** The attributes a stored record has, and no other. */
const STORED = new Set(['pk', 'sk', 'entity', 'body', 'hash']);

/** The stored item of a record: its keys, the kind marker, its entry but the hash as deflated canonical JSON, and its hash. */
export function recordItem(r: AuditRecord): Item {
  const { hash, ...body } = r;
  return { ...keys.auditRecord(r.tenant_id, r.id), entity: 'audit', body: deflateRawSync(canonicalJson(body)), hash };
}

/** A stored record's body as its JSON text and that text parsed (every field of its entry but the hash), or undefined when it is not one. */
function storedBody(item: Record<string, unknown>): { text: string; body: Record<string, unknown> } | undefined {
  if (!(item.body instanceof Uint8Array) || typeof item.hash !== 'string') return undefined;
  try {
    const text = inflateRawSync(item.body, INFLATE).toString('utf8');
    const body = JSON.parse(text) as unknown;
    return body && typeof body === 'object' && !Array.isArray(body) ? { text, body: body as Record<string, unknown> } : undefined;
  } catch {
    return undefined;
  }
}
/** Output chunks of 4 KiB, not 16 KiB: a body inflates to well under 4 KiB, and verification inflates thousands. */
const INFLATE = { chunkSize: 4096 };

/** The entry a stored record holds (its body's fields and its hash), or undefined when the item is not one. */
export function storedEntry(item: Record<string, unknown>): AuditRecord | undefined {
  const body = storedBody(item)?.body;
  if (body) body.hash = item.hash;
  return body as AuditRecord | undefined;
}

/** Builds a record's stored body as plain JSON (what is hashed is exactly what DynamoDB will hold) and seals it. */
export function sealRecord(body: AuditRecordBody): AuditRecord {
  const plain = JSON.parse(JSON.stringify(body)) as AuditRecordBody;
  return { ...plain, hash: recordHash(plain as unknown as Record<string, unknown>) };
}

export const entityChain = (key: { pk: string; sk: string }) => `item:${key.pk}|${key.sk}`;
export const recordChain = (firstRecordId: string) => `record:${firstRecordId}`;
export function chainItemKey(chain: string): { pk: string; sk: string } | undefined {
  if (!chain.startsWith('item:')) return undefined;
  const [pk, sk] = chain.slice('item:'.length).split('|');
  return pk && sk !== undefined ? { pk, sk } : undefined;
}

export type AuditProblem = { entry_id: string | null; chain: string | null; reason: string };

/**
 * A stored record's own integrity: nothing stored but its keys, kind, body and hash; a readable body; stored under its
 * own key; and its hash recomputed from its body (all of it: a body holding a field the writer never puts there, such
 * as `hash` or a key, does not match). Returns the entry it holds or the problem.
 */
export function checkStoredRecord(tenantId: string, item: Record<string, unknown>): { entry: AuditRecord } | { problem: AuditProblem; at: string } {
  let onlyStored = true;
  for (const k in item) if (!STORED.has(k)) onlyStored = false;
  const stored = onlyStored ? storedBody(item) : undefined;
  if (!stored) {
    const keyId = String(item.sk).replace(/^REC#/, '');
    return { at: keyId, problem: { entry_id: keyId, chain: null, reason: 'hash does not match the stored content (edited)' } };
  }
  const { text, body } = stored;
  const id = typeof body.id === 'string' ? body.id : null;
  const k = id ? keys.auditRecord(tenantId, id) : undefined;
  if (!id || body.tenant_id !== tenantId || !k || k.pk !== item.pk || k.sk !== item.sk) {
    const at = id ?? String(item.sk).replace(/^REC#/, '');
    return { at, problem: { entry_id: at, chain: str(body.chain), reason: 'entry stored under a key that is not its own (moved or reordered)' } };
  }
  // The hash of the body's canonical JSON: the stored text itself when it is that JSON (as written), else rewritten.
  if (sha256Hex(isCanonicalText(text, body) ? text : canonicalJson(body)) !== item.hash) return { at: id, problem: { entry_id: id, chain: str(body.chain), reason: 'hash does not match the stored content (edited)' } };
  body.hash = item.hash;
  return { entry: body as AuditRecord };
}

/** The order records are named in: by id. */
const recordOrder = (it: Record<string, unknown>) => String(it.id ?? it.sk);

/**
 * The chains' links (in id order of the record that breaks: a missing predecessor, a second first entry, a fork),
 * then the ends of the entity chains against the entity items' `audit_hash` (`tails`; an entity whose item is gone is
 * absent or undefined).
 */
export function checkChains(stored: Record<string, unknown>[], tails: Map<string, string | undefined>): AuditProblem | null {
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
    const byHash = new Set(recs.map((r) => r.hash as string));
    const successors = new Set<string>();
    for (const r of recs) {
      const prev = r.previous_hash as string;
      if (prev !== GENESIS_HASH && !byHash.has(prev)) {
        problem({ at: r.id as string, entry_id: r.id as string, chain, reason: 'previous entry missing (deleted)' });
        continue;
      }
      if (successors.has(prev)) {
        problem({ at: r.id as string, entry_id: r.id as string, chain, reason: prev === GENESIS_HASH ? 'second first entry of one chain (inserted)' : 'two entries follow the same entry (inserted)' });
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
    const tail = tails.get(chain);
    if (tail === undefined) continue; // not an entity chain, or the entity item is gone (deleted by its last change)
    const last = endOf(recs);
    if (!recs.some((r) => r.hash === tail)) return { entry_id: null, chain, reason: "the entity's last audit hash is not in its chain (newest entries missing: truncated)" };
    if (last && last.hash !== tail) return { entry_id: last.id as string, chain, reason: "entry after the entity's last audit hash (inserted)" };
  }
  return null;
}

/** Records in id order (plain code unit comparison: ids are ASCII). */
const byId = (stored: Record<string, unknown>[]) => [...stored].sort((a, b) => (recordOrder(a) < recordOrder(b) ? -1 : recordOrder(a) > recordOrder(b) ? 1 : 0));

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

const str = (v: unknown) => (typeof v === 'string' ? v : null);
