import 'reflect-metadata'; // @peculiar/x509 (through tsyringe) needs the Reflect metadata API
import { randomBytes, webcrypto } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as x509 from '@peculiar/x509';
import * as samlify from 'samlify';
import { config } from '../../shared/config.js';

/**
 * A development SAML 2.0 identity provider (samlify in the IdP role) for tests and `npm start -- --with-idp`:
 * it reads a real AuthnRequest (HTTP-Redirect binding) and answers with a real response whose assertion is signed
 * (RSA-SHA256, exclusive c14n) by a key made at start-up. Never for production: it signs in whoever is chosen.
 *
 * `respond` takes overrides so tests can make the responses a hostile or broken IdP would send (another
 * audience, an expired window, no InResponseTo, ...), still signed for real.
 */

x509.cryptoProvider.set(webcrypto as never);
const RSA = {
  name: 'RSASSA-PKCS1-v1_5',
  modulusLength: 2048,
  publicExponent: new Uint8Array([1, 0, 1]),
  hash: 'SHA-256',
} as const;
const NAMEID_EMAIL = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
const BINDING_REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const BINDING_POST = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';
const ATTR_FORMAT = 'urn:oasis:names:tc:SAML:2.0:attrname-format:basic';

// samlify insists on a schema validator before it parses a request; the dev IdP trusts its SP (dev only).
samlify.setSchemaValidator({ validate: async () => 'skipped: development IdP' });

export type SamlSigningKey = { key: string; cert: string };
export type DevSamlUser = { email: string; groups?: string[]; name?: string };

/** An RSA-2048 key and a self-signed certificate for it (valid one day either side of now), made at run time. */
export async function makeSamlSigningKey(cn = 'Development SAML IdP'): Promise<SamlSigningKey> {
  const keys = await webcrypto.subtle.generateKey(RSA, true, ['sign', 'verify']);
  const now = Date.now();
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: randomBytes(8).toString('hex'),
    name: `CN=${cn}`,
    notBefore: new Date(now - 86_400_000),
    notAfter: new Date(now + 86_400_000),
    keys: keys as never,
    signingAlgorithm: RSA,
  });
  const der = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey));
  const key = `-----BEGIN PRIVATE KEY-----\n${der
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .replace(/\n$/, '')}\n-----END PRIVATE KEY-----\n`;
  return { key, cert: cert.toString('pem') };
}

/** What a test may change in a response; every field defaults to what an honest IdP sends. */
export type ResponseOverrides = {
  issuer?: string;
  audience?: string;
  recipient?: string;
  destination?: string | null;
  /** `null` leaves InResponseTo out of both the Response and the assertion (an IdP-initiated response). */
  inResponseTo?: string | null;
  notBefore?: Date;
  notOnOrAfter?: Date;
  nameId?: string;
  attributes?: Record<string, string[]>;
  /** Sign with this key instead of the IdP's own (a forger's key). */
  signingKey?: SamlSigningKey;
  /** What gets signed: the assertion (default), the Response only, or both. */
  sign?: 'assertion' | 'response' | 'both';
};

export type SignedResponse = { samlResponse: string; relayState: string; acsUrl: string; requestId: string };

export type DevSamlIdp = {
  entityId: string;
  ssoUrl: string;
  certificatePem: string;
  metadataXml: string;
  /** Answers the AuthnRequest carried by `authnRequestUrl` (our SP's redirect URL) for `user`. */
  respond(authnRequestUrl: string, user: DevSamlUser, overrides?: ResponseOverrides): Promise<SignedResponse>;
};

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function attributeStatement(attributes: Record<string, string[]>): string {
  const body = Object.entries(attributes)
    .filter(([, values]) => values.length > 0)
    .map(
      ([name, values]) =>
        `<saml:Attribute Name="${escapeXml(name)}" NameFormat="${ATTR_FORMAT}">${values
          .map((v) => `<saml:AttributeValue xsi:type="xs:string">${escapeXml(v)}</saml:AttributeValue>`)
          .join('')}</saml:Attribute>`,
    )
    .join('');
  return body ? `<saml:AttributeStatement>${body}</saml:AttributeStatement>` : '';
}

