import * as client from 'openid-client';
import type { OidcClientSettings, OidcRelyingParty, RedeemedCode } from '../../ports/oidc.js';
import { OutboundRequestError } from '../http/outbound-client.js';
import type { FetchLike } from '../http/outbound-fetch.js';
import { sha256Hex } from '../../crypto/hashing.js';
import { refusal, SsoRefusalError } from '../../domain/sso/refusals.js';

/**
 * The OpenID Connect relying party on `openid-client` 6: discovery, authorization code with PKCE S256, the code
 * exchange, ID token validation and UserInfo. Every call goes out through the given fetch (the SSRF-safe outbound
 * client).
 *
 * - ID token signatures are checked against the provider's JWKS (`enableNonRepudiationChecks`), with asymmetric
 *   algorithms only: `alg: none` and HMAC (keyed with the client secret) are refused whatever the provider advertises.
 * - Discovery results are kept 5 minutes per (issuer, client id, client secret), so a sign-in costs one discovery at
 *   most; the library keeps the JWKS per configuration and fetches it again when a token names an unknown key.
 * - Plain-HTTP issuers only when `allowHttp` (the local environment).
 */
const ASYMMETRIC_ALGS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
];
const DISCOVERY_CACHE_MS = 5 * 60_000;

export class OpenIdClientRelyingParty implements OidcRelyingParty {
  private readonly configs = new Map<string, { at: number; config: Promise<client.Configuration> }>();

  constructor(
    private readonly fetchImpl: FetchLike,
    private readonly opts: { allowHttp: boolean; now?: () => number },
  ) {}

  async authorizationUrl(
    c: OidcClientSettings,
    p: { redirectUri: string; state: string; nonce: string; codeChallenge: string },
  ): Promise<string> {
    const config = await this.configFor(c);
    return client
      .buildAuthorizationUrl(config, {
        redirect_uri: p.redirectUri,
        response_type: 'code',
        scope: c.scopes.join(' '),
        state: p.state,
        nonce: p.nonce,
        code_challenge: p.codeChallenge,
        code_challenge_method: 'S256',
      })
      .toString();
  }

  async redeem(
    c: OidcClientSettings,
    p: { callbackUrl: string; redirectUri: string; state: string; nonce: string; codeVerifier: string },
  ): Promise<RedeemedCode> {
    const config = await this.configFor(c);
    try {
      const tokens = await client.authorizationCodeGrant(
        config,
        new URL(p.callbackUrl),
        { expectedState: p.state, expectedNonce: p.nonce, pkceCodeVerifier: p.codeVerifier, idTokenExpected: true },
        { redirect_uri: p.redirectUri },
      );
      const claims = tokens.claims();
      if (!claims) throw refusal('SSO_TOKEN_INVALID', 'id_token_missing', 'the provider sent no ID token');
      return { claims: { ...claims }, accessToken: tokens.access_token };
    } catch (e) {
      throw classify(e, 'token');
    }
  }

  async userInfo(
    c: OidcClientSettings,
    p: { accessToken: string; subject: string },
  ): Promise<Record<string, unknown> | null> {
    const config = await this.configFor(c);
    if (!config.serverMetadata().userinfo_endpoint) return null;
    try {
      // The library checks the answer's `sub` against the ID token's (OpenID Connect Core 5.3.2).
      return { ...(await client.fetchUserInfo(config, p.accessToken, p.subject)) };
    } catch (e) {
      throw classify(e, 'userinfo');
    }
  }

  private configFor(c: OidcClientSettings): Promise<client.Configuration> {
    const now = this.opts.now?.() ?? Date.now();
    const cacheKey = sha256Hex(JSON.stringify([c.issuer, c.clientId, c.clientSecret]));
    const hit = this.configs.get(cacheKey);
    if (hit && now - hit.at < DISCOVERY_CACHE_MS) return hit.config;
    const config = this.discover(c);
    this.configs.set(cacheKey, { at: now, config });
    // A failed discovery is not kept: the next sign-in tries again.
    config.catch(() => this.configs.get(cacheKey)?.config === config && this.configs.delete(cacheKey));
    return config;
  }

  private async discover(c: OidcClientSettings): Promise<client.Configuration> {
    const fetchImpl = this.fetchImpl as unknown as client.CustomFetch;
    let found: client.Configuration;
    try {
      found = await client.discovery(new URL(c.issuer), c.clientId, undefined, client.None(), {
        [client.customFetch]: fetchImpl,
        ...(this.opts.allowHttp ? { execute: [client.allowInsecureRequests] } : {}),
      });
    } catch (e) {
      throw classify(e, 'discovery');
    }
    const server = found.serverMetadata();
    const methods = server.token_endpoint_auth_methods_supported;
    // client_secret_basic is the default of the specifications; post when the provider only lists post.
    const auth =
      methods && !methods.includes('client_secret_basic') && methods.includes('client_secret_post')
        ? client.ClientSecretPost(c.clientSecret)
        : client.ClientSecretBasic(c.clientSecret);
    const config = new client.Configuration(
      server,
      c.clientId,
      { id_token_signed_response_alg: ASYMMETRIC_ALGS as unknown as string },
      auth,
    );
    config[client.customFetch] = fetchImpl;
    if (this.opts.allowHttp) client.allowInsecureRequests(config);
    client.enableNonRepudiationChecks(config);
    return config;
  }
}

