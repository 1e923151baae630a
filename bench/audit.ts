/**
 * Benchmark of the audit trail against DynamoDB Local (one tenant):
 * - `commits_per_s`: changes committed, each its entity item and one audit record, by 8 concurrent writers;
 * - `audit_appends_per_s` (= `sequencer_records_per_s`): those records folded by the sequencer into signed
 *   checkpoints, fed as the deployed pipeline feeds it: the stream router hands over each stream batch (the manifest's
 *   stream batch size, 100) of the tenant's records as ONE message, and the sequencer takes the audit queue's batch
 *   (10 messages) per run; `commit_then_sequence_per_s`: both phases one after the other (bounded by the commits);
 * - `verify_entries_per_s`: `GET /v1/audit/verify`'s work (verifyAudit: read every record, checkpoint and entity
 *   item, recompute every hash, chain, root and signature) over those records;
 * - `raw_chain_entries_per_s`: a bare SHA-256 chain over the same records as stored (each item's keys, deflated body
 *   and hash: no inflating, no JSON), read the same way (the same consistent pages, each hashed while the next is
 *   read); `verify_vs_raw_chain`: the ratio of the two (measured in the same run: each twice, alternating, the
 *   faster run of each, as the first to read the table pays for the cold start);
 * - `raw_chain_hash_only_entries_per_s` and `verify_vs_raw_chain_hash_only`: the same without the reads (hashing only).
 *
 *   npx tsx bench/audit.ts            # 2,000 changes
 *   npx tsx bench/audit.ts --quick    # 300 changes
 */
import { performance } from 'node:perf_hooks';
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { startDynamoDbLocal } from '../shared/adapters/local/dynamodb-local.js';
import { ensureTable } from '../shared/adapters/dynamodb/create-table.js';
import { DynamoDbStore } from '../shared/adapters/dynamodb/dynamodb-store.js';
import { makeDynamoClient } from '../shared/app/services.js';
import { config } from '../shared/config.js';
import { LocalCheckpointSigner } from '../shared/adapters/keys/local-checkpoint-signer.js';
import { commit, UnitOfWork } from '../shared/domain/unit-of-work.js';
import { keys } from '../shared/store/keys.js';
import { accessPatterns } from '../shared/store/access-patterns.js';
import { sequenceRecords } from '../shared/domain/audit/sequencer.js';
import { verifyAudit } from '../shared/domain/audit/audit-log.js';
import { consumerOf, streamFunction } from '../shared/background/manifest.js';
import { AUDIT_PAGE } from '../shared/domain/audit/audit-log.js';

const TENANT = 'tnt_bench_audit';
const WRITERS = 8;
const STREAM_BATCH = streamFunction().trigger.batchSize;
const QUEUE_BATCH = consumerOf('audit').trigger.batchSize;

