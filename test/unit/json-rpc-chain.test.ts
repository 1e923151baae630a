import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { FakeClock } from '../../shared/ports/clock.js';
import { ChainError, NodeUnavailableError } from '../../shared/ports/chain.js';
import { JsonRpcChain, makeChain } from '../../shared/adapters/chain/json-rpc-chain.js';
import { readConfig } from '../../shared/config.js';
import { startDevChain, type DevChain } from '../../tools/dev-chain/server.js';
import { freePort } from '../../shared/adapters/local/dynamodb-local.js';

/**
 * The JSON-RPC adapter against real HTTP servers on loopback: dev chain nodes, and a tiny scriptable node that fails
 * the way real ones do (HTTP errors, hangs, garbage). Breaker time comes from a fake clock.
 */
type Script = (req: { id: unknown; method: string }) => { status?: number; body: unknown } | 'hang';

type FakeNode = { url: string; calls: string[]; authorizations: (string | undefined)[]; script: Script; close: () => Promise<void> };

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
  dev = await startDevChain({ chainId: 20803, accounts: { ['0x' + '11'.repeat(20)]: { balance: 10n ** 21n, nonce: 7 } } });
  dead = `http://127.0.0.1:${await freePort()}`;
});
afterEach(async () => {
  await Promise.all(nodes.splice(0).map((n) => n.close()));
});
afterAll(async () => dev?.stop());

const chainOf = (urls: string[], opts: Partial<{ timeoutMs: number; breakerFailures: number; clock: FakeClock }> = {}) =>
  new JsonRpcChain({ urls, timeoutMs: opts.timeoutMs ?? 2_000, breakerFailures: opts.breakerFailures ?? 5, breakerCooldownMs: 30_000, clock: opts.clock ?? new FakeClock() });

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
    const raw = '0xf00dcafe';
    const hash = await chain.sendRawTransaction(raw);
    expect(hash).toBe(`0x${bytesToHex(keccak_256(Uint8Array.from([0xf0, 0x0d, 0xca, 0xfe])))}`);
    expect(await chain.getTransactionReceipt(hash)).toBeNull();
    const head = dev.mine();
    expect(await chain.blockNumber()).toBe(head);
    expect(await chain.getTransactionReceipt(hash)).toEqual({ transactionHash: hash, blockNumber: head, status: 'success' });
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
    ['an answer to another request', ((req) => ({ body: { jsonrpc: '2.0', id: `${String(req.id)}x`, result: '0x1' } })) as Script],
    ['a result of the wrong shape', answers('twenty')],
  ])('fails over when the primary answers %s', async (_what, script) => {
    const primary = await node(script);
    expect(await chainOf([primary.url, dev.url]).chainId()).toBe(20803);
    expect(primary.calls).toHaveLength(1);
  });

  it('does not fail over a JSON-RPC error: the node answered, and it maps to 502 1501 with the node code', async () => {
    const backup = await node(answers('0x5143'));
    const chain = chainOf([dev.url, backup.url]);
    const hash = await chain.sendRawTransaction('0x01020304');
    const err = await rejection(chain.sendRawTransaction('0x01020304')); // the same transaction again
    expect(err).toBeInstanceOf(ChainError);
    expect(err).toMatchObject({ code: 1501, status: 502, type: 'CHAIN_ERROR', details: { upstream: 'chain', method: 'eth_sendRawTransaction', rpc_code: -32000, rpc_message: 'already known' } });
    expect(backup.calls).toEqual([]);
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it('a JSON-RPC error does not count against the node: its breaker stays closed', async () => {
    const primary = await node((req) => ({ body: { jsonrpc: '2.0', id: req.id, error: { code: -32601, message: 'the method does not exist' } } }));
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
    expect(err).toMatchObject({ code: 1500, status: 503, type: 'NODE_UNAVAILABLE', details: { upstream: 'chain', method: 'eth_chainId', endpoints: 2, open_circuits: 0 } });
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
    const cfg = readConfig({ CUSTODY_NODE_RPC_URL: dead, CUSTODY_NODE_BACKUP_RPC_URLS: ` ${dev.url} `, CUSTODY_NODE_BREAKER_FAILURES: '1' });
    expect(cfg).toMatchObject({ CUSTODY_NODE_TIMEOUT_MS: 5_000, CUSTODY_NODE_BREAKER_COOLDOWN_SECONDS: 30, CUSTODY_NODE_BREAKER_FAILURES: 1 });
    const chain = makeChain(cfg);
    expect(await chain.chainId()).toBe(20803);
    expect(chain.status()).toEqual([
      { name: 'primary', state: 'open' },
      { name: 'backup-1', state: 'closed' },
    ]);
  });
});
