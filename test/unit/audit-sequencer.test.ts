import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { commit, UnitOfWork } from '../../shared/domain/unit-of-work.js';
import { keys } from '../../shared/store/keys.js';
import {
  MAX_CHECKPOINT_ENTRIES,
  indexBucket,
  latestCheckpoint,
  sequencedIn,
  sequenceRecords,
  SequencerMemory,
} from '../../shared/domain/audit/sequencer.js';
import { verifyAudit } from '../../shared/domain/audit/audit-log.js';
import { LocalCheckpointSigner } from '../../shared/adapters/keys/local-checkpoint-signer.js';
import { canonicalJson, isCanonicalText } from '../../shared/crypto/canonical-json.js';
import type { Item, WriteOp } from '../../shared/ports/store.js';
import { deflateRawSync } from 'node:zlib';
import {
  checkStoredRecord,
  FORGED,
  recordHash,
  recordItem,
  storedRecordHash,
} from '../../shared/domain/audit/audit-record.js';
import { recordMac, recordMacKeyOf } from '../../shared/domain/audit/record-mac.js';
import { MemoryStore } from '../support/memory-store.js';
import { eventRecordItem } from '../support/tenant-events.js';
import { services } from '../../shared/composition/standalone.js';
import { audited } from '../support/audited.js';
import {
  AuditMessage,
  auditMessage,
  carriedRecord,
  type CarriedRecord,
} from '../../shared/domain/audit/sequencer-messages.js';

/**
 * The sequencer's writes: one per checkpoint (the checkpoint and the few index buckets its records fall in, no item
 * per record), checkpoints cut at MAX_CHECKPOINT_ENTRIES, and the index answering which checkpoint holds a record.
 */
const T = 'tnt_seq';
const integerKey = (v: unknown): boolean =>
  Array.isArray(v)
    ? v.some(integerKey)
    : !!v && typeof v === 'object' && Object.entries(v).some(([k, x]) => /^\d+$/.test(k) || integerKey(x));
const signer = new LocalCheckpointSigner({ derivedKey: async () => new Uint8Array(32).fill(5) });
const now = new Date('2026-05-01T00:00:00.000Z');

class CountingStore extends MemoryStore {
  writes: WriteOp[][] = [];
  /** Reads by what they read: `SEQX` (index buckets), `CKPT` (checkpoints) or `REC` (records). */
  reads: string[] = [];
  override async getMany(...args: Parameters<MemoryStore['getMany']>) {
    for (const k of args[0]) this.reads.push(String(k.sk).split('#')[0]!);
    return super.getMany(...args);
  }
  override async query(...args: Parameters<MemoryStore['query']>) {
    this.reads.push('CKPT');
    return super.query(...args);
  }
  override async write(ops: WriteOp[]): Promise<void> {
    this.writes.push(ops);
    await super.write(ops);
  }
}

