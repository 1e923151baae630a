import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeChain } from '../../shared/adapters/chain/json-rpc-chain.js';
import { config } from '../../shared/config.js';
import { startDevChain, type DevChain } from '../../tools/dev-chain/server.js';
import { startTestApi } from '../support/local-api.js';

/**
 * `/v1/health/ready` over real HTTP with a real dev chain: 200 when the table and a node of the configured chain
 * answer; 503 with a `degraded` body naming the failed check when the node is of another chain or unreachable.
 * The dev chain starts before any import reads the configuration, so CUSTODY_NODE_RPC_URL points at it.
 */
const node = await vi.hoisted(async () => {
  const { startDevChain } = await import('../../tools/dev-chain/server.js');
  const chain = await startDevChain({ chainId: 20803 });
  process.env.CUSTODY_NODE_RPC_URL = chain.url;
  process.env.CUSTODY_NODE_BREAKER_FAILURES = '1';
  return chain;
});

let api: Awaited<ReturnType<typeof startTestApi>>;
let otherChain: DevChain;
beforeAll(async () => {
  api = await startTestApi();
  otherChain = await startDevChain({ chainId: 1 });
});
afterAll(async () => {
  await api?.close();
  await Promise.all([node.stop(), otherChain?.stop()]);
});

const ready = () => api.call('GET', '/v1/health/ready', { key: null });

describe('readiness', () => {
  it("answers 200 when the store and a node of the configured chain answer, with each check's latency", async () => {
    expect(config().CUSTODY_NODE_RPC_URL).toBe(node.url);
    const res = await ready();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'ok',
      checks: {
        store: { ok: true, latency_ms: expect.any(Number) },
        chain: { ok: true, latency_ms: expect.any(Number) },
      },
    });
  });

  it('answers 503 degraded naming the chain check when the node belongs to another chain', async () => {
    api.ports.chain = makeChain({ ...config(), CUSTODY_NODE_RPC_URL: otherChain.url });
    const res = await ready();
    expect(res.status).toBe(503);
    expect(res.body.status).toBe('degraded');
    expect(res.body.checks.store.ok).toBe(true);
    expect(res.body.checks.chain).toMatchObject({
      ok: false,
      error: 'chain id mismatch: the node reports 1, CUSTODY_CHAIN_ID is 20803',
    });
    expect(res.body.error).toBeUndefined(); // not the error catalog's shape
  });

  it('answers 503 degraded naming the chain check when no node answers, without showing the node URL', async () => {
    api.ports.chain = makeChain(config());
    await node.stop();
    for (let i = 0; i < 2; i++) {
      // the first call finds the node down and opens its breaker; the second finds the circuit open
      const res = await ready();
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({
        status: 'degraded',
        checks: { store: { ok: true }, chain: { ok: false, error: expect.stringContaining('no chain node answered') } },
      });
      expect(JSON.stringify(res.body)).not.toContain(String(node.port));
    }
  });
});
