import { ML_DSA, mlDsaVerifier } from '../../crypto/ml-dsa.js';
import {
  chainProfileValues,
  type ChainProfile,
  type ChainProfileValues,
  type MlDsa,
  type ProfileConfig,
} from './chain-profile-rules.js';
import { chainProfileWith } from './chain-profile-build.js';

/**
 * The chain profile with ML-DSA at hand: its rules and code (chain-profile-rules.ts and chain-profile-build.ts,
 * re-exported here) and shared/crypto/ml-dsa.ts loaded with them, so that `verify`, `sign` and the signed-transaction checks work at once. What the transactions
 * function's signing routes, the local stack, tests and scripts import. The transaction worker and the wallets
 * function build their profile from chain-profile-build.ts instead, with ML-DSA loaded by the first signature check
 * (shared/composition/profile-on-demand.ts).
 */
export * from './chain-profile-rules.js';
export * from './chain-profile-build.js';

/** The @noble/post-quantum implementation of each parameter set (key generation in tests and scripts). */
export { ML_DSA } from '../../crypto/ml-dsa.js';

const mlDsa: MlDsa = { mlDsaVerifier, ML_DSA };
const atHand = { now: () => mlDsa, load: () => Promise.resolve(mlDsa) };

/** The profile the values describe, with ML-DSA at hand. */
export function makeChainProfile(v: ChainProfileValues): ChainProfile {
  return chainProfileWith(v, atHand);
}

const fromConfig = new WeakMap<object, ChainProfile>();

/** The profile the configuration chooses, with ML-DSA at hand (one per configuration object). */
export function chainProfileFromConfig(cfg: ProfileConfig): ChainProfile {
  let p = fromConfig.get(cfg);
  if (!p) {
    p = makeChainProfile(chainProfileValues(cfg));
    fromConfig.set(cfg, p);
  }
  return p;
}
