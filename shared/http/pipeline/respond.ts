import type { APIGatewayProxyResult } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import { ApiError, errorBody } from '../../errors/catalog.js';
import { logger } from '../../app/logger.js';
import { currentRequestContext } from '../../observability/request-context.js';
import { EVERY_ANSWER_HEADERS, SECRET_ANSWER_HEADERS } from '../response-headers.js';
import type { StoredResponse } from './idempotency-record.js';
import type { ApiMiddleware, ApiRequestObj } from './types.js';

/**
 * The first stage and the last: the request id, then, for every answer (the use case's, a replay, an error), the
 * catalog shape of an error (a 5xx says only "internal error"), the headers of every answer (response-headers.ts), and
 * the access log line.
 */
export const respond = (): ApiMiddleware => ({
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
      // a later stage (idempotency) already answered with a replay
    } else if (err instanceof ApiError) {
      request.response = jsonAnswer(err.status, errorBody(err, api.requestId), err.headers);
    } else {
      logger.error('unhandled error', { request_id: api.requestId, error: err as Error });
      request.response = jsonAnswer(500, errorBody(internalError(), api.requestId));
    }
    finish(request);
  },
});

const JSON_HEADERS = { 'Content-Type': 'application/json' };

/** The text of a JSON answer ('' for none): made once, so a replay sends the same bytes. */
export const serialise = (body: unknown) => (body === undefined ? '' : JSON.stringify(body));

const jsonAnswer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  textAnswer({ status, body: serialise(body), headers });

/** An error's answer as text (what a replay of it sends). */
export const errorText = (err: ApiError, requestId: string): StoredResponse => ({
  status: err.status,
  body: serialise(errorBody(err, requestId)),
  headers: err.headers ?? {},
});

/** An answer whose body is already text: JSON unless `raw` (HTML), where the answer's own headers say its type. */
export const textAnswer = (r: StoredResponse, raw = false): APIGatewayProxyResult => ({
  statusCode: r.status,
  headers: raw ? r.headers : { ...JSON_HEADERS, ...r.headers },
  body: r.body,
});

/** The stored answer of an Idempotency-Key, its body byte for byte. */
export const replayAnswer = (r: StoredResponse): APIGatewayProxyResult =>
  textAnswer({ ...r, headers: { ...r.headers, 'Idempotent-Replayed': 'true' } });

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
  const res = request.response ?? jsonAnswer(500, errorBody(internalError(), api.requestId));
  const secret = api.route?.secretInAnswer ? SECRET_ANSWER_HEADERS : {};
  res.headers = {
    ...res.headers,
    ...api.extraHeaders,
    ...EVERY_ANSWER_HEADERS,
    ...secret,
    'X-Request-Id': api.requestId,
  };
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
    return e && typeof e.code === 'number'
      ? { error_code: e.code, error_type: String(e.type), error_message: String(e.message) }
      : {};
  } catch {
    return {};
  }
}
