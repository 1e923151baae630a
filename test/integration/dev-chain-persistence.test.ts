import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { FakeClock } from '../../shared/ports/clock.js';
import { JOURNAL_FILE } from '../../tools/dev-chain/journal.js';
import { startDevChain, type DevChain, type DevChainOptions } from '../../tools/dev-chain/server.js';
import { GWEI, signTx, testKey } from '../support/pq-chain.js';

/**
 * The dev chain with a data folder keeps its chain across a restart, over real JSON-RPC: the same blocks and hashes,
 * balances, nonces and pool (a pending transaction is mined after the restart), also after a kill -9 of the node's
 * process; a journal cut short by a kill is cut back to its last whole record; a journal of another chain is refused.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX_LOADER = pathToFileURL(path.join(ROOT, 'node_modules/tsx/dist/esm/index.mjs')).href;
const base = mkdtempSync(path.join(tmpdir(), 'custody-chain-'));
const alice = testKey(0xa1);
const ETH = 10n ** 18n;
const bob = `0x${'b0'.repeat(20)}`;
const carol = `0x${'c0'.repeat(20)}`;
const clock = new FakeClock(new Date('2026-03-01T00:00:00Z').getTime());
const running: DevChain[] = [];
let dirs = 0;
const newDir = () => path.join(base, `chain-${++dirs}`);

afterEach(async () => {
  for (const c of running.splice(0)) await c.stop();
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

async function start(opts: DevChainOptions): Promise<DevChain> {
  const c = await startDevChain({ chainId: 20803, clock, ...opts });
  running.push(c);
  return c;
}
async function stop(c: DevChain): Promise<void> {
  running.splice(running.indexOf(c), 1);
  await c.stop();
}

let nextId = 1;
async function rpc(url: string, method: string, params: unknown[] = []): Promise<any> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
  });
  const body = (await res.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}
const num = async (url: string, method: string, params: unknown[] = []) => BigInt(await rpc(url, method, params));

/** What a restart must keep, read over JSON-RPC. */
async function observe(url: string, hashes: string[]) {
  const head = Number(await num(url, 'eth_blockNumber'));
  const blocks = [];
  for (let n = 0; n <= head; n++) blocks.push(await rpc(url, 'eth_getBlockByNumber', [`0x${n.toString(16)}`, false]));
  return {
    head,
    blocks,
    balances: [
      await num(url, 'eth_getBalance', [alice.address, 'latest']),
      await num(url, 'eth_getBalance', [bob, 'latest']),
      await num(url, 'eth_getBalance', [carol, 'latest']),
    ],
    nonces: [
      await num(url, 'eth_getTransactionCount', [alice.address, 'latest']),
      await num(url, 'eth_getTransactionCount', [alice.address, 'pending']),
    ],
    transactions: await Promise.all(hashes.map((h) => rpc(url, 'eth_getTransactionByHash', [h]))),
    receipts: await Promise.all(hashes.map((h) => rpc(url, 'eth_getTransactionReceipt', [h]))),
  };
}

