import { ApiError } from './catalog.js';

/*
 * Named domain errors. Each is a catalog entry with a fixed type, so a use case says what went wrong in its own words
 * and the catalog decides how it is answered.
 */
export class UnauthorizedError extends ApiError {
  constructor(message = 'missing or invalid credentials') { super('UNAUTHORIZED', message); }
}
export class ForbiddenError extends ApiError {
  constructor(message = 'permission denied') { super('FORBIDDEN', message); }
}
export class CredentialRevokedError extends ApiError {
  constructor(message = 'credential revoked or rotated') { super('API_KEY_REVOKED', message); }
}
export class ValidationError extends ApiError {
  constructor(message: string, details?: Record<string, unknown>) { super('VALIDATION', message, details); }
}
export class NotFoundError extends ApiError {
  /** Resources without a catalog entry of their own answer 404 with the closest family code (1400, resource). */
  constructor(resource: string) { super('VAULT_NOT_FOUND', `${resource} not found`, { resource }); }
}
/** An unknown path or method: the same answer from API Gateway, the local server and the pipeline. */
export const NO_SUCH_ROUTE_MESSAGE = 'no such route or method';
export class RouteNotFoundError extends ApiError {
  constructor() { super('VAULT_NOT_FOUND', NO_SUCH_ROUTE_MESSAGE); }
}
export class VaultNotFoundError extends ApiError {
  constructor() { super('VAULT_NOT_FOUND', 'vault not found'); }
}
export class TransactionNotFoundError extends ApiError {
  constructor() { super('TX_NOT_FOUND', 'transaction not found'); }
}
export class InvalidStateError extends ApiError {
  constructor(message: string, details?: Record<string, unknown>) { super('TX_INVALID_STATE', message, details); }
}
export class InvalidUrlError extends ApiError {
  constructor(message: string) { super('INVALID_URL', message); }
}
export class DuplicateExternalIdError extends ApiError {
  constructor(message = 'external id already exists in this tenant') { super('DUPLICATE_EXTERNAL_ID', message); }
}
export class IdempotencyConflictError extends ApiError {
  constructor(message: string) { super('IDEMPOTENCY_CONFLICT', message); }
}
export class RateLimitedError extends ApiError {
  constructor(retryAfterSeconds: number, headers: Record<string, string>) {
    super('RATE_LIMITED', 'rate limit exceeded', { retry_after_seconds: retryAfterSeconds }, { 'Retry-After': String(retryAfterSeconds), ...headers });
  }
}
export class PolicyDeniedError extends ApiError {
  /** `rule` names the policy, the rule's index in it and its type. */
  constructor(reason: string, rule: { policy_id: string; rule_index: number; type: string }) { super('POLICY_DENIED', reason, { rule }); }
}
export class ApprovalNotFoundError extends ApiError {
  constructor(message = 'approval window expired') { super('APPROVAL_NOT_FOUND', message); }
}
export class InvalidPaginationError extends ApiError {
  constructor(message = 'limit out of range or cursor malformed') { super('INVALID_PAGINATION', message); }
}

/** Thrown by a store commit when an optimistic version check fails; the request pipeline retries the whole use case. */
export class ConcurrentModificationError extends Error {
  constructor(message = 'item changed concurrently') { super(message); this.name = 'ConcurrentModificationError'; }
}
