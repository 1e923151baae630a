import { keys } from '../../store/keys.js';
import { AUTOMATIC } from './steps/index.js';
import { runTransactionSteps, type AdvanceDeps } from './advance.js';
import { openTransactionPages } from './transaction-item.js';
import type { TxStatus } from './transition-table.js';

/**
 * After a tenant is reactivated: every transaction it left in an automatic status runs its steps again, up to where
 * it waits for people or signers. Transactions already waiting need nothing. Every automatic status is open, so one
 * pass over the tenant's open transactions finds them all (keys.ts).
 */
export async function resumeTenant(deps: AdvanceDeps, tenantId: string): Promise<number> {
  let resumed = 0;
  for await (const items of openTransactionPages(deps.store, tenantId))
    for (const item of items.filter((i) => AUTOMATIC.has(i.status as TxStatus))) {
      const run = await runTransactionSteps(deps, tenantId, keys.transactionIdentity(item).id, item.status as TxStatus);
      if (run.moves.length) resumed += 1;
    }
  return resumed;
}
