import { describe, expect, it } from 'vitest';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import * as z from '../../shared/schemas/zod.js';
import { apiHandler } from '../../shared/http/api-handler.js';
import { defineRoutes } from '../../shared/http/route.js';
import { paginationQuery } from '../../shared/schemas/common.js';
import { API_PORTS } from '../../shared/composition/api.js';
import { keys } from '../../shared/composition/keys.js';
import { config } from '../../shared/config.js';
import { lazyDeps } from '../../shared/composition/deps.js';

/* The cursor key (KMS on AWS, a lazy chunk of the bundle) derived only by the routes that page with cursors. */
const routes = defineRoutes({
  plain: {
    operationId: 'probePlain',
    family: 'meta',
    method: 'GET',
    path: '/v1/probe',
    tag: 'health',
    auth: 'none',
    summary: 'a route without a cursor',
    success: { status: 200, schema: z.lazySchema(() => z.object({ ok: z.boolean() })) },
  },
  listed: {
    operationId: 'probeList',
    family: 'meta',
    method: 'GET',
    path: '/v1/probes',
    tag: 'health',
    auth: 'none',
    summary: 'a route that pages',
    query: paginationQuery,
    success: { status: 200, schema: z.lazySchema(() => z.object({ next_cursor: z.nullable(z.string()) })) },
  },
});
const asked: string[] = [];
const real = keys({ config: config() });
const handler = apiHandler(
  routes,
  {
    plain: async () => ({ body: { ok: true } }),
    listed: async (req) => ({ body: { next_cursor: req.cursors.encode({ name: 'probes' }, { n: 1 }) } }),
  },
  lazyDeps(API_PORTS, { keys: { derivedKey: (purpose) => (asked.push(purpose), real.derivedKey(purpose)) } }),
);

const event = (path: string): APIGatewayProxyEvent =>
  ({
    httpMethod: 'GET',
    path,
    resource: path,
    headers: {},
    body: null,
    queryStringParameters: null,
    requestContext: { identity: { sourceIp: '127.0.0.1' } },
  }) as unknown as APIGatewayProxyEvent;
const call = (
  handler: (e: APIGatewayProxyEvent, c: Context) => Promise<{ statusCode: number; body: string }>,
  path: string,
) => handler(event(path), {} as Context);

describe('the cursor key', () => {
  it('derives the cursor key for a route whose query declares cursor, and for no other route', async () => {
    expect((await call(handler, '/v1/probe')).statusCode).toBe(200);
    expect(asked).toEqual([]);
    const listed = await call(handler, '/v1/probes');
    expect(listed.statusCode).toBe(200);
    expect(JSON.parse(listed.body).next_cursor).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    expect(asked).toEqual(['cursor']);
  });
});
