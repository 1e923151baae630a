/**
 * Benchmark of the audit trail against DynamoDB Local, two tenants, two workloads in the same run:
 * - ONE ENTITY PER CHANGE (tenant `tnt_bench_audit`, 2,000 changes): each change creates a new vault item and writes
 *   its one audit record, so every record starts a chain of its own and verification reads one entity item per
 *   record: the worst case for verification;
 * - REALISTIC MIX (tenant `tnt_bench_audit_mix`, 2,004 changes): 334 entities (transaction-like items), each created
 *   and then updated 5 times through real `UnitOfWork` replaces under their version (6 audited changes per entity,
 *   like a transfer's life QUEUED -> ... -> COMPLETED; a wallet, vault or policy also changes several times), each
 *   update reading the item first as a handler does; the entity chains grow to 6 records, so verification reads one
 *   entity item per 6 records. Entities are interleaved: 8 writers, each taking the next entity, in parallel.
 * Figures:
 * - `commits_per_s`: changes committed (one entity per change), each its entity item and one audit record, by 8
 *   concurrent writers; `commits_per_s_mix`: the same for the mix;
 * - `audit_appends_per_s` (= `sequencer_records_per_s`): the one-entity-per-change records folded by the sequencer
 *   into signed checkpoints, fed as the deployed pipeline feeds it: the stream router hands over each stream batch
 *   (the manifest's stream batch size, 100) of the tenant's records as ONE message, and the sequencer takes the audit
 *   queue's batch (10 messages) per run; `commit_then_sequence_per_s`: both phases one after the other (bounded by the
 *   commits). The mix is sequenced the same way (not timed);
 * - `verify_entries_per_s` (mix) and `verify_entries_per_s_one_entity_per_change`: `GET /v1/audit/verify`'s work
 *   (verifyAudit: read every record, checkpoint and entity item, recompute every hash, MAC, chain, root and signature);
 * - `raw_chain_entries_per_s` (mix) and `..._one_entity_per_change`: a bare SHA-256 chain over the same tenant's
 *   records as stored (each item's keys, chain, previous hash, deflated body and hash: no inflating, no JSON), read the same way (the same
 *   consistent pages, each hashed while the next is read);
 * - `verify_vs_raw_chain`: the ratio of the two for the REALISTIC MIX; `verify_vs_raw_chain_one_entity_per_change`:
 *   the same for the worst case. Each is measured in the same run: verification and the raw chain of a tenant three
 *   times each, alternating (raw chain first), the fastest run of each (the first to read the table pays its cold
 *   start, and the machine is shared);
 * - `raw_chain_hash_only_entries_per_s` and `verify_vs_raw_chain_hash_only` (mix): the same without the reads;
 * - `record_mac_compute_us` / `record_mac_check_us`: one record MAC computed / checked in this process, and
 *   `record_mac_share_of_append` / `record_mac_share_of_verify` / `record_mac_share_of_verify_cpu`: the check's cost
 *   against the time per record of sequencing, the time per entry of verification and its CPU per entry (mix),
 *   measured in the same run: what the MAC costs appends and verification (the first two are the throughput loss);
 * - `verify_cpu_us_per_entry` (mix) and `..._one_entity_per_change`: this process's CPU time (user + system, the SDK
 *   included, DynamoDB Local not) per entry of the least costly verification: steadier than the wall-clock rates on
 *   a shared machine.
 *
 *   npx tsx bench/audit.ts            # 2,000 + 2,004 changes
 *   npx tsx bench/audit.ts --quick    # 300 + 300 changes
 */
import { performance } from 'node:perf_hooks';
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { startDynamoDbLocal } from '../shared/adapters/local/dynamodb-local.js';
import { ensureTable } from '../shared/adapters/dynamodb/create-table.js';
import { DynamoDbStore } from '../shared/adapters/dynamodb/dynamodb-store.js';
import { makeDynamoClient } from '../shared/composition/standalone.js';
import { config } from '../shared/config.js';
import { LocalCheckpointSigner } from '../shared/adapters/keys/local-checkpoint-signer.js';
import { commit, UnitOfWork } from '../shared/domain/unit-of-work.js';
import { keys } from '../shared/store/keys.js';
import { accessPatterns } from '../shared/store/access-patterns.js';
import { sequenceRecords } from '../shared/domain/audit/sequencer.js';
import { AuditMessage } from '../shared/domain/audit/sequencer-messages.js';
import { routeBatch } from '../shared/domain/outbox/stream-routing.js';
import { recordItem, type AuditRecord } from '../shared/domain/audit/audit-record.js';
import { verifyAudit } from '../shared/domain/audit/audit-log.js';
import { recordMac, recordMacValid, type AuditedStore } from '../shared/domain/audit/record-mac.js';
import { consumerOf, streamFunction } from '../shared/background/manifest.js';
import { AUDIT_PAGE } from '../shared/domain/audit/audit-log.js';
import type { Item } from '../shared/ports/store.js';
import type { CheckpointPublicKey } from '../shared/ports/checkpoint-signer.js';

