import { API_PORTS } from '../../shared/composition/api.js';
import { lazyDeps, type DepsOf } from '../../shared/composition/deps.js';
import { apiHandler, useCaseContext } from '../../shared/http/api-handler.js';
import { ssoRoutes } from '../../shared/http/routes/sso.js';
import { oidc, saml, samlIdpSettings } from '../../shared/composition/sso-services.js';
import { secretBoxOnDemand } from '../../shared/composition/lazy-secret-box.js';
import { exchangeSignInCode, getConnection, signOut, SsoRefusalError } from '../../shared/domain/sso/index.js';
import { finishOidcLogin, oidcConnectionInput, refuseOidcLogin, startOidcLogin } from '../../shared/domain/sso/oidc.js';
import {
  finishSamlLogin,
  getSamlConnection,
  refuseSamlLogin,
  samlConnectionInput,
  spEndpoints,
  startSamlLogin,
  tidyView,
} from '../../shared/domain/sso/saml.js';
import { governed } from '../../shared/http/governed.js';

/** Cookies of the request (`name=value; ...`), for the sign-in's browser binder. */
function cookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0) out[part.slice(0, i).trim()] = part.slice(i + 1).trim();
  }
  return out;
}

/** What starts a browser sign-in, from the login route's query. */
function loginStart(
  q: { tenant_id: string; return_to?: string; client_state?: string; code_challenge?: string },
  baseUrl: string,
) {
  return {
    tenantId: q.tenant_id,
    returnTo: q.return_to,
    clientState: q.client_state,
    codeChallenge: q.code_challenge,
    baseUrl,
  };
}

/** Single sign-on: OIDC and SAML connection management, the browser sign-ins (login, callback / ACS), and signing a session out. */
export const ports = { ...API_PORTS, secretBox: secretBoxOnDemand, oidc, saml };

export const makeHandler = (deps: DepsOf<typeof ports>) =>
  apiHandler(
    ssoRoutes,
    {
      putOidcConnection: async (req) => {
        const cfg = req.deps.config;
        const input = await oidcConnectionInput(req.deps.secretBox, req.principal.tenantId, cfg.CUSTODY_ENV, req.body);
        return governed(req, { kind: 'sso.connection_put', sso_kind: 'oidc', input });
      },
      getOidcConnection: async (req) => ({ body: await getConnection(useCaseContext(req), 'oidc') }),
      deleteOidcConnection: (req) =>
        governed(req, { kind: 'sso.connection_delete', sso_kind: 'oidc' }, () => ({ status: 204 })),
      oidcLogin: async (req) => {
        const { secretBox: box, oidc: rp } = req.deps;
        const deps = { store: req.deps.store, box, rp, now: req.now };
        try {
          const { location, cookie } = await startOidcLogin(deps, loginStart(req.query, req.baseUrl));
          return { status: 302, headers: { Location: location, 'Set-Cookie': cookie, 'Cache-Control': 'no-store' } };
        } catch (e) {
          if (!(e instanceof SsoRefusalError)) throw e;
          return { error: await refuseOidcLogin({ store: req.deps.store, uow: req.uow }, req.query.tenant_id, e) };
        }
      },
      oidcCallback: async (req) => {
        const cfg = req.deps.config;
        const { secretBox: box, oidc: rp } = req.deps;
        const out = await finishOidcLogin(
          {
            store: req.deps.store,
            uow: req.uow,
            box,
            rp,
            now: req.now,
            sessionTtlSeconds: cfg.CUSTODY_SSO_SESSION_TTL,
          },
          { query: req.query, cookies: cookies(req.headers.cookie), baseUrl: req.baseUrl },
        );
        return 'error' in out ? { error: out.error } : out;
      },
      putSamlConnection: async (req) => {
        const {
          idp_metadata_xml: _m,
          idp_entity_id: _e,
          idp_sso_url: _u,
          idp_certificate_pem: _c,
          ...mapping
        } = req.body as Record<string, unknown>;
        const idp = await samlIdpSettings(req.body as Parameters<typeof samlIdpSettings>[0]);
        const input = {
          idp_entity_id: idp.idpEntityId,
          idp_sso_url: idp.idpSsoUrl,
          idp_certificates_pem: idp.idpCertificatesPem,
          ...mapping,
        };
        return governed(
          req,
          { kind: 'sso.connection_put', sso_kind: 'saml', input: samlConnectionInput(input) },
          (view) => ({
            body: tidyView(view as Parameters<typeof tidyView>[0], req.principal.tenantId, req.baseUrl),
          }),
        );
      },
      getSamlConnection: async (req) => ({ body: await getSamlConnection(useCaseContext(req), req.baseUrl) }),
      deleteSamlConnection: (req) =>
        governed(req, { kind: 'sso.connection_delete', sso_kind: 'saml' }, () => ({ status: 204 })),
      samlMetadata: async (req) => {
        const sp = spEndpoints(req.baseUrl, req.query.tenant_id);
        const xml = await req.deps.saml.spMetadata({
          spEntityId: sp.sp_entity_id,
          acsUrl: sp.acs_url,
        });
        return {
          body: xml,
          raw: true,
          headers: {
            'Content-Type': 'application/samlmetadata+xml; charset=utf-8',
            'Cache-Control': 'public, max-age=300',
          },
        };
      },
      samlLogin: async (req) => {
        const deps = { store: req.deps.store, sp: req.deps.saml, now: req.now };
        try {
          const location = await startSamlLogin(deps, loginStart(req.query, req.baseUrl));
          return { status: 302, headers: { Location: location, 'Cache-Control': 'no-store' } };
        } catch (e) {
          if (!(e instanceof SsoRefusalError)) throw e;
          return { error: await refuseSamlLogin({ store: req.deps.store, uow: req.uow }, req.query.tenant_id, e) };
        }
      },
      samlAcs: async (req) => {
        const cfg = req.deps.config;
        const out = await finishSamlLogin(
          {
            store: req.deps.store,
            uow: req.uow,
            sp: req.deps.saml,
            now: req.now,
            sessionTtlSeconds: cfg.CUSTODY_SSO_SESSION_TTL,
          },
          { samlResponse: req.body.SAMLResponse, baseUrl: req.baseUrl },
        );
        return 'error' in out ? { error: out.error } : out;
      },
      session: async (req) => {
        const cfg = req.deps.config;
        const out = await exchangeSignInCode(
          { store: req.deps.store, uow: req.uow, now: req.now, sessionTtlSeconds: cfg.CUSTODY_SSO_SESSION_TTL },
          {
            code: req.body.code,
            codeVerifier: req.body.code_verifier,
            cookies: cookies(req.headers.cookie),
            baseUrl: req.baseUrl,
          },
        );
        return 'error' in out ? { error: out.error } : out;
      },
      logout: async (req) => ({ body: await signOut(useCaseContext(req)) }),
    },
    deps,
  );

export const handler = makeHandler(lazyDeps(ports));
