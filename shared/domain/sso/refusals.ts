import { ApiError, type ErrorType } from '../../errors/catalog.js';

/**
 * Why a sign-in was refused: a catalog error type (what the caller is answered) and a short machine reason (what the
 * audit entry records, e.g. `state_unknown_or_used`, `nonce_mismatch`). One class for OIDC and SAML alike.
 */
export type SsoRefusalType = Extract<
  ErrorType,
  | 'SSO_NOT_CONFIGURED'
  | 'SSO_STATE_INVALID'
  | 'SSO_TOKEN_INVALID'
  | 'SSO_EMAIL_UNVERIFIED'
  | 'SSO_EMAIL_DOMAIN_NOT_ALLOWED'
  | 'SSO_USER_NOT_FOUND'
  | 'SSO_USER_SUSPENDED'
  | 'SSO_NO_ROLE'
  | 'SSO_RETURN_TO_NOT_ALLOWED'
  | 'SSO_PROVIDER_DENIED'
  | 'SSO_PROVIDER_UNAVAILABLE'
>;

export class SsoRefusalError extends ApiError {
  override name = 'SsoRefusalError';
  constructor(
    type: SsoRefusalType,
    readonly reason: string,
    message: string,
  ) {
    super(type, message, { reason });
  }
}

export const refusal = (type: SsoRefusalType, reason: string, message: string) =>
  new SsoRefusalError(type, reason, message);
