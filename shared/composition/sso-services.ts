import type { Config } from '../config.js';
import type { OidcRelyingParty } from '../ports/oidc.js';
import type { SamlServiceProvider } from '../ports/saml.js';
import { loadOnce } from '../domain/load-once.js';

/**
 * What the SSO function needs beyond the common services: the secret box (KMS on AWS) for connection secrets, loaded
 * at its first use (./lazy-secret-box.ts: only a connection write and the OIDC sign-in seal or open one), and
 * the OpenID relying party, whose calls go out through the one SSRF-safe outbound client (private addresses only in
 * the local environment; plain-HTTP issuers only there too), and the SAML service provider (node-saml).
 */
export const OIDC_OUTBOUND = { timeoutMs: 10_000, maxResponseBytes: 512 * 1024 } as const;

/** The OpenID relying party port (plain-HTTP issuers and private addresses only in the local environment). */
export const oidc = (d: { config: Config }): OidcRelyingParty =>
  lazyRelyingParty(d.config, d.config.CUSTODY_ENV === 'local');

/** The SAML service provider port. */
export const saml = (): SamlServiceProvider => lazySamlServiceProvider;

/**
 * The OpenID relying party (shared/adapters/sso/oidc-relying-party.ts: openid-client and oauth4webapi, about 33 KiB,
 * with the outbound client), loaded at its first use: only the OIDC sign-in evaluates it, not the connection
 * management, the SAML sign-in or a logout.
 */
function lazyRelyingParty(cfg: Config, allowHttp: boolean): OidcRelyingParty {
  const get = loadOnce(() =>
    Promise.all([
      import('../adapters/sso/oidc-relying-party.js'),
      import('../adapters/http/outbound-client.js'),
      import('../adapters/http/outbound-fetch.js'),
    ]).then(
      ([{ OpenIdClientRelyingParty }, { sharedOutboundClient }, { outboundFetch }]) =>
        new OpenIdClientRelyingParty(outboundFetch(sharedOutboundClient(cfg), OIDC_OUTBOUND), { allowHttp }),
    ),
  );
  return {
    authorizationUrl: async (c, p) => (await get()).authorizationUrl(c, p),
    redeem: async (c, p) => (await get()).redeem(c, p),
    userInfo: async (c, p) => (await get()).userInfo(c, p),
  };
}

/**
 * The SAML service provider (shared/adapters/sso/saml-service-provider.ts), loaded at its first use: node-saml and its
 * XML signature stack are most of the sso function's bundle, and an OIDC sign-in or a logout should not pay for
 * evaluating them at a cold start (scripts/bundle-sizes.ts measures the cold import).
 */
const loadSaml = () => import('../adapters/sso/saml-service-provider.js');

const lazySamlServiceProvider: SamlServiceProvider = {
  spMetadata: async (params) => (await loadSaml()).spMetadata(params),
  authnRequestRedirect: async (cfg, options) => (await loadSaml()).authnRequestRedirect(cfg, options),
  readInResponseTo: async (response) => (await loadSaml()).readInResponseTo(response),
  readAudience: async (response) => (await loadSaml()).readAudience(response),
  validatePostResponse: async (cfg, response, store) => (await loadSaml()).validatePostResponse(cfg, response, store),
};

/** `PUT /v1/sso/saml`'s IdP half (metadata parsed, certificates checked; ValidationError otherwise), through the same lazy load. */
export async function samlIdpSettings(
  body: Parameters<Awaited<ReturnType<typeof loadSaml>>['idpSettingsFromBody']>[0],
) {
  return (await loadSaml()).idpSettingsFromBody(body);
}
