import { deferredAnswer } from '../schemas/governance.js';
import * as z from '../schemas/zod.js';
import { ERROR_CATALOG, type ErrorType } from '../errors/catalog.js';
import { EVENT_CATALOG, EVENT_TYPES, envelopeSchema } from '../domain/events/catalog.js';
import type { RouteDef } from './route.js';
import type { OpenApiExamples } from './openapi-examples.js';

/**
 * Generates the OpenAPI 3.1 document from the route declarations and their zod schemas: the same declarations that
 * validate requests, so the document cannot drift from what the service accepts.
 */
type JsonSchema = Record<string, unknown>;

const ErrorSchema: JsonSchema = {
  type: 'object',
  required: ['error', 'code', 'message', 'requestId'],
  properties: {
    error: {
      type: 'object',
      description: 'The error, as the catalog names it',
      required: ['code', 'type', 'message', 'request_id'],
      properties: {
        code: {
          type: 'integer',
          minimum: 1000,
          enum: Object.values(ERROR_CATALOG).map((e) => e.code),
          description: 'The catalog code, e.g. 1100',
        },
        type: { type: 'string', enum: Object.keys(ERROR_CATALOG), description: 'The catalog type, e.g. VALIDATION' },
        message: { type: 'string', description: 'What went wrong, for people; a 5xx says only "internal error"' },
        request_id: { type: 'string', description: 'The request id, to find the request in the logs' },
        details: { type: 'object', description: 'More about it where known, e.g. `field` naming the bad member' },
      },
    },
    code: { type: 'string', description: 'The error type (flat shape of the authentication guide)' },
    message: { type: 'string', description: 'The same message, flat' },
    requestId: { type: 'string', description: 'The same request id, flat' },
  },
};

const TAG_DESCRIPTIONS: Record<string, string> = {
  health: 'Liveness and readiness probes (no credential)',
  docs: 'This document and its reference page (no credential)',
  tenants: 'Tenants and their first admin (platform operators create, suspend and reactivate them)',
  credentials: 'API credentials of users: create, list, rotate, revoke',
  audit: "The tenant's hash-chained audit log and its verification",
  users: "Users of the caller's tenant and their roles",
  roles: 'The system roles (read-only)',
  vaults: 'Vault accounts: the unit wallets and policies attach to',
  wallets: 'Wallets: an address with its post-quantum public key, proven on registration',
  assets: 'Assets (the native coin and tokens) known to the tenant',
  policies: 'Rule sets attached to vaults, evaluated on every transfer',
  'address-book':
    'Named destinations vouched for by admins, usable after a cooling period; policies and transaction views refer to them',
  transactions: 'Transfers through their life cycle, with approvals',
  deposits: "Native transfers received by the tenant's wallets, found by the deposit scanner",
  screening: 'Address screening lists',
  sso: 'Single sign-on: OpenID Connect (and SAML) connections, the browser sign-in, sessions',
};

/** The catalog errors of the `default` answer, whose captured answers serve as its example. */
const SERVER_ERRORS: ErrorType[] = (Object.keys(ERROR_CATALOG) as ErrorType[]).filter(
  (t) => ERROR_CATALOG[t].status >= 500,
);

/** Response headers (components.headers), referenced by the answers that carry them. */
const HEADERS: Record<string, JsonSchema> = {
  'X-Request-Id': {
    description: 'The request id (`req_<uuid>`), also in error bodies and the logs',
    schema: { type: 'string' },
  },
  'X-Content-Type-Options': {
    description: 'Always `nosniff`: the answer is never to be read as another media type',
    schema: { type: 'string', enum: ['nosniff'] },
  },
  'Cache-Control': {
    description: '`no-store` on every answer of an operation whose answer carries a secret: no cache may keep it',
    schema: { type: 'string', enum: ['no-store'] },
  },
  RateLimit: {
    description:
      "Remaining requests and seconds to the window's end (draft-ietf-httpapi-ratelimit-headers); on authenticated answers when rate limiting is on",
    schema: { type: 'string' },
  },
  'RateLimit-Policy': {
    description: 'The limits that apply, per credential and per tenant (draft-ietf-httpapi-ratelimit-headers)',
    schema: { type: 'string' },
  },
  'Retry-After': { description: 'Seconds until the rate-limit window ends', schema: { type: 'integer', minimum: 0 } },
  'Idempotent-Replayed': {
    description: '`true` when this is the stored answer to an earlier request with the same Idempotency-Key',
    schema: { type: 'string', enum: ['true'] },
  },
};
const headerRefs = (names: string[]) =>
  Object.fromEntries(names.map((n) => [n, { $ref: `#/components/headers/${n}` }]));

