/**
 * The external-signing routes' code (`GET /v1/transactions/{id}/signing-payload`, `POST .../signature`), a lazy chunk
 * of the transactions function loaded by the first of them: only they use the chain profile (the pq-evm-v1 format and
 * ML-DSA, to verify a posted signature), so it stays out of the cold start of the other routes; a submission takes
 * the chain id and native asset from the settings (`nativeProfileFromConfig`). It holds the profile's factory, which
 * the function's `loadProfile` builds from.
 */
export { signingPayloadOf, submitSignature } from '../../shared/domain/transactions/signing.js';
export { profile } from '../../shared/composition/profile.js';
