import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FakeClock } from '../../shared/ports/clock.js';
import { startLocalStack, type LocalStack } from '../../local/stack.js';
import { startDevChain, type DevChain } from '../../tools/dev-chain/server.js';
import { signTx, testKey } from '../support/pq-chain.js';

/**
 * The local stack and its chain node: it starts a dev chain unless CUSTODY_NODE_RPC_URL names a node, says so, wires
 * the chain port to it, stops it with the stack, and keeps its chain in the data folder beside the table.
 */
const started: { stop: () => Promise<void> }[] = [];
const dir = mkdtempSync(path.join(tmpdir(), 'custody-local-chain-'));
afterAll(async () => {
  for (const s of started.reverse()) await s.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function stack(env: Record<string, string | undefined>): Promise<{ stack: LocalStack; lines: string[] }> {
  const lines: string[] = [];
  const s = await startLocalStack({
    port: 0,
    inMemory: true,
    clock: new FakeClock(),
    env,
    log: (l) => lines.push(l),
    workers: { transactions: null, webhooks: null },
    schedules: { 'chain-poller': null },
  });
  started.push(s);
  return { stack: s, lines };
}

const ready = async (s: LocalStack) => {
  const res = await fetch(`${s.baseUrl}/v1/health/ready`);
  return {
    status: res.status,
    body: (await res.json()) as { status: string; checks: Record<string, { ok: boolean; error?: string }> },
  };
};

describe('local stack chain node', () => {
  it('starts a dev chain when CUSTODY_NODE_RPC_URL is not set, says where, and is ready against it', async () => {
    const { CUSTODY_NODE_RPC_URL: _unset, ...env } = process.env;
    const { stack: s, lines } = await stack(env);
    expect(s.devChain).not.toBeNull();
    expect(lines).toContain(`chain: dev chain on http://127.0.0.1:${s.devChain!.port} (chain id 20803)`);
    expect(s.config.CUSTODY_NODE_RPC_URL).toBe(s.devChain!.url);
    expect(lines.filter((l) => l.startsWith('chain: state in'))).toEqual([]); // in memory: nothing kept
    const res = await ready(s);
    expect(res.status).toBe(200);
    expect(res.body.checks.chain?.ok).toBe(true);

    // With a fake clock the stack runs nothing in the background: blocks come on demand.
    const before = s.devChain!.state.head.number;
    expect(await s.devChain!.mine()).toBe(before + 1);

    const devChain = s.devChain!;
    await s.stop();
    await expect(fetch(devChain.url, { method: 'POST', body: '{}' })).rejects.toThrow();
  }, 90_000); // starts DynamoDB Local, a dev chain and the signer: slow on a loaded machine

  it('uses the node CUSTODY_NODE_RPC_URL names and starts none', async () => {
    const external: DevChain = await startDevChain({ chainId: 20803 });
    started.push(external);
    const { stack: s, lines } = await stack({ ...process.env, CUSTODY_NODE_RPC_URL: external.url });
    expect(s.devChain).toBeNull();
    expect(lines).toContain(`chain: node at ${external.url} (CUSTODY_NODE_RPC_URL)`);
    expect((await ready(s)).status).toBe(200);
    await external.stop();
    const down = await ready(s);
    expect(down.status).toBe(503);
    expect(down.body.checks.chain).toMatchObject({ ok: false });
  }, 90_000);

  it('keeps its chain in the data folder: after a restart balances, nonces and blocks are back, and a pending transaction is mined', async () => {
    const { CUSTODY_NODE_RPC_URL: _unset, ...env } = process.env;
    const opts = {
      port: 0,
      dataDir: dir,
      clock: new FakeClock(),
      env,
      workers: { transactions: null, webhooks: null },
      schedules: { 'chain-poller': null },
    } as const;
    const alice = testKey(0xa7);
    const bob = `0x${'b7'.repeat(20)}`;
    const first = await startLocalStack(opts);
    started.push(first);
    const chain1 = first.devChain!;
    await chain1.state.setBalance(alice.address, 10n ** 18n);
    const mined = signTx(alice, { nonce: 0n, to: bob, value: 5n });
    const pending = signTx(alice, { nonce: 1n, to: bob, value: 6n });
    await chain1.state.submit(Buffer.from(mined.raw.slice(2), 'hex'));
    await chain1.mine(3);
    await chain1.state.submit(Buffer.from(pending.raw.slice(2), 'hex'));
    const head = chain1.state.head;
    const aliceBalance = await chain1.state.balanceOf(alice.address);
    await first.stop();

    const lines: string[] = [];
    const second = await startLocalStack({ ...opts, log: (l) => lines.push(l) });
    started.push(second);
    const chain2 = second.devChain!;
    expect(lines).toContain(`chain: state in ${path.join(dir, 'chain')} (head block ${head.number})`);
    expect(second.config.CUSTODY_NODE_RPC_URL).toBe(chain2.url);
    expect(chain2.state.head).toMatchObject({ number: head.number, hash: head.hash });
    expect(await chain2.state.balanceOf(alice.address)).toBe(aliceBalance);
    expect(await chain2.state.transactionCount(alice.address, 'latest')).toBe(1);
    expect(await chain2.state.transactionCount(alice.address, 'pending')).toBe(2);
    expect(await chain2.mine()).toBe(head.number + 1);
    expect(chain2.state.receipt(pending.hash)).toMatchObject({ status: 1, blockNumber: head.number + 1 });
    expect(await chain2.state.balanceOf(bob)).toBe(11n);
  }, 180_000); // two starts of DynamoDB Local with data on disk, a dev chain and the signer: slow on a loaded machine
});
