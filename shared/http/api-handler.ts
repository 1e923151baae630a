import middy, { type MiddlewareObj, type Request } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type * as z from '../schemas/zod.js';
import { randomUUID } from 'node:crypto';
import { ApiError, errorBody } from '../errors/catalog.js';
import { ConcurrentModificationError, ForbiddenError, MAX_BODY_BYTES, PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../errors/domain-errors.js';
import { services, type Services } from '../app/services.js';
import '../app/keys-wiring.js';
import { logger } from '../app/logger.js';
import { authenticateAndRead, type Principal } from '../domain/identity/authenticate.js';
import { markCredentialUsed } from '../domain/identity/credentials.js';
import { ipAllowed } from '../domain/identity/ip-allowlist.js';
import { RateLimiter } from '../domain/identity/rate-limit.js';
import { commit, ExtraWriteConflictError, UnitOfWork } from '../domain/unit-of-work.js';
import { retryAfterConflict } from '../domain/retry.js';
import type { AuditActor } from '../domain/audit/audit-record.js';
import type { UseCaseContext } from '../domain/context.js';
import { CursorCodec } from '../domain/cursor-codec.js';
import { validationError } from '../schemas/validation.js';
import type { ByteBox } from '../ports/secret-box.js';
import { LocalSecretBox } from '../adapters/local/local-secret-box.js';
import { findReplay, fingerprint, idempotencyRecordKey, parseIdempotencyKey, recordWrite, replayOf, type IdempotencyScope, type StoredResponse } from './idempotency.js';
import { coalescingReads, readKeyId } from './request-store.js';
import type { Item } from '../ports/store.js';
import type { Key } from '../store/keys.js';
import { matchPath, routeMiss, type RouteDef } from './route.js';
import { parseJsonBody } from './json-body.js';
import { inSchemaOrder } from './stable-order.js';
import { currentRequestContext, runWithRequestContext } from '../observability/request-context.js';
import { publicBaseUrl } from './public-url.js';
import { EVERY_ANSWER_HEADERS, SECRET_ANSWER_HEADERS } from './response-headers.js';
import { deferredAnswer } from '../schemas/governance.js';

const lowerCaseHeaders = (event: APIGatewayProxyEvent) =>
  Object.fromEntries(Object.entries(event.headers ?? {}).flatMap(([k, v]) => (v === undefined || v === null ? [] : [[k.toLowerCase(), v]])));

/**
 * The request pipeline every API function uses, as one middy chain:
 * request id and access log -> error mapping -> route and JSON body -> authentication and tenant status -> IP
 * allowlist -> rate limit -> permission -> idempotency (so a validation error is part of the key's history too) ->
 * schema validation -> the use case, whose unit of work is committed together with the idempotency record.
 */
/** The schema a route's `z.lazySchema` builds. */
type Built<S> = S extends () => infer T ? T : undefined;

export type ApiRequest<R extends RouteDef> = {
  body: Built<R['body']> extends z.ZodMiniType ? z.output<Built<R['body']>> : undefined;
  query: Built<R['query']> extends z.ZodMiniObject ? z.output<Built<R['query']>> : Record<string, never>;
  params: Built<R['params']> extends z.ZodMiniObject ? z.output<Built<R['params']>> : Record<string, string>;
  /** The caller; absent only on public routes. */
  principal: R['auth'] extends 'credential' ? Principal : Principal | undefined;
  requestId: string;
  sourceIp: string | undefined;
  /** Request headers, names in lower case. */
  headers: Record<string, string>;
  /** The API's base URL as browsers reach it (public-url.ts): where redirects back to the service point. */
  baseUrl: string;
  /** Stage writes here; the pipeline commits them with the audit entries and the idempotency record. */
  uow: UnitOfWork;
  services: Services;
  now: Date;
  /** List cursors, signed for the caller's tenant. */
  cursors: CursorCodec;
};

/**
 * `raw`: the body is a string sent as it is (HTML), not JSON. `error`: answer with this catalog error AFTER committing
 * the unit of work (a denied transfer's audit entry, an expired approval's move to REJECTED).
 */
export type ApiResult = {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  raw?: boolean;
  error?: ApiError;
  /** Runs once the unit of work is committed (not for an attempt lost to a conflict): where a route records metrics. */
  afterCommit?: () => void;
};
export type Implementation<R extends RouteDef> = (req: ApiRequest<R>) => Promise<ApiResult>;
export type Implementations<T extends Record<string, RouteDef>> = { [K in keyof T]: Implementation<T[K]> };

type State = {
  requestId: string;
  started: number;
  route?: RouteDef;
  params: Record<string, string>;
  rawBody?: unknown;
  principal?: Principal;
  extraHeaders: Record<string, string>;
  idempotency?: IdempotencyScope;
  /** The idempotency record of the request's key, read with the tenant and the user (see `accessControl`). */
  idempotencyRecord?: { key: string; item: Item | undefined };
  /** The items the route reads first (`readsFirst`), read with the tenant and the user, by `readKeyId`. */
  readFirst: Map<string, Item | undefined>;
  replay?: StoredResponse;
  validated?: { body: unknown; query: unknown; params: unknown };
};
type ApiContext = Context & { api: State };
type ApiMiddleware = MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, ApiContext>;
type ApiRequestObj = Request<APIGatewayProxyEvent, APIGatewayProxyResult, Error, ApiContext>;

const JSON_HEADERS = { 'Content-Type': 'application/json' };

function header(event: APIGatewayProxyEvent, name: string): string | undefined {
  const lower = name.toLowerCase();
  for (const [k, v] of Object.entries(event.headers ?? {})) if (k.toLowerCase() === lower) return v ?? undefined;
  return undefined;
}

const serialise = (body: unknown) => (body === undefined ? '' : JSON.stringify(body));

const respond = (status: number, body: unknown, headers: Record<string, string> = {}): APIGatewayProxyResult => ({
  statusCode: status,
  headers: { ...JSON_HEADERS, ...headers },
  body: serialise(body),
});

/**
 * Request id, the access log line, the catalog shape for every error (a 5xx says only "internal error"), and the
 * headers of every answer (response-headers.ts), replays and errors included.
 */
const requestScope = (): ApiMiddleware => ({
  before: (request) => {
    // The id of the request context `apiHandler` opened, so log lines below the pipeline carry the same one.
    const requestId = currentRequestContext()?.requestId ?? `req_${randomUUID()}`;
    request.context.api = { requestId, started: Date.now(), params: {}, extraHeaders: {}, readFirst: new Map() };
  },
  after: (request) => finish(request),
  onError: (request) => {
    const err = request.error;
    const api = request.context.api;
    if (!err && request.response) {
      // a later middleware (idempotency) already answered with a replay
    } else if (err instanceof ApiError) {
      request.response = respond(err.status, errorBody(err, api.requestId), err.headers);
    } else {
      logger.error('unhandled error', { request_id: api.requestId, error: err as Error });
      request.response = respond(500, errorBody(internalError(), api.requestId));
    }
    finish(request);
  },
});

/** A 5xx says only this; the details go to the structured log. */
const internalError = () => new ApiError('INTERNAL_ERROR', 'internal error');

/**
 * A redirect to an absolute URL (another origin: an identity provider, an integrator's front end) that has no
 * fragment of its own gets an empty one: browsers carry the current URL's fragment over a redirect whose Location
 * has none (Fetch standard), and nothing of the page that led here may ride along to another site.
 */
export function withOwnFragment(location: string): string {
  return /^[a-z][a-z0-9+.-]*:/i.test(location) && !location.includes('#') ? `${location}#` : location;
}

function finish(request: ApiRequestObj) {
  const api = request.context.api;
  const res = request.response ?? respond(500, errorBody(internalError(), api.requestId));
  const secret = api.route?.secretInAnswer ? SECRET_ANSWER_HEADERS : {};
  res.headers = { ...res.headers, ...api.extraHeaders, ...EVERY_ANSWER_HEADERS, ...secret, 'X-Request-Id': api.requestId };
  const location = res.headers.Location;
  if (typeof location === 'string') res.headers.Location = withOwnFragment(location);
  request.response = res;
  logger.info('request', {
    request_id: api.requestId,
    tenant_id: api.principal?.tenantId,
    key_id: api.principal?.keyId,
    route: api.route ? `${api.route.method} ${api.route.path}` : `${request.event.httpMethod} ${request.event.path}`,
    status: res.statusCode,
    duration_ms: Date.now() - api.started,
    ...clientError(res),
  });
}

/** A 4xx answer's catalog code, type and message for its log line (its body is the catalog shape: small, no secret). */
function clientError(res: APIGatewayProxyResult): { error_code?: number; error_type?: string; error_message?: string } {
  if (res.statusCode < 400 || res.statusCode >= 500 || !res.body) return {};
  try {
    const e = (JSON.parse(res.body) as { error?: { code?: unknown; type?: unknown; message?: unknown } }).error;
    return e && typeof e.code === 'number' ? { error_code: e.code, error_type: String(e.type), error_message: String(e.message) } : {};
  } catch {
    return {};
  }
}

/**
 * Finds the route (API Gateway passes the resource template; an unknown path is 404 1402, a known path with another
 * method 405 1403 with `Allow`) and parses the body: over 1 MiB is 413 1112, a body that is not
 * `application/json` 415 1111, malformed or too deeply nested JSON 400 1100.
 */
const routeAndBody = (routes: readonly RouteDef[]): ApiMiddleware => ({
  before: (request) => {
    const { event } = request;
    const api = request.context.api;
    const route =
      routes.find((r) => r.method === event.httpMethod && r.path === event.resource) ??
      routes.find((r) => r.method === event.httpMethod && matchPath(r.path, event.path));
    if (!route) throw routeMiss(routes, event.httpMethod, event.path);
    api.route = route;
    api.params = (event.pathParameters as Record<string, string> | null) ?? matchPath(route.path, event.path) ?? {};
    if (event.body !== null && event.body !== undefined && event.body !== '') {
      const bytes = event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
      if (bytes.length > MAX_BODY_BYTES) throw new PayloadTooLargeError();
      if (route.bodyEncoding === 'form') {
        if (!isFormMediaType(header(event, 'content-type'))) throw new UnsupportedMediaTypeError('request body must be a form (Content-Type: application/x-www-form-urlencoded)');
        api.rawBody = parseFormBody(bytes.toString('utf8'));
      } else {
        if (!isJsonMediaType(header(event, 'content-type'))) throw new UnsupportedMediaTypeError();
        api.rawBody = parseJsonBody(bytes.toString('utf8'));
      }
    }
  },
});

/** `application/json` or a `+json` type, parameters (charset) allowed; media types are case-insensitive (RFC 9110). */
function isJsonMediaType(value: string | undefined): boolean {
  const type = value?.split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || (!!type && /^application\/[a-z0-9.+-]+\+json$/.test(type));
}

/** `application/x-www-form-urlencoded`, parameters allowed: only for routes declared `bodyEncoding: 'form'`. */
function isFormMediaType(value: string | undefined): boolean {
  return value?.split(';')[0]!.trim().toLowerCase() === 'application/x-www-form-urlencoded';
}

/** A form body as an object of strings; a name given twice is 400 1100 (nothing reads "the first one" by accident). */
function parseFormBody(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(text)) {
    if (Object.hasOwn(out, name)) throw new ValidationError(`form field '${name}' given more than once`, { field: name });
    out[name] = value;
  }
  return out;
}

