import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../shared/ports/clock.js';
import { parseEventData } from '../../shared/domain/events/catalog.js';
import { depositId } from '../../shared/domain/deposits/deposit-record.js';
import { scanDeposits, type ScanDeps } from '../../shared/domain/deposits/scan-deposits.js';
import { nativeAssetId } from '../../shared/domain/assets/asset-record.js';
import { keys } from '../../shared/store/keys.js';
import type { Item } from '../../shared/ports/store.js';
import { makeChain } from '../../shared/adapters/chain/json-rpc-chain.js';
import type { LocalStack } from '../../local/stack.js';
import type { TestApi } from '../support/local-api.js';
import { randomAddress, type TenantWithVault } from '../support/fixtures.js';
import { signTx, testKey, type TestKey } from '../support/pq-chain.js';
import { devChainRpc } from '../support/test-chain.js';
import { DEPOSIT_MEMBERS, depositProbes, startDepositWorld } from '../support/deposits.js';

/**
 * Deposits end to end on DynamoDB Local and the real dev chain (manual mining): native transfers signed with ML-DSA
 * and mined, found by the deposit scanner (through the local stack's schedule, and called directly to drive its
 * bounds and overlaps), listed per tenant, confirmed at depth, marked REORGED after a reorg; balances from the chain.
 */
const DEPTH = 3;
const ETH = 10n ** 18n;
const clock = new FakeClock(Date.now());
let stack: LocalStack;
let api: TestApi;
let deps: ScanDeps;
let initialCursor: Item;
const funder = testKey(41);
let funderNonce = 0n;

type Tenant = TenantWithVault;
let a: Tenant;
let b: Tenant;
/** Registered in A and in B (the same key: one address, two tenants). */
let shared: { key: TestKey; inA: string; inB: string };
/** Registered in A only. */
let onlyA: { key: TestKey; id: string };

const rpc = devChainRpc(() => stack.devChain!.url);

/** Sends `value` from `from` to `to` (signed with ML-DSA, verified by the chain) and answers its hash; not mined. */
async function send(from: TestKey, to: string, value: bigint, nonce: bigint): Promise<string> {
  const { raw, hash } = signTx(from, { to, value, nonce });
  expect(await rpc('eth_sendRawTransaction', [raw])).toBe(hash);
  return hash;
}
const deposit = (to: string, value: bigint) => send(funder, to, value, funderNonce++);

/** Registers the wallet of `key` in the tenant, with a real ownership proof. */

const { list, scan, cursor, rescans, depositEvents } = depositProbes(
  () => stack,
  () => api,
);

beforeAll(async () => {
  ({ stack, api, deps, a, b, shared, onlyA } = await startDepositWorld({ clock, depth: DEPTH, prefix: 'dep' }));
  await rpc('anvil_setBalance', [funder.address, `0x${(1000n * ETH).toString(16)}`]);
  // The first run places the cursor at the head: what is mined from here on is scanned.
  await scan();
  initialCursor = await cursor();
}, 180_000);
afterAll(async () => stack?.stop());

