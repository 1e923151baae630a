import { apiHandler, useCaseContext } from '../../shared/http/api-handler.js';
import { webhookRoutes } from '../../shared/http/routes/webhooks.js';
import { lazySecretBox } from '../../shared/app/lazy-secret-box.js';
import { makeWebhookKeys } from '../../shared/app/webhook-keys.js';
import { WEBHOOK_JWKS_MAX_AGE_SECONDS } from '../../shared/domain/webhooks/jws.js';
import type { SecretBox } from '../../shared/ports/secret-box.js';
import type { Config } from '../../shared/config.js';
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
 * first create or rotation (shared/app/lazy-secret-box.ts): the reads, a delete and a replay never seal a secret.
 * Creating an endpoint also loads the URL's destination check (shared/domain/webhooks/endpoints.ts). The key set that
 * verifies deliveries' JWS is public (no credential).
 */
let box: SecretBox | undefined;
const secretBox = (cfg: Config) => (box ??= lazySecretBox(cfg));
/** The published webhook keys (KMS GetPublicKey on AWS, read once per container), for the unauthenticated key set. */
let webhookKeys: { cfg: Config; keys: ReturnType<typeof makeWebhookKeys> } | undefined;
const keySet = (cfg: Config) =>
  (webhookKeys?.cfg === cfg ? webhookKeys : (webhookKeys = { cfg, keys: makeWebhookKeys(cfg) })).keys;

export const handler = apiHandler(webhookRoutes, {
  webhookKeySet: async (req) => ({
    body: { keys: await keySet(req.services.config).publicKeys() },
    headers: { 'Cache-Control': `public, max-age=${WEBHOOK_JWKS_MAX_AGE_SECONDS}` },
  }),
  createWebhook: async (req) => ({
    status: 201,
    body: await createEndpoint(
      useCaseContext(req),
      secretBox(req.services.config),
      req.services.config.CUSTODY_ENV,
      req.body,
    ),
  }),
  listWebhooks: async (req) => ({ body: await listEndpoints(useCaseContext(req), req.query) }),
  getWebhook: async (req) => ({ body: await getEndpoint(useCaseContext(req), req.params.id) }),
  deleteWebhook: async (req) => {
    await deleteEndpoint(useCaseContext(req), req.params.id);
    return { status: 204 };
  },
  rotateWebhookSecret: async (req) => ({
    body: await rotateEndpointSecret(useCaseContext(req), secretBox(req.services.config), req.params.id),
  }),
  listWebhookDeliveries: async (req) => ({ body: await listDeliveries(useCaseContext(req), req.params.id, req.query) }),
  replayWebhookDelivery: async (req) => ({
    status: 202,
    body: await replayDelivery(useCaseContext(req), req.params.id, req.body.delivery_id),
  }),
});
