import { randomBytes, X509Certificate } from 'node:crypto';
import {
  generateServiceProviderMetadata,
  SAML,
  SamlStatusError,
  ValidateInResponseTo,
  type CacheProvider,
  type Profile,
} from '@node-saml/node-saml';
import { DOMParser } from '@xmldom/xmldom';
import * as z from '../../schemas/zod.js';
import { ValidationError } from '../../errors/domain-errors.js';
import { ROLE_NAMES } from '../../domain/permissions/matrix.js';
import type { SamlConnectionConfig, SamlRefusalReason, SamlRequestIdStore, SamlValidation } from '../../ports/saml.js';

/**
 * The SAML 2.0 service provider (docs/sso.md, "SAML 2.0"): SP metadata, the HTTP-Redirect AuthnRequest and the check of an
 * HTTP-POST response. Pure functions over a connection's settings; the caller (the SSO core) owns the storage of
 * connections and of outstanding request ids, and maps each refusal reason to a catalog error.
 *
 * Library: @node-saml/node-saml pinned at 5.1.0, the first version patched for CVE-2025-54419
 * (GHSA-4mxg-3p6v-xgq3, signature verification) and CVE-2025-54369 (GHSA-m837-g268-mmv7, assertion read from the
 * unsigned document): since 5.1.0 the profile is read only from the bytes the signature covers (xml-crypto
 * `signedReferences`). Its xml-crypto (>= 6.1.2) carries the fixes of CVE-2025-29774 / CVE-2025-29775.
 * node-saml checks the signature, audience, validity window and InResponseTo; it does not check the recipient
 * (node-saml issue 405) nor the issuer, which are checked here on the verified assertion.
 */

/** Clock skew allowed on NotBefore / NotOnOrAfter (docs/sso.md, "What is accepted"). */
export const SAML_CLOCK_SKEW_MS = 60_000;
const MAX_RESPONSE_BYTES = 256 * 1024;
const NAMEID_EMAIL = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
const NS_MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const NS_DS = 'http://www.w3.org/2000/09/xmldsig#';
const NS_SAML = 'urn:oasis:names:tc:SAML:2.0:assertion';
const NS_SAMLP = 'urn:oasis:names:tc:SAML:2.0:protocol';
const BINDING_REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
/** Attribute names that carry the e-mail, most specific first (Entra ID, Okta/Keycloak/Google, LDAP OID). */
const EMAIL_ATTRIBUTES = [
  'email',
  'mail',
  'emailaddress',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
  'urn:oid:0.9.2342.19200300.100.1.3',
];
const EMAIL_SHAPE = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;

export { SAML_REFUSAL_REASONS } from '../../ports/saml.js';
export type {
  SamlRefusalReason,
  SamlConnectionConfig,
  SamlIdentity,
  SamlValidation,
  SamlRequestIdStore,
} from '../../ports/saml.js';

// ---------------------------------------------------------------------------------------------------------------
// Connection settings

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** Checks and normalises PEM certificates (one or several concatenated blocks); refuses anything unreadable. */
export function certificatesFromPem(pem: string): string[] {
  const blocks = pem.match(PEM_BLOCK) ?? [];
  if (blocks.length === 0)
    throw new ValidationError('idp_certificate_pem is not a PEM certificate', { field: 'idp_certificate_pem' });
  return blocks.map((block) => {
    try {
      return new X509Certificate(block).toString();
    } catch {
      throw new ValidationError('idp_certificate_pem holds an unreadable certificate', {
        field: 'idp_certificate_pem',
      });
    }
  });
}

function pemFromBase64(der: string): string {
  const body = der.replace(/\s+/g, '');
  return certificatesFromPem(
    `-----BEGIN CERTIFICATE-----\n${body.replace(/(.{64})/g, '$1\n').replace(/\n$/, '')}\n-----END CERTIFICATE-----\n`,
  )[0]!;
}

function parseXml(xml: string): Document | null {
  let failed = false;
  const onError = () => {
    failed = true;
  };
  const doc = new DOMParser({
    errorHandler: { warning: () => undefined, error: onError, fatalError: onError },
  }).parseFromString(xml, 'text/xml');
  return failed || !doc?.documentElement ? null : (doc as unknown as Document);
}

