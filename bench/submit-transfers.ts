/**
 * Benchmark of `POST /v1/transactions` against the local stack (DynamoDB Local, real HTTP), beside the bare cost of
 * writing the same items to DynamoDB Local in one TransactWriteItems, measured in the same run, so the ratios show
 * the service's own overhead. In one run:
 *  - one tenant, C clients, then four tenants with the same clients (per-tenant serialization shows as a ratio < 1),
 *  - the bare write of the same items, with the same clients,
 *  - read and write capacity units per submission, and the write units of each item kind written bare,
 *  - with the background on (stream, queues, workers), submit -> PENDING_SIGNATURE latency with no approval.
 *
 *   npm run bench -- --only submit-transfers [--quick]      # through the runner (bench/runner.ts)
 *   npx tsx bench/submit-transfers.ts [--quick] [--transfers 400] [--concurrency 8]
 *
 * Machines here are small and noisy: compare the ratios, not the absolute numbers.
 */
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { startLocalStack, type LocalStack } from '../local/stack.js';
import { nativeAssetId } from '../shared/domain/assets/asset-record.js';
import { keys } from '../shared/store/keys.js';
import { accessPatterns } from '../shared/store/access-patterns.js';
import { chainProfileFromConfig, ML_DSA } from '../shared/domain/chain/chain-profile.js';
import { logSink, setMetricsSink } from '../shared/observability/metrics.js';
import { isMain } from './support/is-main.js';
import { dynamoItemBytes } from './support/item-size.js';

type Key = { keyId: string; secret: string };
type Setup = { admin: Key; walletId: string; tenantId: string; address: string };
type Timing = { label: string; count: number; throughput: number; p50: number; p99: number };
export type SubmitOptions = { quick: boolean; transfers?: number; concurrency?: number; warmup?: number; latencySamples?: number; log?: (line: string) => void };

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const fmt = (n: number, d = 1) => n.toFixed(d);
const round = (n: number, d = 3) => Number(n.toFixed(d));
const QUIET_ENV = { CUSTODY_LOG_LEVEL: 'SILENT', CUSTODY_RATE_LIMIT_PER_KEY: '1000000', CUSTODY_RATE_LIMIT_PER_TENANT: '1000000' };

/** `count` calls of `once` from `concurrency` clients; throughput and latency percentiles. */
async function timed(label: string, count: number, concurrency: number, once: (i: number) => Promise<void>): Promise<Timing> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const t0 = performance.now();
        await once(i);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { label, count, throughput: count / seconds, p50: pct(latencies, 50), p99: pct(latencies, 99) };
}

