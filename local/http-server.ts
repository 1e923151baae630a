import http from 'node:http';
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { lambdaContext, type LambdaHandler } from '../shared/adapters/local/lambda-context.js';
import { matchPath, routeMiss, type Family, type RouteDef } from '../shared/http/route.js';
import { ApiError, errorBody } from '../shared/errors/catalog.js';
import { MAX_BODY_BYTES, PayloadTooLargeError } from '../shared/errors/domain-errors.js';
import { EVERY_ANSWER_HEADERS } from '../shared/http/response-headers.js';

/**
 * The local stand-in for API Gateway: turns each HTTP request into the REST API proxy event the deployed functions
 * receive (resource template, path parameters, the client's socket address as source IP) and calls the same
 * family handler. Nothing in the handlers knows which one called it.
 */

export function toProxyEvent(req: http.IncomingMessage, body: Buffer, route: RouteDef, url: URL): APIGatewayProxyEvent {
  const headers: Record<string, string> = {};
  const multiHeaders: Record<string, string[]> = {};
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const k = req.rawHeaders[i]!;
    const v = req.rawHeaders[i + 1]!;
    headers[k] = v;
    (multiHeaders[k] ??= []).push(v);
  }
  const query: Record<string, string> = {};
  const multiQuery: Record<string, string[]> = {};
  url.searchParams.forEach((v, k) => {
    query[k] = v;
    (multiQuery[k] ??= []).push(v);
  });
  const requestId = randomUUID();
  return {
    resource: route.path,
    path: url.pathname,
    httpMethod: req.method ?? 'GET',
    headers,
    multiValueHeaders: multiHeaders,
    queryStringParameters: Object.keys(query).length ? query : null,
    multiValueQueryStringParameters: Object.keys(multiQuery).length ? multiQuery : null,
    pathParameters: matchPath(route.path, url.pathname) ?? null,
    stageVariables: null,
    body: body.length ? body.toString('utf8') : null,
    isBase64Encoded: false,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      authorizer: null,
      protocol: `HTTP/${req.httpVersion}`,
      httpMethod: req.method ?? 'GET',
      path: url.pathname,
      stage: 'local',
      requestId,
      requestTimeEpoch: Date.now(),
      resourceId: 'local',
      resourcePath: route.path,
      identity: {
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: req.headers['user-agent'] ?? null,
        accessKey: null,
        accountId: null,
        apiKey: null,
        apiKeyId: null,
        caller: null,
        clientCert: null,
        cognitoAuthenticationProvider: null,
        cognitoAuthenticationType: null,
        cognitoIdentityId: null,
        cognitoIdentityPoolId: null,
        principalOrgId: null,
        user: null,
        userArn: null,
      },
    },
  };
}

function send(
  res: http.ServerResponse,
  status: number,
  headers: Record<string, string | number | boolean>,
  body: string,
) {
  res.writeHead(status, Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, String(v)])));
  res.end(body);
}

/** What the server answers itself (as API Gateway does before any function runs), in the catalog's shape. */
function localError(res: http.ServerResponse, err: ApiError) {
  const requestId = `req_${randomUUID()}`;
  send(
    res,
    err.status,
    { 'Content-Type': 'application/json', ...err.headers, ...EVERY_ANSWER_HEADERS, 'X-Request-Id': requestId },
    JSON.stringify(errorBody(err, requestId)),
  );
}

export function createLocalApiServer(opts: {
  routes: readonly RouteDef[];
  handlerFor: (family: Family) => Promise<LambdaHandler>;
}): http.Server {
  return http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      else chunks.push(c);
    });
    req.on('end', async () => {
      try {
        if (tooLarge) return localError(res, new PayloadTooLargeError());
        const url = new URL(req.url ?? '/', 'http://localhost');
        const route = opts.routes.find((r) => r.method === req.method && matchPath(r.path, url.pathname));
        if (!route) return localError(res, routeMiss(opts.routes, req.method ?? 'GET', url.pathname));
        const handler = await opts.handlerFor(route.family);
        const result = await handler(
          toProxyEvent(req, Buffer.concat(chunks), route, url),
          lambdaContext(`custody-${route.family}`),
        );
        send(
          res,
          result.statusCode,
          { ...(result.headers ?? {}) },
          result.isBase64Encoded ? Buffer.from(result.body, 'base64').toString() : result.body,
        );
      } catch (e) {
        console.error('local server error', e);
        localError(res, new ApiError('INTERNAL_ERROR', 'internal error'));
      }
    });
  });
}
