import * as z from 'zod';
import { paginationQuery, timestamp, uint, uuid } from './common.js';
import { DELIVERY_STATUSES } from '../domain/webhooks/deliveries.js';

/** Request and response schemas of webhook endpoints and their deliveries (snake_case). */
export const CreateWebhookBody = z
  .object({
    // Checked by the use case (400 1107 with the reason), so a malformed URL is 1107 rather than a schema error.
    url: z.string().max(4096),
    events: z.array(z.string().max(100)).max(50).optional().meta({ description: 'event types, `family.*` or `*`; empty or omitted: every type' }),
    description: z.string().max(500).optional(),
  })
  .strict();

export const WebhookIdParam = z.object({ id: uuid() });
export const WebhookListQuery = paginationQuery;
export const DeliveryListQuery = paginationQuery.extend({
  status: z.enum(DELIVERY_STATUSES).optional(),
  event_type: z.string().max(100).optional(),
});
export const ReplayBody = z.object({ delivery_id: uuid() }).strict();

export const Webhook = z
  .object({
    id: uuid(),
    url: z.string(),
    events: z.array(z.string()),
    description: z.string().nullable(),
    status: z.enum(['active', 'DISABLED']),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .meta({ id: 'Webhook' });

export const WebhookWithSecret = Webhook.extend({
  secret: z.string().describe('The signing secret: shown only in this answer.'),
}).meta({ id: 'WebhookWithSecret' });

export const RotatedWebhook = WebhookWithSecret.extend({
  previous_secret_expires_at: timestamp().describe('Until then each delivery also carries the old secret\'s signature.'),
}).meta({ id: 'RotatedWebhook' });

export const WebhookList = z.object({ webhooks: z.array(Webhook), next_cursor: z.string().nullable() });

export const Delivery = z
  .object({
    id: uuid(),
    event_id: z.string().describe('The event id (`<audit record id>:<n>`): the deduplication key receivers see as the body\'s `id`.'),
    event_type: z.string(),
    status: z.enum(DELIVERY_STATUSES),
    attempts: uint(),
    last_response_code: uint().nullable(),
    last_error: z.string().nullable(),
    last_response_body: z.string().nullable().describe('At most 4 KiB of the last answer\'s body.'),
    next_attempt_at: timestamp().nullable(),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .meta({ id: 'WebhookDelivery' });

export const DeliveryList = z.object({ deliveries: z.array(Delivery), next_cursor: z.string().nullable() });
