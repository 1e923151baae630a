import { X509Certificate } from 'node:crypto';
import type { Store } from '../../ports/store.js';
import type { SamlConnectionConfig, SamlRefusalReason, SamlServiceProvider } from '../../ports/saml.js';
import type { UseCaseContext } from '../context.js';
import type { UnitOfWork } from '../unit-of-work.js';
import {
  connectionView,
  requireConnection,
  type SsoConnectionInput,
  type SsoConnectionRecord,
  type SsoMapping,
} from './connections.js';
import {
  consumeSamlRequest,
  loginReturn,
  newLoginHandle,
  saveLoginState,
  tenantOfHandle,
  type LoginState,
} from './login-state.js';
import { checkLoginReturn } from './return-to.js';
import { completeSignIn, refusalRedirect, refuseSignIn, type SignInAnswer } from './sign-in.js';
import { refusal, SsoRefusalError, type SsoRefusalType } from './refusals.js';
import type { VerifiedIdentity } from './identity-mapping.js';
import type { LoginStart } from './oidc.js';

/**
 * SAML 2.0 sign-in on the SSO core (docs/sso.md, "SAML 2.0"): the tenant's connection (IdP entity id, SSO URL, signing
 * certificates), its SP metadata, `startSamlLogin` (HTTP-Redirect AuthnRequest whose ID is the login-state handle)
 * and `finishSamlLogin` (the HTTP-POST response checked by the service provider port, then `completeSignIn`).
 *
 * The request ID is `_<handle>` (an xsd:ID may not start with a digit): the handle names the tenant, so the ACS, one
 * URL for all tenants, finds the connection to check the response with. The outstanding request is bound to nothing
 * else (no browser cookie, see docs/sso.md): it is single use, 10 minutes, and only ever sent in this browser's redirect.
 */
export const SAML_ACS_PATH = '/v1/sso/saml/acs';

export type SamlSettings = { idp_entity_id: string; idp_sso_url: string; idp_certificates_pem: string[] };
export type SamlConnectionInput = {
  idp_entity_id: string;
  idp_sso_url: string;
  idp_certificates_pem: string[];
} & Partial<SsoMapping>;

/** Our SP entity id (one per tenant: the audience), the ACS URL (one for all) and the metadata URL, from the public base URL. */
export function spEndpoints(baseUrl: string, tenantId: string) {
  const metadataUrl = `${baseUrl.replace(/\/+$/, '')}/v1/sso/saml/metadata?tenant_id=${encodeURIComponent(tenantId)}`;
  return {
    sp_entity_id: metadataUrl,
    acs_url: `${baseUrl.replace(/\/+$/, '')}${SAML_ACS_PATH}`,
    metadata_url: metadataUrl,
  };
}

/** A certificate as the connection view shows it: enough to tell which one is configured, not the PEM itself. */
function certificateView(pem: string) {
  const cert = new X509Certificate(pem);
  return {
    subject: cert.subject,
    fingerprint_sha256: cert.fingerprint256,
    not_after: new Date(cert.validTo).toISOString(),
  };
}

/** The SAML connection as the API shows it: the IdP settings, its certificates by fingerprint, our SP endpoints. */
export function tidyView(view: ReturnType<typeof connectionView>, tenantId: string, baseUrl: string) {
  const {
    idp_certificates_pem: pems,
    secrets_set: _none,
    ...rest
  } = view as ReturnType<typeof connectionView> & { idp_certificates_pem: string[] };
  return { ...rest, idp_certificates: pems.map(certificateView), ...spEndpoints(baseUrl, tenantId) };
}

export const samlConnectionView = (c: SsoConnectionRecord, baseUrl: string) =>
  tidyView(connectionView(c), c.tenant_id, baseUrl);

/**
 * The write of the tenant's SAML connection (no secret: the IdP's certificates are public), for `putConnection`. A
 * certificate left out is no longer trusted from that write on.
 */
