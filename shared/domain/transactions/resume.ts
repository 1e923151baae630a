import { transactionsWithStatus } from './transaction-record.js';
import { AUTOMATIC } from './steps/index.js';
import { runTransactionSteps, type AdvanceDeps } from './advance.js';

/**
 * After a tenant is reactivated: every transaction it left in an automatic status runs its steps again, up to where
 * it waits for people or signers. Transactions already waiting need nothing.
 */
export async function resumeTenant(deps: AdvanceDeps, tenantId: string): Promise<number> {
  let resumed = 0;
  for (const status of AUTOMATIC) {
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await deps.store.query({ pattern: transactionsWithStatus(tenantId, status), limit: 100, startKey });
      for (const item of page.items.filter((i) => i.status === status)) {
        const run = await runTransactionSteps(deps, tenantId, item.id as string, status);
        if (run.moves.length) resumed += 1;
      }
      startKey = page.lastKey;
    } while (startKey);
  }
  return resumed;
}
