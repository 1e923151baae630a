/**
 * Write units of a transaction's item through its whole life, as the service writes it (each change a
 * TransactWriteItems holding the item under its version condition, and at SIGNED the signed encoding's own item; the
 * change's other items are left out), measured with ReturnConsumedCapacity INDEXES on DynamoDB Local: the table's
 * units (item size, doubled by the transaction) and each index's (an entry written, moved or removed). Also the
 * item's stored size in bytes at each step (DynamoDB's sizing: attribute names plus values).
 *
 * The life is a plain native transfer with no approval policy, as bench/completed-transfers.ts drives it:
 * SUBMITTED -> QUEUED -> APPROVED (nonce, fees, unsigned encoding) -> PENDING_SIGNATURE -> SIGNED (the signed encoding
 * with an ML-DSA-65 key and signature) -> BROADCASTING -> CONFIRMING -> COMPLETED; and, for the console's path, a
 * transfer needing an approval (QUEUED -> PENDING_AUTHORIZATION, an approval recorded, -> APPROVED).
 *
 *   npx tsx bench/index-write-units.ts      (also a flow of `npm run bench`; the same whether --quick or not)
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ensureTable } from '../shared/adapters/dynamodb/create-table.js';
import { startDynamoDbLocal } from '../shared/adapters/local/dynamodb-local.js';
import type { Approval, TransactionRecord } from '../shared/domain/transactions/transaction.js';
import { signedTxItem, transactionItem } from '../shared/domain/transactions/transaction-item.js';
import { encodeSignedTx, signingPayload, txHash, type PqEvmTx } from '../shared/domain/chain/chain-profile.js';
import { newId } from '../shared/domain/ids.js';
import { plainNativeTransfer, sampleTransaction } from '../test/support/sample-transaction.js';
import { dynamoItemBytes } from './support/item-size.js';
import { isMain, runAlone } from './support/is-main.js';

const at = (s: number) => new Date(Date.parse('2026-11-21T10:00:00.000Z') + s * 1000).toISOString();
const hexOf = (bytes: number) => `0x${'a7'.repeat(bytes)}`;

/** A plain native transfer's record at each step of its life (what the steps set, with realistic sizes). */
function nativeLife(): [string, TransactionRecord][] {
  const t = plainNativeTransfer();
  const fields: PqEvmTx = {
    chainId: 7357n,
    nonce: 12n,
    maxPriorityFeePerGas: 1_500_000_000n,
    maxFeePerGas: 31_500_000_000n,
    gasLimit: 21000n,
    to: t.destinationAddr,
    value: BigInt(t.amount),
    data: '0x',
  };
  const { unsignedTx, digest } = signingPayload(fields);
  // ML-DSA-65: a 1,952-byte public key and a 3,309-byte signature in the signed encoding.
  const raw = encodeSignedTx(fields, hexOf(1952), hexOf(3309));
  const signedTx = `0x${Buffer.from(raw).toString('hex')}`;
  const chainTxHash = txHash(raw);
  const s1 = { ...t, status: 'QUEUED', updatedAt: at(1), version: 2 } as const;
  const s2 = { ...s1, status: 'APPROVED', updatedAt: at(2), version: 3 } as const;
  const s3 = {
    ...s2,
    status: 'PENDING_SIGNATURE',
    updatedAt: at(3),
    version: 4,
    nonce: 12,
    fee: '661500000000000',
    maxFeePerGas: '31500000000',
    maxPriorityFeePerGas: '1500000000',
    unsignedTx,
    digest,
    chainId: 7357,
    to: t.destinationAddr,
    data: '0x',
  } as const;
  const s4 = { ...s3, status: 'SIGNED', updatedAt: at(4), version: 5, signedTx, chainTxHash } as const;
  const s5 = { ...s4, status: 'BROADCASTING', updatedAt: at(5), version: 6 } as const;
  const s6 = { ...s5, status: 'CONFIRMING', updatedAt: at(6), version: 7, broadcastAt: at(6) } as const;
  const s7 = {
    ...s6,
    status: 'COMPLETED',
    updatedAt: at(20),
    version: 8,
    blockNumber: 1234,
    blockHash: `0x${'cd'.repeat(32)}`,
    confirmations: 1,
    fee: '21000000000000',
    confirmedAt: at(20),
  } as const;
  return [
    ['submitted (SUBMITTED)', t],
    ['-> QUEUED', s1],
    ['-> APPROVED', s2],
    ['-> PENDING_SIGNATURE (nonce, fees, unsigned encoding)', s3],
    ['-> SIGNED (the signed encoding in its own item, hash)', s4],
    ['-> BROADCASTING', s5],
    ['-> CONFIRMING', s6],
    ['-> COMPLETED (receipt)', s7],
  ];
}

