import type { Store } from '../../ports/store.js';
import { keys } from '../../store/keys.js';
import { TransactionNotFoundError } from '../../errors/domain-errors.js';
import type { TransactionRecord } from './transaction.js';
import { decodeTransaction } from './transaction-item.js';

/** A transaction of the tenant, or 404 1300 (another tenant's id finds nothing: the tenant is in the key). */
export async function loadTransaction(store: Store, tenantId: string, txId: string): Promise<TransactionRecord> {
  const item = await store.get(keys.transaction(tenantId, txId), { consistent: true });
  if (!item) throw new TransactionNotFoundError();
  return decodeTransaction(item);
}
