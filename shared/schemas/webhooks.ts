import * as z from './zod.js';
import { paginationQuery, timestamp, uint, uuid, nextCursor, createdAt, updatedAt, described } from './common.js';
import { DELIVERY_STATUSES } from '../domain/webhooks/deliveries.js';

/** Request and response schemas of webhook endpoints and their deliveries (snake_case). */
export const CreateWebhookBody = z.lazySchema(() =>
  z.strictObject({
    // Checked by the use case (400 1107 with the reason), so a malformed URL is 1107 rather than a schema error.
    url: described(z.string().check(z.maxLength(4096)), 'The absolute https URL events are POSTed to (else 400 1107)'),
    events: z.withMeta(z.optional(z.array(z.string().check(z.maxLength(100))).check(z.maxLength(50))), {
      description: 'event types, `family.*` or `*`; empty or omitted: every type',
    }),
    description: described(
      z.optional(z.string().check(z.maxLength(500))),
      'A note for people: what the endpoint is for',
    ),
  }),
);

export const WebhookIdParam = z.lazySchema(() => z.object({ id: described(uuid(), 'The webhook id') }));
export const WebhookListQuery = paginationQuery;
export const DeliveryListQuery = z.lazySchema(() =>
  z.extend(paginationQuery(), {
    status: described(z.optional(z.enum(DELIVERY_STATUSES)), 'Only deliveries in this status'),
    event_type: described(z.optional(z.string().check(z.maxLength(100))), 'Only deliveries of this event type'),
  }),
);
export const ReplayBody = z.lazySchema(() =>
  z.strictObject({ delivery_id: described(uuid(), 'The delivery to send again') }),
);

export const Webhook = z.lazySchema(() =>
  z.withMeta(
    z.object({
      id: described(uuid(), 'The webhook id'),
      url: described(z.string(), 'The endpoint events are POSTed to'),
      events: described(z.array(z.string()), 'Event types, `family.*` or `*`; empty: every type'),
      description: described(z.nullable(z.string()), 'A note for people; null if none'),
      status: described(z.enum(['active', 'DISABLED']), '`DISABLED` for good after the endpoint answered 410'),
      created_at: createdAt(),
      updated_at: updatedAt(),
    }),
    { id: 'Webhook' },
  ),
);

export const WebhookWithSecret = z.lazySchema(() =>
  z.withMeta(
    z.extend(Webhook(), {
      secret: z.withMeta(z.string(), { description: 'The signing secret: shown only in this answer.' }),
    }),
    { id: 'WebhookWithSecret' },
  ),
);

export const RotatedWebhook = z.lazySchema(() =>
  z.withMeta(
    z.extend(WebhookWithSecret(), {
      previous_secret_expires_at: z.withMeta(timestamp(), {
        description: "Until then each delivery also carries the old secret's signature.",
      }),
    }),
    { id: 'RotatedWebhook' },
  ),
);

export const WebhookList = z.lazySchema(() =>
  z.object({ webhooks: described(z.array(Webhook()), 'One page of webhooks'), next_cursor: nextCursor() }),
);

export const Delivery = z.lazySchema(() =>
  z.withMeta(
    z.object({
      id: described(uuid(), 'The delivery id'),
      event_id: z.withMeta(z.string(), {
        description: "The event id (`<audit record id>:<n>`): the deduplication key receivers see as the body's `id`.",
      }),
      event_type: described(z.string(), "The event's type"),
      status: described(z.enum(DELIVERY_STATUSES), '`delivered`, or where it stands: `dead` after the last retry'),
      attempts: described(uint(), 'Attempts made so far'),
      last_response_code: described(z.nullable(uint()), 'The HTTP status of the last answer; null if none'),
      last_error: described(z.nullable(z.string()), 'Why the last attempt failed; null if it did not'),
      last_response_body: z.withMeta(z.nullable(z.string()), {
        description: "At most 4 KiB of the last answer's body.",
      }),
      next_attempt_at: described(z.nullable(timestamp()), 'When it is tried next; null when none is due'),
      created_at: createdAt(),
      updated_at: updatedAt(),
    }),
    { id: 'WebhookDelivery' },
  ),
);

export const DeliveryList = z.lazySchema(() =>
  z.object({ deliveries: described(z.array(Delivery()), 'One page of deliveries'), next_cursor: nextCursor() }),
);

export const WebhookJwk = z.lazySchema(() =>
  z.withMeta(
    z.object({
      kty: z.withMeta(z.literal('AKP'), { description: 'Algorithm Key Pair (draft-ietf-cose-dilithium)' }),
      alg: described(z.literal('ML-DSA-65'), 'The signature algorithm'),
      use: described(z.literal('sig'), 'A signing key'),
      kid: z.withMeta(z.string(), { description: 'The `kid` of the protected header of the JWS this key verifies.' }),
      pub: z.withMeta(z.string(), {
        description: 'The raw ML-DSA-65 public key (FIPS 204, 1,952 bytes), base64url without padding.',
      }),
    }),
    { id: 'WebhookJwk' },
  ),
);

export const WebhookJwkSet = z.lazySchema(() =>
  z.withMeta(
    z.object({
      keys: z.withMeta(z.array(WebhookJwk()), {
        description:
          'The key that signs now first, then the others still published (the previous key during a rotation).',
      }),
    }),
    { id: 'WebhookJwkSet' },
  ),
);
