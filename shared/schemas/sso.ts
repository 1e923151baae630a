import * as z from './zod.js';
import { LIMITS, timestamp, uuid, createdAt, updatedAt } from './common.js';
import { User } from './users.js';
import { RoleIdString } from './users.js';

/** Request and response schemas of single sign-on (docs/sso.md). */
const domain = () =>
  z
    .string()
    .check(
      z.trim(),
      z.toLowerCase(),
      z.regex(
        /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
        'must be a domain name such as acme.example',
      ),
    );
const origin = () => z.url({ protocol: /^https?$/ }).check(z.maxLength(LIMITS.url));

/** The mapping fields every connection kind has (OIDC now, SAML later). */
export const SsoMappingFields = z.lazySchema(() => ({
  allowed_email_domains: z.withMeta(z.optional(z.array(domain()).check(z.maxLength(50))), {
    description: 'E-mail domains allowed to sign in; empty or absent: any (the user must still exist unless JIT)',
  }),
  role_claim: z.withMeta(z.optional(z.string().check(z.minLength(1), z.maxLength(128))), {
    description: 'Claim carrying group names (default `groups`)',
  }),
  role_mapping: z.withMeta(
    z.optional(
      z
        .record(
          z.string().check(z.minLength(1), z.maxLength(256)),
          z.array(RoleIdString()).check(z.minLength(1), z.maxLength(5)),
        )
        .check(z.refine((m) => Object.keys(m).length <= 100, 'at most 100 entries')),
    ),
    {
      description: "Claim value -> system role ids. When not empty, the user's roles are set from it at every sign-in",
    },
  ),
  jit_provisioning: z.withMeta(z.optional(z.boolean()), {
    description: 'Create an unknown user at its first sign-in (sso_only, with its mapped roles); default false',
  }),
  allowed_return_origins: z.withMeta(z.optional(z.array(origin()).check(z.maxLength(20))), {
    description: "Origins besides the service's own that `return_to` may point at",
  }),
}));

/** The mapping fields every connection kind answers with (SsoMappingFields, as stored). */
const SsoMappingView = z.lazySchema(() => ({
  allowed_email_domains: z.withMeta(z.array(z.string()), {
    description: 'E-mail domains allowed to sign in; empty: any',
  }),
  role_claim: z.withMeta(z.string(), { description: 'Claim carrying group names' }),
  role_mapping: z.withMeta(z.record(z.string(), z.array(z.string())), {
    description: 'Claim value -> system role ids set at every sign-in; empty: roles kept',
  }),
  jit_provisioning: z.withMeta(z.boolean(), {
    description: 'Whether an unknown user is created at its first sign-in',
  }),
  allowed_return_origins: z.withMeta(z.array(z.string()), {
    description: "Origins besides the service's own that `return_to` may point at",
  }),
}));

const SCOPE = /^[\x21\x23-\x5B\x5D-\x7E]{1,128}$/;

export const PutOidcConnectionBody = z.lazySchema(() =>
  z.strictObject({
    issuer: z.withMeta(z.url({ protocol: /^https?$/ }).check(z.maxLength(LIMITS.url)), {
      description:
        "The provider's issuer identifier (discovery at `<issuer>/.well-known/openid-configuration`); https in production",
    }),
    client_id: z.withMeta(z.string().check(z.minLength(1), z.maxLength(256)), {
      description: 'The client id the provider gave this service',
    }),
    client_secret: z.withMeta(z.optional(z.string().check(z.minLength(1), z.maxLength(2048))), {
      description: 'Sealed at rest, never returned; required when the connection is created, kept when omitted later',
    }),
    scopes: z.withMeta(
      z.optional(
        z.array(z.string().check(z.regex(SCOPE))).check(
          z.minLength(1),
          z.maxLength(20),
          z.refine((s) => s.includes('openid'), 'must include openid'),
        ),
      ),
      { description: 'Scopes requested (default `openid email profile`); add `groups` where the provider needs it' },
    ),
    ...SsoMappingFields(),
  }),
);