describe('audit sequencer', () => {
  it('folds a large backlog into checkpoints of at most MAX_CHECKPOINT_ENTRIES, one write each with no item per record, and skips what it already sequenced', async () => {
    const store = new CountingStore();
    const ids: string[] = [];
    for (let i = 0; i < MAX_CHECKPOINT_ENTRIES + 300; i++) {
      const uow = new UnitOfWork(() => now);
      uow.create({ ...keys.vault(T, `v${i}`), entity: 'vault', id: `v${i}`, tenant_id: T, version: 1 });
      uow.audit({ tenantId: T, action: 'vault.created', resourceType: 'vault', resourceId: `v${i}`, change: null });
      ids.push(
        ...(
          await commit(audited(store), uow, {
            actor: { type: 'system', user_id: null, key_id: null },
            requestId: null,
            now,
          })
        ).map((r) => r.id),
      );
    }
    store.writes = [];
    const cps = await sequenceRecords(audited(store), signer, T, [...ids].reverse(), () => now);
    expect(cps.map((c) => [c.first_sequence, c.last_sequence])).toEqual([
      [1, MAX_CHECKPOINT_ENTRIES],
      [MAX_CHECKPOINT_ENTRIES + 1, MAX_CHECKPOINT_ENTRIES + 300],
    ]);
    expect(store.writes).toHaveLength(2);
    // Each write: the checkpoint and the index buckets of its own records, nothing per record.
    for (const [i, w] of store.writes.entries())
      expect(w).toHaveLength(1 + new Set(cps[i]!.entries.map((e) => indexBucket(e.id))).size);
    // Everything again, and a few twice: nothing written.
    expect(await sequenceRecords(audited(store), signer, T, [...ids, ...ids.slice(0, 5)], () => now)).toEqual([]);
    expect(store.writes).toHaveLength(2);
    expect(await sequencedIn(store, T, ids[0]!)).toBe(1);
    expect(await sequencedIn(store, T, ids.at(-1)!)).toBe(2);
    expect(await sequencedIn(store, T, '01900000-0000-7000-8000-000000000000')).toBeUndefined();
    expect(await verifyAudit(audited(store), await signer.publicKey(), T, now, 300)).toMatchObject({
      valid: true,
      entries_checked: ids.length,
      latest_checkpoint: { number: 2 },
    });
  });

  it("cuts a batch whose records fall in many index buckets so that each write stays within a transaction's 100 items", async () => {
    const store = new CountingStore();
    // 200 records 300 ms apart (UUIDv7: the first 48 bits are the millisecond time): 200 buckets.
    const ids = Array.from({ length: 200 }, (_, i) => {
      const hex = (0x0190_0000_0000 + i * 300).toString(16).padStart(12, '0');
      return `${hex.slice(0, 8)}-${hex.slice(8)}-7000-8000-${String(i).padStart(12, '0')}`;
    });
    const macKey = await recordMacKeyOf(services());
    for (const id of ids) await store.write([{ op: 'put', item: eventRecordItem(T, id, [], macKey) }]);
    store.writes = [];
    const cps = await sequenceRecords(audited(store), signer, T, ids, () => now);
    expect(cps.map((c) => c.entries.length)).toEqual([90, 90, 20]);
    expect(store.writes.map((w) => w.length)).toEqual([91, 91, 21]);
    expect(await verifyAudit(audited(store), await signer.publicKey(), T, now, 300)).toMatchObject({
      valid: true,
      entries_checked: 200,
    });
  });
});

describe('audit sequencer memory', () => {
  const commitVaults = async (store: MemoryStore, from: number, n: number): Promise<string[]> => {
    const ids: string[] = [];
    for (let i = from; i < from + n; i++) {
      const uow = new UnitOfWork(() => now);
      uow.create({ ...keys.vault(T, `m${i}`), entity: 'vault', id: `m${i}`, tenant_id: T, version: 1 });
      uow.audit({ tenantId: T, action: 'vault.created', resourceType: 'vault', resourceId: `m${i}`, change: null });
      const recs = await commit(audited(store), uow, {
        actor: { type: 'system', user_id: null, key_id: null },
        requestId: null,
        now,
      });
      ids.push(...recs.map((r) => r.id));
    }
    return ids;
  };

  it('starts a run from the tail this process wrote: it reads the new records, not the checkpoint or the index', async () => {
    const store = new CountingStore();
    const memory = new SequencerMemory();
    await sequenceRecords(audited(store), signer, T, await commitVaults(store, 0, 3), () => now, memory);
    const next = await commitVaults(store, 3, 3);
    store.reads = [];
    const [cp] = await sequenceRecords(audited(store), signer, T, next, () => now, memory);
    expect(cp).toMatchObject({ number: 2, first_sequence: 4, last_sequence: 6 });
    expect(store.reads.filter((r) => r !== 'REC')).toEqual([]);
    expect(await verifyAudit(audited(store), await signer.publicKey(), T, now, 300)).toMatchObject({ valid: true });
  });

  it('two processes taking turns on a tenant (each with its own stale tail) and repeated notifications: every record once, the log verifies', async () => {
    const store = new CountingStore();
    const a = new SequencerMemory();
    const b = new SequencerMemory();
    const all: string[] = [];
    for (let round = 0; round < 6; round++) {
      const ids = await commitVaults(store, 100 + round * 4, 4);
      all.push(...ids);
      // A late duplicate of the previous round's records reaches the other process too.
      const seen = round % 2 === 0 ? a : b;
      await sequenceRecords(audited(store), signer, T, [...all.slice(-8)], () => now, seen);
    }
    const cps: number[] = [];
    for (const id of all) cps.push((await sequencedIn(store, T, id))!);
    expect(cps.every((n) => typeof n === 'number')).toBe(true);
    expect(await verifyAudit(audited(store), await signer.publicKey(), T, now, 300)).toMatchObject({
      valid: true,
      entries_checked: all.length,
    });
    // Each record in exactly one checkpoint: the tree's size is the number of records.
    expect((await latestCheckpoint(store, T))?.tree_size).toBe(all.length);
  });
});

