import { API_PORTS } from '../../shared/composition/api.js';
import { lazyDeps, type DepsOf } from '../../shared/composition/deps.js';
import { apiHandler, submissionContext, useCaseContext } from '../../shared/http/api-handler.js';
import { policyRoutes } from '../../shared/http/routes/policies.js';
import { getPolicy, listPolicies } from '../../shared/domain/policies/policies.js';
import { governed } from '../../shared/http/governed.js';
import { nativeProfileFromConfig } from '../../shared/domain/assets/asset-record.js';
import { dryRunTransfer } from '../../shared/domain/policies/dry-run.js';
import { makeScreening } from '../../shared/composition/screening.js';
import { spendAllowancesFrom } from '../../shared/composition/spend-allowances.js';
import { addressBookRoutes } from '../../shared/http/routes/address-book.js';
import { getEntry, listEntries } from '../../shared/domain/address-book/address-book.js';

/**
 * Policies: CRUD of the rule sets the transaction path evaluates, and the address book they refer to; changes are
 * governed (docs/governance.md). The dry run reads the DAILY_LIMIT counters less what this container's leases hold
 * (`spendAllowances`: none on AWS, where this function takes no lease; in the local stack and the tests the functions
 * of the one process share theirs, as they share a container).
 */
export const ports = { ...API_PORTS, spendAllowances: spendAllowancesFrom };

export const makeHandler = (deps: DepsOf<typeof ports>) =>
  apiHandler(
    { ...policyRoutes, ...addressBookRoutes },
    {
      createPolicy: (req) => governed(req, { kind: 'policy.create', input: req.body }),
      listPolicies: async (req) => ({ body: await listPolicies(useCaseContext(req), req.query) }),
      getPolicy: async (req) => ({ body: await getPolicy(useCaseContext(req), req.params.id) }),
      updatePolicy: (req) => governed(req, { kind: 'policy.update', policy_id: req.params.id, input: req.body }),
      deletePolicy: (req) =>
        governed(req, { kind: 'policy.delete', policy_id: req.params.id }, () => ({ status: 204 })),
      evaluatePolicies: async (req) => {
        const cfg = req.deps.config;
        // The built-in lists are read (they are the store's); an external provider is named, not called.
        const provider = cfg.CUSTODY_SCREENING_PROVIDER === 'none' ? null : cfg.CUSTODY_SCREENING_PROVIDER;
        const screen = provider === 'builtin' ? makeScreening(cfg, req.deps.store) : null;
        return {
          body: await dryRunTransfer(submissionContext(req), nativeProfileFromConfig(cfg), req.body, {
            provider,
            screen,
          }),
        };
      },
      createAddressBookEntry: (req) =>
        governed(req, { kind: 'address_book.add', input: req.body }, (body) => ({ status: 201, body })),
      listAddressBook: async (req) => ({ body: await listEntries(useCaseContext(req), req.query) }),
      getAddressBookEntry: async (req) => ({ body: await getEntry(useCaseContext(req), req.params.entryId) }),
      removeAddressBookEntry: (req) =>
        governed(req, { kind: 'address_book.remove', entry_id: req.params.entryId }, () => ({ status: 204 })),
    },
    deps,
  );

export const handler = makeHandler(lazyDeps(ports));
