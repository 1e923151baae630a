import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodeSignedTx, encodeSignedTx, fromHex, toHex } from '../../shared/domain/chain/chain-profile.js';
import { FakeClock } from '../../shared/ports/clock.js';
import { startDevChain, type DevChain } from '../../tools/dev-chain/server.js';
import { GWEI, signTx, testKey } from '../support/pq-chain.js';

/**
 * The development chain over real HTTP: a real EVM behind pq-evm-v1 transactions (signatures verified, nonces and
 * balances kept, value transfers, contract creation and calls with receipts and logs), the standard methods, the
 * Anvil/Hardhat helpers, fault knobs and reorgs.
 */
const alice = testKey(0xa1);
const bob = testKey(0xb2);
const ETH = 10n ** 18n;
const clock = new FakeClock(new Date('2026-03-01T00:00:00Z').getTime());
let chain: DevChain;
let nextId = 1;

beforeAll(async () => {
  chain = await startDevChain({ chainId: 20803, clock, accounts: { [alice.address]: { balance: 5n * ETH } } });
});
afterAll(async () => chain?.stop());
afterEach(() => chain.faults.reset());

async function post(body: unknown, raw?: string): Promise<{ status: number; body: any }> {
  const res = await fetch(chain.url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: raw ?? JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}
async function rpc(method: string, params?: unknown): Promise<any> {
  const id = nextId++;
  const res = await post({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ jsonrpc: '2.0', id });
  return res.body;
}
const result = async (method: string, params?: unknown) => {
  const body = await rpc(method, params);
  expect(body.error).toBeUndefined();
  return body.result;
};
const errorOf = async (method: string, params?: unknown) => (await rpc(method, params)).error;
const balance = async (a: string) => BigInt(await result('eth_getBalance', [a, 'latest']));
const nonce = async (a: string, tag = 'latest') => Number(await result('eth_getTransactionCount', [a, tag]));
const send = async (raw: string) => result('eth_sendRawTransaction', [raw]);

// Runtime code: MSTORE 42 at 0, LOG1(0, 32, TOPIC), RETURN 32 bytes from 0. Init code copies it and returns it.
const TOPIC = `0x${'ee'.repeat(32)}`;
const RUNTIME = `602a600052 7f${'ee'.repeat(32)} 60206000a1 60206000f3`.replace(/ /g, '');
const INIT = `0x6030600c60003960306000f3${RUNTIME}`;
// Runtime code that always reverts: REVERT(0, 0).
const REVERTER_INIT = `0x6005600c60003960056000f3${'60006000fd'}`;

describe('dev chain: basics', () => {
  it('reports its chain id as eth_chainId (hex) and net_version (decimal)', async () => {
    expect(await result('eth_chainId')).toBe('0x5143');
    expect(await result('net_version')).toBe('20803');
  });

  it('advances blocks on demand with evm_mine (and its alias dev_mine)', async () => {
    const before = Number(await result('eth_blockNumber'));
    expect(await result('evm_mine')).toBe(`0x${(before + 1).toString(16)}`);
    expect(await result('dev_mine', [3])).toBe(`0x${(before + 4).toString(16)}`);
    expect(await result('eth_blockNumber')).toBe(`0x${(before + 4).toString(16)}`);
  });

  it('seals a block every blockTimeMs on its timer', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const timed = await startDevChain({ blockTimeMs: 1_000 });
      vi.advanceTimersByTime(3_000);
      await timed.state.exclusive(() => undefined); // the timer's blocks are queued before this
      expect(timed.state.head.number).toBe(3);
      await timed.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers prefunded balances, zero for unknown accounts, and balances set with anvil_setBalance / hardhat_setBalance', async () => {
    expect(await balance(alice.address)).toBe(5n * ETH);
    expect(await result('eth_getBalance', ['0x' + '00'.repeat(20), 'latest'])).toBe('0x0');
    expect(await result('anvil_setBalance', ['0x' + '01'.repeat(20), '0x2a'])).toBe(true);
    expect(await result('eth_getBalance', ['0x' + '01'.repeat(20), 'pending'])).toBe('0x2a');
    expect(await result('hardhat_setBalance', ['0x' + '01'.repeat(20), '0x2b'])).toBe(true);
    expect(await balance('0x' + '01'.repeat(20))).toBe(0x2bn);
  });

  it('answers fee data: gas price, priority fee, fee history', async () => {
    expect(BigInt(await result('eth_maxPriorityFeePerGas'))).toBe(GWEI);
    expect(BigInt(await result('eth_gasPrice'))).toBe(2n * GWEI);
    const head = Number(await result('eth_blockNumber'));
    const h = await result('eth_feeHistory', ['0x2', 'latest', [50]]);
    expect(h).toEqual({
      oldestBlock: `0x${(head - 1).toString(16)}`,
      baseFeePerGas: ['0x3b9aca00', '0x3b9aca00', '0x3b9aca00'],
      gasUsedRatio: [expect.any(Number), expect.any(Number)],
      reward: [['0x3b9aca00'], ['0x3b9aca00']],
    });
  });
});

