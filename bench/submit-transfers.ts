/**
 * Benchmark of `POST /v1/transactions` against the local stack (DynamoDB Local, real HTTP), beside the bare cost of
 * writing the same items to DynamoDB Local (one submission's own TransactWriteItems, sent again under fresh keys),
 * measured in the same run, so the ratios show the service's own overhead. In one run:
 *  - one tenant, C clients, then four tenants with the same clients (per-tenant serialization shows as a ratio < 1),
 *  - the bare write of the same items, with the same clients,
 *  - read and write capacity units per submission, and the write units of each item kind written bare,
 *  - with the background on (stream, queues, workers), submit -> PENDING_SIGNATURE latency with no approval.
 *
 *   npm run bench -- --only submit-transfers [--quick]      # through the runner (bench/runner.ts)
 *   npx tsx bench/submit-transfers.ts [--quick] [--transfers 1200] [--concurrency 8]
 *   npx tsx bench/submit-transfers.ts --profile [--transfers 200]     # where one submission's time goes
 *
 * Machines here are small and noisy: compare the ratios, not the absolute numbers.
 */
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { httpRequest } from './support/http-request.js';
import { TransactWriteItemsCommand, type TransactWriteItem } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { startLocalStack, type LocalStack } from '../local/stack.js';
import { nativeAssetId } from '../shared/domain/assets/asset-record.js';
import { keys } from '../shared/store/keys.js';
import { accessPatterns } from '../shared/store/access-patterns.js';
import { transactionsWithStatus } from '../shared/domain/transactions/transaction-item.js';
import { chainProfileFromConfig, ML_DSA } from '../shared/domain/chain/chain-profile.js';
import { logSink, setMetricsSink } from '../shared/observability/metrics.js';
import { isMain, runAlone } from './support/is-main.js';
import type { Store } from '../shared/ports/store.js';
import { dynamoItemBytes } from './support/item-size.js';
import { idempotencyRecordKey } from '../shared/http/pipeline/idempotency-record.js';

type Key = { keyId: string; secret: string };
type Setup = { admin: Key; walletId: string; tenantId: string; address: string };
type Timing = {
  label: string;
  count: number;
  throughput: number;
  p50: number;
  p99: number;
  latencies: number[];
  seconds: number;
};
export type SubmitOptions = {
  quick: boolean;
  transfers?: number;
  concurrency?: number;
  warmup?: number;
  latencySamples?: number;
  profile?: boolean;
  log?: (line: string) => void;
};

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const fmt = (n: number, d = 1) => n.toFixed(d);
const round = (n: number, d = 3) => Number(n.toFixed(d));
const QUIET_ENV = {
  CUSTODY_LOG_LEVEL: 'SILENT',
  CUSTODY_RATE_LIMIT_PER_KEY: '1000000',
  CUSTODY_RATE_LIMIT_PER_TENANT: '1000000',
};

/** `count` calls of `once` from `concurrency` clients; throughput and latency percentiles. */
async function timed(
  label: string,
  count: number,
  concurrency: number,
  once: (i: number) => Promise<void>,
): Promise<Timing> {
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
  return {
    label,
    count,
    throughput: count / seconds,
    p50: pct(latencies, 50),
    p99: pct(latencies, 99),
    latencies,
    seconds,
  };
}

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux); 0 where there is none. */
function javaCpuMs(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    // Fields 14 and 15 (utime, stime) in clock ticks (100 per second on Linux), after the command name in parentheses.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) / 100) * 1000;
  } catch {
    return 0;
  }
}

/** Timings of several rounds of one measurement as one (all calls, all time). */
function merged(label: string, parts: Timing[]): Timing {
  const latencies = parts.flatMap((p) => p.latencies).sort((a, b) => a - b);
  const seconds = parts.reduce((s, p) => s + p.seconds, 0);
  return {
    label,
    count: latencies.length,
    throughput: latencies.length / seconds,
    p50: pct(latencies, 50),
    p99: pct(latencies, 99),
    latencies,
    seconds,
  };
}