const TENANT = 'tnt_bench_audit';
const TENANT_MIX = 'tnt_bench_audit_mix';
const WRITERS = 8;
/** Audited changes in the life of one entity of the mix (a create and 5 updates). */
const LIFE = 6;
/** Timed runs of verification and of the raw chain per tenant (alternating; the fastest of each is compared). */
const ROUNDS = 3;
const STATUSES = ['QUEUED', 'SCREENING', 'PENDING_SIGNATURE', 'SIGNED', 'BROADCAST', 'COMPLETED'];
const STREAM_BATCH = streamFunction().trigger.batchSize;
const QUEUE_BATCH = consumerOf('audit').trigger.batchSize;

const meta = () => ({
  actor: { type: 'system' as const, user_id: null, key_id: null },
  requestId: null,
  now: new Date(),
});

/** One entity per change: a new vault item and its audit record; 8 writers, no shared item. */
async function oneEntityPerChange(db: AuditedStore, changes: number): Promise<AuditRecord[]> {
  const records: AuditRecord[] = [];
  await byWriters(changes, async (i) => {
    const uow = new UnitOfWork(() => new Date());
    uow.create({
      ...keys.vault(TENANT, `v${i}`),
      entity: 'vault',
      id: `v${i}`,
      tenant_id: TENANT,
      name: `vault ${i}`,
      version: 1,
    });
    uow.audit({
      tenantId: TENANT,
      action: 'vault.created',
      resourceType: 'vault',
      resourceId: `v${i}`,
      change: { name: `vault ${i}` },
    });
    records.push(...(await commit(db, uow, meta())));
  });
  return records;
}

/** `count` jobs (0 .. count - 1) run by `WRITERS` concurrent writers, each taking the next job when done. */
async function byWriters(count: number, job: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      while (next < count) await job(next++);
    }),
  );
}

/**
 * The realistic mix: entities each created and then updated LIFE - 1 times (each update reads the item, replaces it
 * under its version and audits the change), 8 writers each taking the next entity.
 */
async function entitiesWithLives(db: AuditedStore, entities: number): Promise<AuditRecord[]> {
  const records: AuditRecord[] = [];
  await byWriters(entities, async (i) => {
    const key = keys.transaction(TENANT_MIX, `tx${i}`);
    const create = new UnitOfWork(() => new Date());
    create.create({
      ...key,
      entity: 'transaction',
      id: `tx${i}`,
      tenant_id: TENANT_MIX,
      status: STATUSES[0],
      amount: String(1000 + i),
      version: 1,
    });
    create.audit({
      tenantId: TENANT_MIX,
      action: 'transaction.created',
      resourceType: 'transaction',
      resourceId: `tx${i}`,
      change: { status: STATUSES[0], amount: String(1000 + i) },
    });
    records.push(...(await commit(db, create, meta())));
    for (let step = 1; step < LIFE; step++) {
      const item = (await db.store.get(key)) as Item & { version: number; status: string };
      const uow = new UnitOfWork(() => new Date());
      uow.replace({ ...item, status: STATUSES[step]! });
      uow.audit({
        tenantId: TENANT_MIX,
        action: 'transaction.status_changed',
        resourceType: 'transaction',
        resourceId: `tx${i}`,
        change: { from: item.status, to: STATUSES[step] },
      });
      records.push(...(await commit(db, uow, meta())));
    }
  });
  return records;
}

/** The audit messages the stream router sends for `records` (routeBatch): one per stream batch of their inserts. */
function routerMessages(records: AuditRecord[]): AuditMessage[] {
  const messages: AuditMessage[] = [];
  for (let i = 0; i < records.length; i += STREAM_BATCH) {
    const inserts = records
      .slice(i, i + STREAM_BATCH)
      .map((r) => ({ eventName: 'INSERT' as const, newImage: recordItem(r) }));
    for (const { routed } of routeBatch(inserts))
      if (routed.queue === 'audit') messages.push(AuditMessage().parse(JSON.parse(routed.message.body)));
  }
  return messages;
}

