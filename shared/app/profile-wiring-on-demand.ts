import { chainProfileValues, type MlDsa } from '../domain/chain/chain-profile-rules.js';
import { makeChainProfileLoadingMlDsa } from '../domain/chain/chain-profile-build.js';
import { logger } from './logger.js';
import { provide } from './services.js';

/**
 * Imported (for its effect) by the entry of the transaction worker and by the wallets function's registration chunk
 * (functions/wallets/creation.ts) instead of `profile-wiring.ts`: the same chain profile, whose ML-DSA (shared/crypto/ml-dsa.ts with @noble/post-quantum and the
 * self-test vector, about 23 KiB, and noble's precomputation at import) is a lazy chunk loaded by the first signature
 * check. Every verifying path awaits `profile.loadMlDsa()` first: in the worker acceptSignature (the PENDING_SIGNATURE
 * step of a `remote` or `grpc` signer; its other steps use only the profile's formats and signing payloads, and in
 * `callback` mode it never verifies), in wallets checkOwnershipProof (a registration whose proof passed the size,
 * address and timestamp checks; reads, archive, generation through the signer, balances and deposits never verify).
 * The verifier chosen is logged when it is loaded, as `profile-wiring.ts` logs it when it builds the profile. The
 * local stack installs `chainProfileFromConfig` (ML-DSA at hand, local/steps/store.ts): there `loadMlDsa()` answers
 * at once. A failed load is not kept (`makeChainProfileLoadingMlDsa`).
 */
export const loadMlDsa = async (): Promise<MlDsa> => {
  const m = await import('../crypto/ml-dsa.js');
  // Chosen once per process by a known-answer self-test (shared/crypto/ml-dsa.ts).
  logger.info('chain profile', { ml_dsa_verifier: m.mlDsaVerifier().name });
  return m;
};

provide('profile', (cfg) => makeChainProfileLoadingMlDsa(chainProfileValues(cfg), loadMlDsa));