/**
 * The clients: node:http with a keep-alive agent, as an integrator's HTTP client would be. They share this process (and
 * the machine's two cores) with the service and DynamoDB Local; undici's `fetch` spends about 0.3 ms more CPU per
 * request than node:http on this machine (`BENCH_CLIENT=fetch` measures with it).
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function caller(stack: LocalStack) {
  return async (method: string, path: string, key: Key, body?: unknown, headers: Record<string, string> = {}) => {
    const h = { Authorization: `Bearer ${key.keyId}:${key.secret}`, 'Content-Type': 'application/json', ...headers };
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const { status, text } =
      process.env.BENCH_CLIENT === 'fetch'
        ? await viaFetch(stack.baseUrl + path, method, h, payload)
        : await viaHttp(stack.baseUrl + path, method, h, payload);
    const json = JSON.parse(text) as any;
    if (status >= 300) throw new Error(`${method} ${path}: ${status} ${text}`);
    return json;
  };
}

async function viaFetch(url: string, method: string, headers: Record<string, string>, body: string | undefined) {
  const res = await fetch(url, { method, headers, body });
  return { status: res.status, text: await res.text() };
}

const viaHttp = (url: string, method: string, headers: Record<string, string>, body?: string) =>
  httpRequest(agent, url, method, headers, body);

/** Tenants, each with a vault under a MAX_AMOUNT (+ DAILY_LIMIT) policy and a registered wallet. */
async function setUpTenants(stack: LocalStack, count: number, dailyLimit: boolean): Promise<Setup[]> {
  const call = caller(stack);
  const operator: Key = { keyId: stack.operator!.keyId, secret: stack.operator!.secret };
  const profile = chainProfileFromConfig(stack.config);
  const setups: Setup[] = [];
  for (let t = 0; t < count; t++) {
    const name = `bench-${randomUUID().slice(0, 8)}`;
    const tenant = await call('POST', '/v1/tenants', operator, {
      name,
      admin_email: `admin@${name}.example`,
      admin_name: 'Admin',
    });
    const admin = { keyId: tenant.admin_credential.key_id, secret: tenant.admin_credential.secret };
    const vault = await call('POST', '/v1/vault/accounts', admin, { name: 'bench' });
    const rules = [
      { type: 'MAX_AMOUNT', value: '1000000' },
      ...(dailyLimit ? [{ type: 'DAILY_LIMIT', value: (10n ** 30n).toString() }] : []),
    ];
    await call('POST', '/v1/policies', admin, { vault_id: vault.id, name: 'limits', rules });
    const { publicKey, secretKey } = ML_DSA[profile.algorithm].keygen();
    const address = profile.deriveAddress(publicKey);
    const now = Math.floor(Date.now() / 1000);
    const proof = profile.sign(
      secretKey,
      profile.ownershipProofMessage({ tenantId: tenant.id, vaultId: vault.id, address, timestamp: now }),
    );
    const wallet = await call('POST', `/v1/vault/accounts/${vault.id}/wallets`, admin, {
      address,
      public_key: `0x${Buffer.from(publicKey).toString('hex')}`,
      proof_signature: proof,
      proof_timestamp: now,
    });
    setups.push({ admin, walletId: wallet.id, tenantId: tenant.id, address });
  }
  return setups;
}

/** The Idempotency-Key of each tenant's latest submission (to read its stored answer back). */
const lastKeys: Record<string, string> = {};

function submitter(stack: LocalStack) {
  const call = caller(stack);
  const assetId = nativeAssetId(stack.config.CUSTODY_CHAIN_ID);
  return (s: Setup): Promise<{ id: string }> =>
    call(
      'POST',
      '/v1/transactions',
      s.admin,
      {
        sourceWalletId: s.walletId,
        destinationAddr: `0x${randomUUID().replace(/-/g, '').padEnd(40, '0')}`,
        assetId,
        amount: '1000',
      },
      { 'Idempotency-Key': (lastKeys[s.tenantId] = randomUUID()) },
    );
}