const httpsOrLocalUrl = (value: string) => {
  try {
    const url = new URL(value);
    return (
      url.protocol === 'https:' ||
      (url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname))
    );
  } catch {
    return false;
  }
};

/**
 * Reads an IdP's metadata: its entity id, its HTTP-Redirect SSO URL and its signing certificates. Refuses metadata
 * without a signing certificate or without an HTTP-Redirect SingleSignOnService (ValidationError, 400).
 */
export function parseIdpMetadata(xml: string): { entityId: string; ssoUrl: string; certificatesPem: string[] } {
  const refuse = (why: string): never => {
    throw new ValidationError(`idp_metadata_xml: ${why}`, { field: 'idp_metadata_xml' });
  };
  if (/<!DOCTYPE/i.test(xml)) refuse('a DTD is not accepted');
  const doc = parseXml(xml) ?? refuse('not well-formed XML');
  const root = doc.documentElement;
  const entity =
    root.localName === 'EntityDescriptor' && root.namespaceURI === NS_MD
      ? root
      : Array.from(doc.getElementsByTagNameNS(NS_MD, 'EntityDescriptor')).find(
          (e) => e.getElementsByTagNameNS(NS_MD, 'IDPSSODescriptor').length > 0,
        );
  if (!entity) return refuse('no EntityDescriptor');
  const entityId = entity.getAttribute('entityID') || refuse('no entityID');
  const idp = entity.getElementsByTagNameNS(NS_MD, 'IDPSSODescriptor')[0] ?? refuse('no IDPSSODescriptor');
  const sso = Array.from(idp.getElementsByTagNameNS(NS_MD, 'SingleSignOnService')).find(
    (s) => s.getAttribute('Binding') === BINDING_REDIRECT,
  );
  const ssoUrl = sso?.getAttribute('Location') || refuse('no SingleSignOnService with the HTTP-Redirect binding');
  if (!httpsOrLocalUrl(ssoUrl)) refuse('the SSO URL must be https');
  const certificatesPem = Array.from(idp.getElementsByTagNameNS(NS_MD, 'KeyDescriptor'))
    .filter((k) => {
      const use = k.getAttribute('use');
      return !use || use === 'signing';
    })
    .flatMap((k) => Array.from(k.getElementsByTagNameNS(NS_DS, 'X509Certificate')))
    .map((c) => pemFromBase64(c.textContent ?? ''));
  if (certificatesPem.length === 0) refuse('no signing certificate');
  return { entityId, ssoUrl, certificatesPem: [...new Set(certificatesPem)] };
}

/** The identity-mapping fields, the same names as the OIDC connection's (docs/sso.md, "Connecting an IdP"). */
export const ssoMappingFieldsSchema = z.object({
  allowed_email_domains: z.optional(
    z.array(z.string().check(z.minLength(1), z.maxLength(253), z.regex(/^[a-z0-9.-]+$/i))).check(z.maxLength(50)),
  ),
  role_claim: z.optional(z.string().check(z.minLength(1), z.maxLength(256))),
  role_mapping: z.optional(
    z.record(z.string().check(z.minLength(1), z.maxLength(256)), z.array(z.enum(ROLE_NAMES)).check(z.minLength(1))),
  ),
  jit_provisioning: z.optional(z.boolean()),
});

const metadataForm = z.strictObject({ idp_metadata_xml: z.string().check(z.minLength(1), z.maxLength(200_000)) });
const explicitForm = z.strictObject({
  idp_entity_id: z.string().check(z.minLength(1), z.maxLength(1024)),
  idp_sso_url: z.string().check(z.maxLength(2048), z.refine(httpsOrLocalUrl, 'must be an https URL')),
  idp_certificate_pem: z.string().check(z.minLength(1), z.maxLength(50_000)),
});

/** Body of `PUT /v1/sso/saml`: `{idp_metadata_xml}` or `{idp_entity_id, idp_sso_url, idp_certificate_pem}`, plus the mapping fields. */
export const samlConnectionBodySchema = z.union([
  z.strictObject(z.extend(metadataForm, ssoMappingFieldsSchema.shape).shape),
  z.strictObject(z.extend(explicitForm, ssoMappingFieldsSchema.shape).shape),
]);
export type SamlConnectionBody = z.infer<typeof samlConnectionBodySchema>;