describe('dev chain: pq-evm-v1 transactions in the EVM', () => {
  it('transfers value: verifies the ML-DSA signature, derives the sender, keeps nonces, charges gas at the effective price', async () => {
    const value = ETH / 10n;
    expect(
      BigInt(
        await result('eth_estimateGas', [{ from: alice.address, to: bob.address, value: `0x${value.toString(16)}` }]),
      ),
    ).toBe(21_000n);
    const { raw, hash } = signTx(alice, { nonce: 0n, to: bob.address, value });
    expect(await send(raw)).toBe(hash);
    expect(await nonce(alice.address, 'pending')).toBe(1);
    expect(await nonce(alice.address)).toBe(0);
    expect(await result('eth_getTransactionReceipt', [hash])).toBeNull();
    expect(await result('eth_getTransactionByHash', [hash])).toMatchObject({
      hash,
      from: alice.address,
      to: bob.address,
      nonce: '0x0',
      blockHash: null,
      type: '0x50',
    });

    const block = await result('evm_mine');
    const receipt = await result('eth_getTransactionReceipt', [hash]);
    expect(receipt).toMatchObject({
      transactionHash: hash,
      blockNumber: block,
      status: '0x1',
      from: alice.address,
      to: bob.address,
      contractAddress: null,
      gasUsed: '0x5208',
      logs: [],
    });
    expect(BigInt(receipt.effectiveGasPrice)).toBe(2n * GWEI); // base fee 1 gwei + tip 1 gwei
    const head = await result('eth_getBlockByNumber', ['latest', false]);
    expect(head).toMatchObject({ number: block, hash: receipt.blockHash, transactions: [hash] });
    expect(await result('eth_getTransactionByHash', [hash])).toMatchObject({
      blockHash: receipt.blockHash,
      blockNumber: block,
    });

    expect(await balance(bob.address)).toBe(value);
    expect(await balance(alice.address)).toBe(5n * ETH - value - 21_000n * 2n * GWEI);
    expect(await nonce(alice.address)).toBe(1);
  });

  it('refuses what a node refuses, each with its message', async () => {
    const n = BigInt(await nonce(alice.address));
    const ok = signTx(alice, { nonce: n, to: bob.address, value: 1n });
    await send(ok.raw);
    expect(await errorOf('eth_sendRawTransaction', [ok.raw])).toEqual({ code: -32000, message: 'already known' });
    expect(
      (await errorOf('eth_sendRawTransaction', [signTx(alice, { nonce: 0n, to: bob.address, value: 2n }).raw])).message,
    ).toMatch(/^nonce too low/);
    expect(
      (await errorOf('eth_sendRawTransaction', [signTx(alice, { nonce: n, to: bob.address, value: 3n }).raw])).message,
    ).toBe('replacement transaction underpriced');
    expect(
      (await errorOf('eth_sendRawTransaction', [signTx(bob, { nonce: 0n, to: alice.address, value: ETH }).raw]))
        .message,
    ).toMatch(/^insufficient funds for gas \* price \+ value/);
    expect(
      (await errorOf('eth_sendRawTransaction', [signTx(alice, { chainId: 1n, nonce: n + 1n }).raw])).message,
    ).toMatch(/^invalid chain id/);
    expect(
      (await errorOf('eth_sendRawTransaction', [signTx(alice, { nonce: n + 1n, gasLimit: 20_000n }).raw])).message,
    ).toMatch(/^intrinsic gas too low/);
    expect(
      (
        await errorOf('eth_sendRawTransaction', [
          signTx(alice, { nonce: n + 1n, maxFeePerGas: GWEI / 2n, maxPriorityFeePerGas: 0n }).raw,
        ])
      ).message,
    ).toMatch(/^max fee per gas less than block base fee/);
    // A signature over other fields: the key no longer vouches for them.
    const d = decodeSignedTx(fromHex(signTx(alice, { nonce: n + 1n, to: bob.address, value: 1n }).raw));
    const forged = toHex(encodeSignedTx({ ...d.tx, value: ETH }, d.publicKey, d.signature));
    expect((await errorOf('eth_sendRawTransaction', [forged])).message).toMatch(/^invalid signature/);
    expect((await errorOf('eth_sendRawTransaction', ['0x02f8b1825143'])).message).toMatch(
      /^invalid transaction: transaction type 0x02/,
    );
    expect(
      (
        await errorOf('eth_sendRawTransaction', [
          signTx(testKey(0xc3, 'ML-DSA-44'), { nonce: 0n }, { algorithm: 'ML-DSA-44' }).raw,
        ])
      ).message,
    ).toMatch(/^invalid signature: the public key is not 1952 bytes/);
    await result('evm_mine');
  });

  it('keeps a transaction with a future nonce until the gap is filled, as a node queues it', async () => {
    const n = BigInt(await nonce(alice.address));
    const later = signTx(alice, { nonce: n + 1n, to: bob.address, value: 1n });
    await send(later.raw);
    expect(await nonce(alice.address, 'pending')).toBe(Number(n));
    await result('evm_mine');
    expect(await result('eth_getTransactionReceipt', [later.hash])).toBeNull();
    const first = signTx(alice, { nonce: n, to: bob.address, value: 1n });
    await send(first.raw);
    expect(await nonce(alice.address, 'pending')).toBe(Number(n) + 2);
    await result('evm_mine');
    expect((await result('eth_getTransactionReceipt', [later.hash])).status).toBe('0x1');
    expect((await result('eth_getTransactionReceipt', [first.hash])).transactionIndex).toBe('0x0');
  });

  it('creates a contract from init code (empty to), calls it in a transaction with a real log, and answers eth_call and eth_getLogs', async () => {
    let n = BigInt(await nonce(alice.address));
    const gas = BigInt(await result('eth_estimateGas', [{ from: alice.address, data: INIT }]));
    const deploy = signTx(alice, { nonce: n++, to: null, data: INIT, gasLimit: gas });
    await send(deploy.raw);
    await result('evm_mine');
    const created = await result('eth_getTransactionReceipt', [deploy.hash]);
    expect(created).toMatchObject({
      status: '0x1',
      to: null,
      contractAddress: expect.stringMatching(/^0x[0-9a-f]{40}$/),
      gasUsed: `0x${gas.toString(16)}`,
    });
    const contract = created.contractAddress as string;
    expect(await result('eth_getCode', [contract, 'latest'])).toBe(`0x${RUNTIME}`);
    expect(BigInt(await result('eth_call', [{ to: contract, data: '0x' }, 'latest']))).toBe(42n);

    const call = signTx(alice, { nonce: n++, to: contract, gasLimit: 60_000n });
    await send(call.raw);
    const block = await result('evm_mine');
    const receipt = await result('eth_getTransactionReceipt', [call.hash]);
    expect(receipt.status).toBe('0x1');
    expect(receipt.logs).toEqual([
      {
        address: contract,
        topics: [TOPIC],
        data: `0x${'00'.repeat(31)}2a`,
        logIndex: '0x0',
        blockHash: receipt.blockHash,
        blockNumber: block,
        transactionHash: call.hash,
        transactionIndex: '0x0',
        removed: false,
      },
    ]);
    expect(
      await result('eth_getLogs', [{ fromBlock: block, toBlock: 'latest', address: contract, topics: [TOPIC] }]),
    ).toEqual(receipt.logs);
    expect(
      await result('eth_getLogs', [{ fromBlock: block, toBlock: block, topics: [`0x${'dd'.repeat(32)}`] }]),
    ).toEqual([]);
    expect(await result('eth_getLogs', [{ blockHash: receipt.blockHash }])).toHaveLength(1);
  });

  it('records a reverted call with status 0x0 and charges its gas; eth_call and eth_estimateGas answer the revert', async () => {
    let n = BigInt(await nonce(alice.address));
    const deploy = signTx(alice, { nonce: n++, to: null, data: REVERTER_INIT, gasLimit: 100_000n });
    await send(deploy.raw);
    await result('evm_mine');
    const contract = (await result('eth_getTransactionReceipt', [deploy.hash])).contractAddress;
    expect(await errorOf('eth_call', [{ to: contract }])).toMatchObject({ code: 3, message: 'execution reverted' });
    expect(await errorOf('eth_estimateGas', [{ from: alice.address, to: contract }])).toMatchObject({
      code: -32000,
      message: 'execution reverted',
    });
    const before = await balance(alice.address);
    const call = signTx(alice, { nonce: n++, to: contract, gasLimit: 50_000n });
    await send(call.raw);
    await result('evm_mine');
    const receipt = await result('eth_getTransactionReceipt', [call.hash]);
    expect(receipt.status).toBe('0x0');
    expect(await balance(alice.address)).toBe(before - BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice));
    expect(await nonce(alice.address)).toBe(Number(n));
  });
});

