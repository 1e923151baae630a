import { WriteConflictError, type Store, type Item } from '../../ports/store.js';
import type { CheckpointPublicKey } from '../../ports/checkpoint-signer.js';
import type { AccessPattern } from '../../store/access-patterns.js';
import { accessPatterns } from '../../store/access-patterns.js';
import { keys, stripKeys } from '../../store/keys.js';
import { listPage, type PageRequest, type PagingContext } from '../pagination.js';
import {
  chainItemKey,
  checkChains,
  checkStoredRecord,
  storedEntry,
  type AuditProblem,
  type CheckedRecord,
} from './audit-record.js';
import { sequencedIn } from './sequencer.js';
import { recordMacKeyOf, type AuditedStore } from './record-mac.js';
import {
  appendLeaves,
  checkpointBody,
  consistencyProof,
  cosignatureValid,
  frontierRoot,
  inclusionProof,
  leafHash,
  LOG_SIGNATURE_TYPE,
  logOrigin,
  noteKeyId,
  noteSignedBy,
  parseSignatureLine,
  parseVerifierKey,
  rawMlDsa65Key,
  splitNote,
  type Checkpoint,
  type VerifierKey,
} from './checkpoints.js';

/** Reading and verifying a tenant's audit records and checkpoints. */
/** Records per page read by verification (DynamoDB also ends a page at 1 MB). */
export const AUDIT_PAGE = 1000;

/**
 * The entry a stored record holds, as GET /v1/audit/entries lists it: its fields decoded, and `body`, the stored
 * body's bytes (base64) its hash covers (a record that cannot be read lists as its id).
 */