/** Throughput (one and four tenants), the bare write of the same items, and capacity units per submission. */
async function measureWritePath(
  o: Required<Omit<SubmitOptions, 'log' | 'profile'>> & { log: (l: string) => void },
): Promise<Record<string, number>> {
  let javaPid: number | undefined;
  const stack = await startLocalStack({
    port: 0,
    inMemory: true,
    background: false,
    trackCapacity: true,
    workers: { transactions: null, webhooks: null },
    devChain: null,
    referenceSigner: null,
    env: { ...process.env, ...QUIET_ENV },
    log: (l: string) => void (javaPid ??= Number(/java pid (\d+)/.exec(l)?.[1]) || undefined),
  });
  try {
    const setups = await setUpTenants(stack, 4, !process.env.BENCH_NO_DAILY);
    const submit = submitter(stack);
    const N = o.transfers;
    const C = o.concurrency;
    await timed('warm-up', o.warmup, C, async (i) => void (await submit(setups[i % 4]!)));

    // The items a submission writes, taken from the table (written by the warm-up), rewritten under fresh keys, written bare.
    const tenantId = setups[0]!.tenantId;
    // No worker runs: the newest transaction is the newest of the tenant's open ones (one partition).
    const txItem = (
      await stack.store.query({ pattern: transactionsWithStatus(tenantId, 'SUBMITTED'), limit: 1, newestFirst: true })
    ).items[0]!;
    // The audit record of the newest change (it also carries the change's events: no outbox item, no chain head).
    const audit = (
      await stack.store.query({ pattern: accessPatterns.auditRecordsOfTenant(tenantId), limit: 1, newestFirst: true })
    ).items[0]!;
    const kinds: Record<string, Record<string, unknown>> = {
      transaction: txItem!,
      audit_record: audit,
      idempotency: (await stack.store.get(idempotencyRecordKey(tenantId, lastKeys[tenantId]!)))!,
      spend_counter: { pk: 'x', sk: 'SPEND', spent: '1', version: 1 },
    };
    const table = stack.config.CUSTODY_TABLE_NAME;
    const client = stack.store.client;
    const put = (it: Record<string, unknown>, j: number, id: string) => ({
      Put: {
        TableName: table,
        Item: marshall({ ...it, pk: `BENCH#${id}#${j}` }),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    });
    // The bare write: one submission's own TransactWriteItems as the store sent it (the wallet check, the transaction,
    // the idempotency record, the audit record, the consumption of its DAILY_LIMIT lease), sent again with its puts and
    // the lease's update under fresh keys. The DAILY_LIMIT counter is not in it: a container takes a lease of it about
    // once in 17 submissions, apart (docs/policies.md); that write counts against the submission.
    const bareWrite = await captureTransaction(stack, () => submit(setups[0]!));

    // The three measurements in interleaved rounds (the order rotating), so the load of a shared, noisy machine
    // weighs on each alike: the ratios compare like with like.
    const ROUNDS = 4;
    const parts: Record<'one' | 'four' | 'bare', Timing[]> = { one: [], four: [], bare: [] };
    const consumed = { readUnits: 0, writeUnits: 0 };
    // CPU time of DynamoDB Local (the java process) and of this process (service and clients) per phase.
    const cpu = { one: { local: 0, node: 0 }, bare: { local: 0, node: 0 }, four: { local: 0, node: 0 } };
    const metered = async (phase: keyof typeof cpu, f: () => Promise<void>) => {
      const [l0, n0] = [javaCpuMs(javaPid), process.cpuUsage()];
      await f();
      const n = process.cpuUsage(n0);
      cpu[phase].local += javaCpuMs(javaPid) - l0;
      cpu[phase].node += (n.user + n.system) / 1000;
    };
    const measure = {
      one: (n: number) =>
        metered('one', async () => {
          const before = { ...stack.store.consumed };
          parts.one.push(await timed('one', n, C, async () => void (await submit(setups[0]!))));
          consumed.readUnits += stack.store.consumed.readUnits - before.readUnits;
          consumed.writeUnits += stack.store.consumed.writeUnits - before.writeUnits;
        }),
      four: (n: number) =>
        metered(
          'four',
          async () => void parts.four.push(await timed('four', n, C, async (i) => void (await submit(setups[i % 4]!)))),
        ),
      bare: (n: number) =>
        metered(
          'bare',
          async () =>
            void parts.bare.push(
              // ReturnConsumedCapacity as the service's calls send it in this run (trackCapacity), so both ask Local alike.
              await timed(
                'bare',
                n,
                C,
                async () =>
                  void (await client.send(
                    new TransactWriteItemsCommand({
                      TransactItems: bareWrite.map(fresh),
                      ReturnConsumedCapacity: 'TOTAL',
                    }),
                  )),
              ),
            ),
        ),
    };
    const order = ['one', 'bare', 'four'] as const;
    // DynamoDB Local is a JVM: each call shape runs slower until its JIT has compiled it. The warm-up above sent
    // submissions on four tenants; one tenant's submissions and the bare write get their own before the rounds, or
    // the first round's measurement carries Local's warm-up (its submissions take 1.5-2x as long as the later
    // rounds' and set the p99: docs/benchmarks.md, "submit-transfers").
    await timed('warm-up, 1 tenant', o.warmup, C, async () => void (await submit(setups[0]!)));
    await timed(
      'warm-up, bare write',
      o.warmup,
      C,
      async () =>
        void (await client.send(
          new TransactWriteItemsCommand({ TransactItems: bareWrite.map(fresh), ReturnConsumedCapacity: 'TOTAL' }),
        )),
    );
    for (let r = 0; r < ROUNDS; r++) {
      const n = Math.ceil(N / ROUNDS);
      for (let k = 0; k < order.length; k++) await measure[order[(k + r) % order.length]!](n);
    }
    const one = merged('POST /v1/transactions, 1 tenant', parts.one);
    const four = merged('POST /v1/transactions, 4 tenants', parts.four);
    const bare = merged('bare TransactWriteItems (same items)', parts.bare);
    const units = { read: consumed.readUnits / one.count, write: consumed.writeUnits / one.count };
    const perKind: Record<string, number> = {};
    for (const [kind, item] of Object.entries(kinds)) {
      const out = await client.send(
        new TransactWriteItemsCommand({ TransactItems: [put(item, 0, randomUUID())], ReturnConsumedCapacity: 'TOTAL' }),
      );
      perKind[`wcu_bare_${kind}`] = (out.ConsumedCapacity ?? []).reduce((s, c) => s + (c.CapacityUnits ?? 0), 0);
    }
    const itemized = await itemizeSubmission(stack, () => submit(setups[0]!));

    o.log(
      `\nPOST /v1/transactions: ${one.count} transfers, ${C} concurrent clients, policies MAX_AMOUNT + DAILY_LIMIT, rate limiting on, ${ROUNDS} interleaved rounds\n`,
    );
    o.log('| measured | throughput (req/s) | p50 (ms) | p99 (ms) |');
    o.log('|---|---:|---:|---:|');
    for (const r of [one, four, bare]) o.log(`| ${r.label} | ${fmt(r.throughput)} | ${fmt(r.p50)} | ${fmt(r.p99)} |`);
    o.log(
      `| ratio 1 tenant / bare write | ${fmt(one.throughput / bare.throughput, 2)}x | ${fmt(one.p50 / bare.p50, 2)}x | ${fmt(one.p99 / bare.p99, 2)}x |`,
    );
    o.log(`| ratio 1 tenant / 4 tenants | ${fmt(one.throughput / four.throughput, 2)}x | | |`);
    const perOp = (phase: keyof typeof cpu, t: Timing) =>
      `DynamoDB Local ${fmt(cpu[phase].local / t.count, 2)} ms, this process ${fmt(cpu[phase].node / t.count, 2)} ms`;
    if (javaPid)
      o.log(`\nCPU per operation: submission (1 tenant) ${perOp('one', one)}; bare write ${perOp('bare', bare)}`);
    o.log(
      `\nCapacity per submission (as DynamoDB Local reports it): ${fmt(units.read, 2)} RCU, ${fmt(units.write, 2)} WCU`,
    );
    o.log(
      `Write units of each item kind, written alone in a TransactWriteItems: ${Object.entries(perKind)
        .map(([k, v]) => `${k.replace('wcu_bare_', '')} ${v}`)
        .join(', ')}`,
    );
    o.log(
      `The submission's TransactWriteItems, sent again under fresh keys: ${itemized.whole} units as DynamoDB Local reports the whole; each item alone: ${itemized.items.map((i) => `${i.label} ${i.units}`).join(', ')} (sum ${itemized.sum}; Local does not add items of equal units up: docs/benchmarks.md, "submit-transfers")`,
    );
    o.log(
      `The submitted transaction item: ${dynamoItemBytes(txItem!)} bytes (bench/index-write-units.ts: its whole life); its stored answer (idempotency record): ${dynamoItemBytes(kinds.idempotency!)} bytes`,
    );
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
      ...(javaPid
        ? {
            cpu_ms_local_per_submission: round(cpu.one.local / one.count, 2),
            cpu_ms_service_per_submission: round(cpu.one.node / one.count, 2),
            cpu_ms_local_per_bare_write: round(cpu.bare.local / bare.count, 2),
            cpu_ms_client_per_bare_write: round(cpu.bare.node / bare.count, 2),
          }
        : {}),
      rcu_per_submission: round(units.read, 2),
      ...perKind,
      wcu_submission_transaction: itemized.whole,
      wcu_submission_transaction_items_alone_sum: itemized.sum,
      submission_transaction_items: itemized.items.length,
      tx_item_bytes_bench_submission: dynamoItemBytes(txItem!),
      idempotency_item_bytes_bench_submission: dynamoItemBytes(kinds.idempotency!),
    };
  } finally {
    await stack.stop();
  }
}

