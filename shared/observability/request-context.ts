import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The request (or message) being handled, for every log line and metric made while handling it, however deep:
 * the JSON-RPC client and the signer adapter log and measure without being handed ids. Held in an
 * AsyncLocalStorage, so the local stack's concurrent requests in one process never see each other's ids.
 *
 * The API pipeline opens one per request (its request id) and adds the tenant once the credential is authenticated;
 * background workers open one per message. The tenant id comes only from the credential or the stored message.
 */
export type RequestContext = { requestId: string; tenantId?: string };

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `fn` with `ctx` as the current request context (the object itself: setting `tenantId` later is seen). */
export function runWithRequestContext<T>(ctx: RequestContext, fn: () => T): T {
  return storage.run(ctx, fn);
}

export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}

/** `request_id` and `tenant_id` of the current context, for log lines and metric metadata (absent ones left out). */
export function requestContextFields(): { request_id?: string; tenant_id?: string } {
  const ctx = storage.getStore();
  if (!ctx) return {};
  return ctx.tenantId ? { request_id: ctx.requestId, tenant_id: ctx.tenantId } : { request_id: ctx.requestId };
}
