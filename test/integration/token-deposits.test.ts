import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../shared/ports/clock.js';
import { parseEventData } from '../../shared/domain/events/catalog.js';
import { tokenDepositId } from '../../shared/domain/deposits/deposit-record.js';
import { scanDeposits, type ScanDeps } from '../../shared/domain/deposits/scan-deposits.js';
import { readTokenTransfers, TOKEN_ADDRESSES_PER_QUERY } from '../../shared/domain/deposits/token-transfers.js';
import { nativeAssetId } from '../../shared/domain/assets/asset-record.js';
import { deploymentData, erc20TransferData, TRANSFER_EVENT_TOPIC, type Hex } from '../../shared/domain/tokens/calls.js';
import { keys } from '../../shared/store/keys.js';
import type { Item } from '../../shared/ports/store.js';
import type { ChainPort, LogFilter } from '../../shared/ports/chain.js';
import { makeChain } from '../../shared/adapters/chain/json-rpc-chain.js';
import type { LocalStack } from '../../local/stack.js';
import type { TestApi } from '../support/local-api.js';
import { randomAddress, type TenantWithVault } from '../support/fixtures.js';
import { signTx, testKey, type TestKey } from '../support/pq-chain.js';
import { devChainRpc } from '../support/test-chain.js';
import { DEPOSIT_MEMBERS, depositProbes, startDepositWorld } from '../support/deposits.js';

/**
 * Token deposits and token balances end to end on DynamoDB Local and the real dev chain (manual mining): an ERC-20 of
 * the committed artifact deployed by an outside account, registered as an asset of tenant A (POST /v1/assets), its
 * Transfers (pq-evm-v1 transactions signed with ML-DSA) found by the deposit scanner from one `eth_getLogs` per range,
 * for A's wallets only; confirmed at depth, REORGED after a reorg; balances read with balanceOf.
 */
const DEPTH = 3;
const ETH = 10n ** 18n;
const SUPPLY = 1_000_000n * 10n ** 6n;
const clock = new FakeClock(Date.now());
let stack: LocalStack;
let api: TestApi;
let deps: ScanDeps;
const outsider = testKey(61);

type Tenant = TenantWithVault;
let a: Tenant;
let b: Tenant;
/** Registered in A and in B (one address, two tenants). */
let shared: { key: TestKey; inA: string; inB: string };
/** Registered in A only. */
let onlyA: { key: TestKey; id: string };
/** The ERC-20 registered in A, and one registered nowhere. */
let token: { address: Hex; assetId: string };
let stranger: Hex;

const rpc = devChainRpc(() => stack.devChain!.url);

/** Signs and sends a transaction of the outsider (not mined); answers its hash. */
async function send(to: Hex | null, data: Hex, gasLimit = 200_000n): Promise<string> {
  const nonce = BigInt(await rpc('eth_getTransactionCount', [outsider.address, 'pending']));
  const { raw, hash } = signTx(outsider, { nonce, to, data, gasLimit });
  expect(await rpc('eth_sendRawTransaction', [raw])).toBe(hash);
  return hash;
}
const transfer = (contract: Hex, to: string, amount: bigint) => send(contract, erc20TransferData(to as Hex, amount));

/** Deploys the ERC20 template (the committed artifact) with the whole supply at the outsider; answers its address. */
async function deployToken(symbol: string): Promise<Hex> {
  const hash = await send(
    null,
    deploymentData('ERC20', {
      name: `${symbol} Token`,
      symbol,
      decimals: 6,
      admin: outsider.address as Hex,
      initialSupply: SUPPLY,
    }),
    5_000_000n,
  );
  await stack.devChain!.mine();
  const receipt = await rpc('eth_getTransactionReceipt', [hash]);
  expect(receipt.status).toBe('0x1');
  return receipt.contractAddress as Hex;
}

/** Registers the wallet of `key` in the tenant, with a real ownership proof. */

