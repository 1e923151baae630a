/**
 * The method-neutral single sign-on core: connections, outstanding sign-ins, identity mapping, `return_to`, and the
 * one way a sign-in ends (`completeSignIn`) or is refused (`refuseSignIn`). OIDC (oidc.ts) and SAML build on it.
 */
export {
  SSO_KINDS,
  DEFAULT_ROLE_CLAIM,
  connectionView,
  loadConnection,
  requireConnection,
  openConnectionSecret,
  sealConnectionSecrets,
  putConnection,
  getConnection,
  deleteConnection,
} from './connections.js';
export type { SsoKind, RoleMapping, SsoMapping, SsoConnectionRecord, SsoConnectionInput } from './connections.js';
export {
  LOGIN_STATE_TTL_SECONDS,
  newLoginHandle,
  tenantOfHandle,
  binderCookieName,
  saveLoginState,
  consumeLoginState,
} from './login-state.js';
export type { LoginState } from './login-state.js';
export { claimValues, mappedRoles, mapIdentity } from './identity-mapping.js';
export type { VerifiedIdentity, MappedUser } from './identity-mapping.js';
export { checkReturnTo, checkLoginReturn, CONSOLE_PATH } from './return-to.js';
export { completeSignIn, exchangeSignInCode, refuseSignIn, signOut, SESSION_ANSWER_HEADERS } from './sign-in.js';
export { HANDOFF_TTL_SECONDS, CODE_CHALLENGE_PATTERN } from './handoff.js';
export type { SignInDeps, SignInAnswer, SessionIssued } from './sign-in.js';
export { SsoRefusalError, refusal } from './refusals.js';
export type { SsoRefusalType } from './refusals.js';