describe('dev chain: reorgs and faults', () => {
  it('reorg replaces the last blocks: the receipt keeps its number, its block hash changes', async () => {
    const n = BigInt(await nonce(alice.address));
    const t = signTx(alice, { nonce: n, to: bob.address, value: 5n });
    await send(t.raw);
    await result('evm_mine');
    await result('evm_mine');
    const before = await result('eth_getTransactionReceipt', [t.hash]);
    const head = await result('eth_blockNumber');
    expect(await result('dev_reorg', [2])).toBe(head);
    const after = await result('eth_getTransactionReceipt', [t.hash]);
    expect(after.blockNumber).toBe(before.blockNumber);
    expect(after.blockHash).not.toBe(before.blockHash);
    expect((await result('eth_getBlockByNumber', [before.blockNumber, false])).hash).toBe(after.blockHash);
    expect(await nonce(alice.address)).toBe(Number(n) + 1);
  });

  it('reorg without reinclusion drops the transaction back to the pool: no receipt until the next block', async () => {
    const n = BigInt(await nonce(alice.address));
    const t = signTx(alice, { nonce: n, to: bob.address, value: 6n });
    await send(t.raw);
    await result('evm_mine');
    const bobBefore = await balance(bob.address);
    await chain.reorg(1, { reinclude: false });
    expect(await result('eth_getTransactionReceipt', [t.hash])).toBeNull();
    expect(await balance(bob.address)).toBe(bobBefore - 6n);
    expect(await nonce(alice.address, 'pending')).toBe(Number(n) + 1);
    await result('evm_mine');
    expect((await result('eth_getTransactionReceipt', [t.hash])).status).toBe('0x1');
  });

  it('knob reject / nonceTooLow: eth_sendRawTransaction answers -32000 with that message, and nothing is pooled', async () => {
    const t = signTx(alice, { nonce: BigInt(await nonce(alice.address)), to: bob.address, value: 7n });
    expect(await result('dev_setFaults', [{ reject: 'txpool is full' }])).toEqual({
      down: false,
      slowMs: 0,
      reject: 'txpool is full',
      nonceTooLow: false,
      minTipWei: '0x0',
      refuse: {},
      suggestedTipWei: null,
    });
    expect(await errorOf('eth_sendRawTransaction', [t.raw])).toEqual({ code: -32000, message: 'txpool is full' });
    chain.faults.set({ reject: null, nonceTooLow: true });
    expect(await errorOf('eth_sendRawTransaction', [t.raw])).toEqual({ code: -32000, message: 'nonce too low' });
    chain.faults.reset();
    expect(await send(t.raw)).toBe(t.hash);
    expect((await errorOf('dev_setFaults', [{ sideways: true }])).code).toBe(-32602);
  });

  it('knob refuse: the methods named answer -32000 with their message, the others answer; control methods cannot be named', async () => {
    expect(await result('dev_setFaults', [{ refuse: { eth_getBalance: 'header not found' } }])).toMatchObject({
      refuse: { eth_getBalance: 'header not found' },
    });
    expect(await errorOf('eth_getBalance', [bob.address, 'latest'])).toEqual({
      code: -32000,
      message: 'header not found',
    });
    expect(await result('eth_chainId')).toBe('0x5143');
    for (const refuse of [{ dev_setFaults: 'no' }, { eth_getBalance: '' }, ['eth_getBalance']])
      expect((await errorOf('dev_setFaults', [{ refuse }])).code).toBe(-32602);
    expect(await result('dev_setFaults', [{ refuse: {} }])).toMatchObject({ refuse: {} });
    expect(BigInt(await result('eth_getBalance', [bob.address, 'latest']))).toBeGreaterThanOrEqual(0n);
  });

  it('knob down: the node drops every connection but still takes control methods, so the fault can be lifted', async () => {
    await result('dev_setFaults', [{ down: true }]);
    await expect(
      fetch(chain.url, { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }) }),
    ).rejects.toThrow();
    expect(await result('dev_setFaults', [{ down: false }])).toMatchObject({ down: false });
    expect(await result('eth_chainId')).toBe('0x5143');
  });
});

