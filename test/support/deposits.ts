import { expect } from 'vitest';
import { startLocalStack, type LocalStack } from '../../local/stack.js';
import { keys } from '../../shared/store/keys.js';
import type { FakeClock } from '../../shared/ports/clock.js';
import { makeChain } from '../../shared/adapters/chain/json-rpc-chain.js';
import { scanDeposits, type ScanDeps } from '../../shared/domain/deposits/scan-deposits.js';
import type { Item } from '../../shared/ports/store.js';
import { stackApi, type TestApi } from './local-api.js';
import { createTenantWithVault, registerWallet, type TenantWithVault } from './fixtures.js';
import { freshTestKey, type TestKey } from './pq-chain.js';
import { tenantEvents } from './tenant-events.js';

/**
 * The deposit suites' world: a local stack on the development chain with manual mining and the deposit scanner driven
 * by hand (no transaction or webhook workers, no chain poller), the scanner's dependencies, and two tenants A and B
 * (names `<prefix>-a-...`, `<prefix>-b-...`) with one key registered as a wallet in both and one only in A.
 */
export type DepositWorld = {
  stack: LocalStack;
  api: TestApi;
  deps: ScanDeps;
  a: TenantWithVault;
  b: TenantWithVault;
  shared: { key: TestKey; inA: string; inB: string };
  onlyA: { key: TestKey; id: string };
};

export async function startDepositWorld(opts: {
  clock: FakeClock;
  depth: number;
  prefix: string;
  env?: Record<string, string>;
}): Promise<DepositWorld> {
  const { CUSTODY_NODE_RPC_URL: _unset, ...env } = process.env;
  const stack = await startLocalStack({
    port: 0,
    inMemory: true,
    clock: opts.clock,
    env: { ...env, CUSTODY_CONFIRMATION_DEPTH: String(opts.depth), ...opts.env },
    workers: { transactions: null, webhooks: null },
    schedules: { 'chain-poller': null },
  });
  const api: TestApi = stackApi(stack);
  const deps: ScanDeps = {
    store: stack.store,
    keys: stack.keys,
    chain: makeChain(stack.config),
    clock: opts.clock,
    chainId: stack.config.CUSTODY_CHAIN_ID,
    confirmationDepth: opts.depth,
  };
  const suffix = () => Math.random().toString(36).slice(2, 8);
  const a = await createTenantWithVault(api, `${opts.prefix}-a-${suffix()}`);
  const b = await createTenantWithVault(api, `${opts.prefix}-b-${suffix()}`);
  const register = async (t: TenantWithVault, key: TestKey) =>
    (await registerWallet(api, t.admin, t.id, t.vaultId, Math.floor(opts.clock.now().getTime() / 1000), key)).wallet.id;
  const key = freshTestKey('ML-DSA-65');
  const shared = { key, inA: await register(a, key), inB: await register(b, key) };
  const k2 = freshTestKey('ML-DSA-65');
  return { stack, api, deps, a, b, shared, onlyA: { key: k2, id: await register(a, k2) } };
}

/** A deposit's members in the API's answer, in order (shared/schemas/deposits.ts). */
export const DEPOSIT_MEMBERS = [
  'id',
  'wallet_id',
  'vault_id',
  'asset_id',
  'from',
  'amount',
  'chain_tx_hash',
  'block_number',
  'confirmations',
  'status',
  'detected_at',
  'confirmed_at',
];

/**
 * What the deposit suites read of a local stack started with manual mining (its parts given as thunks: they exist
 * only once the suite's beforeAll ran): the deposit list, a scanner run (through the stack's schedule), the scan
 * cursor and a tenant's deposit events.
 */
export function depositProbes(stack: () => LocalStack, api: () => TestApi) {
  const cursor = async () => (await stack().store.get(keys.depositScanCursor(), { consistent: true }))!;
  /** Puts the scan cursor back to `saved` (as if the run that went past it had stopped before saving the cursor). */
  const rewind = async (saved: Item) =>
    stack().store.write([{ op: 'put', item: { ...saved, version: ((await cursor()).version as number) + 1 } }]);
  return {
    list: async (t: TenantWithVault, query = '') => {
      const res = await api().call('GET', `/v1/deposits${query}`, { key: t.admin });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as { deposits: Record<string, unknown>[]; next_cursor: string | null };
    },
    scan: () => stack().runSchedule('deposit-scanner'),
    cursor,
    /**
     * Rescans from `saved`: the cursor put back there and a new scanner run (a restart: nothing held in memory), then
     * put back again and two scanners run at once. Answers the restarted run and the two overlapping ones.
     */
    rescans: async (saved: Item, deps: ScanDeps) => {
      await rewind(saved);
      const again = await scanDeposits({ ...deps, chain: makeChain(stack().config) });
      await rewind(saved);
      const overlapping = await Promise.all([scanDeposits(deps), scanDeposits(deps)]);
      return { again, overlapping };
    },
    depositEvents: async (tenantId: string) =>
      (await tenantEvents(stack().store, tenantId)).filter((e) => e.type.startsWith('deposit.')),
  };
}
