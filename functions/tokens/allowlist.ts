/**
 * The allowlist read's code, a lazy chunk of the tokens function loaded by the first `GET /v1/tokens/{id}/allowlist`:
 * only that route reads the chain (the token's `AllowlistUpdated` logs), so the JSON-RPC client (failover, circuit
 * breakers, the Powertools metrics it records) and viem's log decoding stay out of the cold start of the other
 * routes. It holds the chain port's factory, which the function's `loadChain` builds from.
 */
export { readAllowlist } from '../../shared/domain/tokens/allowlist.js';
export { chain } from '../../shared/composition/chain.js';
