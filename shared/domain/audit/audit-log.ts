import type { Store, Item } from '../../ports/store.js';
import type { CheckpointPublicKey } from '../../ports/checkpoint-signer.js';
import type { AccessPattern } from '../../store/access-patterns.js';
import { accessPatterns } from '../../store/access-patterns.js';
import { keys, stripKeys } from '../../store/keys.js';
import { listPage, type PageRequest, type PagingContext } from '../pagination.js';
import { chainItemKey, checkChains, checkRecordContent, recordHash, type AuditProblem } from './audit-record.js';
import { checkpointHash, GENESIS_CHECKPOINT_HASH, inclusionPath, merkleRoot, signatureValid, type Checkpoint } from './checkpoints.js';

/** Reading and verifying a tenant's audit records and checkpoints. */
const PAGE = 500;

export function auditEntryView(item: Record<string, unknown>) {
  const { audit_hash: _a, ...rest } = stripKeys(item);
  return rest;
}

export function checkpointView(item: Record<string, unknown>) {
  return stripKeys(item) as unknown as Checkpoint;
}

async function readAll(store: Store, pattern: AccessPattern): Promise<Item[]> {
  const out: Item[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await store.query({ pattern, limit: PAGE, startKey, consistent: true });
    out.push(...page.items);
    startKey = page.lastKey;
  } while (startKey);
  return out;
}

export type VerifyReport = {
  valid: boolean;
  entries_checked: number;
  latest_checkpoint: Checkpoint | null;
  first_problem: (AuditProblem & { checkpoint: number | null }) | null;
};

/**
 * Verifies a tenant's audit trail from what is stored, in this order, reporting the first problem found:
 * 1. every record's key and hash (recomputed over every stored field);
 * 2. every checkpoint in number order: its hash, its signature, its link to the one before and its sequence range,
 *    that each entry it sequenced still exists with the same hash, and its Merkle root;
 * 3. every chain's links (one first entry, no missing predecessor, no fork);
 * 4. every entity chain ends at the entity item's `audit_hash`;
 * 5. no record older than `lagSeconds` is unsequenced.
 */
export async function verifyAudit(store: Store, publicKey: CheckpointPublicKey, tenantId: string, now: Date, lagSeconds: number): Promise<VerifyReport> {
  const [records, checkpointItems] = await Promise.all([readAll(store, accessPatterns.auditRecordsOfTenant(tenantId)), readAll(store, accessPatterns.auditCheckpointsOfTenant(tenantId))]);
  const checkpoints = checkpointItems.map(checkpointView);
  const latest = checkpoints.at(-1) ?? null;
  const report = (p: VerifyReport['first_problem']): VerifyReport => ({ valid: p === null, entries_checked: records.length, latest_checkpoint: latest, first_problem: p });

  // The entity items' last hashes (for 4).
  const chains = [...new Set(records.map((r) => String(r.chain)))];
  const itemKeys = chains.map((c) => chainItemKey(c));
  const present = itemKeys.flatMap((k, i) => (k ? [{ chain: chains[i]!, key: k }] : []));
  const items = present.length ? await store.getMany(present.map((p) => p.key)) : [];
  const tails = new Map<string, string | undefined>(present.map((p, i) => [p.chain, typeof items[i]?.audit_hash === 'string' ? (items[i]!.audit_hash as string) : undefined]));

  const byId = new Map(records.map((r) => [String(r.id), r]));
  const recordProblem = checkRecordContent(tenantId, records, keys.auditRecord);
  if (recordProblem) return report({ ...recordProblem, checkpoint: null });

  // 2. checkpoints
  const sequenced = new Set<string>();
  let previous = GENESIS_CHECKPOINT_HASH;
  let nextSeq = 1;
  for (const [i, cp] of checkpoints.entries()) {
    const n = i + 1;
    const bad = (reason: string, entry: string | null = null) => report({ entry_id: entry, chain: null, checkpoint: n, reason });
    if (cp.number !== n || checkpointItems[i]!.sk !== keys.auditCheckpoint(tenantId, n).sk) return bad('checkpoint missing or out of place');
    if (checkpointHash(cp) !== cp.checkpoint_hash) return bad('checkpoint hash does not match its content (edited)');
    if (cp.key_id !== publicKey.key_id || !signatureValid(cp, publicKey.public_key_pem)) return bad('checkpoint signature does not verify (replaced or forged)');
    if (cp.previous_checkpoint_hash !== previous) return bad('checkpoint does not link to the checkpoint before');
    if (cp.first_sequence !== nextSeq || cp.last_sequence !== nextSeq + cp.entries.length - 1) return bad('checkpoint sequence range does not follow the one before');
    for (const e of cp.entries) {
      const rec = byId.get(e.id);
      if (!rec) return bad('sequenced entry missing (deleted or truncated)', e.id);
      if (recordHash(rec) !== e.hash) return bad('entry differs from its sequenced hash (edited)', e.id);
      if (sequenced.has(e.id)) return bad('entry sequenced twice', e.id);
      sequenced.add(e.id);
    }
    if (merkleRoot(cp.entries.map((e) => e.hash)) !== cp.root) return bad('checkpoint Merkle root does not match its entries');
    previous = cp.checkpoint_hash;
    nextSeq = cp.last_sequence + 1;
  }

  const linkProblem = checkChains(records, tails);
  if (linkProblem) return report({ ...linkProblem, checkpoint: null });

  // 5. unsequenced records older than the sequencer's lag
  const cutoff = now.getTime() - lagSeconds * 1000;
  const stale = records.filter((r) => !sequenced.has(String(r.id)) && Date.parse(String(r.timestamp)) < cutoff).sort((a, b) => String(a.id).localeCompare(String(b.id)))[0];
  if (stale) return report({ entry_id: String(stale.id), chain: String(stale.chain), checkpoint: null, reason: "entry older than the sequencer's lag is not sequenced (inserted, or the sequencer is behind)" });
  return report(null);
}

