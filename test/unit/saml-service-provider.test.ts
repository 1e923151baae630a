import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  authnRequestRedirect,
  idpSettingsFromBody,
  parseIdpMetadata,
  readInResponseTo,
  samlConnectionBodySchema,
  spEndpoints,
  spMetadata,
  validatePostResponse,
  type SamlConnectionConfig,
  type SamlRequestIdStore,
} from '../../shared/adapters/sso/saml-service-provider.js';
import {
  createDevSamlIdp,
  makeSamlSigningKey,
  type DevSamlIdp,
  type SamlSigningKey,
} from '../../tools/dev-idp/saml-idp.js';

/*
 * The SAML service provider against a real IdP (samlify, keys made here): every response below is really signed,
 * and every attack is made by editing a really signed response the way an attacker would.
 */

const NS_SAML = 'urn:oasis:names:tc:SAML:2.0:assertion';
const NS_SAMLP = 'urn:oasis:names:tc:SAML:2.0:protocol';
const NS_DS = 'http://www.w3.org/2000/09/xmldsig#';
const { spEntityId, acsUrl } = spEndpoints('https://custody.example', 'tnt_acme');
const alice = { email: 'alice@acme.example', groups: ['custody-approvers', 'staff'] };

/** The single-use store of outstanding requests, in memory: what the SSO core's login-state store does. */
class RequestIds implements SamlRequestIdStore {
  private readonly outstanding = new Set<string>();
  private readonly used = new Set<string>();
  add(id: string) {
    this.outstanding.add(id);
  }
  async consumeRequestId(id: string) {
    if (this.outstanding.delete(id)) {
      this.used.add(id);
      return true;
    }
    return this.used.has(id) ? ('replayed' as const) : ('unknown' as const);
  }
}

let idp: DevSamlIdp;
let idpKey: SamlSigningKey;
let otherKey: SamlSigningKey;

beforeAll(async () => {
  [idpKey, otherKey] = await Promise.all([makeSamlSigningKey('Acme IdP'), makeSamlSigningKey('Forger')]);
  idp = await createDevSamlIdp({
    entityId: 'https://idp.acme.example/saml',
    ssoUrl: 'https://idp.acme.example/sso',
    signingKey: idpKey,
  });
});
afterEach(() => {
  vi.useRealTimers();
});

const config = (certs = [idp.certificatePem]): SamlConnectionConfig => ({
  spEntityId,
  acsUrl,
  idpEntityId: idp.entityId,
  idpSsoUrl: idp.ssoUrl,
  idpCertificatesPem: certs,
});

/** Starts a sign-in as the SP does and has the IdP answer it: the store, the request id and the response. */
/** Signs in through the IdP with `overrides` and expects the response refused for `reason`. */
async function expectRefused(overrides: Parameters<DevSamlIdp['respond']>[2], reason: string) {
  const { store, samlResponse } = await signIn(overrides);
  expect(await validatePostResponse(config(), samlResponse, store)).toMatchObject({ ok: false, reason });
}

async function signIn(overrides: Parameters<DevSamlIdp['respond']>[2] = {}, user = alice, cfg = config()) {
  const store = new RequestIds();
  const { url, requestId } = await authnRequestRedirect(cfg, { relayState: 'rs-1' });
  store.add(requestId);
  const response = await idp.respond(url, user, overrides);
  return { store, requestId, response, samlResponse: response.samlResponse };
}

const decode = (b64: string) => Buffer.from(b64, 'base64').toString('utf8');
const encode = (xml: string) => Buffer.from(xml, 'utf8').toString('base64');
const parse = (b64: string) => new DOMParser().parseFromString(decode(b64), 'text/xml');
const serialize = (doc: Document) => encode(new XMLSerializer().serializeToString(doc as never));
const assertionOf = (doc: Document) => doc.getElementsByTagNameNS(NS_SAML, 'Assertion')[0]!;

