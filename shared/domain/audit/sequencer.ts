import type { Store, WriteOp } from '../../ports/store.js';
import { WriteConflictError } from '../../ports/store.js';
import type { CheckpointSigner } from '../../ports/checkpoint-signer.js';
import { keys, stripKeys } from '../../store/keys.js';
import { accessPatterns } from '../../store/access-patterns.js';
import { checkpointHash, GENESIS_CHECKPOINT_HASH, merkleRoot, type Checkpoint } from './checkpoints.js';

/**
 * The audit sequencer: folds a batch of a tenant's new audit records into its next signed checkpoint, in ONE write
 * (the checkpoint, created only if its number is free, i.e. conditional on the previous checkpoint being the last,
 * plus one "sequenced" marker per record). Duplicated or reordered notifications are harmless: a record already
 * sequenced (its marker exists) or not found is skipped, the batch is sorted by record id, and a write that loses to
 * another sequencer run is rebuilt from fresh reads.
 */
export const MAX_BATCH = 98; // a transaction holds at most 100 items: the checkpoint, and markers

export async function latestCheckpoint(store: Store, tenantId: string): Promise<Checkpoint | undefined> {
  const page = await store.query({ pattern: accessPatterns.auditCheckpointsOfTenant(tenantId), limit: 1, newestFirst: true, consistent: true });
  return page.items[0] ? (stripKeys(page.items[0]) as unknown as Checkpoint) : undefined;
}

export async function sequenceRecords(store: Store, signer: CheckpointSigner, tenantId: string, recordIds: string[], now: () => Date): Promise<Checkpoint[]> {
  const out: Checkpoint[] = [];
  const ids = [...new Set(recordIds)].sort();
  for (let i = 0; i < ids.length; i += MAX_BATCH) {
    const cp = await sequenceBatch(store, signer, tenantId, ids.slice(i, i + MAX_BATCH), now);
    if (cp) out.push(cp);
  }
  return out;
}

async function sequenceBatch(store: Store, signer: CheckpointSigner, tenantId: string, ids: string[], now: () => Date): Promise<Checkpoint | undefined> {
  for (let attempt = 1; ; attempt++) {
    const [markers, records] = await Promise.all([store.getMany(ids.map((id) => keys.auditSequenced(tenantId, id))), store.getMany(ids.map((id) => keys.auditRecord(tenantId, id)))]);
    const fresh = ids.flatMap((id, i) => (markers[i] || !records[i] ? [] : [{ id, hash: String(records[i]!.hash) }]));
    if (!fresh.length) return undefined;
    const prev = await latestCheckpoint(store, tenantId);
    const number = (prev?.number ?? 0) + 1;
    const first = (prev?.last_sequence ?? 0) + 1;
    const body = {
      tenant_id: tenantId,
      number,
      first_sequence: first,
      last_sequence: first + fresh.length - 1,
      entries: fresh,
      root: merkleRoot(fresh.map((e) => e.hash)),
      previous_checkpoint_hash: prev?.checkpoint_hash ?? GENESIS_CHECKPOINT_HASH,
      timestamp: now().toISOString(),
    };
    const pub = await signer.publicKey();
    const hash = checkpointHash({ ...body, key_id: pub.key_id, algorithm: pub.algorithm });
    const sig = await signer.sign(Buffer.from(hash, 'hex'));
    const cp: Checkpoint = { ...body, key_id: sig.key_id, algorithm: sig.algorithm, checkpoint_hash: hash, signature: Buffer.from(sig.signature).toString('base64') };
    const ops: WriteOp[] = [
      { op: 'put', item: { ...keys.auditCheckpoint(tenantId, number), entity: 'audit_checkpoint', ...cp }, condition: { type: 'notExists' } },
      ...fresh.map((e, i): WriteOp => ({ op: 'put', item: { ...keys.auditSequenced(tenantId, e.id), entity: 'audit_sequenced', checkpoint: number, sequence: first + i }, condition: { type: 'notExists' } })),
    ];
    try {
      await store.write(ops);
      return cp;
    } catch (e) {
      if (!(e instanceof WriteConflictError) || attempt >= 5) throw e;
    }
  }
}