/** One per container (module scope): its leases of the rate-limit counters (shared/domain/identity/rate-limit.ts). */
const rateLimiter = new RateLimiter();

/** Authentication, tenant status, IP allowlist, rate limit and permission: in that order (interface section 5). */
const accessControl = (): ApiMiddleware => ({
  before: async (request) => {
    const api = request.context.api;
    const route = api.route!;
    if (route.auth === 'none') {
      const svc = services();
      if (route.limitPerIp && svc.config.CUSTODY_RATE_LIMIT_ENABLED) {
        const ip = request.event.requestContext?.identity?.sourceIp ?? 'unknown';
        const cfg = svc.config;
        Object.assign(api.extraHeaders, await rateLimiter.enforceOne(svc.store, { windowSeconds: cfg.CUSTODY_RATE_LIMIT_WINDOW_SECONDS, limit: cfg.CUSTODY_RATE_LIMIT_PUBLIC_PER_IP }, 'public-ip', ip, svc.clock.now()));
      }
      return;
    }
    const svc = services();
    const now = svc.clock.now();
    // The idempotency record is read in authentication's batch (tenant, user): one round trip less. A malformed key
    // is refused later, in the pipeline's order (idempotency, after authentication and permission).
    const idemKey = writesWithKey(route) ? validIdempotencyKey(header(request.event, 'idempotency-key')) : undefined;
    // So are the items the route's use case reads first (`readsFirst`), in the caller's tenant.
    let firstKeys: Key[] = [];
    const { principal, also } = await authenticateAndRead(svc.store, header(request.event, 'authorization'), now, (tenantId) => {
      firstKeys = route.readsFirst?.(api.rawBody, tenantId) ?? [];
      return [...(idemKey ? [idempotencyRecordKey(tenantId, idemKey)] : []), ...firstKeys];
    });
    if (idemKey) api.idempotencyRecord = { key: idemKey, item: also.shift() };
    firstKeys.forEach((k, i) => api.readFirst.set(readKeyId(k), also[i]));
    api.principal = principal;
    const ctx = currentRequestContext();
    if (ctx) ctx.tenantId = principal.tenantId; // every later log line and metric of this request names the tenant
    if (!ipAllowed(principal.tenant.ip_allowlist, request.event.requestContext?.identity?.sourceIp)) {
      throw new ForbiddenError('source IP not in the tenant allowlist');
    }
    const cfg = svc.config;
    if (cfg.CUSTODY_RATE_LIMIT_ENABLED) {
      Object.assign(
        api.extraHeaders,
        await rateLimiter.enforce(
          svc.store,
          { windowSeconds: cfg.CUSTODY_RATE_LIMIT_WINDOW_SECONDS, perKey: cfg.CUSTODY_RATE_LIMIT_PER_KEY, perTenant: cfg.CUSTODY_RATE_LIMIT_PER_TENANT, tenantShards: cfg.CUSTODY_RATE_LIMIT_TENANT_SHARDS },
          principal.tenantId,
          principal.keyId,
          now,
        ),
      );
    }
    const missing = (route.permissions ?? []).filter((p) => !principal.permissions.has(p));
    if (missing.length) throw new ForbiddenError(`missing permission ${missing.join(', ')}`);
    if (route.platformOnly && !principal.isPlatform) throw new ForbiddenError('platform operators only');
    await markCredentialUsed(svc.store, principal.credential, now);
  },
});

