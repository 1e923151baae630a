import * as z from 'zod';
import { LIMITS, timestamp, uuid } from './common.js';
import { User } from './users.js';
import { RoleIdString } from './users.js';

/** Request and response schemas of single sign-on (DESIGN.md 10, docs/sso.md). */
const domain = () => z.string().trim().toLowerCase().regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'must be a domain name such as acme.example');
const origin = () => z.url({ protocol: /^https?$/ }).max(LIMITS.url);

/** The mapping fields every connection kind has (OIDC now, SAML later). */
export const SsoMappingFields = {
  allowed_email_domains: z.array(domain()).max(50).optional().meta({ description: 'E-mail domains allowed to sign in; empty or absent: any (the user must still exist unless JIT)' }),
  role_claim: z.string().min(1).max(128).optional().meta({ description: 'Claim carrying group names (default `groups`)' }),
  role_mapping: z
    .record(z.string().min(1).max(256), z.array(RoleIdString()).min(1).max(5))
    .refine((m) => Object.keys(m).length <= 100, 'at most 100 entries')
    .optional()
    .meta({ description: 'Claim value -> system role ids. When not empty, the user\'s roles are set from it at every sign-in' }),
  jit_provisioning: z.boolean().optional().meta({ description: 'Create an unknown user at its first sign-in (sso_only, with its mapped roles); default false' }),
  allowed_return_origins: z.array(origin()).max(20).optional().meta({ description: 'Origins besides the service\'s own that `return_to` may point at' }),
};

const SCOPE = /^[\x21\x23-\x5B\x5D-\x7E]{1,128}$/;

export const PutOidcConnectionBody = z
  .object({
    issuer: z.url({ protocol: /^https?$/ }).max(LIMITS.url).meta({ description: 'The provider\'s issuer identifier (discovery at `<issuer>/.well-known/openid-configuration`); https in production' }),
    client_id: z.string().min(1).max(256),
    client_secret: z.string().min(1).max(2048).optional().meta({ description: 'Sealed at rest, never returned; required when the connection is created, kept when omitted later' }),
    scopes: z.array(z.string().regex(SCOPE)).min(1).max(20).refine((s) => s.includes('openid'), 'must include openid').optional().meta({ description: 'Scopes requested (default `openid email profile`); add `groups` where the provider needs it' }),
    ...SsoMappingFields,
  })
  .strict();

export const OidcConnection = z
  .object({
    kind: z.literal('oidc'),
    issuer: z.string(),
    client_id: z.string(),
    scopes: z.array(z.string()),
    allowed_email_domains: z.array(z.string()),
    role_claim: z.string(),
    role_mapping: z.record(z.string(), z.array(z.string())),
    jit_provisioning: z.boolean(),
    allowed_return_origins: z.array(z.string()),
    secrets_set: z.array(z.string()).meta({ description: 'Names of the secrets stored (never their values)' }),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .meta({ id: 'OidcConnection' });

export const SsoLoginQuery = z
  .object({
    tenant_id: uuid(),
    return_to: z.string().max(LIMITS.url).optional().meta({ description: 'Where the browser goes with the session in the URL fragment: the service\'s own origin (or a path on it) or an allowed origin of the connection. Without it the callback answers JSON' }),
  })
  .strict();

const param = () => z.string().max(4096).optional();
/** What providers add to the redirect back (RFC 6749, RFC 9207 `iss`, Keycloak and Entra `session_state`, Google `authuser`, `hd`, `prompt`). */
export const OidcCallbackQuery = z.object({
  code: param(),
  state: param(),
  iss: param(),
  session_state: param(),
  error: param(),
  error_description: param(),
  error_uri: param(),
  scope: param(),
  authuser: param(),
  hd: param(),
  prompt: param(),
});

export const SessionIssued = z
  .object({
    key_id: z.string(),
    secret: z.string().meta({ description: 'The session secret: `Authorization: Bearer <key_id>:<secret>`' }),
    expires_at: timestamp(),
    user: User,
  })
  .meta({ id: 'SessionIssued' });

const httpsOrLoopback = (v: string) => {
  try {
    const u = new URL(v);
    return u.protocol === 'https:' || (u.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname));
  } catch {
    return false;
  }
};

/** `PUT /v1/sso/saml`: the IdP's metadata, or its entity id, SSO URL and certificate(s); plus the mapping fields. */
export const PutSamlConnectionBody = z
  .union([
    z
      .object({
        idp_metadata_xml: z.string().min(1).max(200_000).meta({ description: 'The IdP\'s SAML metadata (EntityDescriptor): its entity id, HTTP-Redirect SSO URL and signing certificates are read from it' }),
        ...SsoMappingFields,
      })
      .strict(),
    z
      .object({
        idp_entity_id: z.string().min(1).max(1024).meta({ description: 'The IdP\'s entity id (the assertion\'s Issuer)' }),
        idp_sso_url: z.string().max(LIMITS.url).refine(httpsOrLoopback, 'must be an https URL').meta({ description: 'The IdP\'s SSO URL for the HTTP-Redirect binding' }),
        idp_certificate_pem: z.string().min(1).max(50_000).meta({ description: 'The IdP\'s signing certificate(s) in PEM; several blocks one after the other during a rotation' }),
        ...SsoMappingFields,
      })
      .strict(),
  ])
  .meta({ id: 'PutSamlConnection' });

const CertificateView = z.object({ subject: z.string(), fingerprint_sha256: z.string(), not_after: timestamp() });

export const SamlConnection = z
  .object({
    kind: z.literal('saml'),
    idp_entity_id: z.string(),
    idp_sso_url: z.string(),
    idp_certificates: z.array(CertificateView).meta({ description: 'The trusted IdP signing certificates (by fingerprint; the PEMs are not echoed)' }),
    allowed_email_domains: z.array(z.string()),
    role_claim: z.string(),
    role_mapping: z.record(z.string(), z.array(z.string())),
    jit_provisioning: z.boolean(),
    allowed_return_origins: z.array(z.string()),
    sp_entity_id: z.string().meta({ description: 'Our entity id for this tenant (the audience the IdP must name)' }),
    acs_url: z.string().meta({ description: 'Our Assertion Consumer Service URL (HTTP-POST binding)' }),
    metadata_url: z.string().meta({ description: 'Our SP metadata for this tenant' }),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .meta({ id: 'SamlConnection' });

export const SamlMetadataQuery = z.object({ tenant_id: uuid() }).strict();

/** The HTTP-POST binding's form (`application/x-www-form-urlencoded`). */
export const SamlAcsForm = z
  .object({
    SAMLResponse: z.string().min(1).max(400_000).meta({ description: 'The base64 SAML Response' }),
    RelayState: z.string().max(LIMITS.url).optional().meta({ description: 'Not used by the service (where to go is stored with the request)' }),
  })
  .strict();
