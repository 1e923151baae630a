import type { components } from './schema.js';

/** The catalog's numeric codes and types, as the OpenAPI document lists them (docs/api-conventions.md, "Errors"). */
export type ErrorBody = components['schemas']['Error'];
export type ErrorCode = ErrorBody['error']['code'];
export type ErrorType = ErrorBody['error']['type'];

/**
 * An answer outside 2xx. `code`, `type` and `requestId` come from the catalog shape
 * (`{"error":{"code","type","message","request_id","details?"}}`); an answer not in that shape (a proxy's HTML page,
 * a readiness probe's `{status: "degraded"}`) leaves them null and keeps the body in `body`. Log `requestId`: it
 * names the request in the service's logs.
 */
export class CustodyApiError extends Error {
  override readonly name = 'CustodyApiError';
  readonly status: number;
  readonly code: ErrorCode | null;
  readonly type: ErrorType | null;
  readonly requestId: string | null;
  readonly details: Record<string, unknown> | null;
  /** Seconds the service asked to wait (`Retry-After` on a 429), when the client gave up waiting. */
  readonly retryAfterSeconds: number | null;
  readonly body: unknown;

  constructor(status: number, body: unknown, headers: Headers) {
    const catalog = catalogError(body);
    const requestId = catalog?.request_id ?? headers.get('x-request-id');
    super(catalog ? `${catalog.code} ${catalog.type}: ${catalog.message}` : `HTTP ${status}`);
    this.status = status;
    this.code = catalog?.code ?? null;
    this.type = catalog?.type ?? null;
    this.requestId = requestId;
    this.details = (catalog?.details as Record<string, unknown> | undefined) ?? null;
    this.retryAfterSeconds = parseRetryAfter(headers.get('retry-after'), Date.now());
    this.body = body;
  }
}

function catalogError(body: unknown): ErrorBody['error'] | null {
  if (typeof body !== 'object' || body === null) return null;
  const e = (body as { error?: unknown }).error;
  if (typeof e !== 'object' || e === null) return null;
  const { code, type, message, request_id } = e as Record<string, unknown>;
  if (
    typeof code !== 'number' ||
    typeof type !== 'string' ||
    typeof message !== 'string' ||
    typeof request_id !== 'string'
  )
    return null;
  return e as ErrorBody['error'];
}

/** `Retry-After` as seconds from now: delta-seconds or an HTTP date (RFC 9110 10.2.3); null when absent or unreadable. */
export function parseRetryAfter(value: string | null, nowMs: number): number | null {
  if (value === null) return null;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v);
  const at = Date.parse(v);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - nowMs) / 1000));
}
