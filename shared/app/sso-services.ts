import type { Config } from '../config.js';
import type { SecretBox } from '../ports/secret-box.js';
import type { OidcRelyingParty } from '../ports/oidc.js';
import { sharedOutboundClient } from '../adapters/http/outbound-client.js';
import { outboundFetch } from '../adapters/http/outbound-fetch.js';
import { OpenIdClientRelyingParty } from '../adapters/sso/oidc-relying-party.js';
import { nodeSamlServiceProvider } from '../adapters/sso/saml-service-provider.js';
import type { SamlServiceProvider } from '../ports/saml.js';
import { makeSecretBox } from './secret-box.js';

/**
 * What the SSO function needs beyond the common services: the secret box (KMS on AWS) for connection secrets, and
 * the OpenID relying party, whose calls go out through the one SSRF-safe outbound client (private addresses only in
 * the local environment; plain-HTTP issuers only there too), and the SAML service provider (node-saml).
 */
export const OIDC_OUTBOUND = { timeoutMs: 10_000, maxResponseBytes: 512 * 1024 } as const;

let built: { cfg: Config; box: SecretBox; rp: OidcRelyingParty; sp: SamlServiceProvider } | undefined;

export function ssoServices(cfg: Config): { box: SecretBox; rp: OidcRelyingParty; sp: SamlServiceProvider } {
  if (!built || built.cfg !== cfg) {
    const local = cfg.CUSTODY_ENV === 'local';
    built = { cfg, box: makeSecretBox(cfg), rp: new OpenIdClientRelyingParty(outboundFetch(sharedOutboundClient(cfg), OIDC_OUTBOUND), { allowHttp: local }), sp: nodeSamlServiceProvider };
  }
  return built;
}