describe('canonical JSON', () => {
  it('writes what JSON.stringify writes, with object keys sorted at every depth and undefined members dropped', () => {
    const sortDeep = (v: unknown): unknown =>
      Array.isArray(v)
        ? v.map(sortDeep)
        : v && typeof v === 'object'
          ? Object.fromEntries(
              Object.keys(v)
                .sort()
                .map((k) => [k, sortDeep((v as Record<string, unknown>)[k])]),
            )
          : v;
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        fc.pre(!integerKey(v)); // a JavaScript object lists integer-like keys first whatever their insertion order
        expect(canonicalJson(v)).toBe(JSON.stringify(sortDeep(v)));
      }),
      { numRuns: 500 },
    );
    expect(canonicalJson({ b: 1, a: [undefined, { d: undefined, c: 'x' }], '10': true, '9': null })).toBe(
      '{"10":true,"9":null,"a":[null,{"c":"x"}],"b":1}',
    );
    expect(canonicalJson(12n)).toBe('"12"');
  });

  it('recognizes a JSON text that is already the canonical JSON of what it parses to (verification then hashes the text as stored), and nothing else', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (v, w) => {
        const canonical = canonicalJson(v);
        // Integer-like keys are listed first by JavaScript whatever the text's order: such a text takes the slow path.
        if (!integerKey(v)) expect(isCanonicalText(canonical, JSON.parse(canonical))).toBe(true);
        for (const text of [canonical, JSON.stringify(v), JSON.stringify(w, null, 1), `${canonical} `]) {
          if (isCanonicalText(text, JSON.parse(text))) expect(text).toBe(canonicalJson(JSON.parse(text)));
        }
      }),
      { numRuns: 500 },
    );
    for (const text of [
      '{"b":1,"a":2}',
      '{"a":1,"a":1}',
      '{"a":1.0}',
      '{"a":"\\u0041"}',
      '{"10":1,"9":2}',
      '{"a":[{"d":1,"c":2}]}',
      '{ "a":1}',
    ])
      expect(isCanonicalText(text, JSON.parse(text))).toBe(false);
    expect(
      isCanonicalText('{"10":1,"9":2,"a":[{"c":2,"d":1}]}', JSON.parse('{"10":1,"9":2,"a":[{"c":2,"d":1}]}')),
    ).toBe(false); // integer-like keys: JavaScript lists 9 before 10
  });
});

