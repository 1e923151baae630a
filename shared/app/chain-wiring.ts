import { makeChain } from '../adapters/chain/json-rpc-chain.js';
import { provide } from './services.js';

/**
 * Imported (for its effect) by the entry of every function that talks to the chain's nodes: meta (readiness), tokens,
 * wallets (balances), the transaction worker, the chain poller and the deposit scanner. Keeps the JSON-RPC client
 * (failover, circuit breakers, RLP) out of the other functions' bundles (`services()` in services.ts).
 */
provide('chain', (cfg) => makeChain(cfg));