function caller(stack: LocalStack) {
  return async (method: string, path: string, key: Key, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(stack.baseUrl + path, {
      method,
      headers: { Authorization: `Bearer ${key.keyId}:${key.secret}`, 'Content-Type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as any;
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
}

/** Tenants, each with a vault under a MAX_AMOUNT (+ DAILY_LIMIT) policy and a registered wallet. */
async function setUpTenants(stack: LocalStack, count: number, dailyLimit: boolean): Promise<Setup[]> {
  const call = caller(stack);
  const operator: Key = { keyId: stack.operator!.keyId, secret: stack.operator!.secret };
  const profile = chainProfileFromConfig(stack.config);
  const setups: Setup[] = [];
  for (let t = 0; t < count; t++) {
    const name = `bench-${randomUUID().slice(0, 8)}`;
    const tenant = await call('POST', '/v1/tenants', operator, { name, admin_email: `admin@${name}.example`, admin_name: 'Admin' });
    const admin = { keyId: tenant.admin_credential.key_id, secret: tenant.admin_credential.secret };
    const vault = await call('POST', '/v1/vault/accounts', admin, { name: 'bench' });
    const rules = [{ type: 'MAX_AMOUNT', value: '1000000' }, ...(dailyLimit ? [{ type: 'DAILY_LIMIT', value: (10n ** 30n).toString() }] : [])];
    await call('POST', '/v1/policies', admin, { vault_id: vault.id, name: 'limits', rules });
    const { publicKey, secretKey } = ML_DSA[profile.algorithm].keygen();
    const address = profile.deriveAddress(publicKey);
    const now = Math.floor(Date.now() / 1000);
    const proof = profile.sign(secretKey, profile.ownershipProofMessage({ tenantId: tenant.id, vaultId: vault.id, address, timestamp: now }));
    const wallet = await call('POST', `/v1/vault/accounts/${vault.id}/wallets`, admin, { address, public_key: `0x${Buffer.from(publicKey).toString('hex')}`, proof_signature: proof, proof_timestamp: now });
    setups.push({ admin, walletId: wallet.id, tenantId: tenant.id, address });
  }
  return setups;
}

function submitter(stack: LocalStack) {
  const call = caller(stack);
  const assetId = nativeAssetId(stack.config.CUSTODY_CHAIN_ID);
  return (s: Setup): Promise<{ id: string }> =>
    call('POST', '/v1/transactions', s.admin, { sourceWalletId: s.walletId, destinationAddr: `0x${randomUUID().replace(/-/g, '').padEnd(40, '0')}`, assetId, amount: '1000' }, { 'Idempotency-Key': randomUUID() });
}

/** Throughput (one and four tenants), the bare write of the same items, and capacity units per submission. */
async function measureWritePath(o: Required<Omit<SubmitOptions, 'log'>> & { log: (l: string) => void }): Promise<Record<string, number>> {
  const stack = await startLocalStack({ port: 0, inMemory: true, background: false, trackCapacity: true, workers: { transactions: null, webhooks: null }, devChain: null, referenceSigner: null, env: { ...process.env, ...QUIET_ENV }, log: () => undefined });
  try {
    const setups = await setUpTenants(stack, 4, !process.env.BENCH_NO_DAILY);
    const submit = submitter(stack);
    const N = o.transfers;
    const C = o.concurrency;
    await timed('warm-up', o.warmup, C, async (i) => void (await submit(setups[i % 4]!)));

    const before = { ...stack.store.consumed };
    const one = await timed('POST /v1/transactions, 1 tenant', N, C, async () => void (await submit(setups[0]!)));
    const units = { read: (stack.store.consumed.readUnits - before.readUnits) / N, write: (stack.store.consumed.writeUnits - before.writeUnits) / N };
    const four = await timed('POST /v1/transactions, 4 tenants', N, C, async (i) => void (await submit(setups[i % 4]!)));

    // The items a submission writes, taken from the table, rewritten under fresh keys, written bare.
    const tenantId = setups[0]!.tenantId;
    const sampleTx = (await stack.store.query({ pattern: accessPatterns.transactionsOfTenant(tenantId), limit: 1, newestFirst: true })).items[0]!;
    const txItem = await stack.store.get(keys.transaction(tenantId, String(sampleTx.id)));
    // The audit record of the newest change (it also carries the change's events: no outbox item, no chain head).
    const audit = (await stack.store.query({ pattern: accessPatterns.auditRecordsOfTenant(tenantId), limit: 1, newestFirst: true })).items[0]!;
    const kinds: Record<string, Record<string, unknown>> = {
      transaction: txItem!,
      audit_record: audit,
      idempotency: { ...audit, entity: 'idempotency' },
      spend_counter: { pk: 'x', sk: 'SPEND', spent: '1', version: 1 },
    };
    const table = stack.config.CUSTODY_TABLE_NAME;
    const doc = stack.store.doc;
    const put = (it: Record<string, unknown>, j: number, id: string) => ({ Put: { TableName: table, Item: { ...it, pk: `BENCH#${id}#${j}` }, ConditionExpression: 'attribute_not_exists(pk)' } });
    const bare = await timed('bare TransactWriteItems (same items)', N, C, async () => {
      const id = randomUUID();
      await doc.send(new TransactWriteCommand({ TransactItems: Object.values(kinds).map((it, j) => put(it, j, id)) }));
    });
    const perKind: Record<string, number> = {};
    for (const [kind, item] of Object.entries(kinds)) {
      const out = await doc.send(new TransactWriteCommand({ TransactItems: [put(item, 0, randomUUID())], ReturnConsumedCapacity: 'TOTAL' }));
      perKind[`wcu_bare_${kind}`] = (out.ConsumedCapacity ?? []).reduce((s, c) => s + (c.CapacityUnits ?? 0), 0);
    }

    o.log(`\nPOST /v1/transactions: ${N} transfers, ${C} concurrent clients, policies MAX_AMOUNT + DAILY_LIMIT, rate limiting on\n`);
    o.log('| measured | throughput (req/s) | p50 (ms) | p99 (ms) |');
    o.log('|---|---:|---:|---:|');
    for (const r of [one, four, bare]) o.log(`| ${r.label} | ${fmt(r.throughput)} | ${fmt(r.p50)} | ${fmt(r.p99)} |`);
    o.log(`| ratio 1 tenant / bare write | ${fmt(one.throughput / bare.throughput, 2)}x | ${fmt(one.p50 / bare.p50, 2)}x | ${fmt(one.p99 / bare.p99, 2)}x |`);
    o.log(`| ratio 1 tenant / 4 tenants | ${fmt(one.throughput / four.throughput, 2)}x | | |`);
    o.log(`\nCapacity per submission (as DynamoDB Local reports it): ${fmt(units.read, 2)} RCU, ${fmt(units.write, 2)} WCU`);
    o.log(`Write units of each item kind, written alone in a TransactWriteItems: ${Object.entries(perKind).map(([k, v]) => `${k.replace('wcu_bare_', '')} ${v}`).join(', ')}`);
    o.log(`The submitted transaction item: ${dynamoItemBytes(txItem!)} bytes (bench/index-write-units.ts: its whole life)`);
    if (process.env.BENCH_DEBUG) o.log(JSON.stringify(txItem));
    return {
      submit_throughput_rps: round(one.throughput, 1),
      submit_p50_ms: round(one.p50, 1),
      submit_p99_ms: round(one.p99, 1),
      four_tenants_throughput_rps: round(four.throughput, 1),
      bare_throughput_rps: round(bare.throughput, 1),
      bare_p50_ms: round(bare.p50, 1),
      bare_p99_ms: round(bare.p99, 1),
      submit_vs_bare_throughput: round(one.throughput / bare.throughput),
      submit_p99_vs_bare_p99: round(one.p99 / bare.p99),
      one_vs_four_tenants_throughput: round(one.throughput / four.throughput),
      wcu_per_submission: round(units.write, 2),
      rcu_per_submission: round(units.read, 2),
      ...perKind,
      tx_item_bytes_bench_submission: dynamoItemBytes(txItem!),
    };
  } finally {
    await stack.stop();
  }
}

/**
 * With the background running as `npm start` runs it (stream polled, queues delivered, workers on): the time from
 * sending POST /v1/transactions to the item reading PENDING_SIGNATURE, under a policy that needs no approval. The
 * item is read from the table every 5 ms (not over HTTP, so polling costs the service nothing).
 */
async function measureLatency(o: { samples: number; log: (l: string) => void }): Promise<Record<string, number>> {
  // APPROVED -> PENDING_SIGNATURE allocates the nonce, estimates fees and checks the balance on the chain: the dev
  // chain runs, and the wallet is funded (the reference signer is not needed: nothing is signed here).
  const stack = await startLocalStack({ port: 0, inMemory: true, background: true, streamPollMs: 20, referenceSigner: null, env: { ...process.env, ...QUIET_ENV, CUSTODY_SIGNER_KEYGEN_MODE: 'local' }, log: () => undefined });
  try {
    const [setup] = await setUpTenants(stack, 1, false);
    await stack.devChain!.state.setBalance(setup!.address, 10n ** 24n);
    const submit = submitter(stack);
    const latencies: number[] = [];
    for (let i = 0; i < o.samples; i++) {
      const t0 = performance.now();
      const { id } = await submit(setup!);
      for (;;) {
        const item = await stack.store.get(keys.transaction(setup!.tenantId, id));
        const status = String(item?.status);
        if (status === 'PENDING_SIGNATURE') break;
        if (['FAILED', 'REJECTED', 'CANCELLED', 'PENDING_AUTHORIZATION'].includes(status)) throw new Error(`transaction ${id} went to ${status}, not PENDING_SIGNATURE`);
        if (performance.now() - t0 > 30_000) throw new Error(`transaction ${id} still ${status} after 30 s`);
        await new Promise((r) => setTimeout(r, 5));
      }
      latencies.push(performance.now() - t0);
    }
    latencies.sort((a, b) => a - b);
    const p50 = pct(latencies, 50);
    const p99 = pct(latencies, 99);
    o.log(`\nsubmit -> PENDING_SIGNATURE (no approval, stream polled every 20 ms, ${o.samples} transfers one at a time): p50 ${fmt(p50)} ms, p99 ${fmt(p99)} ms`);
    return { submit_to_pending_signature_p50_ms: round(p50, 1), submit_to_pending_signature_p99_ms: round(p99, 1) };
  } finally {
    await stack.stop();
  }
}

export async function run(opts: SubmitOptions): Promise<Record<string, number>> {
  const log = opts.log ?? ((l: string) => console.log(l));
  setMetricsSink(logSink); // metrics to the (silent) log, not EMF lines on stdout between the figures
  const o = {
    quick: opts.quick,
    transfers: opts.transfers ?? (opts.quick ? 60 : 400),
    concurrency: opts.concurrency ?? 8,
    warmup: opts.warmup ?? (opts.quick ? 10 : 40),
    latencySamples: opts.latencySamples ?? (opts.quick ? 10 : 60),
    log,
  };
  const write = await measureWritePath(o);
  const latency = await measureLatency({ samples: o.latencySamples, log });
  return { ...write, ...latency };
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({ options: { quick: { type: 'boolean', default: false }, transfers: { type: 'string' }, concurrency: { type: 'string' }, warmup: { type: 'string' } } });
  const num = (v: string | undefined) => (v === undefined ? undefined : Number(v));
  run({ quick: values.quick, transfers: num(values.transfers), concurrency: num(values.concurrency), warmup: num(values.warmup) }).then(
    (figures) => {
      console.log(JSON.stringify(figures, null, 2));
      process.exit(0);
    },
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
