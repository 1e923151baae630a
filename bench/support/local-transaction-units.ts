/**
 * How DynamoDB Local reports a TransactWriteItems' units: synthetic puts (with and without an index entry) and
 * condition checks of chosen sizes, each transaction sent with `ReturnConsumedCapacity: INDEXES` on an empty table.
 * It shows that Local sums the DISTINCT unit records of a transaction's items (items that would each cost the same
 * are counted once), which is why the submission's transaction reads 20 whatever its checks are
 * (docs/benchmarks.md, "submit-transfers").
 *
 *   npx tsx bench/support/local-transaction-units.ts
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ensureTable } from '../../shared/adapters/dynamodb/create-table.js';
import { startDynamoDbLocal } from '../../shared/adapters/local/dynamodb-local.js';
import { keys } from '../../shared/store/keys.js';
import { dynamoItemBytes } from './item-size.js';

/** p: a put; g: a put with one index entry (a wallet's entry in its vault's list); c: a check of an existing item. Sizes in bytes. */
type Action = [kind: 'p' | 'g' | 'c', bytes: number];
const CASES: Action[][] = [
  [['p', 1000]],
  [['p', 1025]],
  [['p', 2100]],
  [['p', 5000]],
  [
    ['p', 900],
    ['p', 900],
    ['p', 900],
    ['p', 900],
    ['p', 900],
  ],
  [
    ['p', 1100],
    ['p', 100],
  ],
  [
    ['p', 1100],
    ['p', 1100],
  ],
  [
    ['p', 2100],
    ['p', 100],
  ],
  [['c', 2500]],
  [['c', 4500]],
  [
    ['c', 4500],
    ['p', 100],
  ],
  [
    ['c', 1500],
    ['c', 400],
    ['p', 900],
    ['p', 800],
    ['p', 800],
  ],
  [
    ['g', 500],
    ['p', 500],
  ],
  [
    ['g', 500],
    ['g', 500],
  ],
];

const ddb = await startDynamoDbLocal({ inMemory: true });
try {
  const client = new DynamoDBClient({
    region: 'us-east-1',
    endpoint: ddb.endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  await ensureTable(client, 'units');
  const doc = DynamoDBDocumentClient.from(client);
  let n = 0;
  const item = (bytes: number) => {
    const base = { pk: `ITEM#${++n}`, sk: 'S' };
    return { ...base, d: 'a'.repeat(bytes - dynamoItemBytes(base) - 1) };
  };
  console.log('| TransactWriteItems of | table units | index units |\n|---|---:|---:|');
  for (const actions of CASES) {
    const TransactItems = [];
    for (const [kind, bytes] of actions) {
      if (kind === 'c') {
        const existing = item(bytes);
        await doc.send(new PutCommand({ TableName: 'units', Item: existing }));
        TransactItems.push({
          ConditionCheck: {
            TableName: 'units',
            Key: { pk: existing.pk, sk: existing.sk },
            ConditionExpression: 'attribute_exists(pk)',
          },
        });
      } else {
        TransactItems.push({
          Put: {
            TableName: 'units',
            Item: { ...item(bytes), ...(kind === 'g' ? keys.walletVaultIndex('tenant', 'vault', `w${n}`) : {}) },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        });
      }
    }
    const out = await doc.send(new TransactWriteCommand({ TransactItems, ReturnConsumedCapacity: 'INDEXES' }));
    const c = out.ConsumedCapacity?.[0];
    const indexUnits = Object.values(c?.GlobalSecondaryIndexes ?? {}).reduce((s, i) => s + (i.CapacityUnits ?? 0), 0);
    const label = actions
      .map(([kind, bytes]) => `${{ p: 'put', g: 'put+index', c: 'check' }[kind]} ${bytes} B`)
      .join(', ');
    console.log(`| ${label} | ${c?.Table?.CapacityUnits ?? 0} | ${indexUnits} |`);
  }
} finally {
  await ddb.stop();
}
