import type * as z from '../schemas/zod.js';
import type { Permission } from '../domain/permissions/matrix.js';
import { MethodNotAllowedError, RouteNotFoundError } from '../errors/domain-errors.js';
import type { ErrorType } from '../errors/catalog.js';
import type { Key } from '../store/keys.js';

/**
 * One declaration per route: method, path, the permission it needs, and its request and response schemas. The same
 * declarations feed API Gateway (lib/api-construct.ts), the local server, the OpenAPI document and the
 * route-by-role permission test.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One Lambda function per family (functions/<family>/handler.ts). */
export type Family =
  | 'meta'
  | 'tenants'
  | 'credentials'
  | 'audit'
  | 'users'
  | 'roles'
  | 'vaults'
  | 'wallets'
  | 'assets'
  | 'policies'
  | 'transactions'
  | 'webhooks'
  | 'sso'
  | 'tokens'
  | 'governance';

export type RouteDef = {
  operationId: string;
  family: Family;
  method: HttpMethod;
  /** API Gateway resource template, e.g. `/v1/tenants/{id}`. */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  /** `none`: public (health, docs). */
  auth: 'none' | 'credential';
  /** Every permission listed is required. */
  permissions?: readonly Permission[];
  /**
   * Any authenticated caller, whatever its roles, acting on its own credential only (signing a session out): the one
   * kind of authenticated route without a permission.
   */
  selfService?: true;
  /**
   * Its success answer carries a secret (an API key's or a session's, a webhook signing secret): every answer of the
   * route is sent with `Cache-Control: no-store` (response-headers.ts). A unit test holds every route whose success
   * schema has a `secret` member to declaring it.
   */
  secretInAnswer?: true;
  /** Only members of the platform tenant (platform operators) may call it. */
  platformOnly?: boolean;
  /**
   * A public route that writes (a sign-in step: login state, audited refusals): limited per source IP
   * (`CUSTODY_RATE_LIMIT_PUBLIC_PER_IP`), since no credential or tenant bounds it.
   */
  limitPerIp?: true;
  /** The route's schemas, each unbuilt (`z.lazySchema`): a request builds those of its route only, at its first use. */
  params?: () => z.ZodMiniObject;
  query?: () => z.ZodMiniObject;
  body?: () => z.ZodMiniType;
  /**
   * How the body is encoded: JSON (the default, and the only one the API takes anywhere else), or `form`
   * (`application/x-www-form-urlencoded`, one value per name) for the one route a browser posts to: the SAML ACS.
   */
  bodyEncoding?: 'form';
  /** The success status and its body schema (`null` for no body). */
  success: { status: number; schema: (() => z.ZodMiniType) | null; description?: string; contentType?: string };
  /**
   * A governed operation (docs/governance.md): under a tenant quorum above 1 it answers 202 with the pending change
   * (schema `Change`) instead of its success answer.
   */
  deferrable?: true;
  /**
   * Other non-error answers with the success schema (e.g. 200 when a grant already existed, 503 when not ready), or
   * with no body at all (`body: false`: a redirect).
   */
  alsoAnswers?: readonly { status: number; description: string; body?: false }[];
  /**
   * Items of the caller's tenant the use case reads first, named from the raw body: the pipeline reads them in
   * authentication's batch and hands each to the use case's first read of its key (once).
   */
  readsFirst?: (body: unknown, tenantId: string) => Key[];
  /** Catalog error types the use case can answer, beyond those of the pipeline, for the OpenAPI document. */
  errors?: readonly ErrorType[];
};

export const defineRoutes = <const T extends Record<string, RouteDef>>(routes: T): T => routes;

/** Matches a concrete path against a template, returning the path parameters. */
export function matchPath(template: string, path: string): Record<string, string> | undefined {
  const t = template.split('/');
  const p = path.split('/');
  if (t.length !== p.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < t.length; i++) {
    const seg = t[i]!;
    if (seg.startsWith('{') && seg.endsWith('}')) {
      if (!p[i]) return undefined;
      params[seg.slice(1, -1)] = decodeURIComponent(p[i]!);
    } else if (seg !== p[i]) return undefined;
  }
  return params;
}

/**
 * The answer to a request no route takes: 405 (with `Allow`) when the path exists with other methods, else 404. One
 * function for the pipeline and the local server; API Gateway's gateway response builds the same 404 body.
 */
export function routeMiss(
  routes: readonly RouteDef[],
  method: string,
  path: string,
): RouteNotFoundError | MethodNotAllowedError {
  const allowed = [...new Set(routes.filter((r) => matchPath(r.path, path)).map((r) => r.method))];
  return allowed.length ? new MethodNotAllowedError(method, path, allowed) : new RouteNotFoundError(method, path);
}
