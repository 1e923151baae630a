import { ApiError } from './catalog.js';

/*
 * Named domain errors. Each is a catalog entry with a fixed type, so a use case says what went wrong in its own words
 * and the catalog decides how it is answered.
 */
export class UnauthorizedError extends ApiError {
  override name = 'UnauthorizedError';
  constructor(message = 'missing or invalid credentials') {
    super('UNAUTHORIZED', message);
  }
}
export class ForbiddenError extends ApiError {
  override name = 'ForbiddenError';
  constructor(message = 'permission denied') {
    super('FORBIDDEN', message);
  }
}
export class CredentialRevokedError extends ApiError {
  override name = 'CredentialRevokedError';
  constructor(message = 'credential revoked or rotated') {
    super('API_KEY_REVOKED', message);
  }
}
export class ValidationError extends ApiError {
  override name = 'ValidationError';
  constructor(message: string, details?: Record<string, unknown>) {
    super('VALIDATION', message, details);
  }
}
export class NotFoundError extends ApiError {
  override name = 'NotFoundError';
  /** Resources without a catalog entry of their own answer 404 with the closest family code (1400, resource). */
  constructor(resource: string) {
    super('VAULT_NOT_FOUND', `${resource} not found`, { resource });
  }
}
/** An unknown path: the same answer (404 1402 `no route GET /v1/x`) from API Gateway, the local server and the pipeline. */
export const noRouteMessage = (method: string, path: string) => `no route ${method} ${path}`;
export class RouteNotFoundError extends ApiError {
  override name = 'RouteNotFoundError';
  constructor(method: string, path: string) {
    super('NOT_FOUND', noRouteMessage(method, path));
  }
}
/** A known path with another method: 405 1403 with `Allow` listing the methods the path has. */
export class MethodNotAllowedError extends ApiError {
  override name = 'MethodNotAllowedError';
  constructor(method: string, path: string, allowed: readonly string[]) {
    super(
      'METHOD_NOT_ALLOWED',
      `${method} is not allowed on ${path}; allowed: ${allowed.join(', ')}`,
      { allowed: [...allowed] },
      { Allow: allowed.join(', ') },
    );
  }
}
export class UnsupportedMediaTypeError extends ApiError {
  override name = 'UnsupportedMediaTypeError';
  constructor(message = 'request body must be JSON (Content-Type: application/json)') {
    super('UNSUPPORTED_MEDIA_TYPE', message);
  }
}
/** The service's own body limit (1 MiB), below API Gateway's (10 MB) and Lambda's (6 MB); the pipeline and the local server enforce it. */
export const MAX_BODY_BYTES = 1024 * 1024;
export class PayloadTooLargeError extends ApiError {
  override name = 'PayloadTooLargeError';
  constructor() {
    super('PAYLOAD_TOO_LARGE', `request body exceeds ${MAX_BODY_BYTES} bytes`, { max_bytes: MAX_BODY_BYTES });
  }
}
export class VaultNotFoundError extends ApiError {
  override name = 'VaultNotFoundError';
  constructor() {
    super('VAULT_NOT_FOUND', 'vault not found');
  }
}
export class TransactionNotFoundError extends ApiError {
  override name = 'TransactionNotFoundError';
  constructor() {
    super('TX_NOT_FOUND', 'transaction not found');
  }
}
export class InvalidStateError extends ApiError {
  override name = 'InvalidStateError';
  constructor(message: string, details?: Record<string, unknown>) {
    super('TX_INVALID_STATE', message, details);
  }
}
/** 422 1302: a transaction signature that does not verify against the source wallet's key (nothing changes). */
export class SignatureMismatchError extends ApiError {
  override name = 'SignatureMismatchError';
  constructor(message = "the signature does not verify against the wallet's public key") {
    super('TX_SIGNATURE_MISMATCH', message);
  }
}
export class InvalidUrlError extends ApiError {
  override name = 'InvalidUrlError';
  constructor(message: string) {
    super('INVALID_URL', message);
  }
}
export class DuplicateExternalIdError extends ApiError {
  override name = 'DuplicateExternalIdError';
  constructor(message = 'external id already exists in this tenant') {
    super('DUPLICATE_EXTERNAL_ID', message);
  }
}
export class IdempotencyConflictError extends ApiError {
  override name = 'IdempotencyConflictError';
  constructor(message: string) {
    super('IDEMPOTENCY_CONFLICT', message);
  }
}
export class RateLimitedError extends ApiError {
  override name = 'RateLimitedError';
  constructor(retryAfterSeconds: number, headers: Record<string, string>) {
    super(
      'RATE_LIMITED',
      'rate limit exceeded',
      { retry_after_seconds: retryAfterSeconds },
      { 'Retry-After': String(retryAfterSeconds), ...headers },
    );
  }
}
export class PolicyDeniedError extends ApiError {
  override name = 'PolicyDeniedError';
  /** `rule` names the policy, the rule's index in it and its type. */
  constructor(reason: string, rule: { policy_id: string; rule_index: number; type: string }) {
    super('POLICY_DENIED', reason, { rule });
  }
}
export class ApprovalNotFoundError extends ApiError {
  override name = 'ApprovalNotFoundError';
  constructor(message = 'approval window expired') {
    super('APPROVAL_NOT_FOUND', message);
  }
}
export class InvalidPaginationError extends ApiError {
  override name = 'InvalidPaginationError';
  constructor(message = 'limit out of range or cursor malformed') {
    super('INVALID_PAGINATION', message);
  }
}

/** Thrown by a store commit when an optimistic version check fails; the request pipeline retries the whole use case. */
export class ConcurrentModificationError extends Error {
  constructor(message = 'item changed concurrently') {
    super(message);
    this.name = 'ConcurrentModificationError';
  }
}