describe('dev chain: the pool as a real node keeps it', () => {
  const carol = testKey(0xc4);
  const dave = testKey(0xd5);
  const erin = `0x${'e1'.repeat(20)}`; // receives only from these tests
  const fees = (maxFeePerGas: bigint, maxPriorityFeePerGas: bigint) => ({ maxFeePerGas, maxPriorityFeePerGas });
  const pooled = async (hash: string) =>
    (await result('eth_getTransactionByHash', [hash])) as { blockHash: string | null } | null;

  beforeAll(async () => {
    await result('anvil_setBalance', [carol.address, `0x${ETH.toString(16)}`]);
    await result('anvil_setBalance', [dave.address, `0x${ETH.toString(16)}`]);
  });

  it('replaces a pool transaction only by one paying at least 10 % more in both fee fields; the replaced one is gone', async () => {
    const n = BigInt(await nonce(carol.address));
    const first = signTx(carol, { nonce: n, to: erin, value: 1n, ...fees(2n * GWEI, GWEI) });
    await send(first.raw);
    const underpriced = [
      fees(2n * GWEI + 199_999_999n, GWEI + 99_999_999n), // 9.99... % more in both
      fees(3n * GWEI, GWEI + 99_999_999n), // the tip short of 10 %
      fees(2n * GWEI + 199_999_999n, 2n * GWEI), // the max fee short of 10 %
      fees(2n * GWEI, GWEI), // the same fees
    ];
    for (const f of underpriced) {
      expect(
        await errorOf('eth_sendRawTransaction', [signTx(carol, { nonce: n, to: erin, value: 2n, ...f }).raw]),
      ).toEqual({ code: -32000, message: 'replacement transaction underpriced' });
    }
    expect(await pooled(first.hash)).toMatchObject({ blockHash: null });

    const second = signTx(carol, { nonce: n, to: erin, value: 3n, ...fees(2_200_000_000n, 1_100_000_000n) }); // exactly 10 %
    expect(await send(second.raw)).toBe(second.hash);
    expect(await pooled(first.hash)).toBeNull();
    expect(await nonce(carol.address, 'pending')).toBe(Number(n) + 1);
    const erinBefore = await balance(erin);
    await result('evm_mine');
    expect(await result('eth_getTransactionReceipt', [first.hash])).toBeNull();
    expect((await result('eth_getTransactionReceipt', [second.hash])).status).toBe('0x1');
    expect(await balance(erin)).toBe(erinBefore + 3n);
  });

  it('refuses a replacement of a zero tip that keeps the tip at zero (more means more, as in geth)', async () => {
    const n = BigInt(await nonce(carol.address));
    await send(signTx(carol, { nonce: n, to: erin, value: 1n, ...fees(GWEI, 0n) }).raw);
    expect(
      (
        await errorOf('eth_sendRawTransaction', [
          signTx(carol, { nonce: n, to: erin, value: 1n, ...fees(5n * GWEI, 0n) }).raw,
        ])
      ).message,
    ).toBe('replacement transaction underpriced');
    expect(await send(signTx(carol, { nonce: n, to: erin, value: 1n, ...fees(5n * GWEI, 1n) }).raw)).toMatch(/^0x/);
    await result('evm_mine');
    expect(await nonce(carol.address)).toBe(Number(n) + 1);
  });

  it("knob minTipWei: pool transactions paying a lower tip are not mined (nor their sender's later nonces) until replaced by one that pays", async () => {
    expect(await result('dev_setFaults', [{ minTipWei: '0x77359400' }])).toMatchObject({ minTipWei: '0x77359400' }); // 2 gwei
    const n = BigInt(await nonce(carol.address));
    const cheap = signTx(carol, { nonce: n, to: erin, value: 1n, ...fees(2n * GWEI, GWEI) });
    const next = signTx(carol, { nonce: n + 1n, to: erin, value: 1n, ...fees(4n * GWEI, 3n * GWEI) });
    const paying = signTx(dave, {
      nonce: BigInt(await nonce(dave.address)),
      to: erin,
      value: 1n,
      ...fees(3n * GWEI, 2n * GWEI),
    });
    for (const t of [cheap, next, paying]) await send(t.raw);
    await result('evm_mine');
    expect((await result('eth_getTransactionReceipt', [paying.hash])).status).toBe('0x1');
    expect(await result('eth_getTransactionReceipt', [cheap.hash])).toBeNull();
    expect(await result('eth_getTransactionReceipt', [next.hash])).toBeNull();
    expect(await pooled(cheap.hash)).toMatchObject({ blockHash: null });

    // A replacement whose tip is above the minimum, but which pays less: the max fee leaves 1.9 gwei over the base fee.
    const speedUp = signTx(carol, { nonce: n, to: erin, value: 1n, ...fees(2_900_000_000n, 2_500_000_000n) });
    await send(speedUp.raw);
    await result('evm_mine');
    expect(await result('eth_getTransactionReceipt', [speedUp.hash])).toBeNull();

    chain.faults.set({ minTipWei: 1_900_000_000n });
    await result('evm_mine');
    expect((await result('eth_getTransactionReceipt', [speedUp.hash])).status).toBe('0x1');
    expect((await result('eth_getTransactionReceipt', [next.hash])).status).toBe('0x1');
  });

  it('knob suggestedTipWei: the suggested tip lags minTipWei, so a transaction paying it stays in the pool', async () => {
    const quantity = (n: bigint) => `0x${n.toString(16)}`;
    expect(await result('eth_maxPriorityFeePerGas')).toBe(quantity(GWEI));
    chain.faults.set({ minTipWei: (5n * GWEI).toString() });
    expect(await result('eth_maxPriorityFeePerGas')).toBe(quantity(5n * GWEI)); // a congested chain asks for more
    expect(
      await result('dev_setFaults', [{ minTipWei: (5n * GWEI).toString(), suggestedTipWei: GWEI.toString() }]),
    ).toMatchObject({ minTipWei: quantity(5n * GWEI), suggestedTipWei: quantity(GWEI) });
    const suggested = BigInt(await result('eth_maxPriorityFeePerGas'));
    expect(suggested).toBe(GWEI);
    const t = signTx(carol, {
      nonce: BigInt(await nonce(carol.address)),
      to: erin,
      value: 1n,
      ...fees(3n * GWEI, suggested),
    });
    await send(t.raw);
    await result('evm_mine');
    expect(await result('eth_getTransactionReceipt', [t.hash])).toBeNull();
    expect(await result('dev_setFaults', [{ suggestedTipWei: null }])).toMatchObject({ suggestedTipWei: null });
    expect(await result('eth_maxPriorityFeePerGas')).toBe(quantity(5n * GWEI)); // caught up with the spike
    expect((await errorOf('dev_setFaults', [{ suggestedTipWei: 'gwei' }])).message).toMatch(/^suggestedTipWei/);
    chain.faults.reset();
    await result('evm_mine');
    expect((await result('eth_getTransactionReceipt', [t.hash])).status).toBe('0x1');
  });

  it.each([[-1], ['1.5'], ['0x'], ['gwei'], [true], [`0x1${'0'.repeat(64)}`]])(
    'refuses minTipWei %j with -32602',
    async (v) => {
      expect((await errorOf('dev_setFaults', [{ minTipWei: v }])).code).toBe(-32602);
    },
  );

  it('dev_dropPending forgets the pool as a node restart does: the transactions are unknown, and can be sent again', async () => {
    const n = BigInt(await nonce(dave.address));
    const a = signTx(dave, { nonce: n, to: erin, value: 1n });
    const b = signTx(dave, { nonce: n + 1n, to: erin, value: 1n });
    await send(a.raw);
    await send(b.raw);
    expect(await result('dev_dropPending')).toBe('0x2');
    expect(await pooled(a.hash)).toBeNull();
    expect(await nonce(dave.address, 'pending')).toBe(Number(n));
    await result('evm_mine');
    expect(await result('eth_getTransactionReceipt', [a.hash])).toBeNull();
    expect(await chain.dropPending()).toBe(0);

    expect(await send(a.raw)).toBe(a.hash); // not "already known"
    await result('evm_mine');
    expect((await result('eth_getTransactionReceipt', [a.hash])).status).toBe('0x1');
    expect(await result('eth_getTransactionReceipt', [b.hash])).toBeNull();
  });
});

