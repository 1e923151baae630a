import type { Item, Store, WriteOp } from '../../ports/store.js';
import { WriteConflictError } from '../../ports/store.js';
import type { CheckpointSigner } from '../../ports/checkpoint-signer.js';
import { keys, stripKeys } from '../../store/keys.js';
import { accessPatterns } from '../../store/access-patterns.js';
import { logger } from '../../logger.js';
import { recordMetric } from '../../observability/metrics.js';
import { recordMacKeyOf, recordMacValid, type AuditedStore } from './record-mac.js';
import { storedRecordHash } from './audit-record.js';
import type { CarriedRecord } from './sequencer-messages.js';
import {
  appendLeaves,
  checkpointBody,
  frontierRoot,
  leafHash,
  LOG_SIGNATURE_TYPE,
  logOrigin,
  noteKeyId,
  rawMlDsa65Key,
  signatureLine,
  type Checkpoint,
  type CheckpointEntry,
} from './checkpoints.js';

/**
 * The audit sequencer: appends a tenant's new audit records to its log (one append-only Merkle tree per tenant) and
 * signs the tree's new size and root as its next checkpoint(s), ONE write per checkpoint: the checkpoint (created only if its number is free, i.e. conditional on the previous checkpoint being
 * the last) and the few "sequenced index" items its records fall in (see below), under their versions.
 *
 * The sequenced index says which checkpoint sequenced a record: one item per INDEX_BUCKET of record ids (ids are
 * time-ordered UUIDv7, so a bucket holds the records of about 256 ms), mapping each id to its checkpoint number. A
 * batch of a thousand records touches a handful of buckets instead of writing a marker per record. Duplicated or
 * reordered notifications are harmless: a record already in the index, or not found, is skipped, the batch is sorted
 * by record id, and a write that loses to another sequencer run is rebuilt from fresh reads.
 */
/**
 * Entries per checkpoint: an entry is about 110 bytes stored, so a checkpoint stays near 220 KB (item limit 400 KB;
 * its note, about 3.4 KB with the ML-DSA-65 signature, its frontier, at most 64 hashes, and its cosignatures, 4.5 KB
 * each, fit beside).
 */
export const MAX_CHECKPOINT_ENTRIES = 2000;
/** Index buckets per checkpoint write (a transaction holds at most 100 items: the checkpoint and the buckets). */
const MAX_BUCKETS = 90;
/** Characters of a record id naming its index bucket: the top 40 bits of a UUIDv7's millisecond time (256 ms). */
const INDEX_BUCKET = 11;

export const indexBucket = (recordId: string) => recordId.slice(0, INDEX_BUCKET);

export async function latestCheckpoint(store: Store, tenantId: string): Promise<Checkpoint | undefined> {
  const page = await store.query({
    pattern: accessPatterns.auditCheckpointsOfTenant(tenantId),
    limit: 1,
    newestFirst: true,
    consistent: true,
  });
  return page.items[0] ? (stripKeys(page.items[0]) as unknown as Checkpoint) : undefined;
}

/** The number of the checkpoint that sequenced a record, or undefined while it is not sequenced. */
export async function sequencedIn(store: Store, tenantId: string, recordId: string): Promise<number | undefined> {
  const item = await store.get(keys.auditSequenced(tenantId, indexBucket(recordId)), { consistent: true });
  const n = (item?.sequenced as Record<string, unknown> | undefined)?.[recordId];
  return typeof n === 'number' ? n : undefined;
}

/** Index buckets a tenant's tail remembers: the newest ones, where late notifications of recent records fall. */
const REMEMBERED_BUCKETS = 16;
/** Tenants a process remembers the tail of (a Lambda instance serves a few; the local stack all of them). */
const REMEMBERED_TENANTS = 1000;

type Tail = { checkpoint: Checkpoint; buckets: Map<string, Item> };

/**
 * What a sequencer process wrote last for each tenant: its latest checkpoint and the index buckets it wrote, so that
 * the next run of the same tenant reads neither (each run otherwise reads both before its one write). Never trusted
 * beyond the write's conditions: the checkpoint's put is conditional on its number being free and each bucket's on
 * its version (a bucket not remembered on it not existing), so when another process wrote in between (another Lambda
 * instance took the tenant's message group), the write fails, the tail is forgotten, and the run reads everything
 * afresh. One per process, at module scope of the function.
 */