export const OidcConnection = z.lazySchema(() =>
  z.withMeta(
    z.object({
      kind: z.withMeta(z.literal('oidc'), { description: 'OpenID Connect' }),
      issuer: z.withMeta(z.string(), { description: "The provider's issuer identifier" }),
      client_id: z.withMeta(z.string(), { description: 'The client id the provider gave this service' }),
      scopes: z.withMeta(z.array(z.string()), { description: 'Scopes requested at sign-in' }),
      ...SsoMappingView(),
      secrets_set: z.withMeta(z.array(z.string()), { description: 'Names of the secrets stored (never their values)' }),
      created_at: createdAt(),
      updated_at: updatedAt(),
    }),
    { id: 'OidcConnection' },
  ),
);

export const SsoLoginQuery = z.lazySchema(() =>
  z.strictObject({
    tenant_id: z.withMeta(uuid(), { description: 'The tenant whose connection signs the user in' }),
    return_to: z.withMeta(z.optional(z.string().check(z.maxLength(LIMITS.url))), {
      description:
        "Where the browser goes back with a one-time code in the URL fragment (`#code=...`), to redeem with `POST /v1/sso/session`: the service's console (`/console`) or an origin the connection allows. Without it the callback answers the session as JSON",
    }),
    client_state: z.withMeta(z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{16,128}$/))), {
      description:
        'An opaque value of the page that starts the sign-in (16-128 base64url characters), echoed in the fragment so the page accepts only a sign-in it started',
    }),
    code_challenge: z.withMeta(z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/))), {
      description:
        'PKCE S256 challenge (RFC 7636) binding the code to the front end that holds its verifier; required for a return_to on another origin',
    }),
  }),
);

/** `POST /v1/sso/session`: a finished browser sign-in's one-time code, for its session. */
export const SsoSessionBody = z.lazySchema(() =>
  z.withMeta(
    z.strictObject({
      code: z.withMeta(z.string().check(z.minLength(1), z.maxLength(200)), {
        description: "The one-time code from the sign-in's redirect (`#code=...`); single use, valid 60 seconds",
      }),
      code_verifier: z.withMeta(z.optional(z.string().check(z.regex(/^[A-Za-z0-9._~-]{43,128}$/))), {
        description:
          'The PKCE verifier, when the sign-in was started with a `code_challenge`; otherwise the code is bound to the browser by a cookie',
      }),
    }),
    { id: 'SsoSessionBody' },
  ),
);

const param = () => z.optional(z.string().check(z.maxLength(4096)));
/** What providers add to the redirect back (RFC 6749, RFC 9207 `iss`, Keycloak and Entra `session_state`, Google `authuser`, `hd`, `prompt`). */
export const OidcCallbackQuery = z.lazySchema(() =>
  z.object({
    code: z.withMeta(param(), { description: 'The authorization code to exchange for tokens (RFC 6749)' }),
    state: z.withMeta(param(), { description: 'The handle of the sign-in the login route started' }),
    iss: z.withMeta(param(), { description: "The issuer that answers (RFC 9207), checked against the connection's" }),
    session_state: z.withMeta(param(), { description: "The provider's session (Keycloak, Entra); not used" }),
    error: z.withMeta(param(), { description: "The provider's refusal code (RFC 6749); the sign-in is refused" }),
    error_description: z.withMeta(param(), { description: "The provider's text for its refusal" }),
    error_uri: z.withMeta(param(), { description: "A page about the provider's refusal" }),
    scope: z.withMeta(param(), { description: 'The scopes granted (Google); not used' }),
    authuser: z.withMeta(param(), { description: "Google's account index; not used" }),
    hd: z.withMeta(param(), { description: "Google's hosted domain; not used" }),
    prompt: z.withMeta(param(), { description: "Google's prompt; not used" }),
  }),
);

export const SessionIssued = z.lazySchema(() =>
  z.withMeta(
    z.object({
      key_id: z.withMeta(z.string(), { description: "The session credential's key id" }),
      secret: z.withMeta(z.string(), { description: 'The session secret: `Authorization: Bearer <key_id>:<secret>`' }),
      expires_at: z.withMeta(timestamp(), { description: 'When the session ends' }),
      user: z.withMeta(User(), { description: 'The user signed in' }),
    }),
    { id: 'SessionIssued' },
  ),
);