/** Routes whose requests may carry an Idempotency-Key (interface 5.9). */
const writesWithKey = (route: RouteDef) => route.method === 'POST' || route.method === 'PUT';

function validIdempotencyKey(raw: string | undefined): string | undefined {
  try {
    return parseIdempotencyKey(raw);
  } catch {
    return undefined;
  }
}

/** Validates path, query and body against the route's schemas. */
const validation = (): ApiMiddleware => ({
  before: (request) => {
    const api = request.context.api;
    if (api.replay) return; // answered from the idempotency record
    const route = api.route!;
    const parse = (schema: z.ZodMiniType | undefined, input: unknown, where: 'body' | 'query' | 'path') => {
      if (!schema) return input;
      // reportInput: zod 4 keeps an issue's input only when asked; a present-but-wrong member must be 1100, not 1101.
      const out = schema.safeParse(input, { reportInput: true });
      if (!out.success) throw validationError(out.error, where);
      return out.data;
    };
    const query = { ...(request.event.queryStringParameters ?? {}) };
    const known = new Set(Object.keys(route.query?.().shape ?? {}));
    const unknown = Object.keys(query).find((k) => !known.has(k));
    if (unknown !== undefined) throw new ValidationError(`unknown query parameter '${unknown}'`, { field: unknown, where: 'query' });
    api.validated = {
      params: parse(route.params?.(), api.params, 'path'),
      query: parse(route.query?.(), query, 'query'),
      body: route.body ? parse(route.body(), api.rawBody === undefined ? {} : api.rawBody, 'body') : undefined,
    };
  },
});