export class SequencerMemory {
  private readonly tails = new Map<string, Tail>();
  tail(tenantId: string): Tail | undefined {
    return this.tails.get(tenantId);
  }
  remember(tenantId: string, checkpoint: Checkpoint, written: Item[], known: Map<string, Item>): void {
    const buckets = new Map(known);
    for (const item of written) buckets.set(String(item.sk), item);
    const newest = [...buckets.keys()].sort().slice(-REMEMBERED_BUCKETS);
    this.tails.delete(tenantId);
    // Of the checkpoint, the next run needs its number, size and frontier: not its (up to 2,000) entries.
    this.tails.set(tenantId, {
      checkpoint: { ...checkpoint, entries: [] },
      buckets: new Map(newest.map((k) => [k, buckets.get(k)!])),
    });
    if (this.tails.size > REMEMBERED_TENANTS) this.tails.delete(this.tails.keys().next().value!);
  }
  forget(tenantId: string): void {
    this.tails.delete(tenantId);
  }
}

/**
 * Sequences the given records (any order, repeats allowed); returns the checkpoints written. With `memory`, a run
 * starts from what this process wrote last for the tenant instead of reading it (SequencerMemory). `carried`: records
 * as the audit message carried them, taken instead of read when they check out (recordsOf).
 */
export async function sequenceRecords(
  audited: AuditedStore,
  signer: CheckpointSigner,
  tenantId: string,
  recordIds: string[],
  now: () => Date,
  memory?: SequencerMemory,
  carried: readonly CarriedRecord[] = [],
): Promise<Checkpoint[]> {
  const out: Checkpoint[] = [];
  const byId = new Map(carried.map((r) => [r.id, r]));
  for (const batch of batches([...new Set(recordIds)].sort())) {
    const cp = await sequenceBatch(audited, signer, tenantId, batch, now, memory, byId);
    if (cp) out.push(cp);
  }
  return out;
}

/** Sorted ids cut into checkpoints of at most MAX_CHECKPOINT_ENTRIES records falling in at most MAX_BUCKETS buckets. */
function batches(sorted: string[]): string[][] {
  const out: string[][] = [];
  let cur: string[] = [];
  let buckets = 0;
  for (const id of sorted) {
    const newBucket = !cur.length || indexBucket(cur.at(-1)!) !== indexBucket(id);
    if (cur.length >= MAX_CHECKPOINT_ENTRIES || (newBucket && buckets >= MAX_BUCKETS)) {
      out.push(cur);
      cur = [];
      buckets = 0;
    }
    if (!cur.length || newBucket) buckets++;
    cur.push(id);
  }
  if (cur.length) out.push(cur);
  return out;
}

/** Reads in parallel (BatchGetItem takes 100 keys a call). */
async function readRecords(store: Store, tenantId: string, ids: string[]): Promise<(Item | undefined)[]> {
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += 100) chunks.push(ids.slice(i, i + 100));
  // Only the keys, hash and MAC of each: the sequencer needs nothing else of a record.
  return (
    await Promise.all(
      chunks.map((c) =>
        store.getMany(
          c.map((id) => keys.auditRecord(tenantId, id)),
          { attributes: ['hash', 'mac'] },
        ),
      ),
    )
  ).flat();
}

/**
 * Each record's hash and MAC, in the order of `ids`: from the message when it carried the record and the record checks
 * out (the hash recomputed from what it carries, with its id and this tenant, is the hash it carries, and the MAC is
 * the writer's), else read from the table. A carried record that does not check out is read, never refused on what
 * a message says: the table stays the source, and the message only saves reads (sequencer-messages.ts).
 */
async function recordsOf(
  store: Store,
  tenantId: string,
  ids: string[],
  carried: ReadonlyMap<string, CarriedRecord>,
  macKey: Uint8Array,
): Promise<(Item | undefined)[]> {
  const out = ids.map((id): Item | undefined => {
    const r = carried.get(id);
    if (!r) return undefined;
    const hash = storedRecordHash(tenantId, id, r.chain, r.previous_hash, Buffer.from(r.body, 'base64'));
    const ok = hash === r.hash && recordMacValid(macKey, hash, r.mac);
    return ok ? { ...keys.auditRecord(tenantId, id), hash, mac: r.mac } : undefined;
  });
  const unread = ids.flatMap((_, i) => (out[i] ? [] : [i]));
  const read = unread.length
    ? await readRecords(
        store,
        tenantId,
        unread.map((i) => ids[i]!),
      )
    : [];
  unread.forEach((i, j) => (out[i] = read[j]));
  return out;
}

/**
 * Whether a record may be sequenced: its MAC is the writer's MAC of its hash (record-mac.ts). A record that fails was
 * not written by the service (forged with table access): it is never signed into a checkpoint, and it is logged and
 * counted (`AuditRecordsRefused`, alarmed), not thrown, so that it cannot hold back the tenant's genuine records.
 * Verification names it (audit-log.ts).
 */