describe('a good response', () => {
  it('is accepted and yields the e-mail, the groups and the request id', async () => {
    const { store, requestId, samlResponse, response } = await signIn();
    expect(response.relayState).toBe('rs-1');
    expect(response.acsUrl).toBe(acsUrl);
    const result = await validatePostResponse(config(), samlResponse, store);
    expect(result).toEqual({
      ok: true,
      identity: {
        email: 'alice@acme.example',
        emailVerified: true,
        groups: ['custody-approvers', 'staff'],
        nameId: 'alice@acme.example',
      },
      requestId,
    });
  });

  it('reads the e-mail from the NameID when no e-mail attribute is sent, and groups from the configured attribute', async () => {
    const { store, samlResponse } = await signIn({ attributes: { memberOf: ['ops'] } });
    const result = await validatePostResponse({ ...config(), groupsAttribute: 'memberOf' }, samlResponse, store);
    expect(result.ok && result.identity).toMatchObject({ email: 'alice@acme.example', groups: ['ops'] });
  });

  it('exposes the unverified InResponseTo so the caller can find the outstanding request first', async () => {
    const { requestId, samlResponse } = await signIn();
    expect(readInResponseTo(samlResponse)).toBe(requestId);
    expect(readInResponseTo('not base64 !')).toBeNull();
  });

  it('is refused without an e-mail anywhere (no_email)', async () => {
    await expectRefused({ nameId: 'alice', attributes: { groups: ['staff'] } }, 'no_email');
  });
});

describe('signatures', () => {
  it('refuses an assertion without a signature (unsigned)', async () => {
    const { store, samlResponse } = await signIn();
    const doc = parse(samlResponse);
    const assertion = assertionOf(doc);
    assertion.removeChild(assertion.getElementsByTagNameNS(NS_DS, 'Signature')[0]!);
    expect(await validatePostResponse(config(), serialize(doc), store)).toMatchObject({
      ok: false,
      reason: 'unsigned',
    });
  });

  it('refuses a response whose signature covers the Response but not the assertion (unsigned)', async () => {
    const { store, samlResponse } = await signIn({ sign: 'response' });
    const doc = parse(samlResponse);
    expect(doc.documentElement.getElementsByTagNameNS(NS_DS, 'Signature')).toHaveLength(1);
    expect(assertionOf(doc).getElementsByTagNameNS(NS_DS, 'Signature')).toHaveLength(0);
    expect(await validatePostResponse(config(), samlResponse, store)).toMatchObject({ ok: false, reason: 'unsigned' });
  });

  it("accepts a response signed twice, on the Response and on the assertion (Okta's default)", async () => {
    const { store, samlResponse } = await signIn({ sign: 'both' });
    expect(parse(samlResponse).getElementsByTagNameNS(NS_DS, 'Signature')).toHaveLength(2);
    expect(await validatePostResponse(config(), samlResponse, store)).toMatchObject({
      ok: true,
      identity: { email: alice.email },
    });
  });

  it("refuses an assertion signed by another key, even with that key's certificate in KeyInfo (bad_signature)", async () => {
    const { store, samlResponse } = await signIn({ signingKey: otherKey });
    expect(decode(samlResponse)).toContain('<ds:X509Certificate>'); // the forger's own certificate rides along
    expect(await validatePostResponse(config(), samlResponse, store)).toMatchObject({
      ok: false,
      reason: 'bad_signature',
    });
  });

  it('refuses a signed assertion whose content was changed after signing (bad_signature)', async () => {
    const { store, samlResponse } = await signIn();
    const tampered = encode(decode(samlResponse).replaceAll('alice@acme.example', 'mallory@acme.example'));
    expect(await validatePostResponse(config(), tampered, store)).toMatchObject({ ok: false, reason: 'bad_signature' });
  });
});

