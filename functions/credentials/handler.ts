import { apiHandler, useCaseContext } from '../../shared/http/api-handler.js';
import { credentialRoutes } from '../../shared/http/routes/credentials.js';
import { createCredential, listCredentials, revokeCredential, rotateCredential } from '../../shared/domain/identity/credentials.js';

/** API credentials: create (secret shown once), list, rotate with a grace period, revoke. */
export const handler = apiHandler(credentialRoutes, {
  createCredential: async (req) => ({ body: await createCredential(useCaseContext(req), req.body) }),
  listCredentials: async (req) => ({ body: await listCredentials(useCaseContext(req), req.query) }),
  rotateCredential: async (req) => {
    const cfg = req.services.config;
    const grace = { defaultSeconds: cfg.CUSTODY_CREDENTIAL_GRACE_SECONDS, maxSeconds: cfg.CUSTODY_CREDENTIAL_MAX_GRACE_SECONDS };
    return { body: await rotateCredential(useCaseContext(req), req.body, grace) };
  },
  revokeCredential: async (req) => ({ body: await revokeCredential(useCaseContext(req), req.params.key_id) }),
});