/**
 * One submission's TransactWriteItems (captured as the store sends it), sent again under fresh keys (the puts; the
 * checks check the same items): its units as DynamoDB Local reports the whole, and each item's when it is sent alone
 * (`ReturnConsumedCapacity: INDEXES`), labelled by kind and size (a check by the checked item's size). DynamoDB Local
 * reports a transaction's units as the sum of its items' DISTINCT unit records (items that each cost the same are
 * counted once), so the whole is less than the sum; DynamoDB bills every item (docs/benchmarks.md, "submit-transfers").
 */
async function itemizeSubmission(stack: LocalStack, submitOne: () => Promise<unknown>) {
  const client = stack.store.client;
  const actions = await captureTransaction(stack, submitOne);
  const unitsOf = async (list: typeof actions) => {
    const out = await client.send(
      new TransactWriteItemsCommand({ TransactItems: list.map(fresh), ReturnConsumedCapacity: 'INDEXES' }),
    );
    return (out.ConsumedCapacity ?? []).reduce((s, c) => s + (c.CapacityUnits ?? 0), 0);
  };
  const items: { label: string; units: number }[] = [];
  for (const a of actions) {
    const item = a.Put?.Item
      ? unmarshall(a.Put.Item)
      : a.ConditionCheck?.Key
        ? await stack.store.get(unmarshall(a.ConditionCheck.Key) as { pk: string; sk: string })
        : undefined;
    const kind = a.Put ? 'put' : a.ConditionCheck ? 'check' : 'update';
    const key = a.Put?.Item ?? a.ConditionCheck?.Key ?? a.Update?.Key;
    const name = String((key ? unmarshall(key) : {}).sk ?? '').split('#')[0];
    items.push({ label: `${kind} ${name} (${item ? dynamoItemBytes(item) : '?'} B)`, units: await unitsOf([a]) });
  }
  return { whole: await unitsOf(actions), items, sum: items.reduce((s, i) => s + i.units, 0) };
}