describe('signature wrapping (XSW)', () => {
  /** A copy of the signed assertion turned into the attacker's: another user, another ID, no signature. */
  function evilCopy(doc: Document): Element {
    const evil = assertionOf(doc).cloneNode(true) as Element;
    evil.setAttribute('ID', '_evil');
    const sig = evil.getElementsByTagNameNS(NS_DS, 'Signature')[0];
    if (sig) evil.removeChild(sig);
    for (const el of Array.from(evil.getElementsByTagNameNS(NS_SAML, 'NameID')))
      el.textContent = 'mallory@acme.example';
    for (const el of Array.from(evil.getElementsByTagNameNS(NS_SAML, 'AttributeValue')))
      if (el.textContent === alice.email) el.textContent = 'mallory@acme.example';
    return evil;
  }

  it('refuses a second, unsigned assertion beside the signed one (before it)', async () => {
    const { store, samlResponse } = await signIn();
    const doc = parse(samlResponse);
    const signed = assertionOf(doc);
    signed.parentNode!.insertBefore(evilCopy(doc), signed);
    expect(await validatePostResponse(config(), serialize(doc), store)).toMatchObject({
      ok: false,
      reason: 'bad_signature',
    });
  });

  it('refuses a second, unsigned assertion beside the signed one (after it)', async () => {
    const { store, samlResponse } = await signIn();
    const doc = parse(samlResponse);
    doc.documentElement.appendChild(evilCopy(doc));
    expect(await validatePostResponse(config(), serialize(doc), store)).toMatchObject({
      ok: false,
      reason: 'bad_signature',
    });
  });

  it("refuses an unsigned assertion hidden inside the signed one's signature (kept out of the digest by the enveloped transform)", async () => {
    const { store, samlResponse } = await signIn();
    const doc = parse(samlResponse);
    const evil = evilCopy(doc);
    const sig = assertionOf(doc).getElementsByTagNameNS(NS_DS, 'Signature')[0]!;
    const object = doc.createElementNS(NS_DS, 'ds:Object');
    object.appendChild(evil);
    sig.appendChild(object);
    expect(await validatePostResponse(config(), serialize(doc), store)).toMatchObject({
      ok: false,
      reason: 'bad_signature',
    });
  });

  it('refuses an unsigned assertion that wraps the signed one', async () => {
    const { store, samlResponse } = await signIn();
    const doc = parse(samlResponse);
    const signed = assertionOf(doc);
    const evil = evilCopy(doc);
    doc.documentElement.replaceChild(evil, signed);
    evil.appendChild(signed);
    expect(await validatePostResponse(config(), serialize(doc), store)).toMatchObject({
      ok: false,
      reason: 'bad_signature',
    });
  });

  it('refuses the signed assertion moved under samlp:Extensions with an unsigned one in its place', async () => {
    const { store, samlResponse } = await signIn();
    const doc = parse(samlResponse);
    const signed = assertionOf(doc);
    const evil = evilCopy(doc);
    doc.documentElement.replaceChild(evil, signed);
    const extensions = doc.createElementNS(NS_SAMLP, 'samlp:Extensions');
    extensions.appendChild(signed);
    doc.documentElement.insertBefore(extensions, doc.documentElement.getElementsByTagNameNS(NS_SAMLP, 'Status')[0]!);
    expect(await validatePostResponse(config(), serialize(doc), store)).toMatchObject({
      ok: false,
      reason: 'bad_signature',
    });
  });

  it('refuses the signed assertion moved under samlp:Extensions with its signature moved to the unsigned one (XSW7/8)', async () => {
    const { store, samlResponse } = await signIn();
    const doc = parse(samlResponse);
    const signed = assertionOf(doc);
    const evil = evilCopy(doc);
    evil.setAttribute('ID', signed.getAttribute('ID')!); // the reference now names the attacker's assertion too
    const sig = signed.getElementsByTagNameNS(NS_DS, 'Signature')[0]!;
    evil.insertBefore(sig.cloneNode(true), evil.getElementsByTagNameNS(NS_SAML, 'Subject')[0]!);
    doc.documentElement.replaceChild(evil, signed);
    const extensions = doc.createElementNS(NS_SAMLP, 'samlp:Extensions');
    extensions.appendChild(signed);
    doc.documentElement.insertBefore(extensions, doc.documentElement.getElementsByTagNameNS(NS_SAMLP, 'Status')[0]!);
    expect(await validatePostResponse(config(), serialize(doc), store)).toMatchObject({
      ok: false,
      reason: 'bad_signature',
    });
  });

  it('refuses a comment inside the signed NameID: neither the truncated nor the joined e-mail is signed in (malformed)', async () => {
    // The IdP signs user@evil.example.acme.example; exclusive c14n drops comments, so the signature still verifies.
    const user = { email: 'user@evil.example.acme.example', groups: [] };
    const plain = await signIn({ attributes: {} }, user);
    expect(await validatePostResponse(config(), plain.samlResponse, plain.store)).toMatchObject({
      ok: true,
      identity: { email: user.email },
    });

    const { store, samlResponse } = await signIn({ attributes: {} }, user);
    const commented = decode(samlResponse).replace(
      '>user@evil.example.acme.example</saml:NameID>',
      '>user@evil.example<!---->.acme.example</saml:NameID>',
    );
    expect(commented).toContain('<!---->');
    const result = await validatePostResponse(config(), encode(commented), store);
    expect(result).toEqual({ ok: false, reason: 'malformed', requestId: null });
  });

  it('refuses a comment inside the signed e-mail attribute (malformed)', async () => {
    const user = { email: 'user@evil.example.acme.example', groups: [] };
    const { store, samlResponse } = await signIn({}, user);
    const commented = decode(samlResponse).replace(
      '>user@evil.example.acme.example</saml:AttributeValue>',
      '>user@evil.example<!---->.acme.example</saml:AttributeValue>',
    );
    expect(commented).toContain('<!---->');
    expect(await validatePostResponse(config(), encode(commented), store)).toMatchObject({
      ok: false,
      reason: 'malformed',
    });
  });
});

