import { defineRoutes } from '../route.js';
import { CreateWebhookBody, Delivery, DeliveryList, DeliveryListQuery, ReplayBody, RotatedWebhook, Webhook, WebhookIdParam, WebhookJwkSet, WebhookList, WebhookListQuery, WebhookWithSecret } from '../../schemas/webhooks.js';

export const webhookRoutes = defineRoutes({
  // Before `/v1/webhooks/{id}`: the local server and the pipeline take the first route whose template matches.
  webhookKeySet: {
    operationId: 'webhookKeySet', family: 'webhooks', method: 'GET', path: '/v1/webhooks/jwks', tag: 'webhooks', auth: 'none',
    summary: 'Webhook signing keys',
    description: 'The public keys that verify the `X-Webhook-JWS` of deliveries (JWK set, ML-DSA-65); cacheable for 5 minutes. No credential needed. The key that signs now comes first; during a rotation the previous key (and the next one, before it signs) are listed too. A `kid` you do not know: fetch this again (docs/webhooks.md).',
    success: { status: 200, schema: WebhookJwkSet },
  },
  createWebhook: {
    operationId: 'createWebhook', family: 'webhooks', method: 'POST', path: '/v1/webhooks', tag: 'webhooks', auth: 'credential',
    permissions: ['webhooks:create'], summary: 'Create a webhook', description: 'Register a webhook endpoint; the signing secret is in this answer only.',
    body: CreateWebhookBody, secretInAnswer: true, success: { status: 201, schema: WebhookWithSecret }, errors: ['INVALID_URL', 'VALIDATION'],
  },
  listWebhooks: {
    operationId: 'listWebhooks', family: 'webhooks', method: 'GET', path: '/v1/webhooks', tag: 'webhooks', auth: 'credential',
    permissions: ['webhooks:read'], summary: 'List webhooks', description: 'List the tenant\'s webhook endpoints (never their secrets).',
    query: WebhookListQuery, success: { status: 200, schema: WebhookList }, errors: ['INVALID_PAGINATION'],
  },
  getWebhook: {
    operationId: 'getWebhook', family: 'webhooks', method: 'GET', path: '/v1/webhooks/{id}', tag: 'webhooks', auth: 'credential',
    permissions: ['webhooks:read'], summary: 'Get a webhook', description: 'Get a webhook endpoint.',
    params: WebhookIdParam, success: { status: 200, schema: Webhook }, errors: ['VAULT_NOT_FOUND'],
  },
  deleteWebhook: {
    operationId: 'deleteWebhook', family: 'webhooks', method: 'DELETE', path: '/v1/webhooks/{id}', tag: 'webhooks', auth: 'credential',
    permissions: ['webhooks:delete'], summary: 'Delete a webhook', description: 'Delete a webhook endpoint; its pending deliveries stop.',
    params: WebhookIdParam, success: { status: 204, schema: null }, errors: ['VAULT_NOT_FOUND'],
  },
  rotateWebhookSecret: {
    operationId: 'rotateWebhookSecret', family: 'webhooks', method: 'POST', path: '/v1/webhooks/{id}/rotate-secret', tag: 'webhooks', auth: 'credential',
    permissions: ['webhooks:update'], summary: 'Rotate a webhook\'s secret', description: 'New signing secret; the old one keeps signing beside it for 24 hours.',
    params: WebhookIdParam, secretInAnswer: true, success: { status: 200, schema: RotatedWebhook }, errors: ['VAULT_NOT_FOUND'],
  },
  listWebhookDeliveries: {
    operationId: 'listWebhookDeliveries', family: 'webhooks', method: 'GET', path: '/v1/webhooks/{id}/deliveries', tag: 'webhooks', auth: 'credential',
    permissions: ['webhooks:read'], summary: 'List a webhook\'s deliveries', description: 'Deliveries of an endpoint, newest first (filters `status`, `event_type`).',
    params: WebhookIdParam, query: DeliveryListQuery, success: { status: 200, schema: DeliveryList }, errors: ['VAULT_NOT_FOUND', 'INVALID_PAGINATION'],
  },
  replayWebhookDelivery: {
    operationId: 'replayWebhookDelivery', family: 'webhooks', method: 'POST', path: '/v1/webhooks/{id}/replay', tag: 'webhooks', auth: 'credential',
    permissions: ['webhooks:update'], summary: 'Replay a delivery', description: 'Send a delivery again (same event id, a new attempt cycle); dead deliveries too.',
    params: WebhookIdParam, body: ReplayBody, success: { status: 202, schema: Delivery }, errors: ['VAULT_NOT_FOUND'],
  },
});
