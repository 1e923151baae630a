import { config } from '../../shared/config.js';
import { makeChain } from '../../shared/adapters/chain/json-rpc-chain.js';
import { startDevChain } from '../../tools/dev-chain/server.js';

/**
 * A dev chain (a real EVM, tools/dev-chain) for tests that drive the worker's steps outside the local stack: the
 * chain port pointed at it (for `stepDeps`), and `fund` to give a wallet the balance a transfer's signing step checks.
 */
export async function startTestChain() {
  const dev = await startDevChain({ chainId: config().CUSTODY_CHAIN_ID });
  const chain = makeChain({ ...config(), CUSTODY_NODE_RPC_URL: dev.url, CUSTODY_NODE_BACKUP_RPC_URLS: [] });
  return {
    dev,
    chain,
    fund: (address: string, wei = 10n ** 30n) => dev.state.setBalance(address, wei),
    stop: () => dev.stop(),
  };
}
export type TestChain = Awaited<ReturnType<typeof startTestChain>>;

/**
 * A JSON-RPC call to a dev chain (`url` read at each call, so it can name a chain started later): answers `result`,
 * throws with the node's message on an error answer.
 */
export function devChainRpc(url: () => string) {
  return async (method: string, params: unknown[] = []): Promise<any> => {
    const res = await fetch(url(), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const body = (await res.json()) as { result?: unknown; error?: { message: string } };
    if (body.error) throw new Error(`${method}: ${body.error.message}`);
    return body.result;
  };
}