/** The dev IdP in-process: metadata and signed responses, no HTTP. */
export async function createDevSamlIdp(
  options: { entityId?: string; ssoUrl?: string; signingKey?: SamlSigningKey } = {},
): Promise<DevSamlIdp> {
  const signingKey = options.signingKey ?? (await makeSamlSigningKey());
  const entityId = options.entityId ?? 'https://idp.dev.invalid/saml';
  const ssoUrl = options.ssoUrl ?? 'http://localhost/sso';
  const idpFor = (key: SamlSigningKey) =>
    samlify.IdentityProvider({
      entityID: entityId,
      privateKey: key.key,
      signingCert: key.cert,
      nameIDFormat: [NAMEID_EMAIL],
      singleSignOnService: [{ Binding: BINDING_REDIRECT, Location: ssoUrl }],
      singleLogoutService: [{ Binding: BINDING_REDIRECT, Location: `${ssoUrl}/logout` }], // advertised only (samlify wants one)
      wantAuthnRequestsSigned: false,
    });
  const idp = idpFor(signingKey);

  async function respond(
    authnRequestUrl: string,
    user: DevSamlUser,
    overrides: ResponseOverrides = {},
  ): Promise<SignedResponse> {
    const url = new URL(authnRequestUrl);
    const query = Object.fromEntries(url.searchParams);
    // A provisional SP to read the request; the real one is built from what the request says.
    const reader = samlify.ServiceProvider({
      entityID: 'urn:dev:reader',
      assertionConsumerService: [{ Binding: BINDING_POST, Location: 'http://localhost/' }],
    });
    const parsed = await idp.parseLoginRequest(reader, 'redirect', {
      query,
      octetString: url.search.slice(1),
    } as never);
    const request = (parsed.extract as { request: { id: string; issuer: string; assertionConsumerServiceUrl: string } })
      .request;
    const issuerOfRequest = (parsed.extract as { issuer?: string }).issuer ?? request.issuer;
    const acsUrl = request.assertionConsumerServiceUrl;
    const sp = samlify.ServiceProvider({
      entityID: issuerOfRequest,
      wantAssertionsSigned: (overrides.sign ?? 'assertion') !== 'response',
      wantMessageSigned: overrides.sign === 'both',
      assertionConsumerService: [{ Binding: BINDING_POST, Location: acsUrl }],
    });
    const now = new Date();
    const inResponseTo = overrides.inResponseTo === undefined ? request.id : overrides.inResponseTo;
    const attributes = overrides.attributes ?? {
      email: [user.email],
      groups: user.groups ?? [],
      ...(user.name ? { name: [user.name] } : {}),
    };
    const values: Record<string, string | null> = {
      ID: `_${randomBytes(16).toString('hex')}`,
      AssertionID: `_${randomBytes(16).toString('hex')}`,
      Destination: overrides.destination === undefined ? acsUrl : overrides.destination,
      Audience: overrides.audience ?? issuerOfRequest,
      SubjectRecipient: overrides.recipient ?? acsUrl,
      Issuer: overrides.issuer ?? entityId,
      IssueInstant: now.toISOString(),
      StatusCode: 'urn:oasis:names:tc:SAML:2.0:status:Success',
      ConditionsNotBefore: (overrides.notBefore ?? now).toISOString(),
      ConditionsNotOnOrAfter: (overrides.notOnOrAfter ?? new Date(now.getTime() + 5 * 60_000)).toISOString(),
      SubjectConfirmationDataNotOnOrAfter: (
        overrides.notOnOrAfter ?? new Date(now.getTime() + 5 * 60_000)
      ).toISOString(),
      NameIDFormat: NAMEID_EMAIL,
      NameID: overrides.nameId ?? user.email,
      InResponseTo: inResponseTo,
    };
    const signer = overrides.signingKey ? idpFor(overrides.signingKey) : idp;
    const { context } = (await signer.createLoginResponse(
      sp,
      parsed as never,
      'post',
      { email: user.email },
      (template: string) => {
        const withStatements = template
          .replace(
            '{AuthnStatement}',
            `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="${values.AssertionID}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:unspecified</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>`,
          )
          .replace('{AttributeStatement}', attributeStatement(attributes));
        return {
          id: values.ID!,
          context: samlify.SamlLib.replaceTagsByValue(withStatements, values as Record<string, string>),
        };
      },
    )) as { context: string };
    return { samlResponse: context, relayState: query.RelayState ?? '', acsUrl, requestId: request.id };
  }

  return { entityId, ssoUrl, certificatePem: signingKey.cert, metadataXml: idp.getMetadata(), respond };
}

const page = (title: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${escapeXml(title)}</title></head><body>${body}</body></html>`;

/**
 * The dev IdP over HTTP on 127.0.0.1: `GET /metadata` (its metadata), `GET /sso?SAMLRequest=...` (lists the users;
 * choosing one answers with a page that auto-posts the signed response to the SP's ACS).
 */
export async function startDevSamlIdp(options: {
  port?: number;
  users: DevSamlUser[];
  entityId?: string;
  signingKey?: SamlSigningKey;
}): Promise<DevSamlIdp & { url: string; metadataUrl: string; close(): Promise<void> }> {
  if (config().CUSTODY_ENV === 'production')
    throw new Error('the development SAML IdP does not run with CUSTODY_ENV=production');
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const idp = await createDevSamlIdp({
    entityId: options.entityId ?? `${url}/metadata`,
    ssoUrl: `${url}/sso`,
    signingKey: options.signingKey,
  });
  server.on('request', (req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (req.method === 'GET' && url.pathname === '/metadata') {
        res.writeHead(200, { 'content-type': 'application/samlmetadata+xml' }).end(idp.metadataXml);
        return;
      }
      if (req.method === 'GET' && url.pathname === '/sso' && url.searchParams.has('SAMLRequest')) {
        const chosen = options.users.find((u) => u.email === url.searchParams.get('login_as'));
        if (!chosen) {
          const links = options.users
            .map((u) => {
              const next = new URL(url);
              next.searchParams.set('login_as', u.email);
              return `<li><a href="${escapeXml(next.pathname + next.search)}">${escapeXml(u.email)}</a> ${escapeXml((u.groups ?? []).join(', '))}</li>`;
            })
            .join('');
          res
            .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
            .end(page('Development SAML IdP', `<h1>Sign in as</h1><ul>${links}</ul>`));
          return;
        }
        const requestUrl = new URL(url);
        requestUrl.searchParams.delete('login_as');
        const signed = await idp.respond(requestUrl.toString(), chosen);
        res
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(
            page(
              'Signing in',
              `<form method="post" action="${escapeXml(signed.acsUrl)}">` +
                `<input type="hidden" name="SAMLResponse" value="${escapeXml(signed.samlResponse)}">` +
                (signed.relayState
                  ? `<input type="hidden" name="RelayState" value="${escapeXml(signed.relayState)}">`
                  : '') +
                `<noscript><button type="submit">Continue</button></noscript></form><script>document.forms[0].submit()</script>`,
            ),
          );
        return;
      }
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    })().catch((err: unknown) => {
      res
        .writeHead(400, { 'content-type': 'text/plain' })
        .end(`bad request: ${err instanceof Error ? err.message : 'unreadable'}`);
    });
  });
  return {
    ...idp,
    url,
    metadataUrl: `${url}/metadata`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
