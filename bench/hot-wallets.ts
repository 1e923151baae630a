/**
 * Benchmark of hot wallets in real time, from outside: the embedded stack started as `npm start` starts it (DynamoDB
 * Local, its stream read on a timer, the in-process queues and workers, the chain poller every
 * CUSTODY_POLL_INTERVAL_SECONDS, the dev chain sealing a block every second, the reference signer in `remote` mode,
 * confirmation depth 12), driven only over HTTP and JSON-RPC: nothing is drained or mined by hand.
 *
 *  - one hot wallet, 40 transfers POSTed at once: completed/s = 40 / (last `confirmedAt` - first POST sent), the
 *    burst's end-to-end rate, which includes the confirmation depth once (with depth 12 on 1-second blocks it can
 *    never exceed 40 / 12); and the drain rate = (40 - 1) / (last `confirmedAt` - first `confirmedAt`), completions
 *    per second once they start: the steady-state throughput, which the depth does not bound;
 *  - 20 wallets x 10 transfers, all 200 POSTed at once: completed/s and drain/s the same way, and submit-to-complete
 *    p50 and p99 (each transfer's `confirmedAt` - the moment its POST was sent);
 *  - in the same run, on the same DynamoDB Local, the raw rate of two-item TransactWriteItems (two fresh puts, 16
 *    clients): the ceiling the store alone sets, to set the transfers/s beside; and their CPU (DynamoDB Local's per
 *    item written, this process's per call), at which the transfers' own writes are priced;
 *  - writes per completed transfer over the whole 20 x 10 run, from the store's own calls: transactions
 *    (TransactWriteItems or single writes), items written, index entries written (an entry added or removed is one, a
 *    moved entry two; KEYS_ONLY indexes are written only when their keys change), and writes refused by a condition
 *    (a version that moved on: a retry follows), by kind of item.
 *
 *   npx tsx bench/hot-wallets.ts [--quick] [--in-memory] [--json FILE]
 *     --quick: 1 x 10 and 5 x 4; --in-memory: as `npm start -- --in-memory`; also a flow of `npm run bench`
 */
import http from 'node:http';
import { httpRequest } from './support/http-request.js';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { TransactWriteItemsCommand } from '@aws-sdk/client-dynamodb';
import { startLocalStack, type LocalStack } from '../local/stack.js';
import { nativeAssetId } from '../shared/domain/assets/asset-record.js';
import { TABLE } from '../shared/store/table-definition.js';
import type { Item, WriteOp } from '../shared/ports/store.js';
import { setMetricsSink, logSink } from '../shared/observability/metrics.js';
import { writeFigures } from './runner.js';
import { isMain } from './support/is-main.js';

const ETH = 10n ** 18n;
const DEPTH = 12;
type Key = { keyId: string; secret: string };

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const round = (n: number, d = 2) => Number(n.toFixed(d));
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

const request = (url: string, method: string, headers: Record<string, string>, body?: string) =>
  httpRequest(agent, url, method, headers, body);

