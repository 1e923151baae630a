import type { MiddlewareObj, Request } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type * as z from '../../schemas/zod.js';
import type { ApiError } from '../../errors/catalog.js';
import type { DepsOf } from '../../composition/deps.js';
import type { API_PORTS } from '../../composition/api.js';
import type { Principal } from '../../domain/identity/authenticate.js';
import type { UnitOfWork } from '../../domain/unit-of-work.js';
import type { CursorCodec } from '../../domain/cursor-codec.js';
import type { Item } from '../../ports/store.js';
import type { RouteDef } from '../route.js';
import type { IdempotencyScope, StoredResponse } from './idempotency-record.js';

/** The schema a route's `z.lazySchema` builds. */
type Built<S> = S extends () => infer T ? T : undefined;

/** What the request pipeline itself uses: every API function declares these ports (shared/composition/api.ts). */
export type ApiDeps = DepsOf<typeof API_PORTS>;

/**
 * What a route's implementation is handed: its validated input, the caller, the request's unit of work, and the
 * function's deps (`D`: the ports its entry declares).
 */
export type ApiRequest<R extends RouteDef, D extends ApiDeps = ApiDeps> = {
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
  /** The function's ports (its store batching the reads a use case starts together). */
  deps: D;
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
export type Implementation<R extends RouteDef, D extends ApiDeps = ApiDeps> = (
  req: ApiRequest<R, D>,
) => Promise<ApiResult>;
export type Implementations<T extends Record<string, RouteDef>, D extends ApiDeps = ApiDeps> = {
  [K in keyof T]: Implementation<T[K], D>;
};

/** The Idempotency-Key of a POST or PUT, parsed once (parse.ts); a malformed one is refused in idempotency.ts's turn. */
export type RequestedKey = { key: string } | { refused: unknown } | undefined;

/** What the stages learn about one request, in the order they learn it. */
export type State = {
  requestId: string;
  started: number;
  route?: RouteDef;
  params: Record<string, string>;
  rawBody?: unknown;
  requestedKey?: RequestedKey;
  principal?: Principal;
  /** Items read in authentication's batch (the idempotency record, the route's `readsFirst`), by `readKeyId`: each taken once. */
  readFirst: Map<string, Item | undefined>;
  /** Headers every answer of this request carries (the rate limit's). */
  extraHeaders: Record<string, string>;
  idempotency?: IdempotencyScope;
  replay?: StoredResponse;
  validated?: { body: unknown; query: unknown; params: unknown };
};
export type ApiContext = Context & { api: State };
export type ApiMiddleware = MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, ApiContext>;
export type ApiRequestObj = Request<APIGatewayProxyEvent, APIGatewayProxyResult, Error, ApiContext>;

/** A request header, whatever the case of its name. */
export function header(event: APIGatewayProxyEvent, name: string): string | undefined {
  const lower = name.toLowerCase();
  for (const [k, v] of Object.entries(event.headers ?? {})) if (k.toLowerCase() === lower) return v ?? undefined;
  return undefined;
}
