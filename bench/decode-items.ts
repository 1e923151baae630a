/**
 * The cost of reading stored items through their decoders (shared/store/decode.ts), in microseconds per decode: the
 * transaction item (hand-written field checks; the transaction worker decodes it on every move) at submission and
 * once signed (the signed encoding as bytes, back to hex), and the items every API request's authentication decodes
 * (credential, tenant, user: zod schemas). CPU only, no I/O: each item is decoded `--runs` times in a loop, after a
 * warm-up, and the median of five rounds is printed.
 *
 *   npx tsx bench/decode-items.ts [--runs=100000] [--json FILE]     (or npm run bench -- --only decode-items)
 */
import { decodeTransaction, transactionItem } from '../shared/domain/transactions/transaction-item.js';
import type { TransactionRecord } from '../shared/domain/transactions/transaction.js';
import { decodeCredential, decodeTenant, decodeUser } from '../shared/domain/identity/records.js';
import { sampleCredentialItem, sampleTenantItem, sampleUserItem } from '../test/support/identity-items.js';
import { sampleTransaction } from '../test/support/sample-transaction.js';
import { isMain } from './support/is-main.js';
import { writeFigures } from './runner.js';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];

/** Microseconds per call of `f(item)`: the median of five rounds of `runs` calls, after one round of warm-up. */
function perCall(item: Record<string, unknown>, f: (i: Record<string, unknown>) => unknown, runs: number): number {
  const round = () => {
    const start = process.cpuUsage();
    for (let i = 0; i < runs; i++) f(item);
    const used = process.cpuUsage(start);
    return (used.user + used.system) / runs;
  };
  round();
  const rounds = Array.from({ length: 5 }, round).sort((a, b) => a - b);
  return rounds[2]!;
}

export function decodeCosts(runs: number) {
  const submitted = sampleTransaction();
  const signed: TransactionRecord = {
    ...submitted,
    status: 'CONFIRMING',
    nonce: 4,
    chainId: 20803,
    gasLimit: 21000,
    maxFeePerGas: '2000000000',
    maxPriorityFeePerGas: '1000000000',
    unsignedTx: `0x50${'c0'.repeat(60)}`,
    digest: `0x${'11'.repeat(32)}`,
    to: submitted.destinationAddr,
    data: '0x',
    // An ML-DSA-65 key and signature: the signed encoding is about 5.3 KB.
    signedTx: `0x${'a7'.repeat(5300)}`,
    chainTxHash: `0x${'22'.repeat(32)}`,
    updatedAt: '2026-11-21T10:01:00.000Z',
  };
  const tenantId = submitted.tenantId;
  const rows: [string, Record<string, unknown>, (i: Record<string, unknown>) => unknown][] = [
    ['transaction (submitted)', transactionItem(submitted), decodeTransaction],
    ['transaction (signed, 5.3 KB encoding)', transactionItem(signed), decodeTransaction],
    ['credential', sampleCredentialItem(tenantId), decodeCredential],
    ['tenant', sampleTenantItem(tenantId), decodeTenant],
    ['user', sampleUserItem(tenantId), decodeUser],
  ];
  return rows.map(([name, item, decode]) => ({ name, us: perCall(item, decode, runs) }));
}

const FIGURE: Record<string, string> = {
  'transaction (submitted)': 'decode_transaction_submitted_us',
  'transaction (signed, 5.3 KB encoding)': 'decode_transaction_signed_us',
  credential: 'decode_credential_us',
  tenant: 'decode_tenant_us',
  user: 'decode_user_us',
};

/** The runner's flow (`npm run bench -- --only decode-items`): microseconds per decode, by item. */
export async function run(opts: { quick: boolean }): Promise<Record<string, number>> {
  const costs = decodeCosts(opts.quick ? 10_000 : 100_000);
  return Object.fromEntries(costs.map(({ name, us }) => [FIGURE[name]!, Math.round(us * 100) / 100]));
}

if (isMain(import.meta.url)) {
  const runs = Number(arg('runs') ?? 100_000);
  console.log(`decode cost, µs per item (median of 5 rounds of ${runs}; Node ${process.version})`);
  const costs = decodeCosts(runs);
  for (const { name, us } of costs) console.log(`  ${name.padEnd(40)} ${us.toFixed(2)}`);
  const json = process.argv.indexOf('--json');
  if (json > 0 && process.argv[json + 1])
    writeFigures(process.argv[json + 1]!, Object.fromEntries(costs.map(({ name, us }) => [FIGURE[name]!, us])));
}
