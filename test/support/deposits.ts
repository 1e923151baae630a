import { expect } from 'vitest';
import type { LocalStack } from '../../local/stack.js';
import { keys } from '../../shared/store/keys.js';
import type { TestApi } from './local-api.js';
import type { TenantWithVault } from './fixtures.js';
import { tenantEvents } from './tenant-events.js';

/**
 * What the deposit suites read of a local stack started with manual mining (its parts given as thunks: they exist
 * only once the suite's beforeAll ran): the deposit list, a scanner run (through the stack's schedule), the scan
 * cursor and a tenant's deposit events.
 */
export function depositProbes(stack: () => LocalStack, api: () => TestApi) {
  return {
    list: async (t: TenantWithVault, query = '') => {
      const res = await api().call('GET', `/v1/deposits${query}`, { key: t.admin });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as { deposits: Record<string, unknown>[]; next_cursor: string | null };
    },
    scan: () => stack().runSchedule('deposit-scanner'),
    cursor: async () => (await stack().store.get(keys.depositScanCursor(), { consistent: true }))!,
    depositEvents: async (tenantId: string) => (await tenantEvents(stack().store, tenantId)).filter((e) => e.type.startsWith('deposit.')),
  };
}