type TransactAction = TransactWriteItem;

/** The TransactWriteItems of one submission, as the store sends it (attribute values as on the wire). */
async function captureTransaction(stack: LocalStack, submitOne: () => Promise<unknown>): Promise<TransactAction[]> {
  const client = stack.store.client;
  const send = client.send.bind(client);
  let captured: TransactAction[] | undefined;
  (client as { send: unknown }).send = (cmd: { input: unknown }, ...rest: unknown[]) => {
    // The submission's own transaction, not the one taking a DAILY_LIMIT lease (with the counter) before it.
    const own =
      cmd instanceof TransactWriteItemsCommand &&
      !cmd.input.TransactItems?.some((a) => a.Update?.Key?.sk?.S === 'SPEND');
    if (own && !captured) captured = (cmd as TransactWriteItemsCommand).input.TransactItems;
    return (send as (...a: unknown[]) => unknown)(cmd, ...rest);
  };
  try {
    await submitOne();
  } finally {
    (client as { send: unknown }).send = send;
  }
  return captured ?? [];
}

/**
 * An action of a captured transaction under a fresh key (its puts; a check checks the same item). The consumption of a
 * DAILY_LIMIT lease (an update of `used`, or the lease's delete when used up) is conditioned on the used amount, so it
 * cannot be sent again: the same small update, of a fresh item, stands for it.
 */