/** Walks an error's causes for the outbound client's failure (the provider could not be reached). */
function unreachable(e: unknown): OutboundRequestError | undefined {
  for (let cur = e, depth = 0; cur && depth < 6; cur = (cur as { cause?: unknown }).cause, depth++) {
    if (cur instanceof OutboundRequestError) return cur;
  }
  return undefined;
}

const CLAIM_REASONS: Record<string, string> = {
  nonce: 'nonce_mismatch',
  aud: 'audience_mismatch',
  iss: 'issuer_mismatch',
  azp: 'audience_mismatch',
  exp: 'token_expired',
  iat: 'token_expired',
  nbf: 'token_not_yet_valid',
  sub: 'subject_invalid',
};

/** An openid-client failure as the refusal to answer (and audit). */
function classify(e: unknown, stage: 'discovery' | 'token' | 'userinfo'): SsoRefusalError {
  if (e instanceof SsoRefusalError) return e;
  const down = unreachable(e);
  if (down)
    return refusal(
      'SSO_PROVIDER_UNAVAILABLE',
      `provider_unreachable:${down.kind}`,
      'the identity provider could not be reached; try again later',
    );
  const err = e as { code?: string; message?: string; status?: number; error?: string; cause?: unknown };
  if (stage === 'discovery')
    return refusal(
      'SSO_PROVIDER_UNAVAILABLE',
      'discovery_failed',
      `the identity provider's discovery document could not be used: ${err.message ?? 'unknown error'}`,
    );
  if (stage === 'userinfo') return classifyUserInfo(err);
  if (e instanceof client.AuthorizationResponseError)
    return refusal(
      'SSO_PROVIDER_DENIED',
      `provider_error:${e.error}`,
      `the identity provider refused the sign-in: ${e.error}`,
    );
  if (e instanceof client.ResponseBodyError) {
    if (e.status >= 500)
      return refusal(
        'SSO_PROVIDER_UNAVAILABLE',
        'provider_error_status',
        'the identity provider answered with an error; try again later',
      );
    return refusal(
      'SSO_TOKEN_INVALID',
      e.error === 'invalid_grant' ? 'code_rejected' : `token_endpoint:${e.error}`,
      `the identity provider refused the authorization code (${e.error})`,
    );
  }
  // openid-client wraps the oauth4webapi error that names the claim, header or check (its `cause`).
  const inner = (err.cause instanceof Error ? err.cause : err) as {
    message?: string;
    code?: string;
    cause?: { claim?: string; header?: { alg?: string } };
  };
  const message = inner.message ?? err.message ?? '';
  const code = inner.code ?? err.code;
  let reason = 'id_token_invalid';
  if (code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED' || code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED') {
    const claim = inner.cause?.claim ?? /"(\w+)" claim/.exec(message)?.[1] ?? '';
    reason = CLAIM_REASONS[claim] ?? `claim_${claim || 'invalid'}`;
  } else if (code === 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED' && /state/.test(message)) reason = 'state_mismatch';
  else if (/"alg"/.test(message) || inner.cause?.header?.alg) reason = 'alg_not_allowed';
  else if (code === 'OAUTH_KEY_SELECTION_FAILED') reason = 'signing_key_unknown';
  else if (/signature/i.test(message)) reason = 'signature_invalid';
  else if (/nonce/i.test(message)) reason = 'nonce_mismatch';
  return refusal('SSO_TOKEN_INVALID', reason, `the ID token was refused: ${message || 'invalid'}`);
}

/** A failed UserInfo read: the provider down or failing is 502 1502; an answer for another subject, or none usable, 1012. */
function classifyUserInfo(err: { code?: string; message?: string; status?: number; cause?: unknown }): SsoRefusalError {
  const response = err.cause instanceof Response ? err.cause : undefined;
  const status = err.status ?? response?.status;
  if (status !== undefined && status >= 500)
    return refusal(
      'SSO_PROVIDER_UNAVAILABLE',
      'provider_error_status',
      'the identity provider answered with an error; try again later',
    );
  const inner = err.cause as { cause?: { attribute?: string } } | undefined;
  if (err.code === 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED' && inner?.cause?.attribute === 'sub') {
    return refusal(
      'SSO_TOKEN_INVALID',
      'userinfo_subject_mismatch',
      "the identity provider's UserInfo answer is for another subject than the ID token",
    );
  }
  return refusal(
    'SSO_TOKEN_INVALID',
    'userinfo_failed',
    `the identity provider's UserInfo answer could not be used: ${err.message ?? 'invalid'}`,
  );
}