/**
 * The box that seals stored answers at rest: AES-256-GCM (the same scheme as the local secret box) under a key the key
 * provider derives for this purpose (KMS GenerateMac on AWS, the local key file locally), so no KMS call per request.
 */
async function replayBox(svc: { keys: { derivedKey(purpose: string): Promise<Uint8Array> } }): Promise<ByteBox> {
  return new LocalSecretBox(await svc.keys.derivedKey('idempotency'));
}

/** Replays a stored response, or binds the key so the use case's commit stores its answer. */
const idempotency = (): ApiMiddleware => ({
  before: async (request) => {
    const api = request.context.api;
    const route = api.route!;
    if (!writesWithKey(route) || !api.principal) return;
    const key = parseIdempotencyKey(header(request.event, 'idempotency-key'));
    if (!key) return;
    api.idempotency = { tenantId: api.principal.tenantId, key, method: route.method, path: request.event.path, fingerprint: fingerprint(api.rawBody) };
    // A replay is answered by the handler step, so the after-chain (request id, access log) still runs.
    const svc = services();
    const read = api.idempotencyRecord;
    api.replay =
      read?.key === key
        ? replayOf(read.item, api.idempotency, svc.clock.now(), await replayBox(svc))
        : await findReplay(svc.store, api.idempotency, svc.clock.now(), await replayBox(svc));
  },
  onError: async (request) => {
    // A 4xx answer is part of the key's history too (5xx are not stored, so they can be retried).
    const api = request.context.api;
    const err = request.error;
    if (!api.idempotency || !(err instanceof ApiError) || err.status >= 500 || err.type === 'IDEMPOTENCY_CONFLICT') return;
    const svc = services();
    const stored: StoredResponse = { status: err.status, body: serialise(errorBody(err, api.requestId)), headers: err.headers ?? {} };
    try {
      await svc.store.write([recordWrite(api.idempotency, stored, svc.clock.now(), svc.config.CUSTODY_IDEMPOTENCY_TTL_SECONDS, await replayBox(svc))]);
    } catch {
      // Another request with this key committed first: answer with what it stored.
      try {
        const replay = await findReplay(svc.store, api.idempotency, svc.clock.now(), await replayBox(svc));
        if (replay) {
          request.response = replayResponse(replay);
          request.error = null as unknown as Error;
        }
      } catch (conflict) {
        request.error = conflict as Error;
      }
    }
  },
});

