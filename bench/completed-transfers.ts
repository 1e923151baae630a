/**
 * Benchmark of the chain half of a transfer through the local stack (in-memory DynamoDB Local, the real stream
 * router, the in-process FIFO queue and transaction worker, the chain poller run as its schedule would, the dev chain
 * over JSON-RPC): transfers/s from SIGNED to COMPLETED at confirmation depth 1 and 12.
 *
 * This branch does not have the PENDING_SIGNATURE -> SIGNED path yet (the signing work is merged separately), so the
 * transfers are seeded already SIGNED (test/support/seed-signed.ts, signed off the clock) and the figures are named
 * `signed_to_completed_*`. Once signing is merged, the same harness POSTs /v1/transactions and lets the reference
 * signer (remote mode) sign; see the note in the report.
 *
 * A run: N signed transfers written at once (the stream routes each to the worker), the worker broadcasts them all
 * (drain), `depth` blocks are mined, the poller runs until every one is COMPLETED. Transfers/s = N / elapsed.
 * Also: ML-DSA-65 verifications/s with node:crypto and with @noble/post-quantum (shared/crypto/ml-dsa.ts), same run.
 *
 *   npx tsx bench/completed-transfers.ts [--quick]
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { startLocalStack } from '../local/stack.js';
import { accessPatterns } from '../shared/store/access-patterns.js';
import { transactionItem } from '../shared/domain/transactions/transaction-record.js';
import { fromHex, makeChainProfile, ML_DSA } from '../shared/domain/chain/chain-profile.js';
import { nobleMlDsa, nodeMlDsa, passesSelfTest } from '../shared/crypto/ml-dsa.js';
import { signedRecord } from '../test/support/seed-signed.js';
import { testKey } from '../test/support/pq-chain.js';

const ETH = 10n ** 18n;

async function signedToCompleted(depth: number, n: number): Promise<number> {
  const stack = await startLocalStack({
    port: 0,
    inMemory: true,
    background: false,
    workers: { webhooks: null },
    env: { ...process.env, POWERTOOLS_METRICS_DISABLED: 'true', CUSTODY_LOG_LEVEL: process.env.BENCH_DEBUG ? 'INFO' : 'SILENT', CUSTODY_CONFIRMATION_DEPTH: String(depth), CUSTODY_POLL_MAX_TRANSACTIONS: '100000', CUSTODY_RATE_LIMIT_ENABLED: 'false' },
    log: () => undefined,
  });
  try {
    const chain = stack.devChain!;
    const res = await fetch(`${stack.baseUrl}/v1/tenants`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${stack.operator!.keyId}:${stack.operator!.secret}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: `bench-${depth}`, admin_email: `admin@bench-${depth}.example`, admin_name: 'Admin' }),
    });
    const tenantId = ((await res.json()) as { id: string }).id;
    const key = testKey(0x5e);
    await chain.state.setBalance(key.address, 1000n * ETH);
    const now = new Date();
    // Signed off the clock (the signer's work, not the service's).
    const records = Array.from({ length: n }, (_, i) =>
      signedRecord({ tenantId, key, to: `0x${'be'.repeat(12)}${(i + 1).toString(16).padStart(16, '0')}`, value: 1000n, nonce: i, chainId: stack.config.CUSTODY_CHAIN_ID, now }),
    );

    const started = performance.now();
    for (let i = 0; i < records.length; i += 25) {
      await Promise.all(records.slice(i, i + 25).map((r) => stack.store.write([{ op: 'put', item: transactionItem(r), condition: { type: 'notExists' } }])));
    }
    const lap = (label: string) => process.env.BENCH_DEBUG && console.log(label, Math.round(performance.now() - started), 'ms');
    lap('written');
    await stack.drain(); // stream -> queue -> worker: SIGNED -> BROADCASTING -> CONFIRMING
    if (process.env.BENCH_DEBUG) for (const s of ['SIGNED', 'BROADCASTING', 'CONFIRMING', 'FAILED']) console.log(s, await countStatus(stack, tenantId, s));
    if (process.env.BENCH_DEBUG) console.log((await stack.store.query({ pattern: accessPatterns.transactionsByStatus(tenantId, 'FAILED'), limit: 2 })).items.map((i) => i.failure_reason));
    lap('drained');
    await chain.mine(depth);
    lap('mined');
    for (let round = 0; round < 50; round++) {
      await stack.runSchedule('chain-poller');
      lap('polled');
      const done = await countStatus(stack, tenantId, 'COMPLETED');
      if (done === n) break;
      if (round === 49) throw new Error(`only ${done} of ${n} transfers COMPLETED`);
      await chain.mine();
    }
    return n / ((performance.now() - started) / 1000);
  } finally {
    await stack.stop();
  }
}

async function countStatus(stack: Awaited<ReturnType<typeof startLocalStack>>, tenantId: string, status: string): Promise<number> {
  let count = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await stack.store.query({ pattern: accessPatterns.transactionsByStatus(tenantId, status), limit: 200, startKey });
    count += page.items.length;
    startKey = page.lastKey;
  } while (startKey);
  return count;
}

/** ML-DSA-65 verifications per second, node:crypto and noble, on the same signature, in the same run. */
function verifications(quick: boolean): Record<string, number> {
  const profile = makeChainProfile({ chainId: 20803, algorithm: 'ML-DSA-65', context: '', nativeAsset: { symbol: 'PQ', name: 'PQ' } });
  const { publicKey, secretKey } = ML_DSA['ML-DSA-65'].keygen(new Uint8Array(32).fill(7));
  const message = new Uint8Array(32).fill(1);
  const signature = fromHex(profile.sign(secretKey, message));
  const ctx = new Uint8Array(0);
  const rate = (impl: typeof nodeMlDsa, count: number) => {
    if (!impl.verify('ML-DSA-65', publicKey, message, signature, ctx)) throw new Error(`${impl.name} does not verify`);
    const t0 = performance.now();
    for (let i = 0; i < count; i++) impl.verify('ML-DSA-65', publicKey, message, signature, ctx);
    return count / ((performance.now() - t0) / 1000);
  };
  const noble = rate(nobleMlDsa, quick ? 50 : 300);
  const out: Record<string, number> = { ml_dsa_65_verify_per_s_noble: noble };
  if (passesSelfTest(nodeMlDsa)) {
    const native = rate(nodeMlDsa, quick ? 200 : 2000);
    out.ml_dsa_65_verify_per_s_native = native;
    out.ml_dsa_65_native_over_noble = native / noble;
  }
  return out;
}

export async function run(opts: { quick: boolean }): Promise<Record<string, number>> {
  const n = opts.quick ? 20 : 200;
  return {
    signed_to_completed_transfers: n,
    signed_to_completed_per_s_depth_1: await signedToCompleted(1, n),
    signed_to_completed_per_s_depth_12: await signedToCompleted(12, n),
    ...verifications(opts.quick),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await run({ quick: process.argv.includes('--quick') });
  for (const [k, v] of Object.entries(figures)) console.log(`${k.padEnd(40)} ${Number.isInteger(v) ? v : v.toFixed(1)}`);
}