/** The sequencer, fed as the audit queue feeds it: a run per queue batch of the router's messages. */
async function sequenceAll(
  db: AuditedStore,
  signer: LocalCheckpointSigner,
  tenantId: string,
  messages: AuditMessage[],
): Promise<void> {
  for (let i = 0; i < messages.length; i += QUEUE_BATCH) {
    const run = messages.slice(i, i + QUEUE_BATCH);
    const ids = run.flatMap((m) => m.record_ids);
    await sequenceRecords(
      db,
      signer,
      tenantId,
      ids,
      () => new Date(),
      undefined,
      run.flatMap((m) => m.records ?? []),
    );
  }
}

/**
 * Verification and the raw chain of one tenant, each timed ROUNDS times, alternating (raw chain first): whichever
 * reads the table first pays for the cold start of the reads, and the machine is shared, so the fastest run of each
 * is compared.
 */
async function verifyAgainstRawChain(
  db: AuditedStore,
  publicKey: CheckpointPublicKey,
  tenantId: string,
  changes: number,
) {
  const verify = async () => {
    const v0 = performance.now();
    const cpu0 = process.cpuUsage();
    const report = await verifyAudit(db, publicKey, tenantId, new Date(), 300);
    const cpu = process.cpuUsage(cpu0);
    if (!report.valid || report.entries_checked !== changes)
      throw new Error(`verify failed: ${JSON.stringify(report.first_problem)}`);
    return { ms: performance.now() - v0, cpuUs: cpu.user + cpu.system, report };
  };
  // The raw chain: read the same records the same way (consistent pages of AUDIT_PAGE, each hashed while the next
  // is read), one SHA-256 chain over their stored bytes.
  const rawChain = async () => {
    const r0 = performance.now();
    let prev = '0'.repeat(64);
    let hashing = 0;
    let page = db.store.query({
      pattern: accessPatterns.auditRecordsOfTenant(tenantId),
      limit: AUDIT_PAGE,
      consistent: true,
    });
    for (;;) {
      const { items, lastKey } = await page;
      if (lastKey)
        page = db.store.query({
          pattern: accessPatterns.auditRecordsOfTenant(tenantId),
          limit: AUDIT_PAGE,
          startKey: lastKey,
          consistent: true,
        });
      const h = performance.now();
      for (const it of items)
        prev = createHash('sha256')
          .update(prev)
          .update(String(it.pk))
          .update(String(it.sk))
          .update(String(it.chain))
          .update(String(it.previous_hash))
          .update(it.body as Uint8Array)
          .update(String(it.hash))
          .digest('hex');
      hashing += performance.now() - h;
      if (!lastKey) break;
    }
    return { ms: performance.now() - r0, hashing };
  };
  const raws: Awaited<ReturnType<typeof rawChain>>[] = [];
  const verifies: Awaited<ReturnType<typeof verify>>[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    raws.push(await rawChain());
    verifies.push(await verify());
  }
  const verifyRate = changes / (Math.min(...verifies.map((v) => v.ms)) / 1000);
  const rawRate = changes / (Math.min(...raws.map((r) => r.ms)) / 1000);
  const hashOnlyRate = changes / (Math.min(...raws.map((r) => r.hashing)) / 1000);
  const cpuPerEntry = Math.min(...verifies.map((v) => v.cpuUs)) / changes;
  return { verifyRate, rawRate, hashOnlyRate, cpuPerEntry, report: verifies.at(-1)!.report };
}

/**
 * The per-record MAC's own cost, in this process: one MAC computed (the writer) and one checked (the sequencer, then
 * verification) per record, over random record hashes, the fastest of three rounds. Compared in the same run with the
 * time per record of sequencing and the CPU per entry of verification, it bounds what the MAC adds to each.
 */
