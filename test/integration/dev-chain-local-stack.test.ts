import { afterAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../shared/ports/clock.js';
import { startLocalStack, type LocalStack } from '../../local/stack.js';
import { startDevChain, type DevChain } from '../../tools/dev-chain/server.js';

/**
 * The local stack and its chain node: it starts a dev chain unless CUSTODY_NODE_RPC_URL names a node, says so, wires
 * the chain port to it, and stops it with the stack.
 */
const started: { stop: () => Promise<void> }[] = [];
afterAll(async () => {
  for (const s of started.reverse()) await s.stop();
});

async function stack(env: Record<string, string | undefined>): Promise<{ stack: LocalStack; lines: string[] }> {
  const lines: string[] = [];
  const s = await startLocalStack({ port: 0, inMemory: true, clock: new FakeClock(), env, log: (l) => lines.push(l), workers: { transactions: null, webhooks: null }, schedules: { 'chain-poller': null } });
  started.push(s);
  return { stack: s, lines };
}

const ready = async (s: LocalStack) => {
  const res = await fetch(`${s.baseUrl}/v1/health/ready`);
  return { status: res.status, body: (await res.json()) as { status: string; checks: Record<string, { ok: boolean; error?: string }> } };
};

describe('local stack chain node', () => {
  it('starts a dev chain when CUSTODY_NODE_RPC_URL is not set, says where, and is ready against it', async () => {
    const { CUSTODY_NODE_RPC_URL: _unset, ...env } = process.env;
    const { stack: s, lines } = await stack(env);
    expect(s.devChain).not.toBeNull();
    expect(lines).toContain(`chain: dev chain on http://127.0.0.1:${s.devChain!.port} (chain id 20803)`);
    expect(s.config.CUSTODY_NODE_RPC_URL).toBe(s.devChain!.url);
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
});
