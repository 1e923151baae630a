import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { commit, UnitOfWork } from '../../shared/domain/unit-of-work.js';
import { keys } from '../../shared/store/keys.js';
import { verifyAudit } from '../../shared/domain/audit/audit-log.js';
import { sequenceRecords } from '../../shared/domain/audit/sequencer.js';
import { LocalCheckpointSigner } from '../../shared/adapters/keys/local-checkpoint-signer.js';
import { accessPatterns } from '../../shared/store/access-patterns.js';
import type { WriteOp } from '../../shared/ports/store.js';
import { MemoryStore } from '../support/memory-store.js';
import { audited } from '../support/audited.js';

/**
 * A model run of the audit trail, in memory (the engine is tested elsewhere; the point here is the protocol): random
 * changes on a few entities and entity-less changes, their stream records delivered to the sequencer duplicated,
 * reordered, in random batches, with the sequencer killed before or after its write. At the end the trail verifies
 * and every change is audited, and sequenced, exactly once.
 */
const T = 'tnt_model';
const signer = new LocalCheckpointSigner({ derivedKey: async () => new Uint8Array(32).fill(7) });
const meta = (now: Date) => ({
  actor: { type: 'system' as const, user_id: null, key_id: null },
  requestId: 'req_model',
  now,
});

/** A store whose next write can be made to fail before it happens, or after it happened (the process dies). */
class KillableStore extends MemoryStore {
  kill: 'before' | 'after' | null = null;
  override async write(ops: WriteOp[]): Promise<void> {
    const k = this.kill;
    this.kill = null;
    if (k === 'before') throw new Error('killed before the write');
    await super.write(ops);
    if (k === 'after') throw new Error('killed after the write');
  }
}

const change = fc.oneof(
  fc.record({
    kind: fc.constant('vault' as const),
    vault: fc.integer({ min: 0, max: 2 }),
    events: fc.integer({ min: 0, max: 2 }),
  }),
  fc.record({ kind: fc.constant('denied' as const), events: fc.integer({ min: 0, max: 1 }) }),
);
const delivery = fc.record({
  batch: fc.integer({ min: 1, max: 6 }),
  duplicate: fc.boolean(),
  kill: fc.constantFrom(null, null, 'before' as const, 'after' as const),
});

describe('audit model', () => {
  it('ends valid with every change audited and sequenced exactly once, whatever the stream and the sequencer do', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(change, { minLength: 1, maxLength: 8 }),
        fc.array(delivery, { maxLength: 8 }),
        fc.infiniteStream(fc.nat()),
        async (changes, deliveries, picks) => {
          const store = new KillableStore();
          const now = new Date('2026-05-01T00:00:00.000Z');
          const stream: string[] = [];
          for (const c of changes) {
            const uow = new UnitOfWork(() => now);
            if (c.kind === 'vault') {
              const k = keys.vault(T, `v${c.vault}`);
              const cur = await store.get(k);
              if (cur) uow.replace({ ...cur, version: cur.version as number, name: `n${stream.length}` });
              else uow.create({ ...k, entity: 'vault', id: `v${c.vault}`, tenant_id: T, version: 1 });
              uow.audit({
                tenantId: T,
                action: cur ? 'vault.updated' : 'vault.created',
                resourceType: 'vault',
                resourceId: `v${c.vault}`,
                change: { n: stream.length },
              });
            } else
              uow.audit({
                tenantId: T,
                action: 'transaction.denied',
                resourceType: 'transaction',
                resourceId: `denied${stream.length}`,
                change: null,
              });
            for (let e = 0; e < c.events; e++)
              uow.event(T, 'transaction.status_changed', {
                transaction_id: `tx${e}`,
                status: 'QUEUED',
                previous_status: 'SUBMITTED',
              });
            const recs = await commit(audited(store), uow, meta(now));
            stream.push(...recs.map((r) => r.id));
          }
          // The stream, as delivered: reordered, some records twice, in batches; the sequencer sometimes dies.
          const it = picks[Symbol.iterator]();
          const pending = [...stream];
          for (const d of deliveries) {
            if (!pending.length) break;
            const batch = pending.splice(0, d.batch);
            const order = batch
              .map((id) => ({ id, k: it.next().value as number }))
              .sort((a, b) => a.k - b.k)
              .map((x) => x.id);
            store.kill = d.kill;
            const acked = await sequenceRecords(
              audited(store),
              signer,
              T,
              d.duplicate ? [...order, ...order] : order,
              () => now,
            ).then(
              () => true,
              () => false,
            );
            store.kill = null;
            if (!acked || d.duplicate) pending.push(...batch); // not acknowledged: redelivered later (a duplicate delivery too)
          }
          await sequenceRecords(audited(store), signer, T, pending, () => now);

          const report = await verifyAudit(
            audited(store),
            await signer.publicKey(),
            T,
            new Date(now.getTime() + 3_600_000),
            300,
          );
          expect(report.first_problem).toBeNull();
          expect(report).toMatchObject({ valid: true, entries_checked: changes.length });
          const cps = (await store.query({ pattern: accessPatterns.auditCheckpointsOfTenant(T), limit: 1000 })).items;
          const sequenced = cps.flatMap((c) => (c.entries as { id: string }[]).map((e) => e.id));
          expect(sequenced.sort()).toEqual([...stream].sort());
        },
      ),
      { numRuns: 1000 },
    );
  }, 120_000);
});