function recordMacCost(): { computeUs: number; checkUs: number } {
  const key = new Uint8Array(32).fill(7);
  const hashes = Array.from({ length: 20_000 }, () =>
    createHash('sha256').update(Math.random().toString()).digest('hex'),
  );
  let computeUs = Infinity;
  let checkUs = Infinity;
  for (let round = 0; round < 3; round++) {
    const c0 = performance.now();
    const macs = hashes.map((h) => recordMac(key, h));
    const c1 = performance.now();
    for (let i = 0; i < hashes.length; i++)
      if (!recordMacValid(key, hashes[i]!, macs[i])) throw new Error('MAC did not verify');
    const c2 = performance.now();
    computeUs = Math.min(computeUs, ((c1 - c0) * 1000) / hashes.length);
    checkUs = Math.min(checkUs, ((c2 - c1) * 1000) / hashes.length);
  }
  return { computeUs, checkUs };
}

export async function run(opts: { quick: boolean }): Promise<Record<string, number>> {
  const changes = opts.quick ? 300 : 2000;
  const entities = opts.quick ? 50 : 334;
  const ddb = await startDynamoDbLocal({ inMemory: true });
  try {
    const cfg = { ...config(), CUSTODY_DYNAMODB_ENDPOINT: ddb.endpoint, CUSTODY_TABLE_NAME: 'custody-bench-audit' };
    const client = makeDynamoClient(cfg);
    await ensureTable(client, cfg.CUSTODY_TABLE_NAME);
    const signer = new LocalCheckpointSigner({ derivedKey: async () => new Uint8Array(32).fill(9) });
    // Every record is MAC'd by its commit and its MAC checked by the sequencer and verification, under a key held in
    // memory, as the service holds it once derived (record-mac.ts: one derivation per process).
    const macKey = new Uint8Array(32).fill(11);
    const db: AuditedStore = {
      store: new DynamoDbStore(cfg.CUSTODY_TABLE_NAME, client),
      keys: { derivedKey: async () => macKey },
    };

    const t0 = performance.now();
    const worstRecords = await oneEntityPerChange(db, changes);
    const committed = performance.now();
    const worstMessages = routerMessages(worstRecords);
    const routed = performance.now();
    await sequenceAll(db, signer, TENANT, worstMessages);
    const sequenced = performance.now();

    const m0 = performance.now();
    const mixRecords = await entitiesWithLives(db, entities);
    const mixCommitted = performance.now();
    const mixMessages = routerMessages(mixRecords);
    await sequenceAll(db, signer, TENANT_MIX, mixMessages);

    const publicKey = await signer.publicKey();
    const worst = await verifyAgainstRawChain(db, publicKey, TENANT, worstRecords.length);
    const mix = await verifyAgainstRawChain(db, publicKey, TENANT_MIX, mixRecords.length);
    const mac = recordMacCost();
    const appendUsPerRecord = ((sequenced - routed) * 1000) / changes;
    return {
      audit_appends_per_s: changes / ((sequenced - routed) / 1000),
      commits_per_s: changes / ((committed - t0) / 1000),
      sequencer_records_per_s: changes / ((sequenced - routed) / 1000),
      commit_then_sequence_per_s: changes / ((sequenced - t0) / 1000),
      checkpoints: worst.report.latest_checkpoint?.number ?? 0,
      commits_per_s_mix: mixRecords.length / ((mixCommitted - m0) / 1000),
      verify_entries_per_s: mix.verifyRate,
      raw_chain_entries_per_s: mix.rawRate,
      verify_vs_raw_chain: mix.verifyRate / mix.rawRate,
      raw_chain_hash_only_entries_per_s: mix.hashOnlyRate,
      verify_vs_raw_chain_hash_only: mix.verifyRate / mix.hashOnlyRate,
      verify_entries_per_s_one_entity_per_change: worst.verifyRate,
      raw_chain_entries_per_s_one_entity_per_change: worst.rawRate,
      verify_vs_raw_chain_one_entity_per_change: worst.verifyRate / worst.rawRate,
      verify_cpu_us_per_entry: mix.cpuPerEntry,
      verify_cpu_us_per_entry_one_entity_per_change: worst.cpuPerEntry,
      record_mac_compute_us: mac.computeUs,
      record_mac_check_us: mac.checkUs,
      record_mac_share_of_append: mac.checkUs / appendUsPerRecord,
      record_mac_share_of_verify: mac.checkUs / (1e6 / mix.verifyRate),
      record_mac_share_of_verify_cpu: mac.checkUs / mix.cpuPerEntry,
    };
  } finally {
    await ddb.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await run({ quick: process.argv.includes('--quick') });
  for (const [k, v] of Object.entries(figures)) console.log(`${k}: ${v < 10 ? v.toFixed(3) : v.toFixed(0)}`);
}
