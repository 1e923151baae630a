import { API_PORTS } from '../../shared/composition/api.js';
import { lazyDeps, type DepsOf } from '../../shared/composition/deps.js';
import { apiHandler, useCaseContext } from '../../shared/http/api-handler.js';
import { webhookRoutes } from '../../shared/http/routes/webhooks.js';
import { secretBoxOnDemand } from '../../shared/composition/lazy-secret-box.js';
import { webhookKeys } from '../../shared/composition/webhook-keys.js';
import { WEBHOOK_JWKS_MAX_AGE_SECONDS } from '../../shared/domain/webhooks/jws.js';
import {
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  listEndpoints,
  rotateEndpointSecret,
} from '../../shared/domain/webhooks/endpoints.js';
import { listDeliveries, replayDelivery } from '../../shared/domain/webhooks/deliveries.js';

/**
 * Webhook endpoints, their deliveries and replays. Secrets are sealed with the secret box (KMS on AWS), loaded by the
 * first create or rotation (shared/composition/lazy-secret-box.ts): the reads, a delete and a replay never seal a secret.
 * Creating an endpoint also loads the URL's destination check (shared/domain/webhooks/endpoints.ts). The key set that
 * verifies deliveries' JWS is public (no credential).
 */

export const ports = {
  ...API_PORTS,
  secretBox: secretBoxOnDemand,
  // The published webhook keys (KMS GetPublicKey on AWS, read once per container), for the unauthenticated key set.
  webhookKeySet: webhookKeys,
};

export const makeHandler = (deps: DepsOf<typeof ports>) =>
  apiHandler(
    webhookRoutes,
    {
      webhookKeySet: async (req) => ({
        body: { keys: await req.deps.webhookKeySet.publicKeys() },
        headers: { 'Cache-Control': `public, max-age=${WEBHOOK_JWKS_MAX_AGE_SECONDS}` },
      }),
      createWebhook: async (req) => ({
        status: 201,
        body: await createEndpoint(useCaseContext(req), req.deps.secretBox, req.deps.config.CUSTODY_ENV, req.body),
      }),
      listWebhooks: async (req) => ({ body: await listEndpoints(useCaseContext(req), req.query) }),
      getWebhook: async (req) => ({ body: await getEndpoint(useCaseContext(req), req.params.id) }),
      deleteWebhook: async (req) => {
        await deleteEndpoint(useCaseContext(req), req.params.id);
        return { status: 204 };
      },
      rotateWebhookSecret: async (req) => ({
        body: await rotateEndpointSecret(useCaseContext(req), req.deps.secretBox, req.params.id),
      }),
      listWebhookDeliveries: async (req) => ({
        body: await listDeliveries(useCaseContext(req), req.params.id, req.query),
      }),
      replayWebhookDelivery: async (req) => ({
        status: 202,
        body: await replayDelivery(useCaseContext(req), req.params.id, req.body.delivery_id),
      }),
    },
    deps,
  );

export const handler = makeHandler(lazyDeps(ports));
