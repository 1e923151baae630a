import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../shared/ports/clock.js';
import { ChainError, NodeUnavailableError } from '../../shared/ports/chain.js';
import { JsonRpcChain, makeChain } from '../../shared/adapters/chain/json-rpc-chain.js';
import { readConfig } from '../../shared/config.js';
import { startDevChain, type DevChain } from '../../tools/dev-chain/server.js';
import { freePort } from '../../shared/adapters/local/dynamodb-local.js';
import { GWEI, signTx, testKey } from '../support/pq-chain.js';

/**
 * The JSON-RPC adapter against real HTTP servers on loopback: dev chain nodes, and a tiny scriptable node that fails
 * the way real ones do (HTTP errors, hangs, garbage). Breaker time comes from a fake clock.
 */
type Script = (req: { id: unknown; method: string }) => { status?: number; body: unknown } | 'hang';

type FakeNode = {
  url: string;
  calls: string[];
  authorizations: (string | undefined)[];
  script: Script;
  close: () => Promise<void>;
};

async function fakeNode(script: Script): Promise<FakeNode> {
  const node: FakeNode = { url: '', calls: [], authorizations: [], script, close: async () => undefined };
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      const parsed = JSON.parse(text) as { id: unknown; method: string };
      node.calls.push(parsed.method);
      node.authorizations.push(req.headers.authorization);
      const out = node.script(parsed);
      if (out === 'hang') return; // never answers
      const body = typeof out.body === 'string' ? out.body : JSON.stringify(out.body);
      res.writeHead(out.status ?? 200, { 'Content-Type': 'application/json' }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  node.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  node.close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return node;
}

const http500: Script = () => ({ status: 500, body: 'upstream exploded' });
const answers =
  (result: unknown): Script =>
  (req) => ({ body: { jsonrpc: '2.0', id: req.id, result } });

let dev: DevChain;
let dead: string; // a port nothing listens on
const nodes: FakeNode[] = [];
const node = async (script: Script) => {
  const n = await fakeNode(script);
  nodes.push(n);
  return n;
};

beforeAll(async () => {
  dev = await startDevChain({
    chainId: 20803,
    accounts: { ['0x' + '11'.repeat(20)]: { balance: 10n ** 21n, nonce: 7 }, [alice.address]: { balance: 10n ** 18n } },
  });
  dead = `http://127.0.0.1:${await freePort()}`;
});
afterEach(async () => {
  await Promise.all(nodes.splice(0).map((n) => n.close()));
  dev.faults.reset();
  pauses.length = 0;
});
afterAll(async () => dev?.stop());

/** Pauses between retry rounds, recorded instead of waited. */
const pauses: number[] = [];
const chainOf = (
  urls: string[],
  opts: Partial<{
    timeoutMs: number;
    breakerFailures: number;
    clock: FakeClock;
    retries: number;
    random: () => number;
    fetchImpl: typeof fetch;
  }> = {},
) =>
  new JsonRpcChain({
    urls,
    timeoutMs: opts.timeoutMs ?? 2_000,
    breakerFailures: opts.breakerFailures ?? 5,
    breakerCooldownMs: 30_000,
    clock: opts.clock ?? new FakeClock(),
    retries: opts.retries,
    random: opts.random,
    fetchImpl: opts.fetchImpl,
    sleep: async (ms) => void pauses.push(ms),
  });

const alice = testKey(0x51);
const bob = testKey(0x52);
// Init code of a contract whose runtime stores 42, emits LOG1(topic 0xee..ee) with it, and returns it.
const INIT = `0x6030600c60003960306000f3602a6000527f${'ee'.repeat(32)}60206000a160206000f3`;

async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error('expected a rejection');
}