describe('audience, recipient, issuer and status', () => {
  it('refuses an assertion for another audience (wrong_audience)', async () => {
    await expectRefused({ audience: 'https://other-sp.example/saml' }, 'wrong_audience');
  });

  it('refuses an assertion for another tenant of ours (its entity id is another audience)', async () => {
    await expectRefused({ audience: spEndpoints('https://custody.example', 'tnt_other').spEntityId }, 'wrong_audience');
  });

  it('refuses an assertion whose Recipient is another ACS (wrong_recipient)', async () => {
    await expectRefused({ recipient: 'https://evil.example/acs' }, 'wrong_recipient');
  });

  it('refuses a response whose Destination is another ACS (wrong_recipient)', async () => {
    await expectRefused({ destination: 'https://evil.example/acs' }, 'wrong_recipient');
  });

  it('refuses an assertion issued by another entity, even signed with the configured key (wrong_issuer)', async () => {
    await expectRefused({ issuer: 'https://idp.other.example/saml' }, 'wrong_issuer');
  });

  it('refuses a response with a failure status from the IdP (idp_error)', async () => {
    const { store, requestId } = await signIn();
    const xml =
      `<samlp:Response xmlns:samlp="${NS_SAMLP}" xmlns:saml="${NS_SAML}" ID="_x" Version="2.0" IssueInstant="${new Date().toISOString()}" Destination="${acsUrl}" InResponseTo="${requestId}">` +
      `<saml:Issuer>${idp.entityId}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Responder">` +
      `<samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:AuthnFailed"/></samlp:StatusCode></samlp:Status></samlp:Response>`;
    expect(await validatePostResponse(config(), encode(xml), store)).toMatchObject({
      ok: false,
      reason: 'idp_error',
      requestId,
    });
  });

  it('refuses what is not a SAML response (malformed)', async () => {
    const store = new RequestIds();
    for (const input of [
      '',
      '%%%',
      encode('not xml'),
      encode('<x/>'),
      encode(
        '<!DOCTYPE r [<!ENTITY e "x">]><samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" InResponseTo="_1">&e;</samlp:Response>',
      ),
    ]) {
      expect(await validatePostResponse(config(), input, store)).toMatchObject({ ok: false, reason: 'malformed' });
    }
  });
});

describe('validity window (60 s skew)', () => {
  const later = (ms: number) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + ms);
  };

  it('accepts an assertion 30 s after its NotOnOrAfter (within the skew)', async () => {
    const { store, samlResponse } = await signIn({ notOnOrAfter: new Date(Date.now() + 60_000) });
    later(90_000);
    expect(await validatePostResponse(config(), samlResponse, store)).toMatchObject({ ok: true });
  });

  it('refuses an assertion more than 60 s past its NotOnOrAfter (expired)', async () => {
    const { store, samlResponse } = await signIn({ notOnOrAfter: new Date(Date.now() + 60_000) });
    later(121_000);
    expect(await validatePostResponse(config(), samlResponse, store)).toMatchObject({ ok: false, reason: 'expired' });
  });

  it('accepts an assertion whose NotBefore is 30 s ahead (within the skew)', async () => {
    const { store, samlResponse } = await signIn({ notBefore: new Date(Date.now() + 30_000) });
    expect(await validatePostResponse(config(), samlResponse, store)).toMatchObject({ ok: true });
  });

  it('refuses an assertion whose NotBefore is more than 60 s ahead (not_yet_valid)', async () => {
    await expectRefused(
      {
        notBefore: new Date(Date.now() + 5 * 60_000),
        notOnOrAfter: new Date(Date.now() + 10 * 60_000),
      },
      'not_yet_valid',
    );
  });
});

