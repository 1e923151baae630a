/**
 * Write units of a transaction's item through its life, with the indexes projecting every attribute (`ALL`, as
 * before) and keys only (as now), measured with ReturnConsumedCapacity on DynamoDB Local. Single writes: inside a
 * TransactWriteItems each costs twice as much. `npx tsx bench/index-write-units.ts`, or
 * as a flow of `npm run bench`.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDbStore } from '../shared/adapters/dynamodb/dynamodb-store.js';
import { ensureTable } from '../shared/adapters/dynamodb/create-table.js';
import { startDynamoDbLocal } from '../shared/adapters/local/dynamodb-local.js';
import { transactionItem, type TransactionRecord } from '../shared/domain/transactions/transaction-record.js';
import { newId } from '../shared/domain/ids.js';
import { sampleTransaction } from '../test/support/sample-transaction.js';
import { isMain } from './support/is-main.js';

const now = '2026-11-21T10:00:00.000Z';

async function measure(store: DynamoDbStore, write: () => Promise<void>) {
  const before = store.consumed.writeUnits;
  await write();
  return store.consumed.writeUnits - before;
}

/** Write units of the transaction item's first writes with each projection (the same whether quick or not: it is short). */
export async function run(_opts: { quick: boolean }): Promise<Record<string, number>> {
  const ddb = await startDynamoDbLocal({ inMemory: true });
  try {
    const client = new DynamoDBClient({ region: 'us-east-1', endpoint: ddb.endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    const rows: Record<string, Record<string, number>> = {};
    for (const projection of ['ALL', 'KEYS_ONLY'] as const) {
      const table = `units_${projection.toLowerCase()}`;
      await ensureTable(client, table, { projection });
      const store = new DynamoDbStore(table, client, true);
      const t = sampleTransaction();
      const put = (r: TransactionRecord) => store.write([{ op: 'put', item: transactionItem(r) }]);
      const steps: [string, TransactionRecord][] = [
        ['created (SUBMITTED)', t],
        ['status change (-> QUEUED)', { ...t, status: 'QUEUED', version: 2 }],
        ['status change (-> PENDING_AUTHORIZATION)', { ...t, status: 'PENDING_AUTHORIZATION', version: 3 }],
        ['approval recorded (status unchanged)', { ...t, status: 'PENDING_AUTHORIZATION', approvals: [{ userId: newId(), keyId: 'pqck_a', decision: 'approved', compliance: false, reason: 'ok', decidedAt: now }], version: 4 }],
        ['status change (-> APPROVED)', { ...t, status: 'APPROVED', version: 5 }],
      ];
      for (const [label, r] of steps) (rows[label] ??= {})[projection] = await measure(store, () => put(r));
    }
    console.log('| write of the transaction item | indexes ALL (WCU) | indexes KEYS_ONLY (WCU) |');
    console.log('|---|---:|---:|');
    let all = 0;
    let keys = 0;
    for (const [label, r] of Object.entries(rows)) {
      console.log(`| ${label} | ${r.ALL} | ${r.KEYS_ONLY} |`);
      all += r.ALL!;
      keys += r.KEYS_ONLY!;
    }
    console.log(`| total | ${all} | ${keys} |`);
    return { index_wcu_projection_all: all, index_wcu_projection_keys_only: keys };
  } finally {
    await ddb.stop();
  }
}

if (isMain(import.meta.url)) {
  run({ quick: false }).then(
    () => process.exit(0),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