describe('stored record check', () => {
  it("recomputes the hash over the attributes as stored (the deflated body's bytes, chain, previous hash, the id and tenant of the key) and names what fails", async () => {
    const store = new MemoryStore();
    const uow = new UnitOfWork(() => now);
    uow.create({ ...keys.vault(T, 'v1'), entity: 'vault', id: 'v1', tenant_id: T, name: 'v', version: 1 });
    uow.audit({ tenantId: T, action: 'vault.created', resourceType: 'vault', resourceId: 'v1', change: { name: 'v' } });
    const [rec] = await commit(audited(store), uow, {
      actor: { type: 'system', user_id: null, key_id: null },
      requestId: null,
      now,
    });
    const item = recordItem(rec!);
    const macKey = await recordMacKeyOf(services());
    expect(Object.keys(item).sort()).toEqual([
      'body',
      'chain',
      'entity',
      'gsi1pk',
      'gsisk',
      'hash',
      'mac',
      'pk',
      'previous_hash',
      'sk',
    ]);
    expect(item.mac).toBe(recordMac(macKey, rec!.hash));
    expect(item).toMatchObject(keys.auditRecordResourceIndex(T, 'v1', rec!.id));
    expect(recordHash(rec!)).toBe(rec!.hash);
    expect(checkStoredRecord(T, item, macKey)).toEqual({
      entry: { id: rec!.id, chain: rec!.chain, previous_hash: rec!.previous_hash, hash: rec!.hash, item },
    });
    const edited = { problem: { entry_id: rec!.id, reason: 'hash does not match the stored content (edited)' } };
    const body = item.body as Uint8Array;
    const flipped = Uint8Array.from(body);
    flipped[flipped.length >> 1]! ^= 1;
    const { hash: _h, ...content } = rec!;
    for (const tampered of [
      { ...item, body: flipped }, // one bit of the stored body
      {
        ...item,
        body: deflateRawSync(
          canonicalJson({ ...content, chain: undefined, previous_hash: undefined, change: { name: 'w' } }),
        ),
      }, // the content re-deflated
      { ...item, previous_hash: 'f'.repeat(64) },
      { ...item, chain: 'record:x' },
      { ...item, extra: 'added' },
      { ...item, body: Buffer.from('not deflated') },
      { ...item, hash: 'f'.repeat(64) },
    ])
      expect(checkStoredRecord(T, tampered, macKey)).toMatchObject(edited);
    // A resource index entry naming another record, or in another tenant's namespace, or missing.
    const unindexed = {
      problem: { entry_id: rec!.id, reason: 'resource index key does not name this entry (edited)' },
    };
    expect(
      checkStoredRecord(
        T,
        { ...item, ...keys.auditRecordResourceIndex(T, 'v1', '01900000-0000-7000-8000-000000000009') },
        macKey,
      ),
    ).toMatchObject(unindexed);
    expect(
      checkStoredRecord(T, { ...item, ...keys.auditRecordResourceIndex('tnt_other', 'v1', rec!.id) }, macKey),
    ).toMatchObject(unindexed);
    const { gsi1pk: _g, ...noIndex } = item;
    expect(checkStoredRecord(T, noIndex, macKey)).toMatchObject(unindexed);
    // Under another id's key, or another tenant's: named as moved, by the id its body holds.
    const moved = {
      problem: { entry_id: rec!.id, reason: 'entry stored under a key that is not its own (moved or reordered)' },
    };
    expect(
      checkStoredRecord(T, { ...item, ...keys.auditRecord(T, '01900000-0000-7000-8000-000000000009') }, macKey),
    ).toMatchObject(moved);
    expect(
      checkStoredRecord('tnt_other', { ...item, ...keys.auditRecord('tnt_other', rec!.id) }, macKey),
    ).toMatchObject(moved);
    // A hash recomputed by whoever changed the record, or a record without the writer's MAC: named as forged.
    const forged = { problem: { entry_id: rec!.id, reason: FORGED } };
    const rehashed: Item = { ...item, previous_hash: 'f'.repeat(64) };
    rehashed.hash = storedRecordHash(T, rec!.id, String(rehashed.chain), 'f'.repeat(64), rehashed.body as Uint8Array);
    expect(checkStoredRecord(T, rehashed, macKey)).toMatchObject(forged);
    const { mac: _m, ...noMac } = item;
    for (const bad of [
      noMac,
      { ...item, mac: recordMac(new Uint8Array(32).fill(7), rec!.hash) },
      { ...item, mac: 'zz' + String(item.mac).slice(2) },
      { ...item, mac: String(item.mac).slice(2) },
    ])
      expect(checkStoredRecord(T, bad, macKey)).toMatchObject(forged);
    // The MAC of another record's hash does not verify here.
    expect(checkStoredRecord(T, { ...rehashed, mac: item.mac }, macKey)).toMatchObject(forged);
  });
});

