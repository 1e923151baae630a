/**
 * Benchmark of `POST /v1/transactions` against the local stack (DynamoDB Local, real HTTP), beside the bare cost of
 * writing the same items to DynamoDB Local in one TransactWriteItems, measured in the same run, so the ratio shows
 * the service's own overhead. Also reports read and write capacity units consumed per submitted transfer.
 *
 *   npm run bench                         # defaults: 400 transfers, 8 concurrent clients
 *   npm run bench -- --transfers 1000 --concurrency 16 --tenants 4
 *
 * Machines here are small and noisy: compare the ratios, not the absolute numbers.
 */
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { startLocalStack } from '../local/stack.js';
import { nativeAssetId } from '../shared/domain/assets/asset-record.js';
import { keys } from '../shared/store/keys.js';
import { accessPatterns } from '../shared/store/access-patterns.js';
import { chainProfileFromConfig, ML_DSA } from '../shared/domain/chain/chain-profile.js';

const { values } = parseArgs({
  options: {
    transfers: { type: 'string', default: '400' },
    concurrency: { type: 'string', default: '8' },
    tenants: { type: 'string', default: '1' },
    warmup: { type: 'string', default: '40' },
  },
});
const N = Number(values.transfers);
const C = Number(values.concurrency);
const TENANTS = Number(values.tenants);
const WARMUP = Number(values.warmup);

type Key = { keyId: string; secret: string };

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const fmt = (n: number, d = 1) => n.toFixed(d);

async function run(label: string, count: number, concurrency: number, once: (i: number) => Promise<void>) {
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

async function main() {
  const stack = await startLocalStack({
    port: 0,
    inMemory: true,
    background: false,
    trackCapacity: true,
    workers: { transactions: null, webhooks: null },
    env: { ...process.env, CUSTODY_LOG_LEVEL: 'SILENT', CUSTODY_RATE_LIMIT_PER_KEY: '1000000', CUSTODY_RATE_LIMIT_PER_TENANT: '1000000' },
    log: () => undefined,
  });
  const operator: Key = { keyId: stack.operator!.keyId, secret: stack.operator!.secret };
  const call = async (method: string, path: string, key: Key, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(stack.baseUrl + path, {
      method,
      headers: { Authorization: `Bearer ${key.keyId}:${key.secret}`, 'Content-Type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as any;
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };

  // Tenants, each with a vault under a MAX_AMOUNT + DAILY_LIMIT policy and a registered wallet.
  const profile = chainProfileFromConfig(stack.config);
  const assetId = nativeAssetId(stack.config.CUSTODY_CHAIN_ID);
  const setups: { admin: Key; walletId: string }[] = [];
  for (let t = 0; t < TENANTS; t++) {
    const tenant = await call('POST', '/v1/tenants', operator, { name: `bench-${t}`, admin_email: `admin@bench-${t}.example`, admin_name: 'Admin' });
    const admin = { keyId: tenant.admin_credential.key_id, secret: tenant.admin_credential.secret };
    const vault = await call('POST', '/v1/vault/accounts', admin, { name: 'bench' });
    await call('POST', '/v1/policies', admin, { vault_id: vault.id, name: 'limits', rules: process.env.BENCH_NO_DAILY ? [{ type: 'MAX_AMOUNT', value: '1000000' }] : [{ type: 'MAX_AMOUNT', value: '1000000' }, { type: 'DAILY_LIMIT', value: (10n ** 30n).toString() }] });
    const { publicKey, secretKey } = ML_DSA[profile.algorithm].keygen();
    const address = profile.deriveAddress(publicKey);
    const now = Math.floor(Date.now() / 1000);
    const proof = profile.sign(secretKey, profile.ownershipProofMessage({ tenantId: tenant.id, vaultId: vault.id, address, timestamp: now }));
    const wallet = await call('POST', `/v1/vault/accounts/${vault.id}/wallets`, admin, { address, public_key: `0x${Buffer.from(publicKey).toString('hex')}`, proof_signature: proof, proof_timestamp: now });
    setups.push({ admin, walletId: wallet.id });
  }
  const transfer = (i: number) => {
    const s = setups[i % TENANTS]!;
    return call('POST', '/v1/transactions', s.admin, { sourceWalletId: s.walletId, destinationAddr: `0x${randomUUID().replace(/-/g, '').padEnd(40, '0')}`, assetId, amount: '1000' }, { 'Idempotency-Key': randomUUID() });
  };

  await run('warm-up', WARMUP, C, async (i) => void (await transfer(i)));
  const before = { ...stack.store.consumed };
  const api = await run('POST /v1/transactions', N, C, async (i) => void (await transfer(i)));
  const units = { read: (stack.store.consumed.readUnits - before.readUnits) / N, write: (stack.store.consumed.writeUnits - before.writeUnits) / N };

  // The same items a submission writes, taken from the table, rewritten under fresh keys, written bare.
  const sample = await call('GET', '/v1/transactions?limit=1', setups[0]!.admin);
  const txId = sample.transactions[0].id;
  const tenantId = sample.transactions[0].tenantId;
  const txItem = await stack.store.get(keys.transaction(tenantId, txId));
  // The audit record (which also carries the change's events) of the newest change.
  const audit = (await stack.store.query({ pattern: accessPatterns.auditRecordsOfTenant(tenantId), limit: 1, newestFirst: true })).items[0]!;
  const items = [txItem!, audit, { ...audit, entity: 'idempotency' }, { pk: 'x', sk: 'SPEND', spent: '1', version: 1 }];
  const doc = stack.store.doc;
  const bare = await run('bare TransactWriteItems (same items)', N, C, async () => {
    const id = randomUUID();
    await doc.send(new TransactWriteCommand({ TransactItems: items.map((it, j) => ({ Put: { TableName: stack.config.CUSTODY_TABLE_NAME, Item: { ...it, pk: `BENCH#${id}#${j}` }, ConditionExpression: 'attribute_not_exists(pk)' } })) }));
  });

  console.log(`\nPOST /v1/transactions: ${N} transfers, ${C} concurrent clients, ${TENANTS} tenant(s), policies MAX_AMOUNT + DAILY_LIMIT, rate limiting on\n`);
  console.log('| measured | throughput (req/s) | p50 (ms) | p99 (ms) |');
  console.log('|---|---:|---:|---:|');
  for (const r of [api, bare]) console.log(`| ${r.label} | ${fmt(r.throughput)} | ${fmt(r.p50)} | ${fmt(r.p99)} |`);
  console.log(`| ratio service / bare write | ${fmt(bare.throughput / api.throughput, 2)}x slower | ${fmt(api.p50 / bare.p50, 2)}x | ${fmt(api.p99 / bare.p99, 2)}x |`);
  console.log(`\nCapacity per submitted transfer (ReturnConsumedCapacity, as DynamoDB Local reports it): ${fmt(units.read, 2)} RCU read, ${fmt(units.write, 2)} WCU write (${items.length} items in the bare write)`);
  await stack.stop();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