describe('dev chain: JSON-RPC protocol', () => {
  it('answers -32601 for an unknown method', async () => {
    expect(await errorOf('eth_mining')).toMatchObject({ code: -32601, message: expect.stringContaining('eth_mining') });
  });

  it.each([
    ['eth_getBalance', ['0x1234']],
    ['eth_getBalance', []],
    ['eth_getBalance', ['0x' + 'ab'.repeat(20), 'yesterday']],
    ['eth_getTransactionCount', [42, 'latest']],
    ['eth_sendRawTransaction', ['0xabc']],
    ['eth_sendRawTransaction', ['0x']],
    ['eth_sendRawTransaction', ['beef']],
    ['eth_sendRawTransaction', [`0x${'00'.repeat(128 * 1024 + 1)}`]],
    ['eth_getTransactionReceipt', ['0x1234']],
    ['eth_call', ['nope']],
    ['eth_getLogs', [{ address: '0x12' }]],
    ['eth_chainId', ['extra']],
    ['evm_mine', [0]],
    ['dev_reorg', [0]],
    ['dev_dropPending', [1]],
    ['anvil_setBalance', ['0x' + 'ab'.repeat(20), 'lots']],
    ['eth_blockNumber', { not: 'an array' }],
  ])('answers -32602 for %s with bad params %j', async (method, params) => {
    expect((await errorOf(method, params)).code).toBe(-32602);
  });

  it('answers -32700 for a body that is not JSON and -32600 for a request that is not JSON-RPC 2.0', async () => {
    expect((await post(undefined, '{nope')).body).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: expect.any(String) },
    });
    expect((await post({ jsonrpc: '1.0', id: 3, method: 'eth_chainId' })).body).toMatchObject({
      id: 3,
      error: { code: -32600 },
    });
    expect((await post({ jsonrpc: '2.0', id: 4 })).body).toMatchObject({ id: 4, error: { code: -32600 } });
    expect((await post([])).body).toMatchObject({ id: null, error: { code: -32600 } });
  });

  it('answers a batch in order, leaving out notifications', async () => {
    const res = await post([
      { jsonrpc: '2.0', id: 'a', method: 'eth_chainId' },
      { jsonrpc: '2.0', method: 'evm_mine' },
      { jsonrpc: '2.0', id: 'b', method: 'nope' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { jsonrpc: '2.0', id: 'a', result: '0x5143' },
      { jsonrpc: '2.0', id: 'b', error: { code: -32601, message: expect.any(String) } },
    ]);
    expect((await post({ jsonrpc: '2.0', method: 'evm_mine' })).status).toBe(204);
  });

  it('takes block timestamps from its clock', async () => {
    clock.set(new Date('2027-01-01T00:00:00Z'));
    await chain.mine();
    expect(chain.state.head.timestamp).toBe(Date.UTC(2027, 0, 1) / 1000);
  });

  it('refuses anything but POST', async () => {
    expect((await fetch(chain.url)).status).toBe(405);
  });
});