export function auditEntryView(item: Record<string, unknown>) {
  const entry = storedEntry(item);
  return entry
    ? { ...entry, body: Buffer.from(item.body as Uint8Array).toString('base64') }
    : { id: String(item.sk).replace(/^REC#/, '') };
}

export function checkpointView(item: Record<string, unknown>) {
  return stripKeys(item) as unknown as Checkpoint;
}

/** Reads every page of a pattern (consistent), handing each page to `each` while the next one is read. */
async function readPages(
  store: Store,
  pattern: AccessPattern,
  each: (items: Item[]) => void,
  attributes?: string[],
): Promise<void> {
  let page = store.query({ pattern, limit: AUDIT_PAGE, consistent: true, attributes });
  for (;;) {
    const { items, lastKey } = await page;
    if (lastKey) page = store.query({ pattern, limit: AUDIT_PAGE, startKey: lastKey, consistent: true, attributes });
    each(items);
    if (!lastKey) return;
  }
}

export type VerifyReport = {
  valid: boolean;
  entries_checked: number;
  latest_checkpoint: Checkpoint | null;
  first_problem: (AuditProblem & { checkpoint: number | null }) | null;
};

/**
 * Verifies a tenant's audit trail from what is stored, in this order, reporting the first problem found:
 * 1. every record's key, hash (recomputed over every stored field) and MAC (the writer's, record-mac.ts);
 * 2. every checkpoint in number order: its note (origin, tree size and root), its ML-DSA signature, its sequence
 *    range, that each entry it sequenced still exists with the same hash, and that its root is the root of the log's
 *    tree (every entry so far, in sequence order) at its size;
 * 3. every chain's links (one first entry, no missing predecessor, no fork);
 * 4. every entity chain ends at the entity item's `audit_hash`, or, when the item is missing, with its deletion;
 * 5. no record older than `lagSeconds` is unsequenced.
 * Each record is hashed once, as its page arrives, while the next page (and the entity items of the chains seen so
 * far) are read; the checkpoints are read beside them, and checked while the last entity items are read.
 */
export async function verifyAudit(
  audited: AuditedStore,
  publicKey: CheckpointPublicKey,
  tenantId: string,
  now: Date,
  lagSeconds: number,
): Promise<VerifyReport> {
  const { store } = audited;
  const records: CheckedRecord[] = [];
  let stored = 0;
  let contentProblem: { at: string; problem: AuditProblem } | null = null;
  const seenChains = new Set<string>();
  const tails = new Map<string, string | undefined>();
  /** Entity chains whose item is absent from the table. */
  const gone = new Set<string>();
  const macKey = await recordMacKeyOf(audited);
  const tailReads: Promise<void>[] = [];
  // The entity items in the tenant's own partition (the tenant, users, vaults, wallets, assets, ...) are read as that
  // partition's pages (keys and audit_hash), beside the record pages: a few queries instead of a batch read per 100
  // entities. The others (transactions, policies, credentials: each in a partition of its own) per 100 as seen.
  const home = keys.tenant(tenantId).pk;
  const homeChains: { chain: string; sk: string }[] = [];
  const homeTails = new Map<string, string>();
  const homeItems = new Set<string>();
  const readTails = (chains: { chain: string; key: { pk: string; sk: string } }[]) =>
    store
      .getMany(
        chains.map((c) => c.key),
        { attributes: ['audit_hash'] },
      )
      .then((items) =>
        chains.forEach((c, i) => {
          if (!items[i]) gone.add(c.chain);
          tails.set(c.chain, typeof items[i]?.audit_hash === 'string' ? (items[i]!.audit_hash as string) : undefined);
        }),
      );
  // Each checkpoint's own checks (its note, its signature, and the tree grown by its entries: no record needed) are
  // made as it arrives, while the record pages are still being read; they are reported below in the same order as
  // the other checks. The tree is grown from the entries alone, so a frontier edited in the table changes nothing.
  const logKey = tenantLogKey(publicKey, tenantId);
  const checkpointItems: Item[] = [];
  const ownChecks: { note: boolean; signature: boolean; root: boolean }[] = [];
  let tree: Buffer[] = [];
  let treeSize = 0;
  const holds = (check: () => boolean) => {
    try {
      return check();
    } catch {
      return false;
    }
  };
  await Promise.all([
    readPages(store, accessPatterns.auditRecordsOfTenant(tenantId), (items) => {
      const fresh: { chain: string; key: { pk: string; sk: string } }[] = [];
      stored += items.length;
      for (const it of items) {
        const checked = checkStoredRecord(tenantId, it, macKey);
        if ('problem' in checked) {
          if (!contentProblem || checked.at < contentProblem.at) contentProblem = checked;
          continue;
        }
        const rec = checked.entry;
        records.push(rec);
        const chain = String(rec.chain);
        if (seenChains.has(chain)) continue;
        seenChains.add(chain);
        const itemKey = chainItemKey(chain);
        if (itemKey?.pk === home) homeChains.push({ chain, sk: itemKey.sk });
        else if (itemKey) fresh.push({ chain, key: itemKey });
        if (fresh.length === 100) tailReads.push(readTails(fresh.splice(0)));
      }
      if (fresh.length) tailReads.push(readTails(fresh));
    }),
    readPages(
      store,
      accessPatterns.tenantPartition(tenantId),
      (items) => {
        for (const it of items) {
          homeItems.add(it.sk);
          if (typeof it.audit_hash === 'string') homeTails.set(it.sk, it.audit_hash);
        }
      },
      ['audit_hash'],
    ),
    readPages(store, accessPatterns.auditCheckpointsOfTenant(tenantId), (items) => {
      for (const item of items) {
        const cp = checkpointView(item);
        checkpointItems.push(item);
        const root = holds(() => {
          tree = appendLeaves(
            tree,
            treeSize,
            cp.entries.map((e) => leafHash(e.hash)),
          );
          treeSize += cp.entries.length;
          return cp.tree_size === treeSize && frontierRoot(tree).toString('hex') === cp.root;
        });
        ownChecks.push({
          note: holds(() => splitNote(cp.note)?.body === checkpointBody(logKey.name, cp.tree_size, cp.root)),
          signature: holds(() => cp.key_id === publicKey.key_id && noteSignedBy(cp.note, logKey)),
          root,
        });
      }
    }),
  ]);
  // The entity items are still being read: the checkpoints are checked meanwhile (an early answer drops the reads).
  const tailsRead = Promise.all(tailReads);
  tailsRead.catch(() => undefined);
  const checkpoints = checkpointItems.map(checkpointView);
  const latest = checkpoints.at(-1) ?? null;
  const report = (p: VerifyReport['first_problem']): VerifyReport => ({
    valid: p === null,
    entries_checked: stored,
    latest_checkpoint: latest,
    first_problem: p,
  });

  // 1. Every record's stored hash is now known to be its recomputed hash: the checks below compare stored hashes.
  const found = contentProblem as { problem: AuditProblem } | null;
  if (found) return report({ ...found.problem, checkpoint: null });
  const byId = new Map(records.map((r) => [r.id, r]));

  // 2. checkpoints: one tree, each checkpoint a signed size and root of it
  const sequenced = new Set<string>();
  let nextSeq = 1;
  for (const [i, cp] of checkpoints.entries()) {
    const n = i + 1;
    const bad = (reason: string, entry: string | null = null) =>
      report({ entry_id: entry, chain: null, checkpoint: n, reason });
    if (cp.number !== n || checkpointItems[i]!.sk !== keys.auditCheckpoint(tenantId, n).sk)
      return bad('checkpoint missing or out of place');
    if (!ownChecks[i]!.note) return bad('checkpoint note does not state its tree size and root (edited)');
    if (!ownChecks[i]!.signature) return bad('checkpoint signature does not verify (replaced or forged)');
    if (cp.first_sequence !== nextSeq || cp.last_sequence !== nextSeq + cp.entries.length - 1)
      return bad('checkpoint sequence range does not follow the one before');
    for (const e of cp.entries) {
      const rec = byId.get(e.id);
      if (!rec) return bad('sequenced entry missing (deleted or truncated)', e.id);
      if (rec.hash !== e.hash) return bad('entry differs from its sequenced hash (edited)', e.id);
      if (sequenced.has(e.id)) return bad('entry sequenced twice', e.id);
      sequenced.add(e.id);
    }
    if (!ownChecks[i]!.root)
      return bad("checkpoint root is not the log's tree root at its size (entries edited, removed or reordered)");
    nextSeq = cp.last_sequence + 1;
  }

  await tailsRead;
  for (const c of homeChains) {
    if (!homeItems.has(c.sk)) gone.add(c.chain);
    tails.set(c.chain, homeTails.get(c.sk));
  }
  const linkProblem = checkChains(records, tails, gone);
  if (linkProblem) return report({ ...linkProblem, checkpoint: null });

  // 5. unsequenced records older than the sequencer's lag (the first in id order)
  const cutoff = now.getTime() - lagSeconds * 1000;
  // Only an unsequenced record's body is inflated, for its timestamp (its bytes are those its checked hash covers).
  let stale: CheckedRecord | undefined;
  for (const r of records)
    if (
      !sequenced.has(r.id) &&
      (!stale || r.id < stale.id) &&
      Date.parse(String(storedEntry(r.item)?.timestamp)) < cutoff
    )
      stale = r;
  if (stale)
    return report({
      entry_id: String(stale.id),
      chain: String(stale.chain),
      checkpoint: null,
      reason: "entry older than the sequencer's lag is not sequenced (inserted, or the sequencer is behind)",
    });
  return report(null);
}

export type EntryFilters = { resource_id?: string; resource_type?: string };

/**
 * Records in id order, i.e. commit-time order (order=desc for newest first). With `resource_id`, the records naming
 * that resource, from the resource index (keys.ts `auditRecordResourceIndex`); a record is listed only when its body
 * names the resource (and type) too, so an index key moved onto another record shows nothing. With `resource_type`
 * alone, the log read in order and filtered.
 */
export async function listEntries(
  ctx: PagingContext,
  tenantId: string,
  page: PageRequest & { order?: 'asc' | 'desc' } & EntryFilters,
) {
  const { resource_id: id, resource_type: type } = page;
  const pattern = id
    ? accessPatterns.auditRecordsOfResource(tenantId, id)
    : accessPatterns.auditRecordsOfTenant(tenantId);
  const filters = { resource_id: id ?? null, resource_type: type ?? null };
  const matches = (item: Item) => {
    if (!id && !type) return true;
    const e = storedEntry(item);
    return !!e && e.tenant_id === tenantId && (!id || e.resource_id === id) && (!type || e.resource_type === type);
  };
  const out = await listPage(
    ctx,
    { name: 'audit-entries', filters, pattern, newestFirst: page.order === 'desc' },
    page,
    matches,
  );
  return { entries: out.items.map(auditEntryView), next_cursor: out.next_cursor };
}

/** Signed checkpoints in number order. */
export async function listCheckpoints(ctx: PagingContext, tenantId: string, page: PageRequest) {
  const out = await listPage(
    ctx,
    { name: 'audit-checkpoints', pattern: accessPatterns.auditCheckpointsOfTenant(tenantId) },
    page,
  );
  return { checkpoints: out.items.map(checkpointView), next_cursor: out.next_cursor };
}

/** The signed-note verifier key of a tenant's log (name = origin `<prefix>/<tenant id>`). */
export function tenantLogKey(publicKey: CheckpointPublicKey, tenantId: string): VerifierKey {
  const name = logOrigin(publicKey.origin_prefix, tenantId);
  const raw = rawMlDsa65Key(publicKey.public_key_pem);
  return { name, id: noteKeyId(name, LOG_SIGNATURE_TYPE, raw), type: LOG_SIGNATURE_TYPE, publicKey: raw };
}

export type InclusionProof = {
  entry_id: string;
  entry_hash: string;
  sequence: number;
  leaf_index: number;
  tree_size: number;
  audit_path: string[];
  checkpoint: Checkpoint;
};

const hexes = (bs: Buffer[]) => bs.map((b) => b.toString('hex'));

/**
 * The proof that one entry is in the tenant's log: the checkpoint that sequenced it (the first tree that holds it)
 * and the RFC 6962 audit path from the entry's hash to that checkpoint's root, computed from the checkpoint before's
 * frontier and the checkpoint's own entries. Inclusion in a later tree follows with a consistency proof.
 * `not_found` for an id the tenant has no entry under; `not_sequenced` while the sequencer has not reached it yet.
 */
export async function entryInclusionProof(
  store: Store,
  tenantId: string,
  entryId: string,
): Promise<InclusionProof | 'not_found' | 'not_sequenced'> {
  const [number, record] = await Promise.all([
    sequencedIn(store, tenantId, entryId),
    store.get(keys.auditRecord(tenantId, entryId), { consistent: true }),
  ]);
  if (!record) return 'not_found';
  if (number === undefined) return 'not_sequenced';
  const [item, before] = await Promise.all([
    store.get(keys.auditCheckpoint(tenantId, number)),
    number > 1 ? store.get(keys.auditCheckpoint(tenantId, number - 1)) : undefined,
  ]);
  if (!item) return 'not_sequenced';
  const checkpoint = checkpointView(item);
  const index = checkpoint.entries.findIndex((e) => e.id === entryId);
  if (index < 0) return 'not_sequenced';
  const base = checkpoint.first_sequence - 1;
  const slice = {
    base,
    frontier: ((before?.frontier as string[] | undefined) ?? []).map((x) => Buffer.from(x, 'hex')),
    leaves: checkpoint.entries.map((e) => leafHash(e.hash)),
  };
  return {
    entry_id: entryId,
    entry_hash: checkpoint.entries[index]!.hash,
    sequence: base + index + 1,
    leaf_index: base + index,
    tree_size: checkpoint.tree_size,
    audit_path: hexes(inclusionProof(slice, base + index, checkpoint.tree_size)),
    checkpoint,
  };
}

/** The latest checkpoint's signed note with its witnesses' cosignatures (C2SP tlog-checkpoint), or undefined. */
export async function latestCheckpointNote(
  store: Store,
  tenantId: string,
): Promise<{ number: number; note: string } | undefined> {
  const page = await store.query({
    pattern: accessPatterns.auditCheckpointsOfTenant(tenantId),
    limit: 1,
    newestFirst: true,
    consistent: true,
    attributes: ['number', 'note', 'cosignatures'],
  });
  const item = page.items[0];
  return item
    ? {
        number: Number(item.number),
        note: `${String(item.note)}${((item.cosignatures as string[] | undefined) ?? []).join('')}`,
      }
    : undefined;
}

/**
 * The RFC 6962 consistency proof between the log's trees of `from` and `to` leaves (0 <= from <= to <= the latest
 * checkpoint's size), computed from the frontier of the last checkpoint at or below `from` and the entries of the
 * checkpoints after it up to `to`. `out_of_range` when `to` is beyond the latest checkpoint or `from` > `to`.
 */
export async function logConsistencyProof(
  store: Store,
  tenantId: string,
  from: number,
  to: number,
): Promise<{ from: number; to: number; proof: string[] } | 'out_of_range'> {
  if (from > to) return 'out_of_range';
  const heads: { number: number; tree_size: number; frontier?: string[] }[] = [];
  await readPages(
    store,
    accessPatterns.auditCheckpointsOfTenant(tenantId),
    (items) => {
      for (const it of items) heads.push({ number: Number(it.number), tree_size: Number(it.tree_size) });
    },
    ['number', 'tree_size'],
  );
  if (to > (heads.at(-1)?.tree_size ?? 0)) return 'out_of_range';
  const baseAt = heads.findLastIndex((c) => c.tree_size <= from);
  const base = baseAt < 0 ? 0 : heads[baseAt]!.tree_size;
  const wanted = heads.slice(baseAt + 1, heads.findIndex((c) => c.tree_size >= to) + 1).map((c) => c.number);
  const [frontierItem, ...chunks] = await Promise.all([
    baseAt < 0 ? undefined : store.get(keys.auditCheckpoint(tenantId, heads[baseAt]!.number)),
    ...Array.from({ length: Math.ceil(wanted.length / 100) }, (_, i) =>
      store.getMany(
        wanted.slice(i * 100, i * 100 + 100).map((n) => keys.auditCheckpoint(tenantId, n)),
        { attributes: ['entries'] },
      ),
    ),
  ]);
  const leaves = chunks
    .flat()
    .flatMap((it) => ((it?.entries as { hash: string }[] | undefined) ?? []).map((e) => leafHash(e.hash)));
  const slice = {
    base,
    frontier: ((frontierItem?.frontier as string[] | undefined) ?? []).map((x) => Buffer.from(x, 'hex')),
    leaves: leaves.slice(0, to - base),
  };
  return { from, to, proof: hexes(consistencyProof(slice, from, to)) };
}

/**
 * Adds a witness's cosignature (one signature line) to checkpoint `number`: accepted only when it verifies over the
 * checkpoint's body with one of the configured witness keys; a newer cosignature by the same key replaces the older.
 */
export async function addCosignature(
  store: Store,
  tenantId: string,
  number: number,
  line: string,
  witnessKeys: string[],
): Promise<'not_found' | 'unknown_witness' | 'invalid' | { witness: string; time: number }> {
  const sig = parseSignatureLine(line.endsWith('\n') ? line : `${line}\n`);
  if (!sig) return 'invalid';
  const key = witnessKeys
    .map(parseVerifierKey)
    .find((k) => k && k.name === sig.name && sig.id.equals(Buffer.from(k.id)));
  if (!key) return 'unknown_witness';
  for (let attempt = 1; ; attempt++) {
    const item = await store.get(keys.auditCheckpoint(tenantId, number), { consistent: true });
    if (!item) return 'not_found';
    const body = splitNote(String(item.note))?.body;
    const valid = body === undefined ? undefined : cosignatureValid(body, sig.line, key);
    if (!valid) return 'invalid';
    const others = ((item.cosignatures as string[] | undefined) ?? []).filter((l) => {
      const s = parseSignatureLine(l);
      return !(s && s.name === key.name && s.id.equals(Buffer.from(key.id)));
    });
    const version = typeof item.cosigned === 'number' ? item.cosigned : 0;
    try {
      await store.write([
        {
          op: 'update',
          key: keys.auditCheckpoint(tenantId, number),
          set: { cosignatures: [...others, sig.line], cosigned: version + 1 },
          condition: version ? { type: 'equals', attribute: 'cosigned', value: version } : { type: 'exists' },
        },
      ]);
      return { witness: key.name, time: valid.time };
    } catch (e) {
      if (!(e instanceof WriteConflictError) || attempt >= 5) throw e;
    }
  }
}
