import type { Config } from '../../shared/config.js';
import type { Clock } from '../../shared/ports/clock.js';
import { endpointHost } from '../../shared/adapters/chain/json-rpc-chain.js';
import { startDevChain, type DevChain } from '../../tools/dev-chain/server.js';
import type { Runtime } from './runtime.js';

/** Block time of the dev chain when the stack runs in the background. */
const DEV_BLOCK_MS = 1_000;

/**
 * The dev chain (tools/dev-chain), unless the settings name a node (`CUSTODY_NODE_RPC_URL`) or the caller says no. With
 * a `dataDir` it keeps its chain there and resumes it on the next start, as the table is kept.
 */
export async function startChain(
  rt: Runtime,
  o: { wanted: { port?: number } | null; settings: Config; background: boolean; clock: Clock; dataDir?: string },
): Promise<DevChain | null> {
  const { settings } = o;
  if (!o.wanted) {
    const backups = settings.CUSTODY_NODE_BACKUP_RPC_URLS.length;
    rt.log(
      `chain: node at ${endpointHost(settings.CUSTODY_NODE_RPC_URL)} (CUSTODY_NODE_RPC_URL)${backups ? `, ${backups} backup(s)` : ''}`,
    );
    return null;
  }
  const chain = await startDevChain({
    port: o.wanted.port ?? 0,
    chainId: settings.CUSTODY_CHAIN_ID,
    algorithm: settings.CUSTODY_PQ_ALGORITHM,
    context: settings.CUSTODY_PQ_CONTEXT,
    blockTimeMs: o.background ? DEV_BLOCK_MS : 0,
    clock: o.clock,
    dataDir: o.dataDir,
  });
  rt.onStop('dev chain', () => chain.stop());
  rt.log(`chain: dev chain on ${chain.url} (chain id ${chain.chainId})`);
  if (o.dataDir) rt.log(`chain: state in ${o.dataDir} (head block ${chain.state.head.number})`);
  return chain;
}