describe('InResponseTo', () => {
  it('refuses the same response posted twice (replayed)', async () => {
    const { store, samlResponse, requestId } = await signIn();
    expect(await validatePostResponse(config(), samlResponse, store)).toMatchObject({ ok: true });
    expect(await validatePostResponse(config(), samlResponse, store)).toEqual({
      ok: false,
      reason: 'replayed',
      requestId,
    });
  });

  it('uses the request up even when the answer is refused: a good response after a forged one is a replay', async () => {
    const { store, samlResponse } = await signIn();
    const tampered = encode(decode(samlResponse).replaceAll('alice@acme.example', 'mallory@acme.example'));
    expect(await validatePostResponse(config(), tampered, store)).toMatchObject({ ok: false, reason: 'bad_signature' });
    expect(await validatePostResponse(config(), samlResponse, store)).toMatchObject({ ok: false, reason: 'replayed' });
  });

  it('refuses a response to a request we never made (unknown_request)', async () => {
    const { samlResponse } = await signIn();
    expect(await validatePostResponse(config(), samlResponse, new RequestIds())).toMatchObject({
      ok: false,
      reason: 'unknown_request',
    });
  });

  it('refuses a signed answer to one request re-addressed to another outstanding one (unknown_request)', async () => {
    const first = await signIn();
    const second = await authnRequestRedirect(config());
    first.store.add(second.requestId);
    const readdressed = encode(
      decode(first.samlResponse).replace(`InResponseTo="${first.requestId}"`, `InResponseTo="${second.requestId}"`),
    );
    expect(await validatePostResponse(config(), readdressed, first.store)).toMatchObject({
      ok: false,
      reason: 'unknown_request',
    });
  });

  it('refuses an IdP-initiated response without InResponseTo (unsolicited)', async () => {
    const { store, samlResponse } = await signIn({ inResponseTo: null });
    expect(decode(samlResponse)).not.toContain('InResponseTo');
    expect(await validatePostResponse(config(), samlResponse, store)).toMatchObject({
      ok: false,
      reason: 'unsolicited',
    });
  });
});

describe('IdP certificate rotation', () => {
  let newKey: SamlSigningKey;
  beforeAll(async () => {
    newKey = await makeSamlSigningKey('Acme IdP 2027');
  });
  const newCert = () => (idp.certificatePem === idpKey.cert ? newKey.cert : '');

  it('accepts responses signed by the old and by the new key while both certificates are configured', async () => {
    const both = config([idpKey.cert, newCert()]);
    const byOld = await signIn({}, alice, both);
    expect(await validatePostResponse(both, byOld.samlResponse, byOld.store)).toMatchObject({ ok: true });
    const byNew = await signIn({ signingKey: newKey }, alice, both);
    expect(await validatePostResponse(both, byNew.samlResponse, byNew.store)).toMatchObject({ ok: true });
  });

  it('refuses a response signed by the old key once only the new certificate is configured (bad_signature)', async () => {
    const onlyNew = config([newCert()]);
    const byOld = await signIn({}, alice, onlyNew);
    expect(await validatePostResponse(onlyNew, byOld.samlResponse, byOld.store)).toMatchObject({
      ok: false,
      reason: 'bad_signature',
    });
    const byNew = await signIn({ signingKey: newKey }, alice, onlyNew);
    expect(await validatePostResponse(onlyNew, byNew.samlResponse, byNew.store)).toMatchObject({ ok: true });
  });
});