export function samlConnectionInput(input: SamlConnectionInput): SsoConnectionInput {
  const { idp_entity_id, idp_sso_url, idp_certificates_pem, ...mapping } = input;
  const settings: SamlSettings = { idp_entity_id, idp_sso_url, idp_certificates_pem };
  return { settings, sealed_secrets: {}, required_secrets: [], mapping };
}

export async function getSamlConnection(ctx: Pick<UseCaseContext, 'store' | 'principal'>, baseUrl: string) {
  return samlConnectionView(await requireConnection(ctx.store, ctx.principal.tenantId, 'saml'), baseUrl);
}

function serviceProviderConfig(c: SsoConnectionRecord, baseUrl: string): SamlConnectionConfig {
  const s = c.settings as SamlSettings;
  const sp = spEndpoints(baseUrl, c.tenant_id);
  return {
    spEntityId: sp.sp_entity_id,
    acsUrl: sp.acs_url,
    idpEntityId: s.idp_entity_id,
    idpSsoUrl: s.idp_sso_url,
    idpCertificatesPem: s.idp_certificates_pem,
    groupsAttribute: c.role_claim,
  };
}

export type SamlDeps = { store: Store; sp: SamlServiceProvider; now: Date };

/** The start of a sign-in: checks `return_to`, stores the request as outstanding, answers the IdP URL to redirect to. */
export async function startSamlLogin(deps: SamlDeps, input: LoginStart): Promise<string> {
  const c = await requireConnection(deps.store, input.tenantId, 'saml');
  const back = checkLoginReturn(input, input.baseUrl, c.allowed_return_origins);
  const handle = newLoginHandle(input.tenantId);
  const { url, requestId } = await deps.sp.authnRequestRedirect(serviceProviderConfig(c, input.baseUrl), {
    requestId: `_${handle}`,
  });
  await saveLoginState(
    deps.store,
    { handle, tenantId: input.tenantId, kind: 'saml', data: { request_id: requestId }, back },
    deps.now,
  );
  return url;
}

/** Each refusal reason of the service provider and the catalog error it is answered with (docs/sso.md). */
export const SAML_REFUSAL_ERRORS: Record<SamlRefusalReason, SsoRefusalType> = {
  malformed: 'SSO_TOKEN_INVALID',
  unsigned: 'SSO_TOKEN_INVALID',
  bad_signature: 'SSO_TOKEN_INVALID',
  wrong_issuer: 'SSO_TOKEN_INVALID',
  wrong_audience: 'SSO_TOKEN_INVALID',
  wrong_recipient: 'SSO_TOKEN_INVALID',
  expired: 'SSO_TOKEN_INVALID',
  not_yet_valid: 'SSO_TOKEN_INVALID',
  no_email: 'SSO_TOKEN_INVALID',
  unknown_request: 'SSO_STATE_INVALID',
  replayed: 'SSO_STATE_INVALID',
  unsolicited: 'SSO_STATE_INVALID',
  idp_error: 'SSO_PROVIDER_DENIED',
};

const REFUSAL_MESSAGES: Record<SamlRefusalReason, string> = {
  malformed: 'the SAML response is not one the service reads (not a SAML Response, a DTD or an XML comment in it)',
  unsigned: 'the SAML assertion is not signed',
  bad_signature: 'the SAML assertion is not signed by the configured IdP certificate (or the response is wrapped)',
  wrong_issuer: 'the SAML assertion was issued by another identity provider',
  wrong_audience: 'the SAML assertion is meant for another service provider',
  wrong_recipient: 'the SAML assertion is meant for another Assertion Consumer Service',
  expired: 'the SAML assertion has expired',
  not_yet_valid: 'the SAML assertion is not valid yet',
  no_email: 'the SAML assertion carries no e-mail address',
  unknown_request:
    'the SAML response answers no sign-in started here (or one older than 10 minutes); start the sign-in again',
  replayed: 'the SAML response answers a sign-in that was already answered; start the sign-in again',
  unsolicited: "IdP-initiated SAML sign-in is not accepted; start from the service's login URL",
  idp_error: 'the identity provider refused the sign-in',
};

