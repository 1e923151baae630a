import { makeChain } from '../adapters/chain/json-rpc-chain.js';
import { provide } from './services.js';

/** Installs the chain for the functions not yet given their deps explicitly (shared/composition/chain.ts). */
provide('chain', (cfg) => makeChain(cfg));