/**
 * The error answers an operation documents, by status: the 4xx derived from what the pipeline does
 * (shared/http/pipeline/), plus every error the use case declares (`errors`), 5xx among them (an upstream that did
 * not answer). Every request may fail validation (an unknown query parameter at least); a body may be too large, of
 * another media type or malformed; a credential may be missing, revoked or lack a permission, and hit a rate limit; a
 * write may meet a concurrent change or reuse an Idempotency-Key; a path id may name nothing. The pipeline's own 5xx
 * (1600) is the `default` answer.
 */
function errorAnswers(route: RouteDef): Map<number, Set<ErrorType>> {
  const types = new Set<ErrorType>(['VALIDATION']);
  const write = route.method !== 'GET';
  if (route.body)
    ['MISSING_FIELD', 'STRING_TOO_LONG', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'].forEach((t) =>
      types.add(t as ErrorType),
    );
  if (route.auth === 'credential') {
    ['UNAUTHORIZED', 'API_KEY_REVOKED', 'FORBIDDEN', 'RATE_LIMITED'].forEach((t) => types.add(t as ErrorType));
    if (write) types.add('TX_INVALID_STATE'); // a change that kept meeting a concurrent one
    if (route.method === 'POST' || route.method === 'PUT') types.add('IDEMPOTENCY_CONFLICT');
  }
  if (route.limitPerIp) types.add('RATE_LIMITED');
  if (route.params && !(route.errors ?? []).some((t) => ERROR_CATALOG[t].status === 404)) types.add('VAULT_NOT_FOUND');
  for (const t of route.errors ?? []) types.add(t);
  const byStatus = new Map<number, Set<ErrorType>>();
  for (const t of types) {
    const { status } = ERROR_CATALOG[t];
    if (!byStatus.has(status)) byStatus.set(status, new Set());
    byStatus.get(status)!.add(t);
  }
  return new Map([...byStatus].sort(([a], [b]) => a - b));
}

function toSchema(schema: z.ZodMiniType, io: 'input' | 'output', components: Record<string, JsonSchema>): JsonSchema {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
  const defs = (json.$defs ?? {}) as Record<string, JsonSchema>;
  delete json.$defs;
  delete json.$schema;
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (node && typeof node === 'object') {
      return Object.fromEntries(
        Object.entries(node).map(([k, v]) => [
          k,
          k === '$ref' && typeof v === 'string' ? v.replace('#/$defs/', '#/components/schemas/') : rewrite(v),
        ]),
      );
    }
    return node;
  };
  for (const [name, def] of Object.entries(defs))
    components[io === 'input' ? `${name}Input` : name] = rewrite(def) as JsonSchema;
  const out = rewrite(json) as JsonSchema;
  if (io === 'input' && typeof out.$ref === 'string') out.$ref = `${out.$ref}Input`;
  return out;
}

function parameters(route: RouteDef, components: Record<string, JsonSchema>) {
  const params: unknown[] = [];
  const add = (obj: z.ZodMiniObject | undefined, where: 'path' | 'query') => {
    const names =
      where === 'path' ? [...route.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!) : Object.keys(obj?.shape ?? {});
    for (const name of names) {
      const field = obj?.shape[name] as z.ZodMiniType | undefined;
      const schema = field ? toSchema(field, 'input', components) : { type: 'string' };
      params.push({
        name,
        in: where,
        required: where === 'path' || (field ? !field.safeParse(undefined).success : false),
        ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
        schema,
      });
    }
  };
  add(route.params?.(), 'path');
  add(route.query?.(), 'query');
  if (route.method === 'POST' || route.method === 'PUT') {
    params.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      schema: { type: 'string', maxLength: 255 },
      description: 'Replays the first answer for 24 h; reuse on another method, path or body is 1601.',
    });
  }
  return params;
}

