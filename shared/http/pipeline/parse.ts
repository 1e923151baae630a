import {
  MAX_BODY_BYTES,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
  ValidationError,
} from '../../errors/domain-errors.js';
import { matchPath, routeMiss, type RouteDef } from '../route.js';
import { parseJsonBody } from '../json-body.js';
import { requestedKey } from './idempotency.js';
import { header, type ApiMiddleware } from './types.js';

/**
 * Finds the route (API Gateway passes the resource template; an unknown path is 404 1402, a known path with another
 * method 405 1403 with `Allow`), parses the body (over 1 MiB is 413 1112, a body that is not `application/json` 415
 * 1111, malformed or too deeply nested JSON 400 1100) and the Idempotency-Key (once: a malformed key is refused in
 * the idempotency stage's turn, after authentication and permission).
 */
export const parse = (routes: readonly RouteDef[]): ApiMiddleware => ({
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
        if (!isFormMediaType(header(event, 'content-type')))
          throw new UnsupportedMediaTypeError(
            'request body must be a form (Content-Type: application/x-www-form-urlencoded)',
          );
        api.rawBody = parseFormBody(bytes.toString('utf8'));
      } else {
        if (!isJsonMediaType(header(event, 'content-type'))) throw new UnsupportedMediaTypeError();
        api.rawBody = parseJsonBody(bytes.toString('utf8'));
      }
    }
    api.requestedKey = requestedKey(route, header(event, 'idempotency-key'));
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
    if (Object.hasOwn(out, name))
      throw new ValidationError(`form field '${name}' given more than once`, { field: name });
    out[name] = value;
  }
  return out;
}
