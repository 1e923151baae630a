import { API_PORTS } from '../../shared/composition/api.js';
import { lazyDeps, type DepsOf } from '../../shared/composition/deps.js';
import { apiHandler, useCaseContext } from '../../shared/http/api-handler.js';
import { governed } from '../../shared/http/governed.js';
import { credentialRoutes } from '../../shared/http/routes/credentials.js';
import { newCredentialMaterial, listCredentials, revokeCredential } from '../../shared/domain/identity/credentials.js';

/**
 * API credentials: create (secret shown once), list, rotate with a grace period, revoke. Creating or rotating another
 * user's credential waits for the governance quorum; the secret is still shown once, to the requester.
 */
export const ports = API_PORTS;

export const makeHandler = (deps: DepsOf<typeof ports>) =>
  apiHandler(
    credentialRoutes,
    {
      createCredential: (req) => {
        const { secret, ...material } = newCredentialMaterial();
        return governed(
          req,
          { kind: 'credential.create', input: req.body, ...material },
          (created) => ({ body: { ...(created as object), secret } }),
          (change) => ({ ...change, secret }),
        );
      },
      listCredentials: async (req) => ({ body: await listCredentials(useCaseContext(req), req.query) }),
      rotateCredential: (req) => {
        const { secret, ...material } = newCredentialMaterial();
        return governed(
          req,
          { kind: 'credential.rotate', input: req.body, ...material },
          (rotated) => ({ body: { ...(rotated as object), secret } }),
          (change) => ({ ...change, secret }),
        );
      },
      revokeCredential: async (req) => ({ body: await revokeCredential(useCaseContext(req), req.params.key_id) }),
    },
    deps,
  );

export const handler = makeHandler(lazyDeps(ports));