export const samlRefusal = (reason: SamlRefusalReason) =>
  refusal(SAML_REFUSAL_ERRORS[reason], reason, REFUSAL_MESSAGES[reason]);

/** The tenant a response names: by its request id's handle, else (an unsolicited one) by its audience. Unverified: only where to audit. */
async function tenantHint(
  sp: SamlServiceProvider,
  samlResponse: string,
): Promise<{ handle: string | undefined; tenantId: string | undefined }> {
  const requestId = await sp.readInResponseTo(samlResponse);
  const handle = requestId?.startsWith('_') ? requestId.slice(1) : undefined;
  const byHandle = handle ? tenantOfHandle(handle) : undefined;
  if (byHandle) return { handle, tenantId: byHandle };
  const audience = await sp.readAudience(samlResponse);
  let byAudience: string | undefined;
  try {
    byAudience = audience ? (new URL(audience).searchParams.get('tenant_id') ?? undefined) : undefined;
  } catch {
    byAudience = undefined;
  }
  return { handle, tenantId: byAudience && /^[0-9a-f-]{36}$/.test(byAudience) ? byAudience : undefined };
}

/**
 * The ACS: finds the tenant by the response's request id, lets the service provider check the response (consuming the
 * request: single use), maps the identity and issues the session. Every refusal is audited in the tenant named.
 */
export async function finishSamlLogin(
  deps: SamlDeps & { uow: UnitOfWork; sessionTtlSeconds: number },
  input: { samlResponse: string; baseUrl: string },
): Promise<SignInAnswer | { error: SsoRefusalError }> {
  const { handle, tenantId } = await tenantHint(deps.sp, input.samlResponse);
  let identity: VerifiedIdentity | undefined;
  let state: LoginState | undefined;
  try {
    if (!tenantId)
      throw samlRefusal((await deps.sp.readInResponseTo(input.samlResponse)) ? 'unknown_request' : 'unsolicited');
    const c = await requireConnection(deps.store, tenantId, 'saml');
    const result = await deps.sp.validatePostResponse(serviceProviderConfig(c, input.baseUrl), input.samlResponse, {
      consumeRequestId: async (id) => {
        if (!handle || id !== `_${handle}`) return 'unknown';
        const used = await consumeSamlRequest(deps.store, handle, deps.now);
        if (typeof used === 'string') return used;
        state = used;
        return true;
      },
    });
    if (!result.ok) throw samlRefusal(result.reason);
    if (!state || state.tenant_id !== c.tenant_id) throw samlRefusal('unknown_request');
    identity = {
      email: result.identity.email,
      emailVerified: true,
      subject: result.identity.nameId,
      claims: { [c.role_claim]: result.identity.groups },
    };
    return await completeSignIn(deps, { connection: c, identity, back: loginReturn(state, input.baseUrl) });
  } catch (e) {
    if (!(e instanceof SsoRefusalError)) throw e;
    const refused = await refuseSignIn(deps, { tenantId, kind: 'saml', error: e, identity });
    // Back to return_to only when the request was ours and this tenant's (its state consumed); never on a forged id.
    const back =
      state && state.tenant_id === tenantId && state.return_to
        ? { returnTo: state.return_to, clientState: state.client_state ?? null }
        : null;
    return back ? refusalRedirect(back, refused) : { error: refused };
  }
}

/** Audits a refused start of a sign-in (no connection, return_to) in the tenant, when it exists. */
export async function refuseSamlLogin(deps: { store: Store; uow: UnitOfWork }, tenantId: string, e: SsoRefusalError) {
  return refuseSignIn(deps, { tenantId, kind: 'saml', error: e });
}