const fresh = (a: TransactAction): TransactAction => {
  if (a.Put) return { Put: { ...a.Put, Item: { ...a.Put.Item, pk: { S: `BENCH#${randomUUID()}` } } } };
  const lease = a.Update ?? a.Delete;
  if (lease?.Key?.sk?.S?.startsWith('LEASE#')) {
    return {
      Update: {
        TableName: lease.TableName,
        Key: { pk: { S: `BENCH#${randomUUID()}` }, sk: lease.Key.sk },
        UpdateExpression: 'ADD #u :a',
        ExpressionAttributeNames: { '#u': 'used' },
        ExpressionAttributeValues: { ':a': { N: '1' } },
      },
    };
  }
  return a;
};

/** A store that counts its calls and the time spent waiting for them (per method). */
function timingStore(store: Store) {
  const stats: Record<string, { calls: number; ms: number }> = {};
  const wrap =
    <A extends unknown[], R>(name: string, fn: (...a: A) => Promise<R>) =>
    async (...a: A): Promise<R> => {
      const t0 = performance.now();
      try {
        return await fn(...a);
      } finally {
        const s = (stats[name] ??= { calls: 0, ms: 0 });
        s.calls += 1;
        s.ms += performance.now() - t0;
      }
    };
  const timed = Object.create(store) as Store;
  timed.get = wrap('get', store.get.bind(store));
  timed.getMany = wrap('getMany', store.getMany.bind(store));
  timed.query = wrap('query', store.query.bind(store));
  timed.write = wrap('write', store.write.bind(store));
  timed.increment = wrap('increment', store.increment.bind(store));
  return { store: timed, stats };
}

/**
 * Where one submission's time goes (`--profile`): one tenant, the same clients; the store calls per submission and
 * the time spent waiting for them, against the request's latency and this process's CPU time (service and clients).
 */
