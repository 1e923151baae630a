import * as z from '../../schemas/zod.js';
import { keys } from '../../store/keys.js';
import { schemaDecoder } from '../../store/decode.js';
import { optionalString, versioned } from '../../store/stored-schema.js';
import { accessPatterns } from '../../store/access-patterns.js';
import { NotFoundError } from '../../errors/domain-errors.js';
import type { SecretBox, SecretContext } from '../../ports/secret-box.js';
import type { Store, VersionedItem } from '../../ports/store.js';
import type { UseCaseContext } from '../context.js';
import { newId } from '../ids.js';
import { listPage, type PageRequest } from '../pagination.js';
import { EVENT_TYPES } from '../events/event-types.js';
import { generateWebhookSecret } from './signature.js';
import { normaliseSubscription } from './subscriptions.js';

/**
 * Webhook endpoints (docs/webhooks.md, "Endpoints"): register (the secret generated here, sealed with the secret
 * box bound to {tenant_id, webhook_id}, shown once), list, get, delete, rotate the secret (the old one keeps signing,
 * beside the new one, for `WEBHOOK_SECRET_GRACE_SECONDS`). `DISABLED` is set by the delivery worker on a 410.
 */
export const WEBHOOK_SECRET_GRACE_SECONDS = 86_400;

export type EndpointStatus = 'active' | 'DISABLED';

export type StoredEndpoint = {
  id: string;
  tenant_id: string;
  url: string;
  events: string[];
  description: string | null;
  status: EndpointStatus;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_expires_at: string | null;
  disabled_at: string | null;
  created_at: string;
  updated_at: string;
  version: number;
};

const EndpointItem = z.lazySchema(() =>
  z.object({
    id: z.string(),
    tenant_id: z.string(),
    url: z.string(),
    events: z.array(z.string()),
    description: optionalString(),
    status: z.enum(['active', 'DISABLED']),
    secret_sealed: z.string(),
    previous_secret_sealed: optionalString(),
    previous_secret_expires_at: optionalString(),
    disabled_at: optionalString(),
    ...versioned(),
  }),
);
export const decodeEndpoint = schemaDecoder<StoredEndpoint>('webhook', EndpointItem);

export const secretContext = (tenantId: string, webhookId: string): SecretContext => ({
  tenant_id: tenantId,
  webhook_id: webhookId,
});

export const endpointItem = (e: StoredEndpoint): VersionedItem => ({
  ...keys.webhook(e.tenant_id, e.id),
  entity: 'webhook',
  ...e,
});

export function endpointView(e: StoredEndpoint) {
  return {
    id: e.id,
    url: e.url,
    events: e.events,
    description: e.description,
    status: e.status,
    created_at: e.created_at,
    updated_at: e.updated_at,
  };
}

export async function findEndpoint(
  store: Store,
  tenantId: string,
  webhookId: string,
): Promise<StoredEndpoint | undefined> {
  const item = await store.get(keys.webhook(tenantId, webhookId), { consistent: true });
  return item && item.entity === 'webhook' ? decodeEndpoint(item) : undefined;
}

export async function loadEndpoint(store: Store, tenantId: string, webhookId: string): Promise<StoredEndpoint> {
  const e = await findEndpoint(store, tenantId, webhookId);
  if (!e) throw new NotFoundError('webhook');
  return e;
}

/** Every endpoint of a tenant (a tenant has few; read whole for the fan-out). */
export async function endpointsOfTenant(store: Store, tenantId: string): Promise<StoredEndpoint[]> {
  const out: StoredEndpoint[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await store.query({
      pattern: accessPatterns.webhooksOfTenant(tenantId),
      limit: 100,
      consistent: true,
      startKey,
    });
    out.push(...page.items.map((i) => decodeEndpoint(i)));
    startKey = page.lastKey;
  } while (startKey);
  return out;
}

/** The secrets that sign a delivery now, newest first (two during a rotation's grace period), opened. */
export async function liveSecrets(box: SecretBox, e: StoredEndpoint, now: Date): Promise<string[]> {
  const ctx = secretContext(e.tenant_id, e.id);
  const out = [await box.open(e.secret_sealed, ctx)];
  if (
    e.previous_secret_sealed &&
    e.previous_secret_expires_at &&
    Date.parse(e.previous_secret_expires_at) > now.getTime()
  ) {
    out.push(await box.open(e.previous_secret_sealed, ctx));
  }
  return out;
}

