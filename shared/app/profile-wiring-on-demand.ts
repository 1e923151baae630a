import { chainProfileValues, makeChainProfileLoadingMlDsa, type MlDsa } from '../domain/chain/chain-profile-rules.js';
import { logger } from './logger.js';
import { provide } from './services.js';

/**
 * Imported (for its effect) by the entry of the transaction worker instead of `profile-wiring.ts`: the same chain
 * profile, whose ML-DSA (shared/crypto/ml-dsa.ts with @noble/post-quantum and the self-test vector, about 23 KiB) is a
 * lazy chunk loaded by the first signature check, the PENDING_SIGNATURE step of a `remote` or `grpc` signer
 * (acceptSignature awaits `profile.loadMlDsa()`). The worker's other steps use only the profile's formats and signing
 * payloads, and in `callback` mode it never verifies (the API's signature route does), so most of its messages never
 * load it. The verifier chosen is logged when it is loaded, as `profile-wiring.ts` logs it when it builds the profile.
 * Only for the worker: the API routes verify synchronously (ownership proofs), so a process serving both must keep
 * ML-DSA at hand; the local stack does (local/steps/store.ts installs `chainProfileFromConfig`).
 */
export const loadMlDsa = async (): Promise<MlDsa> => {
  const m = await import('../crypto/ml-dsa.js');
  // Chosen once per process by a known-answer self-test (shared/crypto/ml-dsa.ts).
  logger.info('chain profile', { ml_dsa_verifier: m.mlDsaVerifier().name });
  return m;
};

provide('profile', (cfg) => makeChainProfileLoadingMlDsa(chainProfileValues(cfg), loadMlDsa));