describe('JSON-RPC chain adapter', () => {
  it('speaks the port against a dev chain: chain id, head, balance, nonce, broadcast and receipt', async () => {
    const chain = chainOf([dev.url]);
    const account = '0x' + '11'.repeat(20);
    expect(await chain.chainId()).toBe(20803);
    expect(await chain.getBalance(account)).toBe(10n ** 21n);
    expect(await chain.getTransactionCount(account, 'latest')).toBe(7);
    const nonce = await chain.pendingNonce(alice.address);
    const { raw, hash } = signTx(alice, { nonce: BigInt(nonce), to: bob.address, value: 1000n });
    expect(await chain.sendRawTransaction(raw)).toBe(hash);
    expect(await chain.pendingNonce(alice.address)).toBe(nonce + 1);
    expect(await chain.getTransactionReceipt(hash)).toBeNull();
    const head = await dev.mine();
    expect(await chain.blockNumber()).toBe(head);
    const block = await chain.getBlock('latest');
    expect(block).toMatchObject({ number: head, transactions: [hash], baseFeePerGas: GWEI });
    expect(await chain.getTransactionReceipt(hash)).toEqual({
      transactionHash: hash,
      blockNumber: head,
      blockHash: block!.hash,
      status: 'success',
      gasUsed: 21_000n,
      effectiveGasPrice: 2n * GWEI,
      contractAddress: null,
      logs: [],
    });
    expect(await chain.getFullBlock(head)).toMatchObject({
      hash: block!.hash,
      transactions: [{ hash, from: alice.address, to: bob.address, value: 1000n, nonce }],
    });
    expect(await chain.getBlock(head + 100)).toBeNull();
    expect(await chain.getBalance(bob.address)).toBe(1000n);
  });

  it('reads many receipts in one JSON-RPC batch, in the order asked, null where not mined', async () => {
    const posts: string[] = [];
    const chain = chainOf([dev.url], {
      fetchImpl: (async (url: string, init: RequestInit) => (
        posts.push(String(init.body)),
        fetch(url, init)
      )) as typeof fetch,
    });
    const nonce = await chain.pendingNonce(alice.address);
    const mined = signTx(alice, { nonce: BigInt(nonce), to: bob.address, value: 1n });
    await chain.sendRawTransaction(mined.raw);
    await dev.mine();
    const unknown = `0x${'77'.repeat(32)}`;
    posts.length = 0;
    const receipts = await chain.getTransactionReceipts([unknown, mined.hash]);
    expect(receipts.map((r) => r?.transactionHash ?? null)).toEqual([null, mined.hash]);
    expect(posts).toHaveLength(1);
    expect(JSON.parse(posts[0]!)).toHaveLength(2);
  });

  it('fails over to the backup when the primary refuses connections', async () => {
    expect(await chainOf([dead, dev.url]).chainId()).toBe(20803);
  });

  it('fails over to the backup when the primary answers an HTTP error', async () => {
    const primary = await node(http500);
    expect(await chainOf([primary.url, dev.url]).blockNumber()).toBe(dev.state.head.number);
    expect(primary.calls).toEqual(['eth_blockNumber']);
  });

  it('fails over when the primary does not answer within the timeout', async () => {
    const primary = await node(() => 'hang');
    expect(await chainOf([primary.url, dev.url], { timeoutMs: 200 }).chainId()).toBe(20803);
    expect(primary.calls).toEqual(['eth_chainId']);
  });

  it.each([
    ['a body that is not JSON', (() => ({ body: '<html>gateway</html>' })) as Script],
    [
      'an answer to another request',
      ((req) => ({ body: { jsonrpc: '2.0', id: `${String(req.id)}x`, result: '0x1' } })) as Script,
    ],
    ['a result of the wrong shape', answers('twenty')],
  ])('fails over when the primary answers %s', async (_what, script) => {
    const primary = await node(script);
    expect(await chainOf([primary.url, dev.url]).chainId()).toBe(20803);
    expect(primary.calls).toHaveLength(1);
  });

  it('does not fail over a JSON-RPC error: the node answered, and it maps to 502 1501 with the node code', async () => {
    const backup = await node(answers('0x5143'));
    const chain = chainOf([dev.url, backup.url]);
    const { raw } = signTx(alice, { nonce: 500n, to: bob.address }); // waits in the pool for its nonce
    const hash = await chain.sendRawTransaction(raw);
    const err = await rejection(chain.sendRawTransaction(raw)); // the same transaction again
    expect(err).toBeInstanceOf(ChainError);
    expect(err).toMatchObject({
      code: 1501,
      status: 502,
      type: 'CHAIN_ERROR',
      details: { upstream: 'chain', method: 'eth_sendRawTransaction', rpc_code: -32000, rpc_message: 'already known' },
    });
    expect(backup.calls).toEqual([]);
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it('a JSON-RPC error does not count against the node: its breaker stays closed', async () => {
    const primary = await node((req) => ({
      body: { jsonrpc: '2.0', id: req.id, error: { code: -32601, message: 'the method does not exist' } },
    }));
    const chain = chainOf([primary.url], { breakerFailures: 1 });
    for (let i = 0; i < 3; i++) expect(await rejection(chain.blockNumber())).toBeInstanceOf(ChainError);
    expect(primary.calls).toHaveLength(3);
    expect(chain.status()).toEqual([{ name: 'primary', state: 'closed' }]);
  });

  it('answers 503 1500 when every node is down, naming no URL or credential', async () => {
    const backup = await node(http500);
    const primary = `http://operator:s3cret-pass@${dead.slice('http://'.length)}/v3/api-key-123`;
    const err = await rejection(chainOf([primary, backup.url]).chainId());
    expect(err).toBeInstanceOf(NodeUnavailableError);
    expect(err).toMatchObject({
      code: 1500,
      status: 503,
      type: 'NODE_UNAVAILABLE',
      details: { upstream: 'chain', method: 'eth_chainId', endpoints: 2, open_circuits: 0 },
    });
    const shown = JSON.stringify({ message: (err as Error).message, details: (err as NodeUnavailableError).details });
    for (const secret of ['s3cret', 'api-key-123', 'operator', '127.0.0.1']) expect(shown).not.toContain(secret);
  });

  it('sends the user info of a node URL as Basic authorization (fetch refuses it inside the URL)', async () => {
    const primary = await node(answers('0x5143'));
    const withCredentials = `http://operator:s3cret%40pass@${primary.url.slice('http://'.length)}/v3/api-key-123`;
    expect(await chainOf([withCredentials]).chainId()).toBe(20803);
    expect(primary.authorizations).toEqual([`Basic ${Buffer.from('operator:s3cret@pass').toString('base64')}`]);
    expect(await chainOf([primary.url]).chainId()).toBe(20803);
    expect(primary.authorizations[1]).toBeUndefined();
  });

  it('skips a primary whose breaker opened, and tries it again after the cool-down', async () => {
    const clock = new FakeClock();
    const primary = await node(http500);
    const chain = chainOf([primary.url, dev.url], { breakerFailures: 2, clock });
    for (let i = 0; i < 2; i++) expect(await chain.chainId()).toBe(20803);
    expect(primary.calls).toHaveLength(2);
    expect(chain.status()[0]!.state).toBe('open');

    expect(await chain.chainId()).toBe(20803); // straight to the backup
    expect(primary.calls).toHaveLength(2);

    clock.advance(30_000);
    primary.script = answers('0x5143'); // recovered
    expect(await chain.chainId()).toBe(20803);
    expect(primary.calls).toHaveLength(3); // the trial call
    expect(chain.status()[0]!.state).toBe('closed');
  });

  it('answers 1500 without calling anyone while every circuit is open', async () => {
    const clock = new FakeClock();
    const a = await node(http500);
    const b = await node(http500);
    const chain = chainOf([a.url, b.url], { breakerFailures: 1, clock });
    await rejection(chain.chainId());
    const err = await rejection(chain.chainId());
    expect(err).toMatchObject({ code: 1500, details: { endpoints: 2, open_circuits: 2 } });
    expect([a.calls.length, b.calls.length]).toEqual([1, 1]);
  });

  it('builds primary then backups from the configuration, with its timeout and breaker settings', async () => {
    const cfg = readConfig({
      CUSTODY_NODE_RPC_URL: dead,
      CUSTODY_NODE_BACKUP_RPC_URLS: ` ${dev.url} `,
      CUSTODY_NODE_BREAKER_FAILURES: '1',
    });
    expect(cfg).toMatchObject({
      CUSTODY_NODE_TIMEOUT_MS: 5_000,
      CUSTODY_NODE_BREAKER_COOLDOWN_SECONDS: 30,
      CUSTODY_NODE_BREAKER_FAILURES: 1,
    });
    const chain = makeChain(cfg);
    expect(await chain.chainId()).toBe(20803);
    expect(chain.status()).toEqual([
      { name: 'primary', state: 'open' },
      { name: 'backup-1', state: 'closed' },
    ]);
  });
});

describe('JSON-RPC chain adapter: what the state machine needs', () => {
  it('classifies broadcasts: submitted, already known (submitted), nonce too low, rejected with the reason', async () => {
    const chain = chainOf([dev.url]);
    const nonce = BigInt(await chain.pendingNonce(alice.address));
    const t = signTx(alice, { nonce, to: bob.address, value: 1n });
    expect(await chain.broadcast(t.raw)).toEqual({ outcome: 'submitted', hash: t.hash, alreadyKnown: false });
    expect(await chain.broadcast(t.raw)).toEqual({ outcome: 'submitted', hash: t.hash, alreadyKnown: true });
    await dev.mine();
    const stale = signTx(alice, { nonce, to: bob.address, value: 2n });
    expect(await chain.broadcast(stale.raw)).toMatchObject({
      outcome: 'nonce_too_low',
      hash: stale.hash,
      message: expect.stringMatching(/^nonce too low/),
    });
    const broke = signTx(bob, { nonce: 0n, to: alice.address, value: 10n ** 18n });
    expect(await chain.broadcast(broke.raw)).toMatchObject({
      outcome: 'rejected',
      message: expect.stringMatching(/^insufficient funds/),
    });
    dev.faults.set({ nonceTooLow: true });
    expect((await chain.broadcast(signTx(alice, { nonce: nonce + 1n }).raw)).outcome).toBe('nonce_too_low');
  });

  it('a broadcast with every node down is NodeUnavailableError (the transaction stays BROADCASTING)', async () => {
    dev.faults.set({ down: true });
    const err = await rejection(chainOf([dev.url, dead]).broadcast(signTx(alice, { nonce: 99n }).raw));
    expect(err).toBeInstanceOf(NodeUnavailableError);
  });

  it('fails over from a primary that is down (the dev chain knob) to the backup', async () => {
    const backup = await startDevChain({ chainId: 20803 });
    try {
      dev.faults.set({ down: true });
      const chain = chainOf([dev.url, backup.url]);
      expect(await chain.blockNumber()).toBe(0);
      expect(chain.status()[0]).toEqual({ name: 'primary', state: 'closed' }); // one failure of five
    } finally {
      await backup.stop();
    }
  });

  it('fails over from a primary that is slower than the timeout (the dev chain knob slowMs)', async () => {
    const backup = await node(answers('0x5143'));
    dev.faults.set({ slowMs: 1_000 });
    expect(await chainOf([dev.url, backup.url], { timeoutMs: 100 }).chainId()).toBe(20803);
    expect(backup.calls).toEqual(['eth_chainId']);
  });

  it('estimates fees from eth_maxPriorityFeePerGas and eth_feeHistory: maxFee = 2 x base fee + tip', async () => {
    expect(await chainOf([dev.url]).estimateFees()).toEqual({
      baseFeePerGas: GWEI,
      maxPriorityFeePerGas: GWEI,
      maxFeePerGas: 3n * GWEI,
    });
  });

  it('falls back to eth_gasPrice when the node lacks the EIP-1559 fee methods', async () => {
    const legacy = await node((req) =>
      req.method === 'eth_gasPrice'
        ? { body: { jsonrpc: '2.0', id: req.id, result: '0x64' } }
        : {
            body: {
              jsonrpc: '2.0',
              id: req.id,
              error: { code: -32601, message: `the method ${req.method} does not exist/is not available` },
            },
          },
    );
    expect(await chainOf([legacy.url]).estimateFees()).toEqual({
      baseFeePerGas: 0n,
      maxPriorityFeePerGas: 100n,
      maxFeePerGas: 100n,
    });
    const tipOnly = await node((req) =>
      req.method === 'eth_feeHistory'
        ? { body: { jsonrpc: '2.0', id: req.id, error: { code: -32601, message: 'not supported' } } }
        : { body: { jsonrpc: '2.0', id: req.id, result: req.method === 'eth_gasPrice' ? '0x64' : '0xa' } },
    );
    expect(await chainOf([tipOnly.url]).estimateFees()).toEqual({
      baseFeePerGas: 90n,
      maxPriorityFeePerGas: 10n,
      maxFeePerGas: 190n,
    });
  });

  it('estimates gas, deploys and calls a contract, and reads its logs', async () => {
    const chain = chainOf([dev.url]);
    expect(await chain.estimateGas({ from: alice.address, to: bob.address, value: 1n })).toBe(21_000n);
    const gas = await chain.estimateGas({ from: alice.address, data: INIT });
    let nonce = BigInt(await chain.pendingNonce(alice.address));
    const deploy = signTx(alice, { nonce: nonce++, to: null, data: INIT, gasLimit: gas });
    expect((await chain.broadcast(deploy.raw)).outcome).toBe('submitted');
    await dev.mine();
    const created = await chain.getTransactionReceipt(deploy.hash);
    expect(created).toMatchObject({
      status: 'success',
      gasUsed: gas,
      contractAddress: expect.stringMatching(/^0x[0-9a-f]{40}$/),
    });
    const contract = created!.contractAddress!;
    expect(BigInt(await chain.callContract({ to: contract }))).toBe(42n);

    const call = signTx(alice, { nonce: nonce++, to: contract, gasLimit: 60_000n });
    await chain.broadcast(call.raw);
    const head = await dev.mine();
    const receipt = await chain.getTransactionReceipt(call.hash);
    const log = {
      address: contract,
      topics: [`0x${'ee'.repeat(32)}`],
      data: `0x${'00'.repeat(31)}2a`,
      blockNumber: head,
      blockHash: receipt!.blockHash,
      transactionHash: call.hash,
      logIndex: 0,
      removed: false,
    };
    expect(receipt!.logs).toEqual([log]);
    expect(
      await chain.getLogs({ fromBlock: head, toBlock: head, address: contract, topics: [`0x${'ee'.repeat(32)}`] }),
    ).toEqual([log]);
    expect(await chain.getLogs({ fromBlock: 0, toBlock: head - 1, address: contract })).toEqual([]);
  });

  it('an estimate the node cannot make is ChainError (the node answered)', async () => {
    const chain = chainOf([dev.url]);
    expect(await rejection(chain.estimateGas({ from: alice.address, to: bob.address, gas: 1_000n }))).toBeInstanceOf(
      ChainError,
    );
  });

  it('retries a round in which no node answered, after a jittered pause, then succeeds', async () => {
    let failures = 2; // both nodes fail once (round 1), then answer
    const flaky: Script = (req) =>
      failures-- > 0 ? { status: 503, body: 'busy' } : { body: { jsonrpc: '2.0', id: req.id, result: '0x5143' } };
    const a = await node(flaky);
    const b = await node(flaky);
    expect(await chainOf([a.url, b.url], { random: () => 0.5 }).chainId()).toBe(20803);
    expect(pauses).toEqual([150]); // base 200: a pause in [100, 200]
    expect([a.calls.length, b.calls.length]).toEqual([2, 1]);
  });

  it('gives up after the bounded retries with 1500, pauses growing', async () => {
    const down = await node(http500);
    const err = await rejection(chainOf([down.url], { retries: 2, random: () => 0.999 }).blockNumber());
    expect(err).toBeInstanceOf(NodeUnavailableError);
    expect(down.calls).toHaveLength(3);
    expect(pauses).toEqual([200, 400]);
  });
});

describe('eth_call reverts and block tags', () => {
  it("keeps a revert's hex data on the ChainError, drops data that is not hex, and asks for the block tag given", async () => {
    const seen: unknown[] = [];
    const data = `0x${'ab'.repeat(36)}`;
    const reverting = await node((req) => {
      seen.push((req as { params?: unknown[] }).params?.[1]);
      return {
        body: {
          jsonrpc: '2.0',
          id: req.id,
          error: { code: 3, message: 'execution reverted', data: seen.length === 1 ? data : { not: 'hex' } },
        },
      };
    });
    const chain = chainOf([reverting.url]);
    const first = await chain.callContract({ to: bob.address, data: '0x01' }, 'pending').catch((e: unknown) => e);
    expect(first).toBeInstanceOf(ChainError);
    expect((first as ChainError).rpcData).toBe(data);
    const second = await chain.callContract({ to: bob.address }).catch((e: unknown) => e);
    expect((second as ChainError).rpcData).toBeUndefined();
    expect(seen).toEqual(['pending', 'latest']);
  });
});