/** The stored answer, its body byte for byte. */
const replayResponse = (r: StoredResponse): APIGatewayProxyResult => ({
  statusCode: r.status,
  headers: { ...JSON_HEADERS, ...r.headers, 'Idempotent-Replayed': 'true' },
  body: r.body,
});

function actorOf(p: Principal | undefined): AuditActor {
  return p ? { type: 'user', user_id: p.userId, key_id: p.keyId } : { type: 'system', user_id: null, key_id: null, component: 'api' };
}

/**
 * Whether the route pages with cursors (its query declares `cursor`: the pagination query of shared/schemas/common.ts).
 * Only those derive the cursor key, so a request that lists nothing asks the key provider for nothing (on AWS, the
 * KMS client is not even loaded: shared/app/keys-wiring.ts).
 */
const takesCursor = (route: RouteDef) => Object.hasOwn(route.query?.().shape ?? {}, 'cursor');

/** The codec handed to a route that takes no cursor: using it is a programming error (its query should declare `cursor`). */
class NoCursors extends CursorCodec {
  constructor() {
    super(new Uint8Array(32), '');
  }
  override encode(): never {
    throw new Error('this route declares no cursor query parameter, so it has no cursor key');
  }
  override decode(): never {
    throw new Error('this route declares no cursor query parameter, so it has no cursor key');
  }
}
const NO_CURSORS = new NoCursors();

/**
 * After a use case or its commit failed: true to build the change again (`retryAfterConflict`); a concurrent change
 * past the retry budget is answered 409 TX_INVALID_STATE; false for any other error.
 */
async function againAfterConflict(e: unknown, attempt: number): Promise<boolean> {
  if (await retryAfterConflict(e, attempt)) return true;
  if (e instanceof ConcurrentModificationError) throw new ApiError('TX_INVALID_STATE', 'the resource changed concurrently; refresh and retry');
  return false;
}

/** The schema an answer is ordered by: a deferred governed operation answers its pending change. */
const answerSchema = (route: RouteDef, status: number | undefined) => (route.deferrable && status === 202 ? deferredAnswer(route) : route.success.schema?.());

