import { apiHandler, useCaseContext } from '../../shared/http/api-handler.js';
import { policyRoutes } from '../../shared/http/routes/policies.js';
import { getPolicy, listPolicies } from '../../shared/domain/policies/policies.js';
import { governed } from '../../shared/http/governed.js';
import { nativeProfileFromConfig } from '../../shared/domain/assets/asset-record.js';
import { dryRunTransfer } from '../../shared/domain/policies/dry-run.js';
import { makeScreening } from '../../shared/app/worker-services.js';

/** Policies: CRUD of the rule sets the transaction path evaluates; changes are governed (docs/governance.md). */
export const handler = apiHandler(policyRoutes, {
  createPolicy: (req) => governed(req, { kind: 'policy.create', input: req.body }),
  listPolicies: async (req) => ({ body: await listPolicies(useCaseContext(req), req.query) }),
  getPolicy: async (req) => ({ body: await getPolicy(useCaseContext(req), req.params.id) }),
  updatePolicy: (req) => governed(req, { kind: 'policy.update', policy_id: req.params.id, input: req.body }),
  deletePolicy: (req) => governed(req, { kind: 'policy.delete', policy_id: req.params.id }, () => ({ status: 204 })),
  evaluatePolicies: async (req) => {
    const cfg = req.services.config;
    // The built-in lists are read (they are the store's); an external provider is named, not called.
    const provider = cfg.CUSTODY_SCREENING_PROVIDER === 'none' ? null : cfg.CUSTODY_SCREENING_PROVIDER;
    const screen = provider === 'builtin' ? makeScreening(cfg, req.services.store) : null;
    return { body: await dryRunTransfer(useCaseContext(req), nativeProfileFromConfig(cfg), req.body, { provider, screen }) };
  },
});