function macVerifies(tenantId: string, id: string, record: Item, key: Uint8Array, report: boolean): boolean {
  if (recordMacValid(key, String(record.hash), record.mac)) return true;
  if (report) {
    logger.error('audit record refused: its MAC does not verify (forged)', { tenant_id: tenantId, record_id: id });
    recordMetric('auditRecordsRefused', 1, {});
  }
  return false;
}

async function sequenceBatch(
  audited: AuditedStore,
  signer: CheckpointSigner,
  tenantId: string,
  ids: string[],
  now: () => Date,
  memory: SequencerMemory | undefined,
  carried: ReadonlyMap<string, CarriedRecord>,
): Promise<Checkpoint | undefined> {
  const { store } = audited;
  const bucketNames = [...new Set(ids.map(indexBucket))];
  const bucketKeys = bucketNames.map((b) => keys.auditSequenced(tenantId, b));
  const macKey = await recordMacKeyOf(audited);
  for (let attempt = 1; ; attempt++) {
    // The first attempt starts from the tail this process remembers, if any; a retry always reads.
    const tail = attempt === 1 ? memory?.tail(tenantId) : undefined;
    const [buckets, records, prev, pub] = await Promise.all([
      tail ? bucketKeys.map((k) => tail.buckets.get(k.sk)) : store.getMany(bucketKeys),
      recordsOf(store, tenantId, ids, carried, macKey),
      tail ? tail.checkpoint : latestCheckpoint(store, tenantId),
      signer.publicKey(),
    ]);
    const index = new Map(bucketNames.map((b, i) => [b, buckets[i]]));
    const done = (id: string) =>
      (index.get(indexBucket(id))?.sequenced as Record<string, unknown> | undefined)?.[id] !== undefined;
    const fresh: CheckpointEntry[] = ids.flatMap((id, i) =>
      done(id) || !records[i] || !macVerifies(tenantId, id, records[i]!, macKey, attempt === 1)
        ? []
        : [{ id, hash: String(records[i]!.hash) }],
    );
    if (!fresh.length) return undefined;
    const number = (prev?.number ?? 0) + 1;
    const before = prev?.tree_size ?? 0;
    // The tree grows from the previous checkpoint's frontier: no earlier leaf is read.
    const frontier = appendLeaves(
      (prev?.frontier ?? []).map((x) => Buffer.from(x, 'hex')),
      before,
      fresh.map((e) => leafHash(e.hash)),
    );
    const size = before + fresh.length;
    const root = frontierRoot(frontier).toString('hex');
    const origin = logOrigin(pub.origin_prefix, tenantId);
    const body = checkpointBody(origin, size, root);
    const sig = await signer.sign(Buffer.from(body));
    const cp: Checkpoint = {
      tenant_id: tenantId,
      number,
      tree_size: size,
      first_sequence: before + 1,
      last_sequence: size,
      entries: fresh,
      root,
      frontier: frontier.map((b) => b.toString('hex')),
      timestamp: now().toISOString(),
      key_id: sig.key_id,
      algorithm: sig.algorithm,
      note: `${body}\n${signatureLine(origin, noteKeyId(origin, LOG_SIGNATURE_TYPE, rawMlDsa65Key(pub.public_key_pem)), sig.signature)}`,
    };
    const touched = new Map<string, Record<string, number>>();
    for (const e of fresh) {
      const b = indexBucket(e.id);
      const map = touched.get(b) ?? { ...((index.get(b)?.sequenced as Record<string, number> | undefined) ?? {}) };
      map[e.id] = number;
      touched.set(b, map);
    }
    const ops: WriteOp[] = [
      {
        op: 'put',
        item: { ...keys.auditCheckpoint(tenantId, number), entity: 'audit_checkpoint', ...cp },
        condition: { type: 'notExists' },
      },
      ...[...touched].map(([b, sequenced]): WriteOp => {
        const old = index.get(b);
        const version = typeof old?.version === 'number' ? old.version : 0;
        return {
          op: 'put',
          item: { ...keys.auditSequenced(tenantId, b), entity: 'audit_sequenced', version: version + 1, sequenced },
          condition: old ? { type: 'version', version } : { type: 'notExists' },
        };
      }),
    ];
    try {
      await store.write(ops);
      memory?.remember(
        tenantId,
        cp,
        ops.slice(1).map((o) => (o as { item: Item }).item),
        new Map(bucketKeys.flatMap((k, i) => (buckets[i] ? [[k.sk, buckets[i]]] : []))),
      );
      return cp;
    } catch (e) {
      memory?.forget(tenantId);
      if (!(e instanceof WriteConflictError) || attempt >= 5) throw e;
    }
  }
}