/** Records in id order, i.e. commit-time order (order=desc for newest first). */
export async function listEntries(ctx: PagingContext, tenantId: string, page: PageRequest & { order?: 'asc' | 'desc' }) {
  const out = await listPage(ctx, { name: 'audit-entries', pattern: accessPatterns.auditRecordsOfTenant(tenantId), newestFirst: page.order === 'desc' }, page);
  return { entries: out.items.map(auditEntryView), next_cursor: out.next_cursor };
}

/** Signed checkpoints in number order. */
export async function listCheckpoints(ctx: PagingContext, tenantId: string, page: PageRequest) {
  const out = await listPage(ctx, { name: 'audit-checkpoints', pattern: accessPatterns.auditCheckpointsOfTenant(tenantId) }, page);
  return { checkpoints: out.items.map(checkpointView), next_cursor: out.next_cursor };
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

/**
 * The proof that one entry is in the tenant's signed checkpoints: the checkpoint that sequenced it and the RFC 6962
 * audit path from the entry's hash to that checkpoint's root. `not_found` for an id the tenant has no entry under;
 * `not_sequenced` while the sequencer has not reached it yet.
 */
export async function entryInclusionProof(store: Store, tenantId: string, entryId: string): Promise<InclusionProof | 'not_found' | 'not_sequenced'> {
  const [marker, record] = await store.getMany([keys.auditSequenced(tenantId, entryId), keys.auditRecord(tenantId, entryId)]);
  if (!record) return 'not_found';
  if (!marker) return 'not_sequenced';
  const item = await store.get(keys.auditCheckpoint(tenantId, Number(marker.checkpoint)));
  if (!item) return 'not_sequenced';
  const checkpoint = checkpointView(item);
  const index = checkpoint.entries.findIndex((e) => e.id === entryId);
  if (index < 0) return 'not_sequenced';
  return {
    entry_id: entryId,
    entry_hash: checkpoint.entries[index]!.hash,
    sequence: checkpoint.first_sequence + index,
    leaf_index: index,
    tree_size: checkpoint.entries.length,
    audit_path: inclusionPath(checkpoint.entries.map((e) => e.hash), index),
    checkpoint,
  };
}