describe('deposits', () => {
  let hash: string;

  it('records a transfer to a wallet registered in two tenants once for each, with its audit entry and deposit.detected', async () => {
    hash = await deposit(shared.key.address, 5n * ETH);
    await stack.devChain!.mine();
    await scan();
    const inA = await list(a);
    expect(inA.deposits).toHaveLength(1);
    const d = inA.deposits[0]!;
    expect(Object.keys(d)).toEqual(DEPOSIT_MEMBERS);
    expect(d).toMatchObject({
      id: depositId(hash, shared.inA),
      wallet_id: shared.inA,
      vault_id: a.vaultId,
      from: funder.address,
      amount: (5n * ETH).toString(),
      chain_tx_hash: hash,
      confirmations: 1,
      status: 'DETECTED',
      confirmed_at: null,
    });
    const inB = await list(b);
    expect(inB.deposits.map((x) => [x.id, x.wallet_id])).toEqual([[depositId(hash, shared.inB), shared.inB]]);
    const audit = await api.call('GET', '/v1/audit/entries?order=desc&limit=5', { key: a.admin });
    expect(
      audit.body.entries.some(
        (e: { action: string; resource_id: string }) => e.action === 'deposit.detected' && e.resource_id === d.id,
      ),
    ).toBe(true);
  });

  it('finds it once across a rescan of the same blocks, a restarted scanner and two overlapping runs', async () => {
    // From the cursor before the deposit's block, a restarted scanner and two overlapping runs find nothing new.
    const {
      again,
      overlapping: [r1, r2],
    } = await rescans(initialCursor, deps);
    expect(again).toMatchObject({ from: initialCursor.next_block, detected: 0, cursorAdvanced: true });
    expect(r1.detected + r2.detected).toBe(0);
    // Of two runs that read the same cursor, one advances it (the other's write fails its version guard).
    expect([r1.cursorAdvanced, r2.cursorAdvanced].filter(Boolean)).toHaveLength(1);
    expect((await list(a)).deposits).toHaveLength(1);
    expect((await list(b)).deposits).toHaveLength(1);
    expect((await depositEvents(a.id)).map((e) => e.type)).toEqual(['deposit.detected']);
  });

  it('counts confirmations and confirms at CUSTODY_CONFIRMATION_DEPTH with deposit.confirmed', async () => {
    await stack.devChain!.mine();
    await scan();
    expect((await list(a)).deposits[0]).toMatchObject({ confirmations: 2, status: 'DETECTED' });
    await stack.devChain!.mine();
    await scan();
    const d = (await list(a)).deposits[0]!;
    expect(d).toMatchObject({ confirmations: DEPTH, status: 'CONFIRMED', confirmed_at: clock.now().toISOString() });
    // Confirmed is final: more blocks do not touch it.
    await stack.devChain!.mine();
    await scan();
    expect((await list(a)).deposits[0]).toMatchObject({ confirmations: DEPTH, status: 'CONFIRMED' });
    const events = await depositEvents(a.id);
    expect(events.map((e) => e.type)).toEqual(['deposit.detected', 'deposit.confirmed']);
    for (const e of events) parseEventData(e.type as 'deposit.detected', e.data);
    expect(events[1]!.data).toMatchObject({
      deposit_id: d.id,
      wallet_id: shared.inA,
      amount: (5n * ETH).toString(),
      chain_tx_hash: hash,
      confirmations: DEPTH,
    });
    expect((await list(a, '?status=CONFIRMED')).deposits).toHaveLength(1);
    expect((await list(a, '?status=DETECTED')).deposits).toHaveLength(0);
  });

  it('marks a deposit REORGED when its block leaves the chain, and DETECTED again in the block that includes it', async () => {
    const h = await deposit(onlyA.key.address, 2n * ETH);
    const included = await stack.devChain!.mine();
    await scan();
    const id = depositId(h, onlyA.id);
    const find = async () => (await list(a, `?wallet_id=${onlyA.id}`)).deposits.find((x) => x.id === id)!;
    expect(await find()).toMatchObject({ status: 'DETECTED', block_number: included });
    await stack.devChain!.reorg(1, { reinclude: false });
    await scan();
    expect(await find()).toMatchObject({ status: 'REORGED', confirmations: 0 });
    expect((await list(a, '?status=REORGED')).deposits.map((x) => x.id)).toEqual([id]);
    // The transfer went back to the pool; the next block includes it and the scanner finds it there.
    const again = await stack.devChain!.mine();
    await scan();
    expect(await find()).toMatchObject({ status: 'DETECTED', block_number: again, confirmations: 1 });
    // B has no wallet at this address: it sees nothing of it.
    expect((await list(b)).deposits.map((x) => x.id)).not.toContain(id);
    const types = (await depositEvents(a.id))
      .filter((e) => (e.data as { deposit_id: string }).deposit_id === id)
      .map((e) => e.type);
    expect(types).toEqual(['deposit.detected', 'deposit.detected']);
  });

  it('follows a reorg that re-includes the transfer at once into a new block', async () => {
    const h = await deposit(onlyA.key.address, 3n * ETH);
    await stack.devChain!.mine();
    await scan();
    const id = depositId(h, onlyA.id);
    const first = (await list(a, `?wallet_id=${onlyA.id}`)).deposits.find((x) => x.id === id)!;
    await stack.devChain!.reorg(1);
    const r = await scanDeposits(deps);
    expect(r.rewound).toBe(1);
    const moved = (await list(a, `?wallet_id=${onlyA.id}`)).deposits.find((x) => x.id === id)!;
    expect(moved).toMatchObject({ status: 'DETECTED', block_number: first.block_number });
    const stored = await stack.store.get(keys.deposit(a.id, id), { consistent: true });
    expect(stored!.block_hash).toBe(
      (
        (await rpc('eth_getBlockByNumber', [`0x${(first.block_number as number).toString(16)}`, false])) as {
          hash: string;
        }
      ).hash,
    );
  });

  it('does not count outgoing transfers of a registered wallet as deposits', async () => {
    await rpc('anvil_setBalance', [onlyA.key.address, `0x${(10n * ETH).toString(16)}`]);
    const before = (await list(a)).deposits.length;
    await send(onlyA.key, randomAddress(), ETH, 0n);
    await stack.devChain!.mine();
    await scan();
    expect((await list(a)).deposits).toHaveLength(before);
  });

  it('reads at most maxBlocks blocks per run, in steps, from its cursor', async () => {
    const start = (await cursor()).next_block as number;
    await stack.devChain!.mine(120);
    const head = stack.devChain!.state.head.number;
    const runs = [];
    for (let i = 0; i < 4; i++) runs.push(await scanDeposits({ ...deps, maxBlocks: 50 }));
    expect(runs.map((r) => [r.from, r.to])).toEqual([
      [start, start + 49],
      [start + 50, start + 99],
      [start + 100, head],
      [null, null],
    ]);
    expect((await cursor()).next_block).toBe(head + 1);
  });

  it('fails a run when no node answers, leaving the cursor where it was', async () => {
    const before = await cursor();
    await stack.devChain!.mine(3);
    stack.devChain!.faults.set({ down: true });
    try {
      await expect(scanDeposits({ ...deps, chain: makeChain(stack.config) })).rejects.toMatchObject({
        type: 'NODE_UNAVAILABLE',
        code: 1500,
      });
    } finally {
      stack.devChain!.faults.reset();
    }
    expect(await cursor()).toEqual(before);
    const next = await scanDeposits({ ...deps, chain: makeChain(stack.config) });
    expect([next.from, next.to]).toEqual([before.next_block, (before.next_block as number) + 2]);
  });

  it('lists newest first with cursors, filters by vault and wallet, and refuses unknown filters', async () => {
    const all = await list(a);
    expect(all.deposits.length).toBe(3);
    const blocks = all.deposits.map((d) => d.block_number as number);
    expect([...blocks].sort((x, y) => y - x)).toEqual(blocks);
    const p1 = await list(a, '?limit=2');
    expect(p1.deposits).toEqual(all.deposits.slice(0, 2));
    const p2 = await list(a, `?limit=2&cursor=${p1.next_cursor}`);
    expect(p2.deposits).toEqual(all.deposits.slice(2));
    expect(p2.next_cursor).toBeNull();
    // A cursor is bound to its filters.
    const bad = await api.call('GET', `/v1/deposits?limit=2&status=DETECTED&cursor=${p1.next_cursor}`, {
      key: a.admin,
    });
    expect([bad.status, bad.body.error.code]).toEqual([400, 1108]);
    expect((await list(a, `?vault_id=${a.vaultId}`)).deposits).toHaveLength(3);
    expect((await list(a, `?wallet_id=${shared.inA}`)).deposits).toHaveLength(1);
    // Another tenant's wallet (or vault) id matches nothing.
    expect((await list(b, `?wallet_id=${onlyA.id}`)).deposits).toEqual([]);
    expect((await list(b, `?vault_id=${a.vaultId}`)).deposits).toEqual([]);
    const unknown = await api.call('GET', '/v1/deposits?wallet=x', { key: a.admin });
    expect([unknown.status, unknown.body.error.code]).toEqual([400, 1100]);
    const badStatus = await api.call('GET', '/v1/deposits?status=PENDING', { key: a.admin });
    expect([badStatus.status, badStatus.body.error.code]).toEqual([400, 1100]);
  });

  it('answers balances from the chain; another tenant gets 404; no node 503 1500', async () => {
    const res = await api.call('GET', `/v1/wallets/${shared.inA}/balances`, { key: a.admin });
    expect(res.status).toBe(200);
    const onChain = BigInt((await rpc('eth_getBalance', [shared.key.address, 'latest'])) as string);
    expect(onChain).toBe(5n * ETH);
    expect(res.body).toEqual({
      balances: [
        {
          asset_id: nativeAssetId(stack.config.CUSTODY_CHAIN_ID),
          symbol: stack.config.CUSTODY_NATIVE_ASSET_SYMBOL,
          decimals: 18,
          amount: onChain.toString(),
          amount_formatted: '5',
          error: null,
        },
      ],
      next_cursor: null,
    });
    const other = await api.call('GET', `/v1/wallets/${onlyA.id}/balances`, { key: b.admin });
    expect([other.status, other.body.error.code]).toEqual([404, 1400]);
    stack.devChain!.faults.set({ down: true });
    try {
      const down = await api.call('GET', `/v1/wallets/${shared.inA}/balances`, { key: a.admin });
      expect([down.status, down.body.error.code]).toEqual([503, 1500]);
    } finally {
      stack.devChain!.faults.reset();
    }
  });
});
