import { beforeAll, describe, expect, it } from 'vitest';
import { CreateTableCommand } from '@aws-sdk/client-dynamodb';
import { config } from '../../shared/config.js';
import { makeDynamoClient, services } from '../../shared/composition/standalone.js';
import { ensureTable } from '../../shared/adapters/dynamodb/create-table.js';
import { WriteConflictError } from '../../shared/ports/store.js';
import { transactionItem, transactionsWithStatus } from '../../shared/domain/transactions/transaction-item.js';
import { accessPatterns } from '../../shared/store/access-patterns.js';
import { newId } from '../../shared/domain/ids.js';
import { sampleTransaction } from '../support/sample-transaction.js';

/** The store adapter against DynamoDB Local: the guarantees the unit of work relies on. */
beforeAll(async () => {
  await ensureTable(makeDynamoClient(config()), config().CUSTODY_TABLE_NAME);
});

describe('DynamoDbStore', () => {
  it('stores and reads back every kind of value the service stores, through each write and read it offers, and drops undefined attributes (an update removes them)', async () => {
    const store = services().store;
    const value = {
      s: 'text',
      n: 9_007_199_254_740_991,
      f: 0.5,
      neg: -12,
      yes: true,
      no: false,
      none: null,
      bin: new Uint8Array([0, 1, 254, 255]),
      list: [1, 'two', { three: 3 }],
      map: { nested: { deep: ['x'] }, empty: {} },
      gone: undefined,
    };
    const { gone: _gone, ...expected } = value;
    const base = `VALS#${newId()}`;
    await store.write([{ op: 'put', item: { pk: `${base}#1`, sk: 'X', ...value } }]);
    await store.write([
      { op: 'put', item: { pk: `${base}#2`, sk: 'X', ...value } },
      {
        op: 'put',
        item: { pk: `${base}#3`, sk: 'X', s: 'before', gone: 'set before' },
        condition: { type: 'notExists' },
      },
    ]);
    await store.write([
      {
        op: 'update',
        key: { pk: `${base}#3`, sk: 'X' },
        set: value,
        condition: { type: 'equals', attribute: 's', value: 'before' },
      },
    ]);
    for (const i of [1, 2, 3])
      expect(await store.get({ pk: `${base}#${i}`, sk: 'X' })).toEqual({ pk: `${base}#${i}`, sk: 'X', ...expected });
    const many = await store.getMany([1, 2, 3].map((i) => ({ pk: `${base}#${i}`, sk: 'X' })));
    expect(many.map((i) => i?.bin)).toEqual([expected.bin, expected.bin, expected.bin]);
    expect(many.map((i) => i?.map)).toEqual([expected.map, expected.map, expected.map]);
  });

  it('pages a query: the last key of a page, handed back, resumes after it', async () => {
    const store = services().store;
    const tenantId = `tnt_page${newId()}`;
    const pk = `TENANT#${tenantId}`;
    await store.write(Array.from({ length: 5 }, (_, i) => ({ op: 'put' as const, item: { pk, sk: `S#${i}`, i } })));
    const pattern = accessPatterns.tenantPartition(tenantId);
    const first = await store.query({ pattern, limit: 2, consistent: true });
    expect(first.items.map((i) => i.i)).toEqual([0, 1]);
    expect(first.lastKey).toEqual({ pk, sk: 'S#1' });
    const second = await store.query({ pattern, limit: 10, consistent: true, startKey: first.lastKey });
    expect(second.items.map((i) => i.i)).toEqual([2, 3, 4]);
    expect(second.lastKey).toBeUndefined();
  });

  it('reads more than 100 keys (and repeated keys) in one getMany, in order, with gaps for missing items', async () => {
    const store = services().store;
    const ops = Array.from({ length: 130 }, (_, i) => ({
      op: 'put' as const,
      item: { pk: `MANY#${i}`, sk: 'X', n: i },
    }));
    for (let i = 0; i < ops.length; i += 25) await store.write(ops.slice(i, i + 25));
    const wanted = [
      ...ops.map((o) => ({ pk: o.item.pk, sk: 'X' })),
      { pk: 'MANY#nope', sk: 'X' },
      { pk: 'MANY#3', sk: 'X' },
    ];
    const got = await store.getMany(wanted);
    expect(got).toHaveLength(132);
    expect(got.slice(0, 130).map((i) => i?.n)).toEqual(ops.map((o) => o.item.n));
    expect(got[130]).toBeUndefined();
    expect(got[131]?.n).toBe(3);
  });

  it('reads only the named attributes and the keys of each item when asked (a reserved word among them), still in order with gaps', async () => {
    const store = services().store;
    await store.write([
      { op: 'put', item: { pk: 'PROJ#1', sk: 'X', audit_hash: 'h1', name: 'one', status: 'A' } },
      { op: 'put', item: { pk: 'PROJ#2', sk: 'X', name: 'two', status: 'B' } },
    ]);
    const got = await store.getMany(
      [
        { pk: 'PROJ#2', sk: 'X' },
        { pk: 'PROJ#none', sk: 'X' },
        { pk: 'PROJ#1', sk: 'X' },
      ],
      { attributes: ['audit_hash', 'status'] },
    );
    expect(got).toEqual([
      { pk: 'PROJ#2', sk: 'X', status: 'B' },
      undefined,
      { pk: 'PROJ#1', sk: 'X', audit_hash: 'h1', status: 'A' },
    ]);
  });

  it('queries only the named attributes and the keys of each item when asked, with or without a sort-key prefix', async () => {
    const store = services().store;
    await store.write([
      { op: 'put', item: { pk: 'TENANT#tnt_projq', sk: 'VAULT#1', audit_hash: 'h1', name: 'one', status: 'A' } },
      { op: 'put', item: { pk: 'TENANT#tnt_projq', sk: 'VAULTNAME#one', vault_id: '1' } },
      { op: 'put', item: { pk: 'TENANT#tnt_projq', sk: 'WALLET#1', audit_hash: 'h2', status: 'B' } },
    ]);
    const all = await store.query({
      pattern: accessPatterns.tenantPartition('tnt_projq'),
      limit: 10,
      consistent: true,
      attributes: ['audit_hash'],
    });
    expect(all.items).toEqual([
      { pk: 'TENANT#tnt_projq', sk: 'VAULT#1', audit_hash: 'h1' },
      { pk: 'TENANT#tnt_projq', sk: 'VAULTNAME#one' },
      { pk: 'TENANT#tnt_projq', sk: 'WALLET#1', audit_hash: 'h2' },
    ]);
    const vaults = await store.query({
      pattern: accessPatterns.vaultsOfTenant('tnt_projq'),
      limit: 10,
      consistent: true,
      attributes: ['status', 'name'],
    });
    expect(vaults.items).toEqual([{ pk: 'TENANT#tnt_projq', sk: 'VAULT#1', name: 'one', status: 'A' }]);
  });

  it('reports which guarded writes of a transaction failed, and writes none of them', async () => {
    const store = services().store;
    await store.write([{ op: 'put', item: { pk: 'G#1', sk: 'X', version: 1 } }]);
    const attempt = store.write([
      { op: 'put', item: { pk: 'G#2', sk: 'X' }, condition: { type: 'notExists' } },
      { op: 'put', item: { pk: 'G#1', sk: 'X', version: 2 }, condition: { type: 'version', version: 7 } },
    ]);
    await expect(attempt).rejects.toBeInstanceOf(WriteConflictError);
    await attempt.catch((e: WriteConflictError) => expect(e.failed).toEqual([1]));
    expect(await store.get({ pk: 'G#2', sk: 'X' })).toBeUndefined();
  });

  it('queries an index from a sort-key bound in either order, and answers the index entries alone when asked', async () => {
    const store = services().store;
    const tenantId = newId();
    const txs = Array.from({ length: 5 }, () => sampleTransaction({ tenantId, status: 'SUBMITTED' }));
    await store.write(txs.map((t) => ({ op: 'put' as const, item: transactionItem(t) })));
    const open = transactionsWithStatus(tenantId, 'SUBMITTED');
    const ids = (page: { items: { pk: string }[] }) => page.items.map((i) => i.pk.split('#TX#')[1]);
    expect(ids(await store.query({ pattern: open, limit: 10, newestFirst: true, sortKeyAfter: txs[3]!.id }))).toEqual([
      txs[2]!.id,
      txs[1]!.id,
      txs[0]!.id,
    ]);
    expect(ids(await store.query({ pattern: open, limit: 1, sortKeyAfter: txs[3]!.id }))).toEqual([txs[4]!.id]);
    const entries = await store.query({ pattern: open, limit: 2, newestFirst: true, keysOnly: true });
    expect(ids(entries)).toEqual([txs[4]!.id, txs[3]!.id]);
    expect(entries.items[0]).not.toHaveProperty('status'); // the index's keys, not the item
    expect(entries.lastKey).toBeDefined();
    await expect(
      store.query({ pattern: accessPatterns.auditRecordsOfTenant(tenantId), limit: 1, sortKeyAfter: 'x' }),
    ).rejects.toThrow(/prefix/);
  });

  it('increments a counter atomically under concurrency', async () => {
    const store = services().store;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => store.increment({ pk: 'CNT#1', sk: 'X' }, 'count', 1, 2_000_000_000)),
    );
    expect([...results].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });
});