const WEBHOOK_HEADERS = [
  {
    name: 'X-Webhook-ID',
    in: 'header',
    required: true,
    schema: { type: 'string' },
    description: 'Unique id of this delivery.',
  },
  {
    name: 'X-Webhook-Timestamp',
    in: 'header',
    required: true,
    schema: { type: 'string' },
    description: 'Unix time of this attempt (seconds); fresh on every retry.',
  },
  {
    name: 'X-Webhook-Signature',
    in: 'header',
    required: true,
    schema: { type: 'string', pattern: '^[0-9a-f]{64}$' },
    description:
      'Lowercase hex HMAC-SHA256, keyed with the endpoint secret, over `<X-Webhook-Timestamp>.<raw body>`; compare in constant time.',
  },
  {
    name: 'X-Webhook-JWS',
    in: 'header',
    required: true,
    schema: { type: 'string', pattern: '^[A-Za-z0-9_-]+\\.\\.[A-Za-z0-9_-]+$' },
    description:
      "JWS over the raw body, compact serialization with the payload detached (`<protected>..<signature>`, RFC 7515 Appendix F), alg `ML-DSA-65`; the protected header holds `kid` (a key of `GET /v1/webhooks/jwks`), `iat` (this attempt's time) and `aud` (the webhook id). docs/webhooks.md.",
  },
];

/** The OpenAPI 3.1 `webhooks:` section: one entry per event of the catalog, its body the envelope with its data. */
function webhooks(components: Record<string, JsonSchema>) {
  return Object.fromEntries(
    EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          operationId: `event_${type.replace(/\./g, '_')}`,
          summary: type,
          description: `${EVENT_CATALOG[type].description} Sent to endpoints subscribed to \`${type}\` (or a matching wildcard).${EVENT_CATALOG[type].emittedBy ? '' : ' Not emitted yet: the planned payload.'}`,
          tags: ['Events'],
          parameters: WEBHOOK_HEADERS,
          requestBody: {
            required: true,
            content: { 'application/json': { schema: toSchema(envelopeSchema(type), 'output', components) } },
          },
          responses: {
            '2XX': { description: 'Received; any status outside 200-299 (or a timeout after 10 s) is retried.' },
            '410': { description: 'Gone: the endpoint is disabled for good.' },
          },
        },
      },
    ]),
  );
}

/**
 * The captured example of one answer (docs/openapi-examples.json, written by `npm run docs:examples` from real
 * answers of the local stack): the operation's own for that status, else, for an error status, the captured answer
 * of one of the error types the status lists (the first captured, in the order listed).
 */
function answerExample(
  examples: OpenApiExamples | undefined,
  operationId: string,
  status: number,
  errorTypes?: Iterable<ErrorType>,
): { example?: unknown } {
  const own = examples?.operations[operationId]?.responses[String(status)];
  if (own !== undefined) return { example: own };
  for (const t of errorTypes ?? []) if (examples?.errors[t] !== undefined) return { example: examples.errors[t] };
  return {};
}

const withExample = (content: Record<string, { schema: unknown }>, example: { example?: unknown }) =>
  Object.fromEntries(Object.entries(content).map(([type, media]) => [type, { ...media, ...example }]));