const httpsOrLoopback = (v: string) => {
  try {
    const u = new URL(v);
    return (
      u.protocol === 'https:' || (u.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname))
    );
  } catch {
    return false;
  }
};

/** `PUT /v1/sso/saml`: the IdP's metadata, or its entity id, SSO URL and certificate(s); plus the mapping fields. */
export const PutSamlConnectionBody = z.lazySchema(() =>
  z.withMeta(
    z.union([
      z.strictObject({
        idp_metadata_xml: z.withMeta(z.string().check(z.minLength(1), z.maxLength(200_000)), {
          description:
            "The IdP's SAML metadata (EntityDescriptor): its entity id, HTTP-Redirect SSO URL and signing certificates are read from it",
        }),
        ...SsoMappingFields(),
      }),
      z.strictObject({
        idp_entity_id: z.withMeta(z.string().check(z.minLength(1), z.maxLength(1024)), {
          description: "The IdP's entity id (the assertion's Issuer)",
        }),
        idp_sso_url: z.withMeta(
          z.string().check(z.maxLength(LIMITS.url), z.refine(httpsOrLoopback, 'must be an https URL')),
          { description: "The IdP's SSO URL for the HTTP-Redirect binding" },
        ),
        idp_certificate_pem: z.withMeta(z.string().check(z.minLength(1), z.maxLength(50_000)), {
          description: "The IdP's signing certificate(s) in PEM; several blocks one after the other during a rotation",
        }),
        ...SsoMappingFields(),
      }),
    ]),
    { id: 'PutSamlConnection' },
  ),
);

const CertificateView = z.lazySchema(() =>
  z.object({
    subject: z.withMeta(z.string(), { description: "The certificate's subject" }),
    fingerprint_sha256: z.withMeta(z.string(), { description: 'Its SHA-256 fingerprint (colon-separated hex)' }),
    not_after: z.withMeta(timestamp(), { description: 'When it expires' }),
  }),
);

export const SamlConnection = z.lazySchema(() =>
  z.withMeta(
    z.object({
      kind: z.withMeta(z.literal('saml'), { description: 'SAML 2.0' }),
      idp_entity_id: z.withMeta(z.string(), { description: "The IdP's entity id (the assertion's Issuer)" }),
      idp_sso_url: z.withMeta(z.string(), { description: "The IdP's SSO URL for the HTTP-Redirect binding" }),
      idp_certificates: z.withMeta(z.array(CertificateView()), {
        description: 'The trusted IdP signing certificates (by fingerprint; the PEMs are not echoed)',
      }),
      ...SsoMappingView(),
      sp_entity_id: z.withMeta(z.string(), {
        description: 'Our entity id for this tenant (the audience the IdP must name)',
      }),
      acs_url: z.withMeta(z.string(), { description: 'Our Assertion Consumer Service URL (HTTP-POST binding)' }),
      metadata_url: z.withMeta(z.string(), { description: 'Our SP metadata for this tenant' }),
      created_at: createdAt(),
      updated_at: updatedAt(),
    }),
    { id: 'SamlConnection' },
  ),
);

export const SamlMetadataQuery = z.lazySchema(() =>
  z.strictObject({ tenant_id: z.withMeta(uuid(), { description: 'The tenant whose SP metadata or sign-in this is' }) }),
);

/** The HTTP-POST binding's form (`application/x-www-form-urlencoded`). */
export const SamlAcsForm = z.lazySchema(() =>
  z.strictObject({
    SAMLResponse: z.withMeta(z.string().check(z.minLength(1), z.maxLength(400_000)), {
      description: 'The base64 SAML Response',
    }),
    RelayState: z.withMeta(z.optional(z.string().check(z.maxLength(LIMITS.url))), {
      description: 'Not used by the service (where to go is stored with the request)',
    }),
  }),
);
