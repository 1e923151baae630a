import '../../shared/app/spend-wiring.js';

/**
 * The tokens function's writes, a lazy chunk loaded by the first `POST /v1/tokens`, `POST /v1/tokens/{id}/operations`
 * or allowlist change (`POST`/`DELETE /v1/tokens/{id}/allowlist`): each submits a transaction (the policies, the
 * DAILY_LIMIT spend allowances, the state machine's records), which the reads (templates, tokens, the allowlist read)
 * never do. Importing it installs the spend allowances' settings (`shared/app/spend-wiring.ts`, through `readSettings`:
 * at once when the services are built already) before the first submission. The templates' ABI and viem's coder are
 * a further chunk (shared/domain/tokens/calls.ts), loaded by the first deployment or operation whose checks pass.
 */
export { createToken, submitOperation } from '../../shared/domain/tokens/token-submissions.js';
