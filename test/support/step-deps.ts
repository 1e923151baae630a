import { makePolicyKeys } from '../../shared/composition/policy-keys.js';
import { stepDeps as stepDepsOf } from '../../shared/composition/transaction-steps.js';
import { makeScreening } from '../../shared/composition/screening.js';
import { makeChain } from '../../shared/adapters/chain/json-rpc-chain.js';
import { makeSigner } from '../../shared/adapters/signer/make-signer.js';
import { services } from '../../shared/composition/standalone.js';
import { config } from '../../shared/config.js';
import { chainProfileFromConfig } from '../../shared/domain/chain/chain-profile.js';

/** The chain profile of the tests' settings, with ML-DSA at hand (what the local stack gives its functions). */
export const testProfile = () => chainProfileFromConfig(config());

/**
 * The steps' dependencies as the transaction worker builds them from its deps: the tests' store and clock, the chain
 * and signer of the settings, the built-in screening, and the local policy key for receipts.
 */
export const stepDeps = () => {
  const cfg = config();
  const store = services().store;
  return stepDepsOf(
    {
      config: cfg,
      store,
      clock: services().clock,
      screening: makeScreening(cfg, store),
      chain: makeChain(cfg),
      profile: testProfile(),
      signer: makeSigner(cfg),
    },
    { signer: makePolicyKeys(cfg), ttlSeconds: 86_400 },
  );
};
