import { makePolicyKeys } from '../../shared/composition/policy-keys.js';
import { stepDeps as stepDepsOf } from '../../shared/composition/transaction-steps.js';
import { makeScreening } from '../../shared/composition/screening.js';
import { makeChain } from '../../shared/adapters/chain/json-rpc-chain.js';
import { makeSigner } from '../../shared/adapters/signer/make-signer.js';
import { services } from '../../shared/composition/standalone.js';
import { config, type Config } from '../../shared/config.js';
import type { Clock } from '../../shared/ports/clock.js';
import type { Store } from '../../shared/ports/store.js';
import type { KeyProvider } from '../../shared/ports/key-provider.js';
import { chainProfileFromConfig } from '../../shared/domain/chain/chain-profile.js';

/** The chain profile of the tests' settings, with ML-DSA at hand (what the local stack gives its functions). */
export const testProfile = () => chainProfileFromConfig(config());

/**
 * The steps' dependencies as the transaction worker builds them from its deps: the tests' store, keys and clock (or
 * those `given`: a local stack's ports), the chain
 * and signer of the settings, the built-in screening, and the local policy key for receipts.
 */
export const stepDeps = (given: { config?: unknown; store?: unknown; keys?: unknown; clock?: unknown } = {}) => {
  const cfg = (given.config as Config | undefined) ?? config();
  const store = (given.store as Store | undefined) ?? services().store;
  return stepDepsOf(
    {
      config: cfg,
      store,
      keys: (given.keys as KeyProvider | undefined) ?? services().keys,
      clock: (given.clock as Clock | undefined) ?? services().clock,
      screening: makeScreening(cfg, store),
      chain: makeChain(cfg),
      profile: testProfile(),
      signer: makeSigner(cfg),
    },
    { signer: makePolicyKeys(cfg), ttlSeconds: 86_400 },
  );
};
