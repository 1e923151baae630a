import { apiHandler, useCaseContext } from '../../shared/http/api-handler.js';
import { policyRoutes } from '../../shared/http/routes/policies.js';
import { createPolicy, deletePolicy, getPolicy, listPolicies, updatePolicy } from '../../shared/domain/policies/policies.js';
import { nativeProfileFromConfig } from '../../shared/domain/assets/asset-record.js';
import { dryRunTransfer } from '../../shared/domain/policies/dry-run.js';
import { makeScreening } from '../../shared/app/worker-services.js';

/** Policies: CRUD of the rule sets the transaction path evaluates (of the chain profile, only the native asset's id). */
export const handler = apiHandler(policyRoutes, {
  createPolicy: async (req) => ({ body: await createPolicy(useCaseContext(req), nativeProfileFromConfig(req.services.config), req.body) }),
  listPolicies: async (req) => ({ body: await listPolicies(useCaseContext(req), req.query) }),
  getPolicy: async (req) => ({ body: await getPolicy(useCaseContext(req), req.params.id) }),
  updatePolicy: async (req) => ({ body: await updatePolicy(useCaseContext(req), nativeProfileFromConfig(req.services.config), req.params.id, req.body) }),
  evaluatePolicies: async (req) => {
    const cfg = req.services.config;
    // The built-in lists are read (they are the store's); an external provider is named, not called.
    const provider = cfg.CUSTODY_SCREENING_PROVIDER === 'none' ? null : cfg.CUSTODY_SCREENING_PROVIDER;
    const screen = provider === 'builtin' ? makeScreening(cfg, req.services.store) : null;
    return { body: await dryRunTransfer(useCaseContext(req), nativeProfileFromConfig(cfg), req.body, { provider, screen }) };
  },
  deletePolicy: async (req) => {
    await deletePolicy(useCaseContext(req), req.params.id);
    return { status: 204 };
  },
});
