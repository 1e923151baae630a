/**
 * Read units of a page of a tenant's transaction list, as GET /v1/transactions reads it (`listTransactions` on the
 * DynamoDB store, ReturnConsumedCapacity TOTAL, DynamoDB Local): the unfiltered list (the merge of the tenant's status
 * partitions: one keys-only query per partition, then the page's items in one consistent batch), a later page of it
 * (from a cursor), and a status list, for a tenant of TRANSACTIONS transactions, most of them COMPLETED.
 *
 *   npx tsx bench/list-read-units.ts      (also a flow of `npm run bench`; the same whether --quick or not)
 */
import { randomBytes } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ensureTable } from '../shared/adapters/dynamodb/create-table.js';
import { DynamoDbStore } from '../shared/adapters/dynamodb/dynamodb-store.js';
import { startDynamoDbLocal } from '../shared/adapters/local/dynamodb-local.js';
import { CursorCodec } from '../shared/domain/cursor-codec.js';
import { listTransactions, type TransactionFilters } from '../shared/domain/transactions/list-transactions.js';
import { transactionItem } from '../shared/domain/transactions/transaction-item.js';
import type { TxStatus } from '../shared/domain/transactions/transition-table.js';
import type { UseCaseContext } from '../shared/domain/context.js';
import { newId } from '../shared/domain/ids.js';
import { sampleTransaction } from '../test/support/sample-transaction.js';
import { isMain, runAlone } from './support/is-main.js';

const TRANSACTIONS = 300;
/** The statuses of the tenant's transactions, in turn: mostly COMPLETED, some open, some in each other ending. */
const MIX: TxStatus[] = [
  'COMPLETED',
  'COMPLETED',
  'COMPLETED',
  'COMPLETED',
  'COMPLETED',
  'COMPLETED',
  'SUBMITTED',
  'PENDING_AUTHORIZATION',
  'FAILED',
  'CANCELLED',
  'REJECTED',
  'BLOCKED',
];

export async function run(_opts: { quick: boolean }): Promise<Record<string, number>> {
  const ddb = await startDynamoDbLocal({ inMemory: true });
  try {
    const client = new DynamoDBClient({
      region: 'us-east-1',
      endpoint: ddb.endpoint,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    await ensureTable(client, 'reads');
    const store = new DynamoDbStore('reads', client, true);
    const tenantId = newId();
    for (let i = 0; i < TRANSACTIONS; i += 25)
      await Promise.all(
        Array.from({ length: Math.min(25, TRANSACTIONS - i) }, (_, j) =>
          sampleTransaction({ tenantId, status: MIX[(i + j) % MIX.length]! }),
        ).map((t) => store.write([{ op: 'put', item: transactionItem(t) }])),
      );
    const ctx = {
      store,
      principal: { tenantId },
      now: new Date(),
      cursors: new CursorCodec(randomBytes(32), tenantId),
    } as unknown as Pick<UseCaseContext, 'store' | 'principal' | 'now' | 'cursors'>;
    const units = async (f: TransactionFilters) => {
      const before = store.consumed.readUnits;
      const out = await listTransactions(ctx, f, 3600);
      return { units: store.consumed.readUnits - before, out };
    };
    const first50 = await units({ limit: 50 });
    const next50 = await units({ limit: 50, cursor: first50.out.next_cursor! });
    const first10 = await units({ limit: 10 });
    const completed50 = await units({ limit: 50, status: 'COMPLETED' });
    const failed50 = await units({ limit: 50, status: 'FAILED' });
    if (first50.out.transactions.length !== 50 || next50.out.transactions.length !== 50) throw new Error('short page');
    console.log(
      `\nRead units of one page of a tenant's ${TRANSACTIONS} transactions (DynamoDB Local, ReturnConsumedCapacity TOTAL)\n`,
    );
    console.log('| page | items | read units |\n|---|---:|---:|');
    for (const [label, r] of [
      ['unfiltered, limit 50, first page', first50],
      ['unfiltered, limit 50, from a cursor', next50],
      ['unfiltered, limit 10', first10],
      ['status=COMPLETED, limit 50', completed50],
      ['status=FAILED, limit 50', failed50],
    ] as const)
      console.log(`| ${label} | ${r.out.transactions.length} | ${r.units} |`);
    return {
      list_rcu_unfiltered_page50: first50.units,
      list_rcu_unfiltered_next_page50: next50.units,
      list_rcu_unfiltered_page10: first10.units,
      list_rcu_completed_page50: completed50.units,
    };
  } finally {
    await ddb.stop();
  }
}

if (isMain(import.meta.url)) runAlone(() => run({ quick: false }));
