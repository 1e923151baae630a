import { WriteConflictError, type Store } from '../../ports/store.js';
import { keys } from '../../store/keys.js';
import { TransactionNotFoundError } from '../../errors/domain-errors.js';
import type { UnitOfWork } from '../unit-of-work.js';
import type { TransactionRecord } from './transaction.js';
import { decodeTransaction, transactionUpdateInPlace } from './transaction-item.js';

/** A transaction of the tenant, or 404 1300 (another tenant's id finds nothing: the tenant is in the key). */
export async function loadTransaction(store: Store, tenantId: string, txId: string): Promise<TransactionRecord> {
  const item = await store.get(keys.transaction(tenantId, txId), { consistent: true });
  if (!item) throw new TransactionNotFoundError();
  return decodeTransaction(item);
}

/**
 * Writes a bookkeeping change in place (transactionUpdateInPlace); false when the transaction moved on since `tx` was
 * read (the change is then left to whoever reads it next).
 */
export async function updateInPlace(
  store: Store,
  tx: TransactionRecord,
  change: Parameters<typeof transactionUpdateInPlace>[1],
): Promise<boolean> {
  try {
    await store.write([transactionUpdateInPlace(tx, change)]);
    return true;
  } catch (e) {
    if (e instanceof WriteConflictError) return false;
    throw e;
  }
}

/** The transaction as a committed unit of work wrote it (what a read right after would answer), if it wrote it. */
export function writtenTransaction(
  uow: UnitOfWork | undefined,
  tenantId: string,
  txId: string,
): TransactionRecord | undefined {
  const item = uow?.writtenItem(keys.transaction(tenantId, txId));
  return item ? decodeTransaction(item) : undefined;
}
