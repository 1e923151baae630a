import { chainProfileValues, type MlDsa } from '../domain/chain/chain-profile-rules.js';
import { makeChainProfileLoadingMlDsa } from '../domain/chain/chain-profile-build.js';
import type { ChainProfile } from '../domain/chain/chain-profile.js';
import type { Config } from '../config.js';
import { logger } from '../logger.js';

/**
 * The chain profile of the transaction worker and of the wallets function's registration chunk
 * (functions/wallets/creation.ts), instead of ./profile.ts: the same profile, whose ML-DSA (shared/crypto/ml-dsa.ts
 * with @noble/post-quantum and the self-test vector, about 23 KiB, and noble's precomputation at import) is a lazy
 * chunk loaded by the first signature check. Every verifying path awaits `profile.loadMlDsa()` first: in the worker
 * acceptSignature (the PENDING_SIGNATURE step of a `remote` or `grpc` signer; its other steps use only the profile's
 * formats and signing payloads, and in `callback` mode it never verifies), in wallets checkOwnershipProof (a
 * registration whose proof passed the size, address and timestamp checks; reads, archive, generation through the
 * signer, balances and deposits never verify). The verifier chosen is logged when it is loaded, as ./profile.ts logs
 * it when it builds the profile. The local stack gives the profile with ML-DSA at hand: there `loadMlDsa()` answers
 * at once. A failed load is not kept (`makeChainProfileLoadingMlDsa`).
 */
export const loadMlDsa = async (): Promise<MlDsa> => {
  const m = await import('../crypto/ml-dsa.js');
  // Chosen once per process by a known-answer self-test (shared/crypto/ml-dsa.ts).
  logger.info('chain profile', { ml_dsa_verifier: m.mlDsaVerifier().name });
  return m;
};

export const profile = (d: { config: Config }): ChainProfile =>
  makeChainProfileLoadingMlDsa(chainProfileValues(d.config), loadMlDsa);