/** The IdP half of a connection from a validated body (metadata parsed, certificates checked); throws ValidationError. */
export function idpSettingsFromBody(body: SamlConnectionBody): {
  idpEntityId: string;
  idpSsoUrl: string;
  idpCertificatesPem: string[];
} {
  if ('idp_metadata_xml' in body) {
    const meta = parseIdpMetadata(body.idp_metadata_xml);
    return { idpEntityId: meta.entityId, idpSsoUrl: meta.ssoUrl, idpCertificatesPem: meta.certificatesPem };
  }
  return {
    idpEntityId: body.idp_entity_id,
    idpSsoUrl: body.idp_sso_url,
    idpCertificatesPem: certificatesFromPem(body.idp_certificate_pem),
  };
}

/** Our SP entity id and ACS URL for a tenant, from the service's public base URL (one ACS for all tenants). */
export function spEndpoints(
  publicBaseUrl: string,
  tenantId: string,
): { spEntityId: string; acsUrl: string; metadataUrl: string } {
  const base = publicBaseUrl.replace(/\/+$/, '');
  const metadataUrl = `${base}/v1/sso/saml/metadata?tenant_id=${encodeURIComponent(tenantId)}`;
  return { spEntityId: metadataUrl, acsUrl: `${base}/v1/sso/saml/acs`, metadataUrl };
}

// ---------------------------------------------------------------------------------------------------------------
// node-saml

/** A node-saml cache provider backed by the injected single-use store; remembers what the store answered. */
class ConsumingCache implements CacheProvider {
  readonly answers = new Map<string, boolean | 'unknown' | 'replayed'>();
  constructor(private readonly store: SamlRequestIdStore) {}
  async saveAsync() {
    return null;
  } // requests are stored by the caller (authnRequestRedirect's requestId)
  async removeAsync() {
    return null;
  } // consumed already
  async getAsync(key: string): Promise<string | null> {
    if (!this.answers.has(key)) this.answers.set(key, await this.store.consumeRequestId(key));
    // node-saml reads the value as the request's creation time; the store's TTL is the expiry that counts.
    return this.answers.get(key) === true ? new Date().toISOString() : null;
  }
}

/** For building requests: the caller stores the request id itself (and node-saml's own cache would start a timer). */
const NO_CACHE: CacheProvider = {
  saveAsync: async () => null,
  getAsync: async () => null,
  removeAsync: async () => null,
};

const newRequestId = () => `_${randomBytes(20).toString('hex')}`;

function samlFor(cfg: SamlConnectionConfig, extra: { cache: CacheProvider; requestId?: string }) {
  return new SAML({
    issuer: cfg.spEntityId,
    audience: cfg.spEntityId,
    callbackUrl: cfg.acsUrl,
    entryPoint: cfg.idpSsoUrl,
    idpCert: cfg.idpCertificatesPem,
    identifierFormat: NAMEID_EMAIL,
    wantAssertionsSigned: true, // the signature must cover the assertion (docs/sso.md, "What is accepted")
    wantAuthnResponseSigned: false, // ... a Response signature is optional (Okta, Entra ID sign only the assertion by default)
    acceptedClockSkewMs: SAML_CLOCK_SKEW_MS,
    validateInResponseTo: ValidateInResponseTo.always, // unsolicited responses are refused
    requestIdExpirationPeriodMs: 10 * 60_000,
    disableRequestedAuthnContext: true, // let the IdP choose (MFA, passkeys) rather than demand a password
    cacheProvider: extra.cache,
    ...(extra.requestId ? { generateUniqueId: () => extra.requestId! } : {}),
  });
}

/** The SP metadata document a tenant hands its IdP (entity id, ACS URL with the HTTP-POST binding, e-mail NameID). */
export function spMetadata(params: { spEntityId: string; acsUrl: string }): string {
  return generateServiceProviderMetadata({
    issuer: params.spEntityId,
    callbackUrl: params.acsUrl,
    identifierFormat: NAMEID_EMAIL,
    wantAssertionsSigned: true,
  });
}

/**
 * The HTTP-Redirect binding AuthnRequest: the URL to send the browser to and the request id the caller must store
 * as outstanding (single use, 10 minutes) for `validatePostResponse`.
 */