async function registerToken(t: Tenant, address: string, symbol: string): Promise<string> {
  const res = await api.call('POST', '/v1/assets', {
    key: t.admin,
    body: { type: 'token', contract_address: address, symbol, name: `${symbol} Token`, decimals: 6 },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

const balances = async (t: Tenant, walletId: string, query = '') => {
  const res = await api.call('GET', `/v1/wallets/${walletId}/balances${query}`, { key: t.admin });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { balances: Record<string, unknown>[]; next_cursor: string | null };
};

const { list, scan, cursor, rescans, depositEvents } = depositProbes(
  () => stack,
  () => api,
);

/** The chain port with its getLogs calls counted (the real port underneath). */
function countingChain(): { chain: ChainPort; getLogs: LogFilter[] } {
  const real = makeChain(stack.config);
  const calls: LogFilter[] = [];
  const chain = Object.create(real) as ChainPort;
  chain.getLogs = (f) => (calls.push(f), real.getLogs(f));
  return { chain, getLogs: calls };
}

beforeAll(async () => {
  // The 503 case takes the node down: its failures must not open the breaker for the tests after it (a breaker
  // opened under load made the next scan answer 'chain node unavailable'). Breakers have tests of their own.
  ({ stack, api, deps, a, b, shared, onlyA } = await startDepositWorld({
    clock,
    depth: DEPTH,
    prefix: 'tok',
    env: { CUSTODY_NODE_BREAKER_FAILURES: '1000' },
  }));
  await rpc('anvil_setBalance', [outsider.address, `0x${(1000n * ETH).toString(16)}`]);
  const address = await deployToken('GLD');
  token = { address, assetId: await registerToken(a, address, 'GLD') };
  stranger = await deployToken('XXX');
  // The first run places the cursor at the head: what is mined from here on is scanned.
  await scan();
}, 180_000);
afterAll(async () => stack?.stop());

describe('token deposits', () => {
  let hash: string;
  let id: string;
  let before: Item;

  it('records a Transfer of a registered token to a wallet of its tenant once, with the asset id, from one getLogs for the range', async () => {
    before = await cursor();
    hash = await transfer(token.address, shared.key.address, 250_000_000n);
    // The same block: a Transfer of a contract nobody registered, to a wallet of A (ignored).
    await transfer(stranger, onlyA.key.address, 7n);
    await stack.devChain!.mine();
    await stack.devChain!.mine();
    const counted = countingChain();
    const r = await scanDeposits({ ...deps, chain: counted.chain });
    expect(r).toMatchObject({ detected: 1, cursorAdvanced: true });
    expect(r.to! - r.from!).toBe(1);
    expect(counted.getLogs).toHaveLength(1);
    expect(counted.getLogs[0]).toMatchObject({
      fromBlock: r.from,
      toBlock: r.to,
      address: [token.address.toLowerCase()],
    });

    id = tokenDepositId(hash, shared.inA, token.assetId, 0);
    const inA = await list(a);
    expect(inA.deposits).toEqual([
      expect.objectContaining({
        id,
        wallet_id: shared.inA,
        vault_id: a.vaultId,
        asset_id: token.assetId,
        from: outsider.address,
        amount: '250000000',
        chain_tx_hash: hash,
        confirmations: 2,
        status: 'DETECTED',
        confirmed_at: null,
      }),
    ]);
    expect(Object.keys(inA.deposits[0]!)).toEqual(DEPOSIT_MEMBERS);
    const stored = await stack.store.get(keys.deposit(a.id, id), { consistent: true });
    expect(stored).toMatchObject({ to: shared.key.address, log_index: expect.any(Number) });
    // B has a wallet at the same address but did not register the token: it sees nothing of it.
    expect((await list(b)).deposits).toEqual([]);
    expect(await depositEvents(b.id)).toEqual([]);
    const events = await depositEvents(a.id);
    expect(events.map((e) => e.type)).toEqual(['deposit.detected']);
    expect(parseEventData('deposit.detected', events[0]!.data)).toMatchObject({
      deposit_id: id,
      asset_id: token.assetId,
      amount: '250000000',
    });
    const audit = await api.call('GET', '/v1/audit/entries?order=desc&limit=5', { key: a.admin });
    expect(
      audit.body.entries.find(
        (e: { action: string; resource_id: string }) => e.action === 'deposit.detected' && e.resource_id === id,
      ),
    ).toBeDefined();
  });

  it('finds it once across a rescan, a restarted scanner and two overlapping runs', async () => {
    const {
      again,
      overlapping: [r1, r2],
    } = await rescans(before, deps);
    expect(again).toMatchObject({ from: before.next_block, detected: 0, cursorAdvanced: true });
    expect(r1.detected + r2.detected).toBe(0);
    expect((await list(a)).deposits.map((d) => d.id)).toEqual([id]);
    expect((await depositEvents(a.id)).map((e) => e.type)).toEqual(['deposit.detected']);
  });

  it('confirms at CUSTODY_CONFIRMATION_DEPTH with deposit.confirmed', async () => {
    await stack.devChain!.mine();
    await scan();
    const d = (await list(a)).deposits[0]!;
    expect(d).toMatchObject({ id, confirmations: DEPTH, status: 'CONFIRMED', confirmed_at: clock.now().toISOString() });
    const events = await depositEvents(a.id);
    expect(events.map((e) => e.type)).toEqual(['deposit.detected', 'deposit.confirmed']);
    expect(parseEventData('deposit.confirmed', events[1]!.data)).toMatchObject({
      deposit_id: id,
      asset_id: token.assetId,
      confirmations: DEPTH,
    });
  });

  it('lists the token beside the native asset in balances, in both units; a tenant without the token sees only the native asset', async () => {
    const native = nativeAssetId(stack.config.CUSTODY_CHAIN_ID);
    const inA = await balances(a, shared.inA);
    expect(inA).toEqual({
      balances: [
        {
          asset_id: native,
          symbol: stack.config.CUSTODY_NATIVE_ASSET_SYMBOL,
          decimals: 18,
          amount: '0',
          amount_formatted: '0',
          error: null,
        },
        {
          asset_id: token.assetId,
          symbol: 'GLD',
          decimals: 6,
          amount: '250000000',
          amount_formatted: '250',
          error: null,
        },
      ],
      next_cursor: null,
    });
    const inB = await balances(b, shared.inB);
    expect(inB.balances.map((x) => x.asset_id)).toEqual([native]);
    // Paged like the asset registry: the native asset first, the tokens after it.
    const p1 = await balances(a, shared.inA, '?limit=1');
    expect(p1.balances.map((x) => x.asset_id)).toEqual([native]);
    const p2 = await balances(a, shared.inA, `?limit=1&cursor=${p1.next_cursor}`);
    expect(p2.balances.map((x) => [x.asset_id, x.amount])).toEqual([[token.assetId, '250000000']]);
  });

  it('marks a token deposit REORGED when its block leaves the chain, and DETECTED again (same id) when mined again', async () => {
    const h = await transfer(token.address, onlyA.key.address, 1_500_000n);
    const included = await stack.devChain!.mine();
    await scan();
    const tokenId = tokenDepositId(h, onlyA.id, token.assetId, 0);
    const find = async () => (await list(a, `?wallet_id=${onlyA.id}`)).deposits.find((x) => x.id === tokenId)!;
    expect(await find()).toMatchObject({
      status: 'DETECTED',
      block_number: included,
      asset_id: token.assetId,
      amount: '1500000',
    });
    await stack.devChain!.reorg(1, { reinclude: false });
    await scan();
    expect(await find()).toMatchObject({ status: 'REORGED', confirmations: 0 });
    expect((await balances(a, onlyA.id)).balances[1]).toMatchObject({ amount: '0' });
    const again = await stack.devChain!.mine();
    await scan();
    expect(await find()).toMatchObject({ status: 'DETECTED', block_number: again, confirmations: 1 });
    expect((await balances(a, onlyA.id)).balances[1]).toMatchObject({ amount: '1500000', amount_formatted: '1.5' });
    const types = (await depositEvents(a.id))
      .filter((e) => (e.data as { deposit_id: string }).deposit_id === tokenId)
      .map((e) => e.type);
    expect(types).toEqual(['deposit.detected', 'deposit.detected']);
    // Only the registered token's transfers are deposits of A's wallet (not the stranger's 7 units).
    expect((await list(a, `?wallet_id=${onlyA.id}`)).deposits.map((x) => x.id)).toEqual([tokenId]);
  });

  it('gives a tenant that registers the same contract its own deposits, under its own asset id', async () => {
    const assetInB = await registerToken(b, token.address, 'GLDB');
    const h = await transfer(token.address, shared.key.address, 3_000_000n);
    await stack.devChain!.mine();
    await scan();
    expect((await list(b)).deposits).toEqual([
      expect.objectContaining({
        id: tokenDepositId(h, shared.inB, assetInB, 0),
        wallet_id: shared.inB,
        asset_id: assetInB,
        amount: '3000000',
      }),
    ]);
    expect((await list(a, `?wallet_id=${shared.inA}`)).deposits.map((x) => [x.id, x.asset_id])).toEqual([
      [tokenDepositId(h, shared.inA, token.assetId, 0), token.assetId],
      [id, token.assetId],
    ]);
    expect((await balances(b, shared.inB)).balances[1]).toMatchObject({
      asset_id: assetInB,
      symbol: 'GLDB',
      amount: '253000000',
    });
  });

  it('stops a run before a block that a reorg replaced between reading it and reading its logs; the next run records it there', async () => {
    const h = await transfer(token.address, onlyA.key.address, 4_000_000n);
    const mined = await stack.devChain!.mine();
    const real = makeChain(stack.config);
    const racing = Object.create(real) as ChainPort;
    // The chain moves between the scanner's block reads and its log read: the block is mined again (same transfer).
    racing.getLogs = async (f) => (await stack.devChain!.reorg(1), real.getLogs(f));
    const r = await scanDeposits({ ...deps, chain: racing });
    expect(r.detected).toBe(0);
    expect(r.to === null || r.to < mined).toBe(true);
    expect((await cursor()).next_block).toBe(mined);
    const next = await scanDeposits(deps);
    expect(next.detected).toBe(1);
    const stored = await stack.store.get(keys.deposit(a.id, tokenDepositId(h, onlyA.id, token.assetId, 0)), {
      consistent: true,
    });
    const canonical = await rpc('eth_getBlockByNumber', [`0x${mined.toString(16)}`, false]);
    expect(stored).toMatchObject({ block_number: mined, block_hash: canonical.hash, status: 'DETECTED' });
  });

  it('reads the logs of many watched contracts in chunks, still once per range', async () => {
    const contracts = [token.address, ...Array.from({ length: TOKEN_ADDRESSES_PER_QUERY + 20 }, () => randomAddress())];
    const counted = countingChain();
    const head = await deps.chain.blockNumber();
    const found = await readTokenTransfers(counted.chain, contracts, Math.max(0, head - 10), head);
    expect(counted.getLogs.map((f) => (f.address as string[]).length)).toEqual([TOKEN_ADDRESSES_PER_QUERY, 21]);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((t) => t.contract === token.address.toLowerCase())).toBe(true);
  });

  it('answers a balance error for a token whose balanceOf cannot be read, the others all the same; no node is 503 1500', async () => {
    // A registered address without a contract: eth_call answers no data.
    const bogus = await registerToken(a, randomAddress(), 'NOPE');
    const res = await balances(a, shared.inA);
    expect(res.balances.map((x) => x.asset_id)).toEqual([
      nativeAssetId(stack.config.CUSTODY_CHAIN_ID),
      token.assetId,
      bogus,
    ]);
    expect(res.balances[1]).toMatchObject({ amount: '253000000', error: null });
    expect(res.balances[2]).toMatchObject({
      asset_id: bogus,
      amount: null,
      amount_formatted: null,
      error: { code: 1501, type: 'CHAIN_ERROR' },
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

  it('records two Transfers of one contract to one wallet in one transaction as two deposits, and ignores an ERC-721-shaped Transfer', async () => {
    // Hand-assembled EVM code: every call logs Transfer(this, <address in calldata word 0>, 1), then the same with 2,
    // then a four-topic Transfer (the ERC-721 shape: tokenId 7 indexed, no data).
    const topic = TRANSFER_EVENT_TOPIC.slice(2);
    const log3 = (value: string) => `60${value}600052` + `600435` + `30` + `7f${topic}` + `60206000a3`;
    const runtime = log3('01') + log3('02') + `6007` + `600435` + `30` + `7f${topic}` + `60006000a4` + `00`;
    const length = (runtime.length / 2).toString(16).padStart(2, '0');
    const init = `0x60${length}600c60003960${length}6000f3${runtime}` as Hex;
    const hash = await send(null, init, 300_000n);
    await stack.devChain!.mine();
    const multi = (await rpc('eth_getTransactionReceipt', [hash])).contractAddress as Hex;
    const assetId = await registerToken(a, multi, 'MULTI');
    const h = await transfer(multi, onlyA.key.address, 1n);
    await stack.devChain!.mine();
    const receipt = await rpc('eth_getTransactionReceipt', [h]);
    expect(receipt.logs).toHaveLength(3);
    await scan();
    await scan();
    const found = (await list(a, `?wallet_id=${onlyA.id}`)).deposits.filter((d) => d.asset_id === assetId);
    expect(found.map((d) => [d.id, d.amount, d.from]).sort()).toEqual(
      [
        [tokenDepositId(h, onlyA.id, assetId, 0), '1', multi.toLowerCase()],
        [tokenDepositId(h, onlyA.id, assetId, 1), '2', multi.toLowerCase()],
      ].sort(),
    );
  });
});
