import { makePolicyKeys } from '../../shared/app/policy-keys.js';
import { stepDeps as workerStepDeps, workerServices, type WorkerServices } from '../../shared/app/worker-services.js';
import { config } from '../../shared/config.js';

/** The steps' dependencies as the transaction worker builds them, with the local policy key for receipts. */
export const stepDeps = (svc: WorkerServices = workerServices()) =>
  workerStepDeps(svc, { signer: makePolicyKeys(config()), ttlSeconds: 86_400 });
