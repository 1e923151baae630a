import { API_PORTS } from '../../shared/composition/api.js';
import { lazyDeps, type DepsOf } from '../../shared/composition/deps.js';
import { apiHandler, useCaseContext } from '../../shared/http/api-handler.js';
import { governanceRoutes } from '../../shared/http/routes/governance.js';
import { getGovernance } from '../../shared/domain/governance/settings.js';
import { approveChange, getChange, listChanges, rejectChange } from '../../shared/domain/governance/changes.js';
import { governed } from '../../shared/http/governed.js';

/** Governance: the admin quorum and the changes waiting for it. */
export const ports = API_PORTS;

export const makeHandler = (deps: DepsOf<typeof ports>) =>
  apiHandler(
    governanceRoutes,
    {
      getGovernance: async (req) => ({ body: await getGovernance(useCaseContext(req)) }),
      updateGovernance: (req) => governed(req, { kind: 'governance.update', input: req.body }),
      listChanges: async (req) => ({ body: await listChanges(useCaseContext(req), req.query) }),
      getChange: async (req) => ({ body: await getChange(useCaseContext(req), req.params.id) }),
      approveChange: async (req) => {
        const { change, error } = await approveChange(useCaseContext(req), { config: req.deps.config }, req.params.id);
        return { body: change, error };
      },
      rejectChange: async (req) => {
        const { change, error } = await rejectChange(useCaseContext(req), req.params.id, req.body.reason);
        return { body: change, error };
      },
    },
    deps,
  );

export const handler = makeHandler(lazyDeps(ports));