export async function authnRequestRedirect(
  cfg: SamlConnectionConfig,
  options: { relayState?: string; requestId?: string } = {},
): Promise<{ url: string; requestId: string }> {
  const requestId = options.requestId ?? newRequestId();
  if (!/^[A-Za-z_][A-Za-z0-9._-]*$/.test(requestId)) throw new Error('a SAML request id must be an xsd:ID (NCName)');
  const url = await samlFor(cfg, { requestId, cache: NO_CACHE }).getAuthorizeUrlAsync(
    options.relayState ?? '',
    undefined,
    {},
  );
  return { url, requestId };
}

/**
 * The `InResponseTo` of a POSTed response, unverified: only for finding the outstanding request (and so the tenant
 * and its connection) before `validatePostResponse` checks everything. Null when absent or unreadable.
 */
export function readInResponseTo(samlResponseBase64: string): string | null {
  const xml = decodeResponse(samlResponseBase64);
  const root = xml ? parseXml(xml)?.documentElement : undefined;
  return root?.getAttribute('InResponseTo') || null;
}

/** The unverified audience of a posted response: only for knowing which tenant to audit a refusal in. */
export function readAudience(samlResponseBase64: string): string | null {
  const xml = decodeResponse(samlResponseBase64);
  const doc = xml ? parseXml(xml) : null;
  return doc?.getElementsByTagNameNS(NS_SAML, 'Audience')[0]?.textContent?.trim() || null;
}

function decodeResponse(samlResponseBase64: string): string | null {
  if (samlResponseBase64.length > MAX_RESPONSE_BYTES * 1.4 || !/^[A-Za-z0-9+/=\s]+$/.test(samlResponseBase64))
    return null;
  const xml = Buffer.from(samlResponseBase64, 'base64').toString('utf8');
  return xml.trimStart().startsWith('<') ? xml : null;
}

type Xml2Js = { _?: string; $?: Record<string, string> } & {
  [child: string]: Xml2Js[] | string | Record<string, string> | undefined;
};
const children = (node: Xml2Js | undefined, name: string): Xml2Js[] =>
  Array.isArray(node?.[name]) ? (node[name] as Xml2Js[]) : [];

/** Maps node-saml's error messages (and what the store answered) to a refusal reason. */
function reasonFor(err: unknown, doc: Document, cache: ConsumingCache, inResponseTo: string | null): SamlRefusalReason {
  const answer = inResponseTo ? cache.answers.get(inResponseTo) : undefined;
  if (answer === 'replayed') return 'replayed';
  if (answer === false || answer === 'unknown') return 'unknown_request';
  if (assertionCount(doc) > 1) return 'bad_signature';
  if (err instanceof SamlStatusError) return 'idp_error';
  const message = err instanceof Error ? err.message : '';
  if (/InResponseTo is missing/.test(message)) return 'unsolicited';
  if (/InResponseTo/.test(message)) return 'unknown_request';
  if (/signature|Cannot obtain assertion/i.test(message)) {
    const signedAssertion = Array.from(doc.getElementsByTagNameNS(NS_SAML, 'Assertion')).some(
      (a) => a.getElementsByTagNameNS(NS_DS, 'Signature').length > 0,
    );
    return signedAssertion ? 'bad_signature' : 'unsigned';
  }
  if (/not yet valid/.test(message)) return 'not_yet_valid';
  if (/expired|No valid subject confirmation/.test(message)) return 'expired';
  if (/audience|AudienceRestriction/i.test(message)) return 'wrong_audience';
  return 'malformed';
}

/**
 * Assertions anywhere in the document, whatever their namespace prefix or nesting. An honest response has one; a
 * second one beside, inside or around the signed one is the shape of a signature-wrapping attack (XSW), refused even
 * when node-saml would read the signed one correctly.
 */
function assertionCount(doc: Document): number {
  return Array.from(doc.getElementsByTagName('*')).filter(
    (e) => e.localName === 'Assertion' || e.localName === 'EncryptedAssertion',
  ).length;
}

const STATUS_SUCCESS = 'urn:oasis:names:tc:SAML:2.0:status:Success';

