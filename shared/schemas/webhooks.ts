import * as z from './zod.js';
import { paginationQuery, timestamp, uint, uuid, nextCursor, createdAt, updatedAt, described } from './common.js';
import { DELIVERY_STATUSES } from '../domain/webhooks/deliveries.js';

/** Request and response schemas of webhook endpoints and their deliveries (snake_case). */
export const CreateWebhookBody = z.lazySchema(() => z.strictObject({
    // Checked by the use case (400 1107 with the reason), so a malformed URL is 1107 rather than a schema error.
    url: z.string().check(z.maxLength(4096)),
    events: z.withMeta(z.optional(z.array(z.string().check(z.maxLength(100))).check(z.maxLength(50))), { description: 'event types, `family.*` or `*`; empty or omitted: every type' }),
    description: z.optional(z.string().check(z.maxLength(500))),
  }));

export const WebhookIdParam = z.lazySchema(() => z.object({ id: described(uuid(), 'The webhook id') }));
export const WebhookListQuery = paginationQuery;
export const DeliveryListQuery = z.lazySchema(() => z.extend(paginationQuery(), {
  status: z.optional(z.enum(DELIVERY_STATUSES)),
  event_type: z.optional(z.string().check(z.maxLength(100))),
}));
export const ReplayBody = z.lazySchema(() => z.strictObject({ delivery_id: uuid() }));

export const Webhook = z.lazySchema(() => z.withMeta(z.object({
    id: uuid(),
    url: z.string(),
    events: z.array(z.string()),
    description: z.nullable(z.string()),
    status: z.enum(['active', 'DISABLED']),
    created_at: createdAt(),
    updated_at: updatedAt(),
  }), { id: 'Webhook' }));

export const WebhookWithSecret = z.lazySchema(() => z.withMeta(z.extend(Webhook(), {
  secret: z.withMeta(z.string(), { description: 'The signing secret: shown only in this answer.' }),
}), { id: 'WebhookWithSecret' }));

export const RotatedWebhook = z.lazySchema(() => z.withMeta(z.extend(WebhookWithSecret(), {
  previous_secret_expires_at: z.withMeta(timestamp(), { description: 'Until then each delivery also carries the old secret\'s signature.' }),
}), { id: 'RotatedWebhook' }));

export const WebhookList = z.lazySchema(() => z.object({ webhooks: z.array(Webhook()), next_cursor: nextCursor() }));

export const Delivery = z.lazySchema(() => z.withMeta(z.object({
    id: uuid(),
    event_id: z.withMeta(z.string(), { description: 'The event id (`<audit record id>:<n>`): the deduplication key receivers see as the body\'s `id`.' }),
    event_type: z.string(),
    status: z.enum(DELIVERY_STATUSES),
    attempts: uint(),
    last_response_code: z.nullable(uint()),
    last_error: z.nullable(z.string()),
    last_response_body: z.withMeta(z.nullable(z.string()), { description: 'At most 4 KiB of the last answer\'s body.' }),
    next_attempt_at: z.nullable(timestamp()),
    created_at: createdAt(),
    updated_at: updatedAt(),
  }), { id: 'WebhookDelivery' }));

export const DeliveryList = z.lazySchema(() => z.object({ deliveries: z.array(Delivery()), next_cursor: nextCursor() }));

export const WebhookJwk = z.lazySchema(() => z.withMeta(z.object({
    kty: z.withMeta(z.literal('AKP'), { description: 'Algorithm Key Pair (draft-ietf-cose-dilithium)' }),
    alg: z.literal('ML-DSA-65'),
    use: z.literal('sig'),
    kid: z.withMeta(z.string(), { description: 'The `kid` of the protected header of the JWS this key verifies.' }),
    pub: z.withMeta(z.string(), { description: 'The raw ML-DSA-65 public key (FIPS 204, 1,952 bytes), base64url without padding.' }),
  }), { id: 'WebhookJwk' }));

export const WebhookJwkSet = z.lazySchema(() => z.withMeta(z.object({
    keys: z.withMeta(z.array(WebhookJwk()), { description: 'The key that signs now first, then the others still published (the previous key during a rotation).' }),
  }), { id: 'WebhookJwkSet' }));