/** A transfer waiting for one approval (the console's pending list). */
function approvalPath(): [string, TransactionRecord][] {
  const t = sampleTransaction({ approvals: [] });
  const q = { ...t, status: 'QUEUED', version: 2, updatedAt: at(1) } as const;
  const p = { ...q, status: 'PENDING_AUTHORIZATION', version: 3, updatedAt: at(2) } as const;
  const approval: Approval = {
    userId: newId(),
    keyId: 'pqck_0123456789abcdefghijkl',
    decision: 'approved',
    compliance: false,
    reason: 'ok',
    decidedAt: at(3),
  };
  const a: TransactionRecord = { ...p, version: 4, updatedAt: at(3), approvals: [approval] };
  return [
    ['submitted (SUBMITTED)', t],
    ['-> QUEUED', q],
    ['-> PENDING_AUTHORIZATION', p],
    ['approval recorded (status unchanged)', a],
    ['-> APPROVED', { ...a, status: 'APPROVED', version: 5, updatedAt: at(4) }],
  ];
}

type Row = { label: string; bytes: number; table: number; indexes: Record<string, number>; total: number };

async function lifeUnits(
  doc: DynamoDBDocumentClient,
  table: string,
  life: [string, TransactionRecord][],
): Promise<Row[]> {
  const rows: Row[] = [];
  let version: number | undefined;
  let signed: string | null = null;
  for (const [label, r] of life) {
    const item = transactionItem(r);
    // The signed encoding is an item of its own, written in the same transaction by the move that sets it only.
    const own = r.signedTx !== null && r.signedTx !== signed ? signedTxItem(r.tenantId, r.id, r.signedTx) : null;
    signed = r.signedTx;
    const out = await doc.send(
      new TransactWriteCommand({
        TransactItems: [
          ...(own ? [{ Put: { TableName: table, Item: own } }] : []),
          {
            Put: {
              TableName: table,
              Item: item,
              ...(version === undefined
                ? { ConditionExpression: 'attribute_not_exists(pk)' }
                : { ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': version } }),
            },
          },
        ],
        ReturnConsumedCapacity: 'INDEXES',
      }),
    );
    version = r.version;
    const c = out.ConsumedCapacity?.[0];
    const indexes = Object.fromEntries(
      Object.entries(c?.GlobalSecondaryIndexes ?? {}).map(([k, v]) => [k, v.CapacityUnits ?? 0]),
    );
    rows.push({
      label,
      bytes: dynamoItemBytes(item),
      table: c?.Table?.CapacityUnits ?? 0,
      indexes,
      total: c?.CapacityUnits ?? 0,
    });
  }
  return rows;
}

function print(title: string, rows: Row[]) {
  const names = [...new Set(rows.flatMap((r) => Object.keys(r.indexes)))].sort();
  console.log(`\n${title} (each write a TransactWriteItems: units doubled)\n`);
  console.log(`| write of the transaction item | item bytes | table | ${names.join(' | ')} | total |`);
  console.log(`|---|---:|---:|${names.map(() => '---:|').join('')}---:|`);
  for (const r of rows)
    console.log(
      `| ${r.label} | ${r.bytes} | ${r.table} | ${names.map((n) => r.indexes[n] ?? 0).join(' | ')} | ${r.total} |`,
    );
  const sum = (f: (r: Row) => number) => rows.reduce((s, r) => s + f(r), 0);
  console.log(
    `| whole life | | ${sum((r) => r.table)} | ${names.map((n) => sum((r) => r.indexes[n] ?? 0)).join(' | ')} | ${sum((r) => r.total)} |`,
  );
}

export async function run(_opts: { quick: boolean }): Promise<Record<string, number>> {
  const ddb = await startDynamoDbLocal({ inMemory: true });
  try {
    const client = new DynamoDBClient({
      region: 'us-east-1',
      endpoint: ddb.endpoint,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const doc = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
    await ensureTable(client, 'units');
    const native = await lifeUnits(doc, 'units', nativeLife());
    const approval = await lifeUnits(doc, 'units', approvalPath());
    print('A plain native transfer, submit to COMPLETED', native);
    print('A transfer waiting for an approval, submit to APPROVED', approval);
    const total = (rows: Row[]) => rows.reduce((s, r) => s + r.total, 0);
    return {
      tx_item_bytes_submitted: native[0]!.bytes,
      tx_item_bytes_completed: native.at(-1)!.bytes,
      tx_item_wcu_submitted: native[0]!.total,
      tx_item_wcu_life_native: total(native),
      tx_item_wcu_life_approval_to_approved: total(approval),
    };
  } finally {
    await ddb.stop();
  }
}

if (isMain(import.meta.url)) runAlone(() => run({ quick: false }));
