import { defineRoutes } from '../route.js';
import { Credential } from '../../schemas/credentials.js';
import { OidcCallbackQuery, OidcConnection, PutOidcConnectionBody, PutSamlConnectionBody, SamlAcsForm, SamlConnection, SamlMetadataQuery, SessionIssued, SsoLoginQuery, SsoSessionBody } from '../../schemas/sso.js';

const SIGN_IN_REFUSALS = [
  'SSO_NOT_CONFIGURED',
  'SSO_STATE_INVALID',
  'SSO_TOKEN_INVALID',
  'SSO_EMAIL_UNVERIFIED',
  'SSO_EMAIL_DOMAIN_NOT_ALLOWED',
  'SSO_USER_NOT_FOUND',
  'SSO_USER_SUSPENDED',
  'SSO_NO_ROLE',
  'SSO_PROVIDER_DENIED',
  'SSO_PROVIDER_UNAVAILABLE',
] as const;

/** Single sign-on: the tenant's OIDC and SAML connections, the browser sign-ins, and signing a session out (docs/sso.md). */
export const ssoRoutes = defineRoutes({
  putOidcConnection: {
    operationId: 'putOidcConnection', family: 'sso', method: 'PUT', path: '/v1/sso/oidc', tag: 'sso', auth: 'credential',
    permissions: ['tenants:update'], summary: 'Set the OIDC connection', description: 'Create or replace the tenant\'s OpenID Connect connection (the client secret is sealed and never returned).',
    body: PutOidcConnectionBody, deferrable: true, success: { status: 200, schema: OidcConnection }, errors: ['INVALID_URL'],
  },
  getOidcConnection: {
    operationId: 'getOidcConnection', family: 'sso', method: 'GET', path: '/v1/sso/oidc', tag: 'sso', auth: 'credential',
    permissions: ['tenants:update'], summary: 'Get the OIDC connection', description: 'The tenant\'s OpenID Connect connection (without its secret).',
    success: { status: 200, schema: OidcConnection }, errors: ['SSO_NOT_CONFIGURED'],
  },
  deleteOidcConnection: {
    operationId: 'deleteOidcConnection', family: 'sso', method: 'DELETE', path: '/v1/sso/oidc', tag: 'sso', auth: 'credential',
    permissions: ['tenants:update'], summary: 'Delete the OIDC connection', description: 'Delete the tenant\'s OpenID Connect connection (issued sessions run until they end).',
    deferrable: true, success: { status: 204, schema: null }, errors: ['SSO_NOT_CONFIGURED'],
  },
  oidcLogin: {
    operationId: 'oidcLogin', family: 'sso', method: 'GET', path: '/v1/sso/oidc/login', tag: 'sso', auth: 'none', limitPerIp: true,
    summary: 'Start an OIDC sign-in',
    description: 'Start a sign-in: 302 to the tenant\'s OpenID provider (authorization code with PKCE S256). Sets a short-lived, HttpOnly cookie that binds the sign-in to this browser. A provider that cannot be reached is 502 1502 and nothing is stored.',
    query: SsoLoginQuery, success: { status: 302, schema: null, description: 'Redirect to the provider (`Location`)' },
    errors: ['SSO_NOT_CONFIGURED', 'SSO_RETURN_TO_NOT_ALLOWED', 'SSO_PROVIDER_UNAVAILABLE'],
  },
  oidcCallback: {
    operationId: 'oidcCallback', family: 'sso', method: 'GET', path: '/v1/sso/oidc/callback', tag: 'sso', auth: 'none', limitPerIp: true,
    summary: 'OIDC sign-in callback',
    description: 'The OpenID provider redirects here: the session as JSON, or a 302 to `return_to` with a one-time code. With `return_to`, the browser goes there with `#code=...` (and `client_state` when the login had one), and the code is redeemed with `POST /v1/sso/session`; no credential is ever put in a URL. Every refusal is audited (`sso.sign_in_refused`) and answered with its catalog error.',
    query: OidcCallbackQuery, secretInAnswer: true, success: { status: 200, schema: SessionIssued, description: 'Signed in; no `return_to` was given' },
    alsoAnswers: [{ status: 302, description: 'Signed in; redirect to `return_to` with a one-time code in the fragment and a cookie binding it to this browser (no body)' }],
    errors: SIGN_IN_REFUSALS,
  },
  putSamlConnection: {
    operationId: 'putSamlConnection', family: 'sso', method: 'PUT', path: '/v1/sso/saml', tag: 'sso', auth: 'credential',
    permissions: ['tenants:update'], summary: 'Set the SAML connection',
    description: 'Create or replace the tenant\'s SAML 2.0 connection (IdP metadata, or entity id, SSO URL and certificate). A certificate left out of the update is no longer trusted from then on (certificate rotation: send both, switch the IdP, then send the new one alone).',
    body: PutSamlConnectionBody, deferrable: true, success: { status: 200, schema: SamlConnection },
  },
  getSamlConnection: {
    operationId: 'getSamlConnection', family: 'sso', method: 'GET', path: '/v1/sso/saml', tag: 'sso', auth: 'credential',
    permissions: ['tenants:update'], summary: 'Get the SAML connection', description: 'The tenant\'s SAML 2.0 connection, with the SP entity id and ACS URL to give the IdP.',
    success: { status: 200, schema: SamlConnection }, errors: ['SSO_NOT_CONFIGURED'],
  },
  deleteSamlConnection: {
    operationId: 'deleteSamlConnection', family: 'sso', method: 'DELETE', path: '/v1/sso/saml', tag: 'sso', auth: 'credential',
    permissions: ['tenants:update'], summary: 'Delete the SAML connection', description: 'Delete the tenant\'s SAML 2.0 connection (issued sessions run until they end).',
    deferrable: true, success: { status: 204, schema: null }, errors: ['SSO_NOT_CONFIGURED'],
  },
  samlMetadata: {
    operationId: 'samlMetadata', family: 'sso', method: 'GET', path: '/v1/sso/saml/metadata', tag: 'sso', auth: 'none',
    summary: 'SAML service provider metadata', description: 'The service provider\'s SAML metadata for a tenant (entity id, ACS URL, e-mail NameID), to hand the IdP.',
    query: SamlMetadataQuery, success: { status: 200, schema: null, contentType: 'application/samlmetadata+xml' },
  },
  samlLogin: {
    operationId: 'samlLogin', family: 'sso', method: 'GET', path: '/v1/sso/saml/login', tag: 'sso', auth: 'none', limitPerIp: true,
    summary: 'Start a SAML sign-in',
    description: 'Start a sign-in: 302 to the tenant\'s SAML IdP with an AuthnRequest (HTTP-Redirect binding). The request id is stored as outstanding: single use, 10 minutes.',
    query: SsoLoginQuery, success: { status: 302, schema: null, description: 'Redirect to the IdP (`Location`)' },
    errors: ['SSO_NOT_CONFIGURED', 'SSO_RETURN_TO_NOT_ALLOWED'],
  },
  samlAcs: {
    operationId: 'samlAcs', family: 'sso', method: 'POST', path: '/v1/sso/saml/acs', tag: 'sso', auth: 'none', limitPerIp: true, bodyEncoding: 'form',
    summary: 'SAML assertion consumer',
    description: 'Assertion Consumer Service (HTTP-POST binding): the session as JSON, or a 302 to `return_to` with a one-time code. The one route with a form body (`application/x-www-form-urlencoded`). Every refusal is audited (`sso.sign_in_refused`, with its reason) and answered with its catalog error (docs/sso.md).',
    body: SamlAcsForm, secretInAnswer: true, success: { status: 200, schema: SessionIssued, description: 'Signed in; no `return_to` was given' },
    alsoAnswers: [{ status: 302, description: 'Signed in; redirect to `return_to` with a one-time code in the fragment and a cookie binding it to this browser (no body)' }],
    errors: SIGN_IN_REFUSALS,
  },
  session: {
    operationId: 'ssoSession', family: 'sso', method: 'POST', path: '/v1/sso/session', tag: 'sso', auth: 'none', limitPerIp: true,
    summary: 'Exchange a sign-in code',
    description: 'Redeem a sign-in\'s one-time code for the session. The page a browser sign-in returned to posts the code from its URL fragment. The code is single use, valid 60 seconds, and bound to the browser that finished the sign-in (its cookie, or the PKCE `code_verifier` when the sign-in was started with a `code_challenge`). A code used twice, late, or from another browser is refused (401 1011) and audited.',
    body: SsoSessionBody, secretInAnswer: true, success: { status: 200, schema: SessionIssued },
    errors: ['SSO_STATE_INVALID', 'SSO_USER_SUSPENDED'],
  },
  logout: {
    operationId: 'ssoLogout', family: 'sso', method: 'POST', path: '/v1/sso/logout', tag: 'sso', auth: 'credential', selfService: true,
    summary: 'Sign the session out', description: 'Sign the calling session out: it is revoked (401 1002 from now on); an API key is refused (1100).',
    success: { status: 200, schema: Credential },
  },
});
