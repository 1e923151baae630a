import {
  CreateTableCommand,
  DescribeTableCommand,
  UpdateTimeToLiveCommand,
  ResourceInUseException,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { TABLE } from '../../store/table-definition.js';

/**
 * An existing table must have the indexes of TABLE (names and key attributes): a table written by an earlier version
 * with another layout (CHANGELOG.md) would answer lists wrongly, so it is refused with what to do.
 */
async function refuseOtherLayout(client: DynamoDBClient, tableName: string): Promise<void> {
  const d = await client.send(new DescribeTableCommand({ TableName: tableName }));
  const keysOf = (ks: { AttributeName?: string }[] | undefined) => (ks ?? []).map((k) => k.AttributeName).join('/');
  const have = new Map((d.Table?.GlobalSecondaryIndexes ?? []).map((g) => [g.IndexName, keysOf(g.KeySchema)]));
  const differs = TABLE.indexes.filter((i) => have.get(i.name) !== `${i.partitionKey}/${i.sortKey}`).map((i) => i.name);
  if (differs.length) {
    throw new Error(
      `table ${tableName} has another index layout (${differs.join(', ')}): it was written by an earlier version (see CHANGELOG.md). Start from an empty table: locally, delete the data directory's dynamodb/ folder (default .local/dynamodb) or run npm start -- --in-memory`,
    );
  }
}

/**
 * Creates the single table from TABLE (the same definition the CDK data construct uses), if it does not exist.
 * `projection` overrides the indexes' projection (bench/index-write-units.ts compares the two).
 */
export async function ensureTable(
  client: DynamoDBClient,
  tableName: string,
  options: { projection?: 'ALL' | 'KEYS_ONLY' } = {},
): Promise<'created' | 'exists'> {
  const attributes = new Set<string>([
    TABLE.partitionKey,
    TABLE.sortKey,
    ...TABLE.indexes.flatMap((i) => [i.partitionKey, i.sortKey]),
  ]);
  try {
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [...attributes].map((a) => ({ AttributeName: a, AttributeType: 'S' })),
        KeySchema: [
          { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
          { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: TABLE.indexes.map((i) => ({
          IndexName: i.name,
          KeySchema: [
            { AttributeName: i.partitionKey, KeyType: 'HASH' },
            { AttributeName: i.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: options.projection ?? i.projection },
        })),
        StreamSpecification: { StreamEnabled: true, StreamViewType: TABLE.stream },
      }),
    );
  } catch (e) {
    if (e instanceof ResourceInUseException) {
      await refuseOtherLayout(client, tableName);
      return 'exists';
    }
    throw e;
  }
  for (let i = 0; i < 100; i++) {
    const d = await client.send(new DescribeTableCommand({ TableName: tableName }));
    if (d.Table?.TableStatus === 'ACTIVE') break;
    await new Promise((r) => setTimeout(r, 50));
  }
  await client
    .send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { Enabled: true, AttributeName: TABLE.ttlAttribute },
      }),
    )
    .catch(() => undefined);
  return 'created';
}
