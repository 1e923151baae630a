import { accessPatterns } from '../../store/access-patterns.js';
import { AUTOMATIC } from './transition-table.js';
import { advanceTransaction, type AdvanceDeps } from './advance.js';

/**
 * After a tenant is reactivated: every transaction it left in an automatic status gets its next step again (the
 * following steps come through the stream as usual). Transactions waiting for people or signers need nothing.
 */
export async function resumeTenant(deps: AdvanceDeps, tenantId: string): Promise<number> {
  let resumed = 0;
  for (const status of AUTOMATIC) {
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await deps.store.query({ pattern: accessPatterns.transactionsByStatus(tenantId, status), limit: 100, startKey });
      for (const item of page.items) {
        const out = await advanceTransaction(deps, tenantId, item.id as string);
        if (out.outcome === 'moved') resumed += 1;
      }
      startKey = page.lastKey;
    } while (startKey);
  }
  return resumed;
}
