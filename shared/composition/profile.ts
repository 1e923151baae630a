import { chainProfileFromConfig, type ChainProfile } from '../domain/chain/chain-profile.js';
import { mlDsaVerifier } from '../crypto/ml-dsa.js';
import type { Config } from '../config.js';
import { logger } from '../logger.js';

/**
 * The chain profile (ML-DSA, addresses, the transaction format) with ML-DSA at hand: the transactions function's
 * signing routes (`loadProfile` from their lazy chunk, functions/transactions/signing.ts) and the local stack. The
 * transaction worker and the wallets function's registration chunk take ./profile-on-demand.ts.
 */
export const profile = (d: { config: Config }): ChainProfile => {
  // Chosen once per process by a known-answer self-test (shared/crypto/ml-dsa.ts).
  logger.info('chain profile', { ml_dsa_verifier: mlDsaVerifier().name });
  return chainProfileFromConfig(d.config);
};
