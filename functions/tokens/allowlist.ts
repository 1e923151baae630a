import '../../shared/app/chain-wiring.js';

/**
 * The allowlist read's code, a lazy chunk of the tokens function loaded by the first `GET /v1/tokens/{id}/allowlist`:
 * only that route reads the chain (the token's `AllowlistUpdated` logs), so the JSON-RPC client (failover, circuit
 * breakers, the Powertools metrics it records) and viem's log decoding stay out of the cold start of the other
 * routes. Importing it installs the chain capability (`shared/app/chain-wiring.ts`) before the read first uses
 * `services().chain`.
 */
export { readAllowlist } from '../../shared/domain/tokens/allowlist.js';