describe('connection settings', () => {
  it('reads the IdP metadata: entity id, HTTP-Redirect SSO URL and signing certificate', () => {
    const meta = parseIdpMetadata(idp.metadataXml);
    expect(meta).toEqual({
      entityId: idp.entityId,
      ssoUrl: idp.ssoUrl,
      certificatesPem: [expect.stringContaining('BEGIN CERTIFICATE')],
    });
    expect(meta.certificatesPem[0]!.replace(/\s/g, '')).toBe(idpKey.cert.replace(/\s/g, ''));
  });

  it('refuses metadata without a signing certificate', () => {
    const doc = new DOMParser().parseFromString(idp.metadataXml, 'text/xml');
    for (const k of Array.from(doc.getElementsByTagNameNS('urn:oasis:names:tc:SAML:2.0:metadata', 'KeyDescriptor')))
      k.parentNode!.removeChild(k);
    expect(() => parseIdpMetadata(new XMLSerializer().serializeToString(doc))).toThrow(/no signing certificate/);
  });

  it('refuses metadata without an HTTP-Redirect SSO URL', () => {
    const postOnly = idp.metadataXml.replaceAll('bindings:HTTP-Redirect', 'bindings:HTTP-POST');
    expect(() => parseIdpMetadata(postOnly)).toThrow(/HTTP-Redirect/);
  });

  it('refuses what is not metadata', () => {
    expect(() => parseIdpMetadata('<html>')).toThrow();
    expect(() => parseIdpMetadata('<x xmlns="urn:other"/>')).toThrow(/EntityDescriptor/);
  });

  it('accepts either form of the connection body and resolves both to the same IdP settings', () => {
    const fromMetadata = samlConnectionBodySchema.parse({ idp_metadata_xml: idp.metadataXml, jit_provisioning: false });
    const explicit = samlConnectionBodySchema.parse({
      idp_entity_id: idp.entityId,
      idp_sso_url: idp.ssoUrl,
      idp_certificate_pem: idpKey.cert,
      allowed_email_domains: ['acme.example'],
      role_claim: 'groups',
      role_mapping: { 'custody-approvers': ['approver'] },
    });
    expect(idpSettingsFromBody(fromMetadata)).toEqual(idpSettingsFromBody(explicit));
  });

  it('accepts two concatenated certificates (a rotation) and refuses an unreadable one', async () => {
    const { idpCertificatesPem } = idpSettingsFromBody({
      idp_entity_id: 'x',
      idp_sso_url: 'https://x.example/sso',
      idp_certificate_pem: idpKey.cert + otherKey.cert,
    });
    expect(idpCertificatesPem).toHaveLength(2);
    expect(() =>
      idpSettingsFromBody({
        idp_entity_id: 'x',
        idp_sso_url: 'https://x.example/sso',
        idp_certificate_pem: '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----',
      }),
    ).toThrow(/unreadable/);
  });

  it('refuses a body mixing both forms, an http SSO URL, or an unknown role', () => {
    const explicit = {
      idp_entity_id: idp.entityId,
      idp_sso_url: 'https://idp.acme.example/sso',
      idp_certificate_pem: idpKey.cert,
    };
    expect(samlConnectionBodySchema.safeParse({ ...explicit, idp_metadata_xml: idp.metadataXml }).success).toBe(false);
    expect(
      samlConnectionBodySchema.safeParse({ ...explicit, idp_sso_url: 'http://idp.acme.example/sso' }).success,
    ).toBe(false);
    expect(samlConnectionBodySchema.safeParse({ ...explicit, role_mapping: { staff: ['root'] } }).success).toBe(false);
    expect(samlConnectionBodySchema.safeParse({ idp_entity_id: idp.entityId }).success).toBe(false);
  });
});

describe('SP metadata and the AuthnRequest', () => {
  it('publishes our entity id, the ACS URL with the HTTP-POST binding, signed assertions wanted, e-mail NameID', () => {
    const xml = spMetadata({ spEntityId, acsUrl });
    const doc = new DOMParser().parseFromString(xml, 'text/xml');
    const md = 'urn:oasis:names:tc:SAML:2.0:metadata';
    expect(doc.documentElement.getAttribute('entityID')).toBe(spEntityId);
    const sp = doc.getElementsByTagNameNS(md, 'SPSSODescriptor')[0]!;
    expect(sp.getAttribute('WantAssertionsSigned')).toBe('true');
    const acs = doc.getElementsByTagNameNS(md, 'AssertionConsumerService')[0]!;
    expect([acs.getAttribute('Binding'), acs.getAttribute('Location')]).toEqual([
      'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST',
      acsUrl,
    ]);
    expect(doc.getElementsByTagNameNS(md, 'NameIDFormat')[0]!.textContent).toBe(
      'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    );
  });

  it('sends a fresh request id each time, on the HTTP-Redirect binding to the IdP SSO URL, with the relay state', async () => {
    const a = await authnRequestRedirect(config(), { relayState: 'rs-1' });
    const b = await authnRequestRedirect(config());
    expect(a.requestId).toMatch(/^_[0-9a-f]{40}$/);
    expect(a.requestId).not.toBe(b.requestId);
    const url = new URL(a.url);
    expect(url.origin + url.pathname).toBe(idp.ssoUrl);
    expect(url.searchParams.get('RelayState')).toBe('rs-1');
    const { inflateRawSync } = await import('node:zlib');
    const request = inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest')!, 'base64')).toString('utf8');
    expect(request).toContain(`ID="${a.requestId}"`);
    expect(request).toContain(`AssertionConsumerServiceURL="${acsUrl}"`);
    expect(request).toContain(`>${spEntityId.replaceAll('&', '&amp;')}</saml:Issuer>`);
    expect((await idp.respond(a.url, alice)).requestId).toBe(a.requestId); // the IdP reads the same request
  });
});