describe('dev chain persistence', () => {
  it('keeps blocks, balances, nonces and the pool across a stop and start on the same folder; a pending transaction is mined after', async () => {
    const dataDir = newDir();
    const first = await start({ dataDir, accounts: { [alice.address]: { balance: 5n * ETH } } });
    const mined = signTx(alice, { nonce: 0n, to: bob, value: 7n });
    await rpc(first.url, 'eth_sendRawTransaction', [mined.raw]);
    await rpc(first.url, 'evm_mine');
    await rpc(first.url, 'anvil_setBalance', [carol, '0x2a']);
    await rpc(first.url, 'evm_mine', ['0x3']);
    await rpc(first.url, 'dev_reorg', [2]); // new hashes for the last two blocks: a restart must keep these
    const replaced = signTx(alice, { nonce: 1n, to: bob, value: 8n });
    const pending = signTx(alice, {
      nonce: 1n,
      to: bob,
      value: 9n,
      maxFeePerGas: 3n * GWEI,
      maxPriorityFeePerGas: 2n * GWEI,
    });
    const queued = signTx(alice, { nonce: 2n, to: bob, value: 10n });
    for (const t of [replaced, pending, queued]) await rpc(first.url, 'eth_sendRawTransaction', [t.raw]);
    const hashes = [mined.hash, replaced.hash, pending.hash, queued.hash];
    const before = await observe(first.url, hashes);
    expect(before.transactions[1]).toBeNull(); // replaced
    await stop(first);

    const second = await start({ dataDir });
    expect(second.url).not.toBe(first.url);
    const after = await observe(second.url, hashes);
    expect(after).toEqual(before);
    expect(after.nonces).toEqual([1n, 3n]);
    expect(after.transactions[2]).toMatchObject({ hash: pending.hash, blockHash: null });
    // The known transactions are known: sending one again is "already known".
    await expect(rpc(second.url, 'eth_sendRawTransaction', [pending.raw])).rejects.toThrow('already known');

    expect(await rpc(second.url, 'evm_mine')).toBe(`0x${(before.head + 1).toString(16)}`);
    expect(await rpc(second.url, 'eth_getTransactionReceipt', [pending.hash])).toMatchObject({
      status: '0x1',
      blockNumber: `0x${(before.head + 1).toString(16)}`,
    });
    expect(await rpc(second.url, 'eth_getTransactionReceipt', [queued.hash])).toMatchObject({ status: '0x1' });
    expect(await num(second.url, 'eth_getBalance', [bob, 'latest'])).toBe(7n + 9n + 10n);
    expect(await num(second.url, 'eth_getTransactionCount', [alice.address, 'latest'])).toBe(3n);
  });

  it('keeps what a dropped pool forgot forgotten', async () => {
    const dataDir = newDir();
    const first = await start({ dataDir, accounts: { [alice.address]: { balance: ETH } } });
    const dropped = signTx(alice, { nonce: 0n, to: bob, value: 1n });
    await rpc(first.url, 'eth_sendRawTransaction', [dropped.raw]);
    expect(await rpc(first.url, 'dev_dropPending')).toBe('0x1');
    await stop(first);
    const second = await start({ dataDir });
    expect(await rpc(second.url, 'eth_getTransactionByHash', [dropped.hash])).toBeNull();
    expect(await num(second.url, 'eth_getTransactionCount', [alice.address, 'pending'])).toBe(0n);
  });

  it('keeps the chain of a node killed with SIGKILL: every block and every transaction it answered', async () => {
    const dataDir = newDir();
    const child = spawn(
      process.execPath,
      [
        '--import',
        TSX_LOADER,
        'tools/dev-chain/server.ts',
        '--port',
        '0',
        '--block-time-ms',
        '0',
        '--data-dir',
        dataDir,
        '--fund',
        `${alice.address}=${ETH}`,
      ],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.once('exit', (_code, signal) => resolve(signal)),
    );
    let out = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout!.on('data', (d) => {
        out += d;
        const m = /dev chain on (http:\/\/\S+) /.exec(out);
        if (m) resolve(m[1]!);
      });
      child.once('exit', () => reject(new Error(`the node exited: ${out}`)));
    });
    const minedTx = signTx(alice, { nonce: 0n, to: bob, value: 11n });
    await rpc(url, 'eth_sendRawTransaction', [minedTx.raw]);
    await rpc(url, 'evm_mine', ['0x2']);
    const pending = signTx(alice, { nonce: 1n, to: bob, value: 12n });
    await rpc(url, 'eth_sendRawTransaction', [pending.raw]);
    const before = await observe(url, [minedTx.hash, pending.hash]);
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    const again = await start({ dataDir });
    expect(await observe(again.url, [minedTx.hash, pending.hash])).toEqual(before);
    await rpc(again.url, 'evm_mine');
    expect(await rpc(again.url, 'eth_getTransactionReceipt', [pending.hash])).toMatchObject({
      status: '0x1',
      blockNumber: '0x3',
    });
    expect(await num(again.url, 'eth_getBalance', [bob, 'latest'])).toBe(23n);
  }, 60_000); // a child process loading the node's code: slow on a loaded machine

  it('cuts off a record the process was killed while writing, and goes on from the last whole one', async () => {
    const dataDir = newDir();
    const first = await start({ dataDir });
    await first.mine(2);
    const head = first.state.head.hash;
    await stop(first);
    const file = path.join(dataDir, JOURNAL_FILE);
    appendFileSync(file, '{"op":"block","number":3,"times');

    const second = await start({ dataDir });
    expect(second.state.head).toMatchObject({ number: 2, hash: head });
    await second.mine();
    await stop(second);
    expect(readFileSync(file, 'utf8').split('\n').slice(-2)).toEqual([
      expect.stringMatching(/^\{"op":"block","number":3,/),
      '',
    ]);
    const third = await start({ dataDir });
    expect(third.state.head.number).toBe(3);
  });

  it('refuses a folder holding another chain, and a journal with a bad record, saying which', async () => {
    const dataDir = newDir();
    await stop(await start({ dataDir }));
    await expect(start({ dataDir, chainId: 1 })).rejects.toThrow(
      `${path.join(dataDir, JOURNAL_FILE)} holds a chain with chainId 20803, this node is set to 1: use another data folder`,
    );
    await expect(start({ dataDir, algorithm: 'ML-DSA-87' })).rejects.toThrow(
      /holds a chain with algorithm "ML-DSA-65"/,
    );

    const file = path.join(dataDir, JOURNAL_FILE);
    writeFileSync(file, `${readFileSync(file, 'utf8')}{"op":"block","number":"one"}\n{"op":"drop"}\n`);
    await expect(start({ dataDir })).rejects.toThrow(`${file}: line 2 is not a dev chain journal record`);
  });
});
