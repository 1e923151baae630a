/**
 * The OpenID Connect relying party: what the sign-in use case asks of an OpenID provider. Why a port: the use case
 * (state, PKCE, identity mapping, sessions) reads without the library, and the adapter (openid-client) is the one
 * place that speaks the protocol. Failures are `SsoRefusalError`s (1012 token invalid, 1019 provider denied, 1502
 * provider unavailable).
 */
export type OidcClientSettings = { issuer: string; clientId: string; clientSecret: string; scopes: readonly string[] };

export interface OidcRelyingParty {
  /** The provider's authorization URL for one sign-in (authorization code, PKCE S256); discovery on first use. */
  authorizationUrl(
    c: OidcClientSettings,
    p: { redirectUri: string; state: string; nonce: string; codeChallenge: string },
  ): Promise<string>;
  /**
   * Checks the callback (`state`, `iss`, provider errors), redeems the code at the token endpoint and validates the ID
   * token (signature from the provider's JWKS, issuer, audience, expiry, nonce): returns its claims, and the access
   * token for `userInfo` (kept in memory only, for this sign-in).
   */
  redeem(
    c: OidcClientSettings,
    p: { callbackUrl: string; redirectUri: string; state: string; nonce: string; codeVerifier: string },
  ): Promise<RedeemedCode>;
  /**
   * The provider's UserInfo claims (OpenID Connect Core 5.3), read with the sign-in's access token; its `sub` must be
   * `subject`, the ID token's (1012 otherwise). Null when the provider publishes no UserInfo endpoint.
   */
  userInfo(c: OidcClientSettings, p: { accessToken: string; subject: string }): Promise<Record<string, unknown> | null>;
}

export type RedeemedCode = { claims: Record<string, unknown>; accessToken: string };
