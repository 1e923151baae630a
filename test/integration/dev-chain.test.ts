import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { FakeClock } from '../../shared/ports/clock.js';
import { startDevChain, type DevChain } from '../../tools/dev-chain/server.js';

/** The local development chain over real HTTP: the JSON-RPC methods the service uses, its errors, and batches. */
const FUNDED = '0x' + 'ab'.repeat(20);
const SENDER = '0x' + 'cd'.repeat(20);
const clock = new FakeClock(new Date('2026-03-01T00:00:00Z').getTime());
let chain: DevChain;
let nextId = 1;

beforeAll(async () => {
  chain = await startDevChain({
    chainId: 20803,
    clock,
    accounts: { [FUNDED]: { balance: 5n * 10n ** 18n } },
    // Stand-in for the later transaction decoder: transactions starting with 0xcd come from SENDER.
    senderOf: (raw) => (raw[0] === 0xcd ? SENDER : null),
  });
});
afterAll(async () => chain?.stop());

async function post(body: unknown, raw?: string): Promise<{ status: number; body: any }> {
  const res = await fetch(chain.url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: raw ?? JSON.stringify(body) });
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

const keccakHex = (hex: string) => `0x${bytesToHex(keccak_256(hexToBytes(hex.slice(2))))}`;

describe('dev chain', () => {
  it('reports its chain id as eth_chainId (hex) and net_version (decimal)', async () => {
    expect(await result('eth_chainId')).toBe('0x5143');
    expect(await result('net_version')).toBe('20803');
  });

  it('advances blocks on demand with dev_mine', async () => {
    const before = Number(await result('eth_blockNumber'));
    expect(await result('dev_mine')).toBe(`0x${(before + 1).toString(16)}`);
    expect(await result('dev_mine', [3])).toBe(`0x${(before + 4).toString(16)}`);
    expect(await result('eth_blockNumber')).toBe(`0x${(before + 4).toString(16)}`);
  });

  it('seals a block every blockTimeMs on its timer', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const timed = await startDevChain({ blockTimeMs: 1_000 });
      vi.advanceTimersByTime(3_000);
      expect(timed.state.head.number).toBe(3);
      await timed.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers prefunded balances, zero for unknown accounts, and balances set with dev_setBalance', async () => {
    expect(BigInt(await result('eth_getBalance', [FUNDED, 'latest']))).toBe(5n * 10n ** 18n);
    expect(await result('eth_getBalance', [FUNDED.toUpperCase().replace('0X', '0x')])).toBe('0x4563918244f40000');
    expect(await result('eth_getBalance', ['0x' + '00'.repeat(20), 'latest'])).toBe('0x0');
    expect(await result('dev_setBalance', ['0x' + '01'.repeat(20), '0x2a'])).toBe(true);
    expect(await result('eth_getBalance', ['0x' + '01'.repeat(20), 'pending'])).toBe('0x2a');
  });

  it('accepts a raw transaction, answers its Keccak-256 hash, and has no receipt until it is mined', async () => {
    const raw = '0x02f8b1825143';
    const hash = await result('eth_sendRawTransaction', [raw]);
    expect(hash).toBe(keccakHex(raw));
    expect(await result('eth_getTransactionReceipt', [hash])).toBeNull();
    const block = await result('dev_mine');
    const receipt = await result('eth_getTransactionReceipt', [hash]);
    expect(receipt).toMatchObject({ transactionHash: hash, blockNumber: block, status: '0x1', transactionIndex: '0x0' });
    expect(receipt.blockHash).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it('refuses a transaction it has already seen (pending or mined) with -32000 "already known"', async () => {
    await result('eth_sendRawTransaction', ['0xbeef01']);
    expect(await errorOf('eth_sendRawTransaction', ['0xbeef01'])).toEqual({ code: -32000, message: 'already known' });
    await result('dev_mine');
    expect(await errorOf('eth_sendRawTransaction', ['0xbeef01'])).toEqual({ code: -32000, message: 'already known' });
  });

  it('counts a sender\'s nonce: pending includes the pool, latest only mined transactions', async () => {
    expect(await result('eth_getTransactionCount', [SENDER, 'latest'])).toBe('0x0');
    await result('eth_sendRawTransaction', ['0xcd01']);
    await result('eth_sendRawTransaction', ['0xcd02']);
    expect(await result('eth_getTransactionCount', [SENDER, 'pending'])).toBe('0x2');
    expect(await result('eth_getTransactionCount', [SENDER, 'latest'])).toBe('0x0');
    await result('dev_mine');
    expect(await result('eth_getTransactionCount', [SENDER, 'latest'])).toBe('0x2');
    expect(await result('eth_getTransactionCount', [SENDER, 'pending'])).toBe('0x2');
  });

  it('answers -32601 for an unknown method', async () => {
    expect(await errorOf('eth_mining')).toMatchObject({ code: -32601, message: expect.stringContaining('eth_mining') });
  });

  it.each([
    ['eth_getBalance', ['0x1234']],
    ['eth_getBalance', []],
    ['eth_getBalance', [FUNDED, 'yesterday']],
    ['eth_getTransactionCount', [42, 'latest']],
    ['eth_sendRawTransaction', ['0xabc']],
    ['eth_sendRawTransaction', ['0x']],
    ['eth_sendRawTransaction', ['beef']],
    ['eth_sendRawTransaction', [`0x${'00'.repeat(128 * 1024 + 1)}`]],
    ['eth_getTransactionReceipt', ['0x1234']],
    ['eth_chainId', ['extra']],
    ['dev_mine', [0]],
    ['eth_blockNumber', { not: 'an array' }],
  ])('answers -32602 for %s with bad params %j', async (method, params) => {
    expect((await errorOf(method, params)).code).toBe(-32602);
  });

  it('answers -32700 for a body that is not JSON and -32600 for a request that is not JSON-RPC 2.0', async () => {
    expect((await post(undefined, '{nope')).body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: expect.any(String) } });
    expect((await post({ jsonrpc: '1.0', id: 3, method: 'eth_chainId' })).body).toMatchObject({ id: 3, error: { code: -32600 } });
    expect((await post({ jsonrpc: '2.0', id: 4 })).body).toMatchObject({ id: 4, error: { code: -32600 } });
    expect((await post([])).body).toMatchObject({ id: null, error: { code: -32600 } });
  });

  it('answers a batch in order, leaving out notifications', async () => {
    const res = await post([
      { jsonrpc: '2.0', id: 'a', method: 'eth_chainId' },
      { jsonrpc: '2.0', method: 'dev_mine' },
      { jsonrpc: '2.0', id: 'b', method: 'nope' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { jsonrpc: '2.0', id: 'a', result: '0x5143' },
      { jsonrpc: '2.0', id: 'b', error: { code: -32601, message: expect.any(String) } },
    ]);
    expect((await post({ jsonrpc: '2.0', method: 'dev_mine' })).status).toBe(204);
  });

  it('takes block timestamps from its clock', async () => {
    clock.set(new Date('2027-01-01T00:00:00Z'));
    chain.mine();
    expect(chain.state.head.timestamp).toBe(Date.UTC(2027, 0, 1) / 1000);
  });

  it('refuses anything but POST', async () => {
    expect((await fetch(chain.url)).status).toBe(405);
  });
});