export async function run(opts: { quick: boolean }): Promise<Record<string, number>> {
  const changes = opts.quick ? 300 : 2000;
  const ddb = await startDynamoDbLocal({ inMemory: true });
  try {
    const cfg = { ...config(), CUSTODY_DYNAMODB_ENDPOINT: ddb.endpoint, CUSTODY_TABLE_NAME: 'custody-bench-audit' };
    const client = makeDynamoClient(cfg);
    await ensureTable(client, cfg.CUSTODY_TABLE_NAME);
    const store = new DynamoDbStore(cfg.CUSTODY_TABLE_NAME, client);
    const signer = new LocalCheckpointSigner({ derivedKey: async () => new Uint8Array(32).fill(9) });
    const meta = () => ({ actor: { type: 'system' as const, user_id: null, key_id: null }, requestId: null, now: new Date() });

    // Commits, one per change: a new entity (vault) item and its audit record; 8 writers, no shared item.
    let next = 0;
    const ids: string[] = [];
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: WRITERS }, async () => {
        while (next < changes) {
          const i = next++;
          const uow = new UnitOfWork(() => new Date());
          uow.create({ ...keys.vault(TENANT, `v${i}`), entity: 'vault', id: `v${i}`, tenant_id: TENANT, name: `vault ${i}`, version: 1 });
          uow.audit({ tenantId: TENANT, action: 'vault.created', resourceType: 'vault', resourceId: `v${i}`, change: { name: `vault ${i}` } });
          ids.push(...(await commit(store, uow, meta())).map((r) => r.id));
        }
      }),
    );
    const committed = performance.now();
    // The sequencer, fed as the stream router and the audit queue feed it (one message group per tenant: one run at a
    // time): a message per stream batch of records, a run per queue batch of messages.
    const perRun = STREAM_BATCH * QUEUE_BATCH;
    for (let i = 0; i < ids.length; i += perRun) await sequenceRecords(store, signer, TENANT, ids.slice(i, i + perRun), () => new Date());
    const sequenced = performance.now();

    // Verification and the raw chain, each timed twice, alternating (raw chain first): whichever reads the table first
    // pays for the cold start of the reads, so the faster run of each is compared.
    const publicKey = await signer.publicKey();
    const verify = async () => {
      const v0 = performance.now();
      const report = await verifyAudit(store, publicKey, TENANT, new Date(), 300);
      if (!report.valid || report.entries_checked !== changes) throw new Error(`verify failed: ${JSON.stringify(report.first_problem)}`);
      return { ms: performance.now() - v0, report };
    };
    // The raw chain: read the same records the same way (consistent pages of AUDIT_PAGE, each hashed while the next
    // is read), one SHA-256 chain over their stored bytes.
    const rawChain = async () => {
      const r0 = performance.now();
      let prev = '0'.repeat(64);
      let hashing = 0;
      let page = store.query({ pattern: accessPatterns.auditRecordsOfTenant(TENANT), limit: AUDIT_PAGE, consistent: true });
      for (;;) {
        const { items, lastKey } = await page;
        if (lastKey) page = store.query({ pattern: accessPatterns.auditRecordsOfTenant(TENANT), limit: AUDIT_PAGE, startKey: lastKey, consistent: true });
        const h = performance.now();
        for (const it of items) prev = createHash('sha256').update(prev).update(String(it.pk)).update(String(it.sk)).update(it.body as Uint8Array).update(String(it.hash)).digest('hex');
        hashing += performance.now() - h;
        if (!lastKey) break;
      }
      return { ms: performance.now() - r0, hashing };
    };
    const raw1 = await rawChain();
    const ver1 = await verify();
    const raw2 = await rawChain();
    const ver2 = await verify();
    const { report } = ver2;
    const verifyMs = Math.min(ver1.ms, ver2.ms);
    const rawMs = Math.min(raw1.ms, raw2.ms);
    const hashing = Math.min(raw1.hashing, raw2.hashing);

    const verifyRate = changes / (verifyMs / 1000);
    const rawRate = changes / (rawMs / 1000);
    const hashOnlyRate = changes / (hashing / 1000);
    return {
      audit_appends_per_s: changes / ((sequenced - committed) / 1000),
      commits_per_s: changes / ((committed - t0) / 1000),
      sequencer_records_per_s: changes / ((sequenced - committed) / 1000),
      commit_then_sequence_per_s: changes / ((sequenced - t0) / 1000),
      checkpoints: report.latest_checkpoint?.number ?? 0,
      verify_entries_per_s: verifyRate,
      raw_chain_entries_per_s: rawRate,
      verify_vs_raw_chain: verifyRate / rawRate,
      raw_chain_hash_only_entries_per_s: hashOnlyRate,
      verify_vs_raw_chain_hash_only: verifyRate / hashOnlyRate,
    };
  } finally {
    await ddb.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await run({ quick: process.argv.includes('--quick') });
  for (const [k, v] of Object.entries(figures)) console.log(`${k}: ${v < 10 ? v.toFixed(3) : v.toFixed(0)}`);
}
