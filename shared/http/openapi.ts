import { z } from 'zod';
import { ERROR_CATALOG } from '../errors/catalog.js';
import { EVENT_CATALOG, EVENT_TYPES, envelopeSchema } from '../domain/events/catalog.js';
import type { RouteDef } from './route.js';

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
      required: ['code', 'type', 'message', 'request_id'],
      properties: {
        code: { type: 'integer', enum: Object.values(ERROR_CATALOG).map((e) => e.code) },
        type: { type: 'string', enum: Object.keys(ERROR_CATALOG) },
        message: { type: 'string' },
        request_id: { type: 'string' },
        details: { type: 'object' },
      },
    },
    code: { type: 'string', description: 'The error type (flat shape of the authentication guide)' },
    message: { type: 'string' },
    requestId: { type: 'string' },
  },
};

function toSchema(schema: z.ZodType, io: 'input' | 'output', components: Record<string, JsonSchema>): JsonSchema {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
  const defs = (json.$defs ?? {}) as Record<string, JsonSchema>;
  delete json.$defs;
  delete json.$schema;
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (node && typeof node === 'object') {
      return Object.fromEntries(
        Object.entries(node).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' ? v.replace('#/$defs/', '#/components/schemas/') : rewrite(v)]),
      );
    }
    return node;
  };
  for (const [name, def] of Object.entries(defs)) components[io === 'input' ? `${name}Input` : name] = rewrite(def) as JsonSchema;
  const out = rewrite(json) as JsonSchema;
  if (io === 'input' && typeof out.$ref === 'string') out.$ref = `${out.$ref}Input`;
  return out;
}

function parameters(route: RouteDef, components: Record<string, JsonSchema>) {
  const params: unknown[] = [];
  const add = (obj: z.ZodObject | undefined, where: 'path' | 'query') => {
    const names = where === 'path' ? [...route.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!) : Object.keys(obj?.shape ?? {});
    for (const name of names) {
      const field = obj?.shape[name] as z.ZodType | undefined;
      params.push({
        name,
        in: where,
        required: where === 'path' || (field ? !field.safeParse(undefined).success : false),
        schema: field ? toSchema(field, 'input', components) : { type: 'string' },
      });
    }
  };
  add(route.params, 'path');
  add(route.query, 'query');
  if (route.method === 'POST' || route.method === 'PUT') {
    params.push({ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', maxLength: 255 }, description: 'Replays the first answer for 24 h; reuse on another method, path or body is 1601.' });
  }
  return params;
}

const WEBHOOK_HEADERS = [
  { name: 'X-Webhook-ID', in: 'header', required: true, schema: { type: 'string' }, description: 'Unique id of this delivery.' },
  { name: 'X-Webhook-Timestamp', in: 'header', required: true, schema: { type: 'string' }, description: 'Unix time of this attempt (seconds); fresh on every retry.' },
  {
    name: 'X-Webhook-Signature',
    in: 'header',
    required: true,
    schema: { type: 'string', pattern: '^[0-9a-f]{64}$' },
    description: 'Lowercase hex HMAC-SHA256, keyed with the endpoint secret, over `<X-Webhook-Timestamp>.<raw body>`; compare in constant time.',
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
          requestBody: { required: true, content: { 'application/json': { schema: toSchema(envelopeSchema(type), 'output', components) } } },
          responses: {
            '2XX': { description: 'Received; any status outside 200-299 (or a timeout after 10 s) is retried.' },
            '410': { description: 'Gone: the endpoint is disabled for good.' },
          },
        },
      },
    ]),
  );
}

export function buildOpenApi(routes: readonly RouteDef[], info: { version: string; serverUrl?: string }) {
  const components: Record<string, JsonSchema> = { Error: ErrorSchema };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const responses: Record<string, unknown> = {
      [route.success.status]: {
        description: route.success.description ?? 'Success',
        ...(route.success.schema
          ? { content: { [route.success.contentType ?? 'application/json']: { schema: toSchema(route.success.schema, 'output', components) } } }
          : route.success.contentType
            ? { content: { [route.success.contentType]: { schema: { type: 'string' } } } }
            : {}),
      },
      default: { description: 'Error (catalog shape)', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
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
      ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: toSchema(route.body, 'input', components) } } } } : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Custody Orchestration Service',
      version: info.version,
      description: 'Multi-tenant, non-custodial custody and transaction orchestration for a post-quantum EVM-style chain. Authenticate with `Authorization: Bearer <key_id>:<secret>`.',
    },
    servers: [{ url: info.serverUrl ?? '/' }],
    security: [{ bearer: [] }],
    tags: [...[...new Set(routes.map((r) => r.tag))].map((name) => ({ name })), { name: 'Events', description: 'Webhook deliveries: one per event type (docs/events.md).' }],
    paths,
    webhooks: webhooks(components),
    components: { schemas: components, securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: '<key_id>:<secret>' } } },
  };
}

/** The reference page: Scalar's API reference (a maintained OpenAPI renderer) reading /v1/openapi.json. */
export const SCALAR_VERSION = '1.72.1';
export function docsPage(specUrl = '/v1/openapi.json'): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <meta name="viewport" content="width=device-width, initial-scale=1" />
  <title>Custody Orchestration Service API reference</title>
</head>
<body>
  <noscript>The reference needs JavaScript. The raw document is at <a href="${specUrl}">${specUrl}</a>.</noscript>
  <script id="api-reference" data-url="${specUrl}"></script>
  <script src="https://cdn.jsdelivr.net/npm/@scalar/api-reference@${SCALAR_VERSION}"></script>
</body>
</html>`;
}