describe('atomic capped add', () => {
  it('never lets concurrent adds pass the cap, and reads large totals back exactly', async () => {
    const store = services().store;
    const key = { pk: 'SPEND#cap', sk: 'X' };
    const unit = 10n ** 36n; // far beyond Number.MAX_SAFE_INTEGER
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () =>
        store.write([{ op: 'add', key, attribute: 'spent', amount: 3n * unit, atMost: 10n * unit }]),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(
      results
        .filter((r) => r.status === 'rejected')
        .every((r) => (r as PromiseRejectedResult).reason instanceof WriteConflictError),
    ).toBe(true);
    expect((await store.get(key))?.spent).toBe(9n * unit);
    await store.write([{ op: 'add', key, attribute: 'spent', amount: -4n * unit }]);
    expect((await store.get(key))?.spent).toBe(5n * unit);
  });

  it('refuses a first add above the cap', async () => {
    const store = services().store;
    await expect(
      store.write([{ op: 'add', key: { pk: 'SPEND#first', sk: 'X' }, attribute: 'spent', amount: 11n, atMost: 10n }]),
    ).rejects.toBeInstanceOf(WriteConflictError);
  });

  it('adds to several attributes under a condition, inside a transaction, and never creates an item the condition needs', async () => {
    const store = services().store;
    const key = { pk: 'VAULTLIKE#add', sk: 'X' };
    const bump = {
      op: 'add' as const,
      key,
      attribute: 'version',
      amount: 1n,
      more: { wallet_count: 1n },
      condition: { type: 'equals' as const, attribute: 'status', value: 'active' },
    };
    await expect(store.write([bump])).rejects.toBeInstanceOf(WriteConflictError);
    expect(await store.get(key)).toBeUndefined();
    await store.write([{ op: 'put', item: { ...key, status: 'active', version: 3 } }]);
    await store.write([bump, { op: 'put', item: { pk: 'VAULTLIKE#add', sk: 'Y' } }]);
    await store.write([bump]);
    expect(await store.get(key)).toMatchObject({ version: 5, wallet_count: 2 });
    await store.write([{ op: 'put', item: { ...key, status: 'archived', version: 6 } }]);
    const failed = await store
      .write([{ op: 'put', item: { pk: 'VAULTLIKE#add', sk: 'Z' } }, bump])
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(WriteConflictError);
    expect((failed as WriteConflictError).failed).toEqual([1]);
    expect(await store.get(key)).toMatchObject({ version: 6, status: 'archived' });
  });
});

