/**
 * The error catalog (docs/api-conventions.md, "Errors"): the one place that maps an error type to its numeric code and HTTP
 * status. Everything that answers an error goes through `ApiError`, so no code or status is written anywhere else.
 */
export const ERROR_CATALOG = {
  UNAUTHORIZED: { code: 1000, status: 401 },
  FORBIDDEN: { code: 1001, status: 403 },
  API_KEY_REVOKED: { code: 1002, status: 401 },
  INVALID_SIGNATURE: { code: 1003, status: 401 },
  SESSION_EXPIRED: { code: 1004, status: 401 },
  SSO_REQUIRED: { code: 1005, status: 401 },
  SSO_NOT_CONFIGURED: { code: 1010, status: 404 },
  SSO_STATE_INVALID: { code: 1011, status: 401 },
  SSO_TOKEN_INVALID: { code: 1012, status: 401 },
  SSO_EMAIL_UNVERIFIED: { code: 1013, status: 403 },
  SSO_EMAIL_DOMAIN_NOT_ALLOWED: { code: 1014, status: 403 },
  SSO_USER_NOT_FOUND: { code: 1015, status: 403 },
  SSO_USER_SUSPENDED: { code: 1016, status: 403 },
  SSO_NO_ROLE: { code: 1017, status: 403 },
  SSO_RETURN_TO_NOT_ALLOWED: { code: 1018, status: 400 },
  SSO_PROVIDER_DENIED: { code: 1019, status: 401 },
  VALIDATION: { code: 1100, status: 400 },
  MISSING_FIELD: { code: 1101, status: 400 },
  INVALID_ADDRESS: { code: 1102, status: 400 },
  INVALID_AMOUNT: { code: 1103, status: 400 },
  DUPLICATE_EXTERNAL_ID: { code: 1104, status: 409 },
  OWNERSHIP_PROOF: { code: 1105, status: 400 },
  INVALID_EMAIL: { code: 1106, status: 400 },
  INVALID_URL: { code: 1107, status: 400 },
  INVALID_PAGINATION: { code: 1108, status: 400 },
  AMOUNT_OVERFLOW: { code: 1109, status: 400 },
  STRING_TOO_LONG: { code: 1110, status: 400 },
  UNSUPPORTED_MEDIA_TYPE: { code: 1111, status: 415 },
  PAYLOAD_TOO_LARGE: { code: 1112, status: 413 },
  POLICY_DENIED: { code: 1200, status: 422 },
  APPROVAL_REQUIRED: { code: 1201, status: 422 },
  APPROVAL_NOT_FOUND: { code: 1202, status: 404 },
  TX_NOT_FOUND: { code: 1300, status: 404 },
  TX_INVALID_STATE: { code: 1301, status: 409 },
  TX_SIGNATURE_MISMATCH: { code: 1302, status: 422 },
  TX_BROADCAST_FAILED: { code: 1303, status: 502 },
  TX_NONCE_TOO_LOW: { code: 1304, status: 422 },
  VAULT_NOT_FOUND: { code: 1400, status: 404 },
  VAULT_DUPLICATE: { code: 1401, status: 409 },
  NOT_FOUND: { code: 1402, status: 404 },
  METHOD_NOT_ALLOWED: { code: 1403, status: 405 },
  NODE_UNAVAILABLE: { code: 1500, status: 503 },
  CHAIN_ERROR: { code: 1501, status: 502 },
  SSO_PROVIDER_UNAVAILABLE: { code: 1502, status: 502 },
  INTERNAL_ERROR: { code: 1600, status: 500 },
  IDEMPOTENCY_CONFLICT: { code: 1601, status: 422 },
  RATE_LIMITED: { code: 1602, status: 429 },
} as const satisfies Record<string, { code: number; status: number }>;

export type ErrorType = keyof typeof ERROR_CATALOG;

/**
 * An error that answers the client with a catalog entry. `details` is safe to show; `headers` are added to the answer.
 * Every subclass names itself (`override name = 'X'`): bundles are minified without keepNames, so a class's own name
 * is a letter at run time, and `name` is what the logs show (test/unit/error-names.test.ts bundles them to check).
 */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly code: number;
  readonly status: number;
  constructor(
    readonly type: ErrorType,
    message: string,
    readonly details?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.code = ERROR_CATALOG[type].code;
    this.status = ERROR_CATALOG[type].status;
  }
}

/** The catalog's nested shape mirrored flat at the top level (docs/api-conventions.md, "Errors"). */
export function errorBody(
  err: { code: number; type: string; message: string; details?: Record<string, unknown> },
  requestId: string,
) {
  return {
    error: {
      code: err.code,
      type: err.type,
      message: err.message,
      request_id: requestId,
      ...(err.details ? { details: err.details } : {}),
    },
    code: err.type,
    message: err.message,
    requestId,
  };
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}
