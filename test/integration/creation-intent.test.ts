import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { newId } from '../../shared/domain/ids.js';
import { runInUnitOfWork } from '../../shared/domain/unit-of-work.js';
import { creationIntent } from '../../shared/domain/receipts/creation-intent.js';
import { makeDynamoClient, services } from '../../shared/composition/standalone.js';
import { ensureTable } from '../../shared/adapters/dynamodb/create-table.js';
import { config } from '../../shared/config.js';

/**
 * The receipt's source of truth: the transaction's `transaction.created` audit record, read by key when it has the
 * transaction's id (as a submission names it), else found among the transaction's records in commit order, read one
 * at first, then ten more only when the first is not it.
 */
beforeAll(async () => {
  await ensureTable(makeDynamoClient(config()), config().CUSTODY_TABLE_NAME);
});
afterEach(() => vi.restoreAllMocks());
const meta = (at: number) => ({
  actor: { type: 'system', user_id: null, key_id: null } as const,
  requestId: null,
  now: new Date(Date.parse('2026-03-01T00:00:00.000Z') + at),
});
const created = {
  sourceWalletId: 'w1',
  destinationAddr: '0x00000000000000000000000000000000000000aa',
  assetId: 'native',
  amount: '1000',
};

/**
 * A transaction of a tenant of its own (DynamoDB Local), with audit records of `actions` in that commit order; with
 * `named`, the first record has the transaction's id, as a submission names its creation record.
 */
async function transactionWith(actions: string[], named = false) {
  const t = { tenantId: randomUUID(), txId: newId() };
  for (const [i, action] of actions.entries())
    await runInUnitOfWork(services(), meta(i), async (uow) => {
      if (named && i === 0) expect(uow.useRecordId(t.tenantId, t.txId)).toBe(true);
      uow.audit({ tenantId: t.tenantId, action, resourceType: 'transaction', resourceId: t.txId, change: created });
    });
  return t;
}

describe("a transaction's creation intent", () => {
  it('is read by key when its record has the transaction id, as a submission names it: no query', async () => {
    const t = await transactionWith(['transaction.created', 'transaction.status_changed'], true);
    const query = vi.spyOn(services().store, 'query');
    const get = vi.spyOn(services().store, 'get');
    expect(await creationIntent(services(), t.tenantId, t.txId)).toMatchObject({ intent: { amount: '1000' } });
    expect(query).not.toHaveBeenCalled();
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('is read from its first record with one item read, when no record has the transaction id', async () => {
    const t = await transactionWith(['transaction.created', 'transaction.status_changed']);
    const query = vi.spyOn(services().store, 'query');
    expect(await creationIntent(services(), t.tenantId, t.txId)).toMatchObject({ intent: { amount: '1000' } });
    expect(query.mock.calls.map(([q]) => q.limit)).toEqual([1]);
  });

  it('is looked for further when the first record is not the creation, and missing when none is', async () => {
    const t = await transactionWith(['transaction.status_changed', 'transaction.created']);
    const query = vi.spyOn(services().store, 'query');
    expect(await creationIntent(services(), t.tenantId, t.txId)).toMatchObject({ intent: { sourceWalletId: 'w1' } });
    expect(query.mock.calls.map(([q]) => q.limit)).toEqual([1, 10]);

    const none = await transactionWith(['transaction.status_changed', 'transaction.status_changed']);
    expect(await creationIntent(services(), none.tenantId, none.txId)).toEqual({
      problem: 'the transaction has no creation record',
    });
  });
});
