import { chainProfileFromConfig } from '../domain/chain/chain-profile.js';
import { mlDsaVerifier } from '../crypto/ml-dsa.js';
import { logger } from './logger.js';
import { provide } from './services.js';

/**
 * Imported (for its effect) by the entry of the functions that use the chain profile (ML-DSA, addresses, the
 * transaction format) with ML-DSA at hand (the transactions function's signing routes, through their lazy module); the
 * transaction worker and the wallets function's registration chunk import profile-wiring-on-demand.ts. Keeps ML-DSA
 * and the chain's formats out of the other functions' bundles (`services()` in services.ts).
 */
provide('profile', (cfg) => {
  // Chosen once per process by a known-answer self-test (shared/crypto/ml-dsa.ts).
  logger.info('chain profile', { ml_dsa_verifier: mlDsaVerifier().name });
  return chainProfileFromConfig(cfg);
});