async function profileWritePath(o: {
  transfers: number;
  concurrency: number;
  log: (l: string) => void;
}): Promise<Record<string, number>> {
  const stack = await startLocalStack({
    port: 0,
    inMemory: true,
    background: false,
    workers: { transactions: null, webhooks: null },
    devChain: null,
    referenceSigner: null,
    env: { ...process.env, ...QUIET_ENV },
    log: () => undefined,
  });
  try {
    const [setup] = await setUpTenants(stack, 1, !process.env.BENCH_NO_DAILY);
    const submit = submitter(stack);
    await timed('warm-up', 20, o.concurrency, async () => void (await submit(setup!)));
    const real = stack.store;
    const { store, stats } = timingStore(real);
    stack.ports.store = store;
    const cpu0 = process.cpuUsage();
    const run = await timed('profiled', o.transfers, o.concurrency, async () => void (await submit(setup!)));
    const cpu = process.cpuUsage(cpu0);
    stack.ports.store = real;
    const N = o.transfers;
    const waited = Object.values(stats).reduce((a, s) => a + s.ms, 0) / N;
    const calls = Object.values(stats).reduce((a, s) => a + s.calls, 0) / N;
    const meanLatency = (o.concurrency / run.throughput) * 1000;
    const cpuMs = (cpu.user + cpu.system) / 1000 / N;
    o.log(
      `\nProfile: ${N} submissions, ${o.concurrency} clients, 1 tenant: ${fmt(run.throughput)} req/s, mean latency ${fmt(meanLatency)} ms`,
    );
    o.log(
      `  store calls per submission: ${fmt(calls, 2)} (${Object.entries(stats)
        .map(([k, s]) => `${k} ${fmt(s.calls / N, 2)} ~${fmt(s.ms / s.calls)} ms`)
        .join(', ')})`,
    );
    o.log(
      `  time waiting for the store (sum of its calls): ${fmt(waited)} ms per submission; this process's CPU: ${fmt(cpuMs)} ms per submission`,
    );
    return {
      profile_store_calls: round(calls, 2),
      profile_store_wait_ms: round(waited, 1),
      profile_mean_latency_ms: round(meanLatency, 1),
      profile_cpu_ms: round(cpuMs, 1),
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
  const stack = await startLocalStack({
    port: 0,
    inMemory: true,
    background: true,
    streamPollMs: 20,
    referenceSigner: null,
    env: { ...process.env, ...QUIET_ENV, CUSTODY_SIGNER_KEYGEN_MODE: 'local' },
    log: () => undefined,
  });
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
        if (['FAILED', 'REJECTED', 'CANCELLED', 'PENDING_AUTHORIZATION'].includes(status))
          throw new Error(`transaction ${id} went to ${status}, not PENDING_SIGNATURE`);
        if (performance.now() - t0 > 30_000) throw new Error(`transaction ${id} still ${status} after 30 s`);
        await new Promise((r) => setTimeout(r, 5));
      }
      latencies.push(performance.now() - t0);
    }
    latencies.sort((a, b) => a - b);
    const p50 = pct(latencies, 50);
    const p99 = pct(latencies, 99);
    o.log(
      `\nsubmit -> PENDING_SIGNATURE (no approval, stream polled every 20 ms, ${o.samples} transfers one at a time): p50 ${fmt(p50)} ms, p99 ${fmt(p99)} ms`,
    );
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
    transfers: opts.transfers ?? (opts.quick ? 60 : 1200),
    concurrency: opts.concurrency ?? 8,
    // Per warmed call shape (submissions on four tenants, on one, the bare write): 1,800 calls before the rounds.
    warmup: opts.warmup ?? (opts.quick ? 10 : 600),
    latencySamples: opts.latencySamples ?? (opts.quick ? 10 : 60),
    log,
  };
  if (opts.profile) return profileWritePath(o);
  const write = await measureWritePath(o);
  const latency = await measureLatency({ samples: o.latencySamples, log });
  return { ...write, ...latency };
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      quick: { type: 'boolean', default: false },
      profile: { type: 'boolean', default: false },
      transfers: { type: 'string' },
      concurrency: { type: 'string' },
      warmup: { type: 'string' },
    },
  });
  const num = (v: string | undefined) => (v === undefined ? undefined : Number(v));
  runAlone(() =>
    run({
      quick: values.quick,
      profile: values.profile,
      transfers: num(values.transfers),
      concurrency: num(values.concurrency),
      warmup: num(values.warmup),
    }),
  );
}
