import { makePolicyKeys } from '../../shared/composition/policy-keys.js';
import { stepDeps as workerStepDeps, workerServices, type WorkerServices } from '../../shared/app/worker-services.js';
import { config } from '../../shared/config.js';
import { chainProfileFromConfig } from '../../shared/domain/chain/chain-profile.js';

/** The chain profile of the tests' settings, with ML-DSA at hand (what the local stack gives its functions). */
export const testProfile = () => chainProfileFromConfig(config());

/** The steps' dependencies as the transaction worker builds them, with the local policy key for receipts. */
export const stepDeps = (svc: WorkerServices = workerServices()) => ({
  ...workerStepDeps(svc, { signer: makePolicyKeys(config()), ttlSeconds: 86_400 }),
  profile: testProfile(),
});
