import { makeChain } from '../adapters/chain/json-rpc-chain.js';
import type { Config } from '../config.js';
import type { ChainPort } from '../ports/chain.js';
import type { Clock } from '../ports/clock.js';

/**
 * The chain's nodes over JSON-RPC (failover and circuit breakers inside; 503 1500 when none answers). Declared by the
 * functions that talk to the chain's nodes at their cold start (the transaction worker, the chain poller, the deposit
 * scanner); a function where one route does (meta's readiness, wallets' balances, tokens' allowlist) declares
 * `loadChain`, which imports this module with that route (`onDemand`, shared/composition/deps.ts).
 */
export const chain = (d: { config: Config; clock: Clock }): ChainPort => makeChain(d.config, d.clock);