/** Builds the Lambda handler of one family from its route declarations and their implementations. */
export function apiHandler<T extends Record<string, RouteDef>>(routes: T, impls: Implementations<T>) {
  const list = Object.values(routes);
  const byRoute = new Map<RouteDef, Implementation<RouteDef>>(Object.entries(routes).map(([k, r]) => [r, impls[k] as unknown as Implementation<RouteDef>]));

  const core = async (event: APIGatewayProxyEvent, context: ApiContext): Promise<APIGatewayProxyResult> => {
    const api = context.api;
    const route = api.route!;
    const impl = byRoute.get(route)!;
    const svc = services();
    if (api.replay) return replayResponse(api.replay);
    const cursors = takesCursor(route) ? new CursorCodec(await svc.keys.derivedKey('cursor'), api.principal?.tenantId ?? '') : NO_CURSORS;
    // The use case reads through a store that batches the single-item reads it starts together (no item cache).
    const requestServices = { ...svc, store: coalescingReads(svc.store, api.readFirst) };
    for (let attempt = 1; ; attempt++) {
      const now = svc.clock.now();
      const uow = new UnitOfWork(() => now);
      let result: Awaited<ReturnType<typeof impl>>;
      try {
        result = await impl({
          body: api.validated!.body,
          query: api.validated!.query,
          params: api.validated!.params,
          principal: api.principal,
          requestId: api.requestId,
          sourceIp: event.requestContext?.identity?.sourceIp,
          headers: lowerCaseHeaders(event),
          baseUrl: publicBaseUrl(svc.config, event),
          uow,
          services: requestServices,
          now,
          cursors,
        } as ApiRequest<RouteDef>);
      } catch (e) {
        uow.abandon(); // a use case that fails after reserving (a DAILY_LIMIT) gives it back
        // A use case that met a concurrent change while reading or reserving runs again, as after a failed commit.
        if (await againAfterConflict(e, attempt)) continue;
        throw e;
      }
      // The answer's text is made once, keys in the schema's order, and that text is what a replay sends.
      const response: StoredResponse = result.error
        ? { status: result.error.status, body: serialise(errorBody(result.error, api.requestId)), headers: result.error.headers ?? {} }
        : { status: result.status ?? route.success.status, body: result.raw ? String(result.body) : serialise(inSchemaOrder(answerSchema(route, result.status), result.body)), headers: result.headers ?? {} };
      const status = response.status;
      const extra = api.idempotency ? [recordWrite(api.idempotency, response, now, svc.config.CUSTODY_IDEMPOTENCY_TTL_SECONDS, await replayBox(svc))] : [];
      try {
        if (!uow.isEmpty || extra.length) await commit(svc.store, uow, { actor: actorOf(api.principal), requestId: api.requestId, now }, extra);
        result.afterCommit?.();
        if (result.raw) return { statusCode: status, headers: response.headers, body: response.body };
        return { statusCode: status, headers: { ...JSON_HEADERS, ...response.headers }, body: response.body };
      } catch (e) {
        if (e instanceof ExtraWriteConflictError && api.idempotency) {
          const replay = await findReplay(svc.store, api.idempotency, svc.clock.now(), await replayBox(svc));
          if (replay) return replayResponse(replay);
        }
        if (await againAfterConflict(e, attempt)) continue;
        throw e;
      }
    }
  };

  const pipeline = middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, ApiContext>({ timeoutEarlyInMillis: 0 })
    .use(requestScope())
    .use(routeAndBody(list))
    .use(accessControl())
    .use(idempotency())
    .use(validation())
    .handler(core);
  // One request context per request: its id now, its tenant once authenticated (shared/observability/request-context.ts).
  return (event: APIGatewayProxyEvent, context: Context): Promise<APIGatewayProxyResult> =>
    runWithRequestContext({ requestId: `req_${randomUUID()}` }, () => pipeline(event, context as ApiContext));
}

/** The use-case context of an authenticated request. */
export function useCaseContext(req: ApiRequest<RouteDef & { auth: 'credential' }>): UseCaseContext {
  return { store: req.services.store, uow: req.uow, now: req.now, principal: req.principal, cursors: req.cursors };
}