/** The e-mail from the signed assertion: an e-mail attribute, else an e-mail NameID. */
function emailOf(profile: Profile): string | null {
  const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
  const lower = new Map(Object.entries(attributes).map(([k, v]) => [k.toLowerCase(), v]));
  for (const name of EMAIL_ATTRIBUTES) {
    const value = lower.get(name.toLowerCase());
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string' && EMAIL_SHAPE.test(first.trim())) return first.trim();
  }
  const nameId = profile.nameID?.trim();
  return nameId && EMAIL_SHAPE.test(nameId) ? nameId : null;
}

function groupsOf(profile: Profile, attribute: string): string[] {
  const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
  const value = attributes[attribute];
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.filter((g): g is string => typeof g === 'string' && g.length > 0);
}

/**
 * Checks a response POSTed to the ACS (HTTP-POST binding) and extracts the identity. Accepted only with a valid
 * signature over the assertion by a configured IdP certificate, the SP entity id as audience, the ACS URL as
 * recipient, within the validity window (60 s skew), and `InResponseTo` an outstanding request of ours, which this
 * call consumes (any response naming it, accepted or not, uses it up). Never throws for a bad response.
 */
export async function validatePostResponse(
  cfg: SamlConnectionConfig,
  samlResponseBase64: string,
  store: SamlRequestIdStore,
): Promise<SamlValidation> {
  const xml = decodeResponse(samlResponseBase64);
  // Comments are refused outright: canonicalisation drops them from what is signed, so `a@evil.example<!---->.x`
  // would be signed as one value and read as another by a careless reader. IdPs never send them. No DTDs either.
  if (!xml || xml.length > MAX_RESPONSE_BYTES || xml.includes('<!--') || /<!DOCTYPE/i.test(xml))
    return { ok: false, reason: 'malformed', requestId: null };
  const doc = parseXml(xml);
  const root = doc?.documentElement;
  if (!doc || !root || root.localName !== 'Response' || root.namespaceURI !== NS_SAMLP)
    return { ok: false, reason: 'malformed', requestId: null };
  const inResponseTo = root.getAttribute('InResponseTo') || null;
  if (!inResponseTo) return { ok: false, reason: 'unsolicited', requestId: null };

  const cache = new ConsumingCache(store);
  let profile: Profile | null;
  try {
    ({ profile } = await samlFor(cfg, { cache }).validatePostResponseAsync({ SAMLResponse: samlResponseBase64 }));
  } catch (err) {
    return { ok: false, reason: reasonFor(err, doc, cache, inResponseTo), requestId: inResponseTo };
  }
  const refuse = (reason: SamlRefusalReason): SamlValidation => ({ ok: false, reason, requestId: inResponseTo });
  if (!profile) return refuse('malformed');
  if (assertionCount(doc) !== 1) return refuse('bad_signature');
  // node-saml reads a signed assertion without looking at the Response's status; an IdP that says it failed has failed.
  const status = Array.from(root.getElementsByTagNameNS(NS_SAMLP, 'StatusCode'))[0]?.getAttribute('Value');
  if (status !== STATUS_SUCCESS) return refuse('idp_error');

  // What node-saml leaves to us, read from the verified assertion only.
  const assertion = profile.getAssertion?.()?.Assertion as Xml2Js | undefined;
  if (!assertion) return refuse('malformed');
  const issuer = children(assertion, 'Issuer')[0]?._?.trim();
  if (issuer !== cfg.idpEntityId) return refuse('wrong_issuer');
  const confirmations = children(children(assertion, 'Subject')[0], 'SubjectConfirmation')
    .filter((c) => c.$?.Method === 'urn:oasis:names:tc:SAML:2.0:cm:bearer')
    .map((c) => children(c, 'SubjectConfirmationData')[0]?.$ ?? {});
  if (confirmations.length === 0 || confirmations.some((data) => data.Recipient !== cfg.acsUrl))
    return refuse('wrong_recipient');
  const destination = root.getAttribute('Destination');
  if (destination && destination !== cfg.acsUrl) return refuse('wrong_recipient');
  // The request id must be bound inside the signed assertion, not only on the unsigned Response envelope.
  if (confirmations.some((data) => data.InResponseTo !== inResponseTo)) return refuse('unknown_request');

  const email = emailOf(profile);
  if (!email) return refuse('no_email');
  return {
    ok: true,
    identity: {
      email,
      emailVerified: true,
      groups: groupsOf(profile, cfg.groupsAttribute ?? 'groups'),
      nameId: profile.nameID,
    },
    requestId: inResponseTo,
  };
}