function caller(baseUrl: string) {
  return async (method: string, path: string, key: Key, body?: unknown): Promise<any> => {
    const headers = {
      Authorization: `Bearer ${key.keyId}:${key.secret}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': randomUUID(),
    };
    const { status, text } = await request(
      baseUrl + path,
      method,
      headers,
      body === undefined ? undefined : JSON.stringify(body),
    );
    if (status >= 300) throw new Error(`${method} ${path}: ${status} ${text}`);
    return JSON.parse(text);
  };
}

async function rpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  const { text } = await request(
    url,
    'POST',
    { 'Content-Type': 'application/json' },
    JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  );
  const body = JSON.parse(text) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

/** What the store wrote, counted at its port (every writer of the stack shares the one store). */
type WriteTally = {
  transactions: number;
  items: number;
  indexEntries: number;
  refused: number;
  byKind: Record<string, number>;
};

const INDEX_KEYS = TABLE.indexes.map((i) => [i.partitionKey, i.sortKey] as const);
const KEY_ATTRS = new Set(INDEX_KEYS.flat());

/**
 * Wraps the stack's store: counts each committed write's items and the index entries it adds, moves or removes
 * (from the index key attributes last written for that item), and the writes a condition refused.
 */
function tallyWrites(stack: LocalStack): { take: () => WriteTally; restore: () => void } {
  const store = stack.store;
  const original = { write: store.write.bind(store), increment: store.increment.bind(store) };
  const indexed = new Map<string, Record<string, unknown>>();
  let t: WriteTally = { transactions: 0, items: 0, indexEntries: 0, refused: 0, byKind: {} };
  const id = (k: { pk: unknown; sk: unknown }) => `${String(k.pk)}|${String(k.sk)}`;
  const kindOf = (k: { pk: unknown; sk: unknown }) => {
    const sk = String(k.sk).split('#')[0]!;
    const pk = String(k.pk).split('#');
    return sk === 'NONCE'
      ? 'wallet nonce'
      : pk.length > 2
        ? `${pk[2]!.toLowerCase()} ${sk.toLowerCase()}`
        : sk.toLowerCase();
  };
  const after = (op: WriteOp): { key: { pk: unknown; sk: unknown }; keys: Record<string, unknown> } | null => {
    if (op.op === 'check') return null;
    const key = 'item' in op ? op.item : op.key;
    const before = indexed.get(id(key)) ?? {};
    if (op.op === 'put')
      return {
        key,
        keys: Object.fromEntries(Object.entries(op.item as Item).filter(([a]) => KEY_ATTRS.has(a as never))),
      };
    if (op.op === 'delete') return { key, keys: {} };
    const next = { ...before };
    for (const [a, v] of Object.entries(op.set ?? {})) if (KEY_ATTRS.has(a as never)) next[a] = v;
    if (op.op === 'update') for (const a of op.remove ?? []) delete next[a];
    return { key, keys: next };
  };
  store.write = async (ops, options) => {
    try {
      await original.write(ops, options);
    } catch (e) {
      t.refused++;
      throw e;
    }
    t.transactions++;
    for (const op of ops) {
      const a = after(op);
      if (!a) continue;
      t.items++;
      const kind = kindOf(a.key);
      t.byKind[kind] = (t.byKind[kind] ?? 0) + 1;
      const before = indexed.get(id(a.key)) ?? {};
      for (const [pk, sk] of INDEX_KEYS) {
        const was =
          before[pk] !== undefined && before[sk] !== undefined ? `${String(before[pk])}|${String(before[sk])}` : null;
        const now =
          a.keys[pk] !== undefined && a.keys[sk] !== undefined ? `${String(a.keys[pk])}|${String(a.keys[sk])}` : null;
        if (was !== now) t.indexEntries += (was ? 1 : 0) + (now ? 1 : 0);
      }
      indexed.set(id(a.key), a.keys);
    }
  };
  store.increment = async (key, attribute, by, ttl) => {
    const n = await original.increment(key, attribute, by, ttl);
    t.transactions++;
    t.items++;
    const kind = kindOf(key);
    t.byKind[kind] = (t.byKind[kind] ?? 0) + 1;
    return n;
  };
  return {
    take: () => {
      const out = t;
      t = { transactions: 0, items: 0, indexEntries: 0, refused: 0, byKind: {} };
      return out;
    },
    restore: () => Object.assign(store, original),
  };
}

const callSite = (stack: string): string =>
  stack
    .split('\n')
    .filter((l) => /(shared|functions|local)\//.test(l) && !/dynamodb-store|node_modules/.test(l))
    .slice(0, 3)
    .map((l) =>
      l
        .trim()
        .replace(/^at (async )?/, '')
        .replace(/\(?\/.*?\/((shared|functions|local)\/[^:]*:\d+).*$/, '$1'),
    )
    .join(' < ');

/** Every call the stack's store client sends, by command name, and the items reads returned (Query, GetItem, BatchGetItem). */
function tallyCalls(stack: LocalStack): {
  take: () => { calls: Record<string, number>; readItems: number; readBy: Record<string, number> };
  restore: () => void;
} {
  const client = stack.store.client;
  const send = client.send.bind(client);
  let calls: Record<string, number> = {};
  let readBy: Record<string, number> = {};
  let readItems = 0;
  client.send = (async (command: { constructor: { name: string } }, ...rest: unknown[]) => {
    let name = command.constructor.name.replace(/Command$/, '');
    // BENCH_CALLSITES=1: each call also named by the innermost project frames that made it (costly; a diagnosis).
    if (process.env.BENCH_CALLSITES) name += ` ${callSite(new Error().stack ?? '')}`;
    calls[name] = (calls[name] ?? 0) + 1;
    const out: any = await (send as (...a: unknown[]) => Promise<unknown>)(command, ...rest);
    const before = readItems;
    if (out?.Items) readItems += (out.Items as unknown[]).length;
    else if (out?.Item) readItems += 1;
    else if (out?.Responses)
      for (const items of Object.values(out.Responses as Record<string, unknown[]>)) readItems += items.length;
    if (readItems > before) readBy[name] = (readBy[name] ?? 0) + readItems - before;
    return out;
  }) as typeof client.send;
  return {
    take: () => {
      const out = { calls, readItems, readBy };
      calls = {};
      readBy = {};
      readItems = 0;
      return out;
    },
    restore: () => {
      client.send = send;
    },
  };
}

/** The DynamoDB Local process (java) listening on `port`, from /proc (Linux; none elsewhere). */
async function dynamoDbLocalPids(port: string): Promise<string[]> {
  const pids: string[] = [];
  for (const pid of await readdir('/proc').catch(() => [] as string[])) {
    if (!/^\d+$/.test(pid)) continue;
    const cmd = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (cmd.includes('DynamoDBLocal') && cmd.includes(`\0-port\0${port}\0`)) pids.push(pid);
  }
  return pids;
}

/** CPU seconds (user + system) the processes have used so far, from /proc/<pid>/stat. */
async function cpuSecondsOf(pids: Iterable<string>): Promise<number> {
  let ticks = 0;
  for (const pid of pids) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11] ?? 0) + Number(fields[12] ?? 0); // utime, stime (fields 14 and 15 of stat)
  }
  return ticks / 100;
}

/**
 * BENCH_DEBUG only: where a transfer's time goes, from each transaction's history (its audit entries): for each
 * status, the p50 and p90 of the time from the POST (or the previous status) to entering it, in ms.
 */
async function printLatencyBreakdown(baseUrl: string, admin: Key, run: Run): Promise<void> {
  const call = caller(baseUrl);
  const steps = new Map<string, number[]>();
  for (const [id, t0] of run.sentAt) {
    const { history } = await call('GET', `/v1/transactions/${id}/history`, admin);
    let prev = t0;
    for (const h of history as { timestamp: string; toStatus: string | null }[]) {
      if (!h.toStatus) continue;
      const at = Date.parse(h.timestamp);
      const list = steps.get(h.toStatus) ?? [];
      list.push(at - prev);
      steps.set(h.toStatus, list);
      prev = at;
    }
  }
  for (const [status, list] of steps) {
    const sorted = list.sort((a, b) => a - b);
    console.log(`  -> ${status.padEnd(26)} p50 ${pct(sorted, 50)} ms  p90 ${pct(sorted, 90)} ms  (n=${list.length})`);
  }
}

/**
 * Two-item TransactWriteItems (two fresh puts of about 1 KB) on the stack's DynamoDB Local, 16 clients: how many per
 * second, and what each costs in CPU: DynamoDB Local's per item written, this process's (the SDK and HTTP) per call.
 * The same run's transfers cost at least their items and calls at these prices.
 */
async function rawTransactWrites(
  stack: LocalStack,
  javas: string[],
  seconds: number,
  warmUp = true,
): Promise<{ perSecond: number; storeCpuMsPerItem: number; clientCpuMsPerCall: number }> {
  if (warmUp) await rawTransactWrites(stack, javas, 1, false); // the engine's JIT and the table's pages, not counted
  const table = stack.store.tableName;
  const pad = 'x'.repeat(900);
  let done = 0;
  const until = performance.now() + seconds * 1000;
  const t0 = performance.now();
  const cpu0 = { client: process.cpuUsage(), store: await cpuSecondsOf(javas) };
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (performance.now() < until) {
        const id = randomUUID();
        const ttl = { N: String(Math.floor(Date.now() / 1000) + 3600) };
        const put = (sk: string) => ({
          Put: {
            TableName: table,
            Item: { pk: { S: `BENCH#${id}` }, sk: { S: sk }, pad: { S: pad }, ttl },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        });
        await stack.store.client.send(new TransactWriteItemsCommand({ TransactItems: [put('A'), put('B')] }));
        done++;
      }
    }),
  );
  const client = process.cpuUsage(cpu0.client);
  const store = (await cpuSecondsOf(javas)) - cpu0.store;
  return {
    perSecond: done / ((performance.now() - t0) / 1000),
    storeCpuMsPerItem: (store * 1000) / (2 * done),
    clientCpuMsPerCall: (client.user + client.system) / 1000 / done,
  };
}

