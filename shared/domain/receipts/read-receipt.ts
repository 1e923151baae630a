import type { Store } from '../../ports/store.js';
import { InvalidStateError } from '../../errors/domain-errors.js';
import { loadTransaction } from '../transactions/transaction-store.js';
import { readReceipt, type SignedReceipt } from './receipt.js';

/** GET /v1/transactions/{id}/receipt: 404 1300 for an unknown id, 409 1301 while no receipt is issued. */
export async function transactionReceipt(store: Store, tenantId: string, txId: string): Promise<SignedReceipt> {
  const [tx, receipt] = await Promise.all([loadTransaction(store, tenantId, txId), readReceipt(store, tenantId, txId)]);
  if (!receipt)
    throw new InvalidStateError(`transaction is ${tx.status}; no policy receipt has been issued for it`, {
      status: tx.status,
    });
  return receipt;
}