export type CreateEndpointInput = { url: string; events?: string[]; description?: string };
export type EndpointEnv = 'local' | 'production';

/**
 * The URL check (./webhook-url.ts, with the destination rule of ../network-destinations.ts and ipaddr.js, about 14 KB)
 * is imported here, by the one use case that needs it: the webhooks function's reads and the webhook worker never
 * evaluate it (the worker's outbound client imports the destination rule itself).
 */
export async function createEndpoint(
  ctx: UseCaseContext,
  box: SecretBox,
  env: EndpointEnv,
  input: CreateEndpointInput,
) {
  const tenantId = ctx.principal.tenantId;
  const url = (await import('./webhook-url.js')).validateWebhookUrl(input.url, env);
  const events = normaliseSubscription(input.events, EVENT_TYPES);
  const id = newId();
  const secret = generateWebhookSecret();
  const ts = ctx.now.toISOString();
  const e: StoredEndpoint = {
    id,
    tenant_id: tenantId,
    url,
    events,
    description: input.description ?? null,
    status: 'active',
    secret_sealed: await box.seal(secret, secretContext(tenantId, id)),
    previous_secret_sealed: null,
    previous_secret_expires_at: null,
    disabled_at: null,
    created_at: ts,
    updated_at: ts,
    version: 1,
  };
  ctx.uow.create(endpointItem(e));
  ctx.uow.audit({
    tenantId,
    action: 'webhook.created',
    resourceType: 'webhook',
    resourceId: id,
    change: endpointView(e),
  });
  return { ...endpointView(e), secret };
}

export async function getEndpoint(ctx: Pick<UseCaseContext, 'store' | 'principal'>, id: string) {
  return endpointView(await loadEndpoint(ctx.store, ctx.principal.tenantId, id));
}

export async function listEndpoints(ctx: Pick<UseCaseContext, 'store' | 'principal' | 'cursors'>, req: PageRequest) {
  const page = await listPage(
    ctx,
    { name: 'webhooks', pattern: accessPatterns.webhooksOfTenant(ctx.principal.tenantId), consistent: true },
    req,
  );
  return { webhooks: page.items.map((i) => endpointView(decodeEndpoint(i))), next_cursor: page.next_cursor };
}

/** Deletes the endpoint; its queued and scheduled attempts find it gone and stop (its delivery records stay until they expire). */
export async function deleteEndpoint(ctx: UseCaseContext, id: string): Promise<void> {
  const e = await loadEndpoint(ctx.store, ctx.principal.tenantId, id);
  ctx.uow.delete(
    keys.webhook(e.tenant_id, e.id),
    { type: 'version', version: e.version },
    () => new NotFoundError('webhook'),
  );
  ctx.uow.audit({
    tenantId: e.tenant_id,
    action: 'webhook.deleted',
    resourceType: 'webhook',
    resourceId: e.id,
    change: endpointView(e),
  });
}

/** A new secret; the current one keeps signing (second in the header) for the grace period. */
export async function rotateEndpointSecret(ctx: UseCaseContext, box: SecretBox, id: string) {
  const e = await loadEndpoint(ctx.store, ctx.principal.tenantId, id);
  const secret = generateWebhookSecret();
  const updated: StoredEndpoint = {
    ...e,
    secret_sealed: await box.seal(secret, secretContext(e.tenant_id, e.id)),
    previous_secret_sealed: e.secret_sealed,
    previous_secret_expires_at: new Date(ctx.now.getTime() + WEBHOOK_SECRET_GRACE_SECONDS * 1000).toISOString(),
    updated_at: ctx.now.toISOString(),
  };
  ctx.uow.replace(endpointItem(updated), () => new NotFoundError('webhook'));
  ctx.uow.audit({
    tenantId: e.tenant_id,
    action: 'webhook.secret_rotated',
    resourceType: 'webhook',
    resourceId: e.id,
    change: { previous_secret_expires_at: updated.previous_secret_expires_at },
  });
  return { ...endpointView(updated), secret, previous_secret_expires_at: updated.previous_secret_expires_at };
}