/**
 * `perSecond`: count / (last completion - first POST), end to end; `drainPerSecond`: (count - 1) / (last completion -
 * first completion), the rate completions come at once they start (null when they all land in the same millisecond).
 */
type Run = {
  count: number;
  seconds: number;
  perSecond: number;
  drainPerSecond: number | null;
  latencies: number[];
  sentAt: Map<string, number>;
};

/**
 * POSTs `perWallet` transfers from each wallet, all at once, and waits (polling the list of the burst's ended
 * transactions not yet seen every 3 s) until every one is COMPLETED; any that ended otherwise fails the run.
 */
async function burst(
  baseUrl: string,
  admin: Key,
  assetId: string,
  wallets: { id: string }[],
  perWallet: number,
  timeoutS: number,
): Promise<Run> {
  const call = caller(baseUrl);
  const sentAt = new Map<string, number>();
  const createdAt = new Map<string, string>();
  const first = Date.now();
  await Promise.all(
    wallets.flatMap((w, wi) =>
      Array.from({ length: perWallet }, async (_, i) => {
        const t0 = Date.now();
        const tx = await call('POST', '/v1/transactions', admin, {
          sourceWalletId: w.id,
          destinationAddr: `0x${'be'.repeat(12)}${((wi << 16) + i + 1).toString(16).padStart(16, '0')}`,
          assetId,
          amount: '1000',
        });
        sentAt.set(tx.id as string, t0);
        createdAt.set(tx.id as string, tx.createdAt as string);
      }),
    ),
  );
  const confirmed = new Map<string, number>();
  const deadline = Date.now() + timeoutS * 1000;
  while (confirmed.size < sentAt.size) {
    if (Date.now() > deadline)
      throw new Error(`only ${confirmed.size} of ${sentAt.size} transfers COMPLETED within ${timeoutS} s`);
    // Every 3 s, only the ended transactions created since the oldest one not yet seen ended (`created_after` bounds
    // the query itself): the times come from each transaction's `confirmedAt`, so the client reads no more than it
    // must (its pages and their display reads take the same cores as the engine; the whole list, every 3 s, was a
    // third of the items the run read).
    await new Promise((r) => setTimeout(r, 3000));
    const since = [...createdAt]
      .filter(([id]) => !confirmed.has(id))
      .map(([, c]) => c)
      .sort()[0]!; // ISO times: the oldest sorts first
    let cursor: string | null = null;
    do {
      const page: any = await call(
        'GET',
        `/v1/transactions?ended=true&created_after=${encodeURIComponent(since)}&limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        admin,
      );
      for (const t of page.transactions as any[]) {
        if (!sentAt.has(t.id)) continue;
        if (t.status !== 'COMPLETED') throw new Error(`transfer ${t.id} ${t.status}: ${t.failureReason}`);
        confirmed.set(t.id, Date.parse(t.confirmedAt));
      }
      cursor = page.next_cursor;
    } while (cursor);
  }
  const latencies = [...sentAt].map(([id, t0]) => confirmed.get(id)! - t0).sort((a, b) => a - b);
  const done = [...confirmed.values()];
  const seconds = (Math.max(...done) - first) / 1000;
  const drainSeconds = (Math.max(...done) - Math.min(...done)) / 1000;
  return {
    count: sentAt.size,
    seconds,
    perSecond: sentAt.size / seconds,
    drainPerSecond: drainSeconds > 0 ? (sentAt.size - 1) / drainSeconds : null,
    latencies,
    sentAt,
  };
}

/** `inMemory`: the stack as `npm start -- --in-memory` runs it (DynamoDB Local and the chain in memory). */
export async function run(opts: { quick: boolean; inMemory?: boolean }): Promise<Record<string, number>> {
  setMetricsSink(logSink);
  const shape = opts.quick ? { hot: 10, wallets: 5, perWallet: 4 } : { hot: 40, wallets: 20, perWallet: 10 };
  // As `npm start` runs it: background loops on timers, real time, its own dev chain and reference signer.
  // A data folder on disk, as `npm start` keeps one (removed afterwards), unless `inMemory`.
  const dataDir = await mkdtemp(path.join(tmpdir(), 'custody-bench-'));
  const stack = await startLocalStack({
    port: 0,
    dataDir,
    inMemory: opts.inMemory ?? false,
    env: {
      ...process.env,
      POWERTOOLS_METRICS_DISABLED: 'true',
      // Warnings and errors are printed even without BENCH_DEBUG: a retried message or a failed step explains a tail.
      CUSTODY_LOG_LEVEL: process.env.BENCH_DEBUG ? 'INFO' : 'WARN',
      CUSTODY_CONFIRMATION_DEPTH: String(DEPTH),
      CUSTODY_SIGNER_URL: undefined,
      CUSTODY_SIGNER_TYPE: undefined,
      CUSTODY_SIGNER_KEYGEN_MODE: undefined,
      CUSTODY_NODE_RPC_URL: undefined,
    },
    log: () => undefined,
  });
  const writes = tallyWrites(stack);
  const calls = tallyCalls(stack);
  const javas = await dynamoDbLocalPids(new URL(stack.config.CUSTODY_DYNAMODB_ENDPOINT!).port);
  try {
    if (stack.config.CUSTODY_SIGNER_TYPE !== 'remote')
      throw new Error(`the local stack's signer mode is ${stack.config.CUSTODY_SIGNER_TYPE}, not remote`);
    const chainUrl = stack.devChain!.url;
    const call = caller(stack.baseUrl);
    const operator: Key = { keyId: stack.operator!.keyId, secret: stack.operator!.secret };
    const tenant = await call('POST', '/v1/tenants', operator, {
      name: 'bench-hot',
      admin_email: 'admin@bench-hot.example',
      admin_name: 'Admin',
    });
    const admin: Key = { keyId: tenant.admin_credential.key_id, secret: tenant.admin_credential.secret };
    const vault = await call('POST', '/v1/vault/accounts', admin, { name: 'bench' });
    const wallets: { id: string; address: string }[] = [];
    for (let i = 0; i <= shape.wallets; i++) {
      const w = await call('POST', `/v1/vault/accounts/${vault.id}/wallets/generate`, admin, { label: `hot-${i}` });
      await rpc(chainUrl, 'anvil_setBalance', [w.address, `0x${(1000n * ETH).toString(16)}`]);
      wallets.push(w);
    }
    const raw = await rawTransactWrites(stack, javas, opts.quick ? 2 : 5);

    const hot = await burst(
      stack.baseUrl,
      admin,
      nativeAssetId(stack.config.CUSTODY_CHAIN_ID),
      wallets.slice(0, 1),
      shape.hot,
      600,
    );
    writes.take();
    calls.take();
    const cpu0 = { service: process.cpuUsage(), store: await cpuSecondsOf(javas) };
    const many = await burst(
      stack.baseUrl,
      admin,
      nativeAssetId(stack.config.CUSTODY_CHAIN_ID),
      wallets.slice(1),
      shape.perWallet,
      600,
    );
    const w = writes.take();
    const c = calls.take();
    const serviceCpu = process.cpuUsage(cpu0.service);
    const storeCpu = (await cpuSecondsOf(javas)) - cpu0.store;
    const n = many.count;
    if (process.env.BENCH_DEBUG) {
      for (const [k, v] of Object.entries(w.byKind).sort(([, a], [, b]) => b - a))
        console.log(`  ${k.padEnd(28)} ${(v / n).toFixed(2)} items/transfer`);
      for (const [k, v] of Object.entries(c.calls).sort(([, a], [, b]) => b - a))
        console.log(`  ${k.padEnd(28)} ${(v / n).toFixed(2)} calls/transfer`);
      for (const [k, v] of Object.entries(c.readBy)
        .sort(([, a], [, b]) => b - a)
        .slice(0, 12))
        console.log(`  ${k.padEnd(28)} ${(v / n).toFixed(2)} items read/transfer`);
      await printLatencyBreakdown(stack.baseUrl, admin, many);
    }
    return {
      hot_wallet_transfers: hot.count,
      hot_wallet_completed_per_s: round(hot.perSecond),
      hot_wallet_drain_per_s: round(hot.drainPerSecond ?? 0),
      hot_wallet_p50_ms: round(pct(hot.latencies, 50), 0),
      many_wallets_transfers: n,
      many_wallets_completed_per_s: round(many.perSecond),
      many_wallets_drain_per_s: round(many.drainPerSecond ?? 0),
      many_wallets_p50_ms: round(pct(many.latencies, 50), 0),
      many_wallets_p99_ms: round(pct(many.latencies, 99), 0),
      raw_two_item_transact_writes_per_s: round(raw.perSecond, 1),
      writes_transactions_per_transfer: round(w.transactions / n),
      writes_items_per_transfer: round(w.items / n),
      writes_index_entries_per_transfer: round(w.indexEntries / n),
      writes_refused_per_transfer: round(w.refused / n),
      // Every store call (reads included, the client's list polling too) and the CPU of the two processes that do
      // the work: this one (service, chain, signer, client) and DynamoDB Local.
      store_calls_per_transfer: round(Object.values(c.calls).reduce((a, b) => a + b, 0) / n),
      store_items_read_per_transfer: round(c.readItems / n),
      cpu_ms_per_transfer_service: round((serviceCpu.user + serviceCpu.system) / 1000 / n, 1),
      cpu_ms_per_transfer_dynamodb_local: javas.length ? round((storeCpu * 1000) / n, 1) : 0,
      // What the raw writes cost (each item's stream record read and routed included), and so the least the run's own
      // writes cost at those prices, reads left out: DynamoDB Local per item written, this process per write call.
      // Beside the budget of the 20 x 10 target: two cores' time over 25 transfers/s.
      raw_cpu_ms_per_item_written_dynamodb_local: round(raw.storeCpuMsPerItem, 2),
      raw_cpu_ms_per_write_call_service: round(raw.clientCpuMsPerCall, 2),
      cpu_ms_per_transfer_writes_at_raw_prices: round(
        (w.items / n) * raw.storeCpuMsPerItem + (w.transactions / n) * raw.clientCpuMsPerCall,
        1,
      ),
      cpu_ms_per_transfer_budget_at_25_per_s: round((availableParallelism() * 1000) / 25, 0),
    };
  } finally {
    writes.restore();
    calls.restore();
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) {
  const json = process.argv.indexOf('--json');
  run({ quick: process.argv.includes('--quick'), inMemory: process.argv.includes('--in-memory') }).then(
    (figures) => {
      for (const [k, v] of Object.entries(figures)) console.log(`${k.padEnd(40)} ${v}`);
      console.log(
        'completed_per_s: transfers / (last completion - first POST), end to end, bounded by the depth (12 blocks of 1 s);',
      );
      console.log(
        'drain_per_s: (transfers - 1) / (last completion - first completion), the steady-state rate once completions start.',
      );
      if (json > 0 && process.argv[json + 1]) writeFigures(process.argv[json + 1]!, figures);
      process.exit(0);
    },
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
