import { WriteConflictError, type Store } from '../../ports/store.js';
import { keys } from '../../store/keys.js';
import { TransactionNotFoundError } from '../../errors/domain-errors.js';
import type { UnitOfWork } from '../unit-of-work.js';
import type { TransactionRecord } from './transaction.js';
import {
  decodeSignedTxItem,
  decodeTransaction,
  signedTxItem,
  transactionItem,
  transactionUpdateInPlace,
} from './transaction-item.js';

/** A transaction of the tenant, or 404 1300 (another tenant's id finds nothing: the tenant is in the key). */
export async function loadTransaction(store: Store, tenantId: string, txId: string): Promise<TransactionRecord> {
  const item = await store.get(keys.transaction(tenantId, txId), { consistent: true });
  if (!item) throw new TransactionNotFoundError();
  return decodeTransaction(item);
}

/**
 * Stages the write of a transaction read at `t.version` (its item replaced, guarded by that version) and, when the
 * record carries its signed encoding (the move to SIGNED, a signed replacement, or an item written before the encoding
 * had an item of its own), that encoding in its own item, in the same write. A record read from its item does not
 * carry it: `loadSignedTx` reads it when it is to be sent.
 */
export function stageTransactionWrite(uow: UnitOfWork, t: TransactionRecord): void {
  uow.replace(transactionItem(t));
  if (t.signedTx !== null) uow.set(signedTxItem(t.tenantId, t.id, t.signedTx));
}

/** The transaction's signed encoding: the one the record carries, else its own item's; null before it is signed. */
export async function loadSignedTx(store: Store, tx: TransactionRecord): Promise<string | null> {
  if (tx.signedTx !== null) return tx.signedTx;
  return decodeSignedTxItem(await store.get(keys.transactionSigned(tx.tenantId, tx.id), { consistent: true }));
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
