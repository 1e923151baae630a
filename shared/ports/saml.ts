/**
 * The SAML 2.0 service provider: what the sign-in use case asks of the protocol library. Why a port, as for OIDC: the
 * use case (outstanding requests, identity mapping, sessions) reads without the library, and the adapter
 * (shared/adapters/sso/saml-service-provider.ts, @node-saml/node-saml) is the one place that speaks SAML.
 */

/** Why a response was refused: a closed set the SSO core maps to catalog error codes (docs/sso.md). */
export const SAML_REFUSAL_REASONS = [
  'malformed', // not a SAML Response we can read: bad base64 or XML, a DTD, an XML comment, no assertion
  'unsigned', // the assertion carries no signature (a signature on the Response alone is not enough)
  'bad_signature', // a signature that is not a valid one by a configured IdP certificate over the one assertion read
  'wrong_issuer', // the assertion's Issuer is not the configured IdP entity id
  'wrong_audience', // the SP entity id is not the assertion's audience
  'wrong_recipient', // the ACS URL is not the Recipient (or the Response's Destination)
  'expired', // past NotOnOrAfter (+60 s)
  'not_yet_valid', // before NotBefore (-60 s)
  'unknown_request', // InResponseTo is not an outstanding request of ours (never issued, expired, or not bound in the assertion)
  'replayed', // InResponseTo names a request already answered
  'unsolicited', // no InResponseTo: IdP-initiated sign-in, refused
  'idp_error', // the IdP answered with a non-success status (user cancelled, no access, ...)
  'no_email', // no e-mail in the NameID or the attributes
] as const;
export type SamlRefusalReason = (typeof SAML_REFUSAL_REASONS)[number];

/** The settings of one tenant's SAML connection, as the service provider needs them. */
export type SamlConnectionConfig = {
  /** Our entity id for this tenant (the audience the IdP must name). */
  spEntityId: string;
  /** Our Assertion Consumer Service URL (the recipient the IdP must name). */
  acsUrl: string;
  idpEntityId: string;
  idpSsoUrl: string;
  /** One or more PEM certificates: during a rotation, configure both the old and the new one. */
  idpCertificatesPem: string[];
  /** The attribute holding group names for the role mapping (`role_claim`; default `groups`). */
  groupsAttribute?: string;
};

export type SamlIdentity = { email: string; emailVerified: true; groups: string[]; nameId: string };
export type SamlValidation =
  | { ok: true; identity: SamlIdentity; requestId: string }
  | { ok: false; reason: SamlRefusalReason; requestId: string | null };

/**
 * The single-use store of outstanding AuthnRequest ids (the SSO core's login-state store). `consumeRequestId`
 * atomically uses the id up and answers `true` when it was outstanding; `false` or `'unknown'` when it was never
 * issued or has expired; `'replayed'` when it was already consumed (a store that cannot tell answers `false`).
 */
export type SamlRequestIdStore = { consumeRequestId(id: string): Promise<boolean | 'unknown' | 'replayed'> };

/** Every method is async: the adapter (node-saml and its XML stack, about 550 KiB) is loaded at its first use only. */
export interface SamlServiceProvider {
  /** The SP metadata document a tenant hands its IdP. */
  spMetadata(params: { spEntityId: string; acsUrl: string }): Promise<string>;
  /** The HTTP-Redirect AuthnRequest URL carrying the request id `requestId` (an xsd:ID, stored by the caller). */
  authnRequestRedirect(
    cfg: SamlConnectionConfig,
    options: { requestId: string; relayState?: string },
  ): Promise<{ url: string; requestId: string }>;
  /** The unverified `InResponseTo` of a posted response (only to find the outstanding request), or null. */
  readInResponseTo(samlResponseBase64: string): Promise<string | null>;
  /** The unverified audience of a posted response (only to know where to audit a refusal), or null. */
  readAudience(samlResponseBase64: string): Promise<string | null>;
  /** Checks a posted response; consumes its request id from `store`. Never throws for a bad response. */
  validatePostResponse(
    cfg: SamlConnectionConfig,
    samlResponseBase64: string,
    store: SamlRequestIdStore,
  ): Promise<SamlValidation>;
}