describe('audit records carried by the message', () => {
  const commitOne = async (store: MemoryStore, name: string): Promise<string> => {
    const uow = new UnitOfWork(() => now);
    uow.create({ ...keys.vault(T, name), entity: 'vault', id: name, tenant_id: T, version: 1 });
    uow.audit({ tenantId: T, action: 'vault.created', resourceType: 'vault', resourceId: name, change: { name } });
    const [rec] = await commit(audited(store), uow, {
      actor: { type: 'system', user_id: null, key_id: null },
      requestId: null,
      now,
    });
    return rec!.id;
  };
  /** What the stream router carries of a stored record (its stream image is the committed item). */
  const carried = async (store: MemoryStore, id: string, as = id): Promise<CarriedRecord> =>
    carriedRecord(as, (await store.get(keys.auditRecord(T, id)))!)!;
  const tableHash = async (store: MemoryStore, id: string) => String((await store.get(keys.auditRecord(T, id)))!.hash);

  it('takes the records a message carries when their hash and MAC check out, and reads none of them', async () => {
    const store = new CountingStore();
    const ids = [await commitOne(store, 'c1'), await commitOne(store, 'c2'), await commitOne(store, 'c3')];
    const msg = AuditMessage().parse(
      JSON.parse(auditMessage(T, ids, await Promise.all(ids.map((id) => carried(store, id)))).body),
    );
    store.reads = [];
    const [cp] = await sequenceRecords(audited(store), signer, T, msg.record_ids, () => now, undefined, msg.records);
    expect(cp!.entries.map((e) => e.id)).toEqual([...ids].sort());
    expect(store.reads.filter((r) => r === 'REC')).toEqual([]);
    expect(await verifyAudit(audited(store), await signer.publicKey(), T, now, 300)).toMatchObject({
      valid: true,
      entries_checked: 3,
    });
  });

  it('reads a carried record that does not check out, and sequences what the table holds', async () => {
    const store = new CountingStore();
    const [a, b, c, d] = [
      await commitOne(store, 'd1'),
      await commitOne(store, 'd2'),
      await commitOne(store, 'd3'),
      await commitOne(store, 'd4'),
    ] as [string, string, string, string];
    const other = await carried(store, a);
    const edited = await carried(store, c);
    const body = Buffer.from(edited.body, 'base64');
    body[body.length - 1]! ^= 1;
    // A body edited and its hash recomputed to match: only the MAC can tell.
    const remade = storedRecordHash(T, d, edited.chain, edited.previous_hash, body);
    const forged = { ...(await carried(store, d)), body: body.toString('base64'), hash: remade };
    const ghost = '01900000-0000-7000-8000-000000000000';
    const messages = [
      // a genuine record of another id carried under b's id (its hash covers its own id)
      { ...other, id: b },
      // c's body edited: its hash no longer matches
      { ...edited, body: body.toString('base64') },
      forged,
      // a genuine record replayed under an id the table does not hold
      { ...other, id: ghost },
    ];
    store.reads = [];
    const [cp] = await sequenceRecords(audited(store), signer, T, [b, c, d, ghost], () => now, undefined, messages);
    expect(store.reads.filter((r) => r === 'REC')).toHaveLength(4);
    expect(cp!.entries).toEqual(
      [
        { id: b, hash: await tableHash(store, b) },
        { id: c, hash: await tableHash(store, c) },
        { id: d, hash: await tableHash(store, d) },
      ].sort((x, y) => (x.id < y.id ? -1 : 1)),
    );
    expect(await sequencedIn(store, T, ghost)).toBeUndefined();
  });
});