describe('conditions on attributes', () => {
  it('compares a number and combines conditions, alone and inside a transaction; a missing attribute or item never compares', async () => {
    const store = services().store;
    const key = { pk: `LEASELIKE#${newId()}`, sk: 'X' };
    const consume = (used: bigint, after: number) => ({
      op: 'add' as const,
      key,
      attribute: 'used',
      amount: 5n,
      condition: {
        type: 'all' as const,
        of: [
          { type: 'equals' as const, attribute: 'used', value: used },
          { type: 'compare' as const, attribute: 'expires_at', op: '>' as const, value: after },
        ],
      },
    });
    await expect(store.write([consume(0n, 0)])).rejects.toBeInstanceOf(WriteConflictError); // no item: not created
    expect(await store.get(key)).toBeUndefined();
    await store.write([{ op: 'put', item: { ...key, used: 0n, expires_at: 1_000 } }]);
    await store.write([consume(0n, 999)]);
    await expect(store.write([consume(0n, 999)])).rejects.toBeInstanceOf(WriteConflictError); // used moved
    await expect(store.write([consume(5n, 1_000)])).rejects.toBeInstanceOf(WriteConflictError); // not after 1,000
    const inTx = await store
      .write([{ op: 'put', item: { pk: key.pk, sk: 'Y' } }, consume(5n, 1_000)])
      .catch((e: unknown) => e);
    expect((inTx as WriteConflictError).failed).toEqual([1]);
    await store.write([{ op: 'put', item: { pk: key.pk, sk: 'Y' } }, consume(5n, 999)]);
    expect(await store.get(key)).toMatchObject({ used: 10 });
    const before = { type: 'compare' as const, attribute: 'expires_at', op: '<' as const, value: 1_000 };
    await expect(
      store.write([
        { op: 'delete', key, condition: { type: 'compare', attribute: 'expires_at', op: '<', value: 1_000 } },
      ]),
    ).rejects.toBeInstanceOf(WriteConflictError);
    await expect(
      store.write([{ op: 'delete', key, condition: { type: 'compare', attribute: 'missing', op: '<', value: 5_000 } }]),
    ).rejects.toBeInstanceOf(WriteConflictError);
    await store.write([
      {
        op: 'delete',
        key,
        condition: {
          type: 'all',
          of: [
            { type: 'equals', attribute: 'used', value: 10n },
            { ...before, value: 1_001 },
          ],
        },
      },
    ]);
    expect(await store.get(key)).toBeUndefined();
  });
});

describe('ensureTable', () => {
  it('refuses an existing table whose indexes have another layout (written by an earlier version), and accepts its own', async () => {
    const client = makeDynamoClient(config());
    const name = `${config().CUSTODY_TABLE_NAME}-old-layout`;
    // The layout before the index sort keys were shared: gsi1 sorted by its own attribute.
    await client.send(
      new CreateTableCommand({
        TableName: name,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: ['pk', 'sk', 'gsi1pk', 'gsi1sk'].map((a) => ({ AttributeName: a, AttributeType: 'S' })),
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: [
          {
            IndexName: 'gsi1',
            KeySchema: [
              { AttributeName: 'gsi1pk', KeyType: 'HASH' },
              { AttributeName: 'gsi1sk', KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'KEYS_ONLY' },
          },
        ],
      }),
    );
    await expect(ensureTable(client, name)).rejects.toThrow(
      /another index layout \(gsi1, gsi2, gsi3, gsi4, gsi5\).*empty table/,
    );
    await expect(ensureTable(client, config().CUSTODY_TABLE_NAME)).resolves.toBe('exists');
  });
});