export function buildOpenApi(
  routes: readonly RouteDef[],
  info: { version: string; serverUrl?: string; examples?: OpenApiExamples },
) {
  const components: Record<string, JsonSchema> = { Error: ErrorSchema };
  const paths: Record<string, Record<string, unknown>> = {};
  const { examples } = info;
  for (const route of routes) {
    const own = examples?.operations[route.operationId];
    const common = [
      'X-Request-Id',
      'X-Content-Type-Options',
      ...(route.secretInAnswer ? ['Cache-Control'] : []),
      ...(route.auth === 'credential' ? ['RateLimit', 'RateLimit-Policy'] : []),
    ];
    const replayable =
      route.auth === 'credential' && (route.method === 'POST' || route.method === 'PUT') ? ['Idempotent-Replayed'] : [];
    const successSchema = route.success.schema?.();
    const body = route.body?.();
    const successContent = (status: number) =>
      successSchema
        ? {
            content: withExample(
              {
                [route.success.contentType ?? 'application/json']: {
                  schema: toSchema(successSchema, 'output', components),
                },
              },
              answerExample(examples, route.operationId, status),
            ),
          }
        : route.success.contentType
          ? { content: { [route.success.contentType]: { schema: { type: 'string' } } } }
          : {};
    const responses: Record<string, unknown> = {
      [route.success.status]: {
        description: route.success.description ?? 'Success',
        headers: headerRefs([...common, ...replayable]),
        ...successContent(route.success.status),
      },
    };
    for (const other of route.alsoAnswers ?? []) {
      responses[other.status] = {
        description: other.description,
        headers: headerRefs([...common, ...replayable]),
        ...(other.body === false ? {} : successContent(other.status)),
      };
    }
    if (route.deferrable) {
      responses[202] = {
        description:
          'Under a governance quorum above 1: the pending change, which applies once enough admins approve it (docs/governance.md)',
        headers: headerRefs([...common, ...replayable]),
        content: withExample(
          { 'application/json': { schema: toSchema(deferredAnswer(route), 'output', components) } },
          answerExample(examples, route.operationId, 202),
        ),
      };
    }
    for (const [status, types] of errorAnswers(route)) {
      if (responses[status])
        throw new Error(`${route.operationId} answers ${status} both with its success schema and as an error`);
      const extra = status === 429 ? ['Retry-After'] : [];
      responses[status] = {
        description: [...types].map((t) => `${ERROR_CATALOG[t].code} ${t}`).join(', '),
        // A 5xx is not stored with the Idempotency-Key (a retry runs again), so it is never a replay.
        headers: headerRefs([...common, ...extra, ...(status < 500 ? replayable : [])]),
        content: {
          'application/json': {
            schema: { $ref: '#/components/schemas/Error' },
            ...answerExample(examples, route.operationId, status, types),
          },
        },
      };
    }
    responses.default = {
      description: 'Server or upstream error (catalog shape; 1500, 1501, 1600)',
      headers: headerRefs(['X-Request-Id', 'X-Content-Type-Options']),
      content: {
        'application/json': {
          schema: { $ref: '#/components/schemas/Error' },
          ...answerExample(examples, route.operationId, 500, SERVER_ERRORS),
        },
      },
    };
    paths[route.path] ??= {};
    paths[route.path]![route.method.toLowerCase()] = {
      operationId: route.operationId,
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      tags: [route.tag],
      ...(route.auth === 'none' ? { security: [] } : {}),
      ...(route.permissions?.length ? { 'x-permissions': route.permissions } : {}),
      ...(route.platformOnly ? { 'x-platform-only': true } : {}),
      parameters: parameters(route, components),
      // An absent body is validated as `{}`: the body is required only when `{}` would be refused.
      ...(body
        ? {
            requestBody: {
              required: !body.safeParse({}).success,
              content: {
                [route.bodyEncoding === 'form' ? 'application/x-www-form-urlencoded' : 'application/json']: {
                  schema: toSchema(body, 'input', components),
                  ...(own?.request !== undefined ? { example: own.request } : {}),
                },
              },
            },
          }
        : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Custody Orchestration Service',
      version: info.version,
      description:
        'Multi-tenant, non-custodial custody and transaction orchestration for a post-quantum EVM-style chain. Authenticate with `Authorization: Bearer <key_id>:<secret>`.',
    },
    servers: [{ url: info.serverUrl ?? '/' }],
    security: [{ bearer: [] }],
    tags: [
      ...[...new Set(routes.map((r) => r.tag))].map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name })),
      { name: 'Events', description: 'Webhook deliveries: one per event type (docs/events.md).' },
    ],
    paths,
    webhooks: webhooks(components),
    components: {
      schemas: components,
      headers: HEADERS,
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: '<key_id>:<secret>' } },
    },
  };
}
