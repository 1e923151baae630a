import { services } from '../../shared/composition/standalone.js';
import { keys } from '../../shared/store/keys.js';
import { decodeTransaction, transactionItem } from '../../shared/domain/transactions/transaction-item.js';
import type { TxStatus } from '../../shared/domain/transactions/transition-table.js';

/**
 * Moves a stored transaction of the tests' store to `status` as a step would store it (the whole item under its
 * version, its index keys from the one mapping): for the endings the API's steps reach only through the chain.
 */
export async function settle(tenant: string, txId: string, status: TxStatus) {
  const store = services().store;
  const t = decodeTransaction((await store.get(keys.transaction(tenant, txId)))!);
  await store.write([
    {
      op: 'put',
      item: transactionItem({ ...t, status, version: t.version + 1 }),
      condition: { type: 'version', version: t.version },
    },
  ]);
}
