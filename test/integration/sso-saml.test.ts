import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import { FakeClock } from '../../shared/ports/clock.js';
import { createTenantWithAdmin, startTestApi, type Key, type TestApi } from '../support/local-api.js';
import { TestBrowser } from '../support/browser.js';
import {
  createDevSamlIdp,
  makeSamlSigningKey,
  type DevSamlIdp,
  type ResponseOverrides,
  type SamlSigningKey,
} from '../../tools/dev-idp/saml-idp.js';

/**
 * SAML single sign-on over real HTTP: the local API, and a real IdP (samlify, tools/dev-idp/saml-idp.ts) answering
 * the API's real AuthnRequests with really signed responses, posted form-encoded to the ACS as a browser would.
 */
const clock = new FakeClock(Date.now());
let api: TestApi;
let idp: DevSamlIdp;
let idpKey: SamlSigningKey;
let forgerKey: SamlSigningKey;
const NS_SAML = 'urn:oasis:names:tc:SAML:2.0:assertion';
const NS_DS = 'http://www.w3.org/2000/09/xmldsig#';

type Tenant = { id: string; admin: Key };
let acme: Tenant;
const alice = { email: 'alice@acme.example', groups: ['custody-approvers'] };

async function connect(t: Tenant, body: Record<string, unknown>) {
  const res = await api.call('PUT', '/v1/sso/saml', { key: t.admin, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function addUser(t: Tenant, email: string, roleIds: string[]) {
  const res = await api.call('POST', '/v1/users', { key: t.admin, body: { email, name: email, role_ids: roleIds } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

/** GET /v1/sso/saml/login as a browser: the 302 to the IdP, whose URL carries the AuthnRequest. */
async function login(tenantId: string, returnTo?: string): Promise<string> {
  const q = new URLSearchParams({ tenant_id: tenantId, ...(returnTo ? { return_to: returnTo } : {}) });
  const res = await new TestBrowser().get(`${api.baseUrl}/v1/sso/saml/login?${q}`);
  expect(res.status, res.text).toBe(302);
  expect(res.location!.startsWith(idp.ssoUrl)).toBe(true);
  return res.location!;
}

/** POSTs a response to the ACS as the IdP's auto-submitting form does. */
async function post(samlResponse: string, relayState = '') {
  return new TestBrowser().request('POST', `${api.baseUrl}/v1/sso/saml/acs`, {
    SAMLResponse: samlResponse,
    ...(relayState ? { RelayState: relayState } : {}),
  });
}

async function answered(user = alice, overrides: ResponseOverrides = {}, tenantId = acme.id) {
  return idp.respond(await login(tenantId), user, overrides);
}

async function lastRefusal(t: Tenant) {
  const res = await api.call('GET', '/v1/audit/entries?order=desc&limit=50', { key: t.admin });
  return (res.body.entries as { action: string; change: Record<string, unknown> }[]).find(
    (e) => e.action === 'sso.sign_in_refused',
  )?.change;
}

/** Posts a response and expects it refused with this catalog code, the reason audited, and no session issued. */
async function expectRefused(samlResponse: string, code: number, reason: string) {
  const res = await post(samlResponse);
  const body = JSON.parse(res.text);
  expect(res.status, res.text).toBe(401);
  expect(body.error.code).toBe(code);
  expect(body.error.details).toMatchObject({ reason });
  expect(await lastRefusal(acme)).toMatchObject({ reason, code });
  expect(res.text).not.toContain('secret');
}

const decode = (b64: string) => Buffer.from(b64, 'base64').toString('utf8');
const encode = (xml: string) => Buffer.from(xml, 'utf8').toString('base64');

beforeAll(async () => {
  api = await startTestApi({ clock });
  [idpKey, forgerKey] = await Promise.all([makeSamlSigningKey('Acme IdP'), makeSamlSigningKey('Forger')]);
  idp = await createDevSamlIdp({
    entityId: 'https://idp.acme.example/saml',
    ssoUrl: 'https://idp.acme.example/sso',
    signingKey: idpKey,
  });
  const t = await createTenantWithAdmin(api);
  acme = { id: t.tenant.id, admin: t.admin };
  await connect(acme, {
    idp_metadata_xml: idp.metadataXml,
    allowed_email_domains: ['acme.example'],
    role_mapping: { 'custody-approvers': ['role_approver'] },
  });
  await addUser(acme, alice.email, ['role_viewer']);
});
afterAll(async () => {
  await api?.close();
});

describe('the SAML connection', () => {
  it('answers the IdP settings, the certificates by fingerprint (no PEM) and the SP endpoints to give the IdP', async () => {
    const res = await api.call('GET', '/v1/sso/saml', { key: acme.admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      kind: 'saml',
      idp_entity_id: idp.entityId,
      idp_sso_url: idp.ssoUrl,
      sp_entity_id: `${api.baseUrl}/v1/sso/saml/metadata?tenant_id=${acme.id}`,
      acs_url: `${api.baseUrl}/v1/sso/saml/acs`,
    });
    expect(res.body.idp_certificates).toHaveLength(1);
    expect(res.body.idp_certificates[0].subject).toContain('Acme IdP');
    expect(JSON.stringify(res.body)).not.toContain('BEGIN CERTIFICATE');
  });

  it('serves the SP metadata (entity id, ACS with the HTTP-POST binding) without a credential', async () => {
    const res = await fetch(`${api.baseUrl}/v1/sso/saml/metadata?tenant_id=${acme.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/samlmetadata+xml');
    const xml = await res.text();
    expect(xml).toContain(`entityID="${api.baseUrl}/v1/sso/saml/metadata?tenant_id=${acme.id}"`.replace(/&/g, '&amp;'));
    expect(xml).toContain(`Location="${api.baseUrl}/v1/sso/saml/acs"`);
  });

  it('takes the explicit form too, and DELETE removes it: GET and login are then 404 1010 (the login refusal audited)', async () => {
    const t = await createTenantWithAdmin(api);
    const other = { id: t.tenant.id, admin: t.admin };
    const put = await connect(other, {
      idp_entity_id: idp.entityId,
      idp_sso_url: idp.ssoUrl,
      idp_certificate_pem: idpKey.cert,
      jit_provisioning: false,
    });
    expect(put).toMatchObject({
      kind: 'saml',
      idp_entity_id: idp.entityId,
      sp_entity_id: `${api.baseUrl}/v1/sso/saml/metadata?tenant_id=${other.id}`,
    });
    expect((await api.call('DELETE', '/v1/sso/saml', { key: other.admin })).status).toBe(204);
    const gone = await api.call('GET', '/v1/sso/saml', { key: other.admin });
    expect([gone.status, gone.body.error.code]).toEqual([404, 1010]);
    const login = await new TestBrowser().get(`${api.baseUrl}/v1/sso/saml/login?tenant_id=${other.id}`);
    expect([login.status, JSON.parse(login.text).error.code]).toEqual([404, 1010]);
    expect(await lastRefusal(other)).toMatchObject({ reason: 'not_configured', code: 1010 });
  });

  it('refuses metadata without a signing certificate (400)', async () => {
    const bad = await api.call('PUT', '/v1/sso/saml', {
      key: acme.admin,
      body: { idp_metadata_xml: '<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="x"/>' },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('idp_metadata_xml');
  });

  it('keeps the 415 for a form body everywhere else, wants a form at the ACS, with each field once', async () => {
    const res = await fetch(`${api.baseUrl}/v1/users`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${acme.admin.keyId}:${acme.admin.secret}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'email=a%40b.example',
    });
    expect(res.status).toBe(415);
    const json = await fetch(`${api.baseUrl}/v1/sso/saml/acs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"SAMLResponse":"x"}',
    });
    expect(json.status).toBe(415);
    expect((await json.json()).error.code).toBe(1111);
    const twice = await fetch(`${api.baseUrl}/v1/sso/saml/acs`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'SAMLResponse=a&SAMLResponse=b',
    });
    expect(twice.status).toBe(400);
    expect((await twice.json()).error.message).toContain('SAMLResponse');
    const empty = await fetch(`${api.baseUrl}/v1/sso/saml/acs`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'RelayState=x',
    });
    expect(empty.status).toBe(400);
  });
});

describe('SAML sign-in through a real IdP', () => {
  it('signs in (JSON), with roles from the mapped group, and the session works until signed out', async () => {
    const response = await answered();
    const res = await post(response.samlResponse, response.relayState);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = JSON.parse(res.text);
    expect(body.user).toMatchObject({ email: alice.email, role_ids: ['role_approver'] });
    const key = { keyId: body.key_id, secret: body.secret };
    expect((await api.call('GET', '/v1/me', { key })).status).toBe(200);
    expect((await api.call('GET', '/v1/transactions', { key })).status).toBe(200);
    expect((await api.call('POST', '/v1/sso/logout', { key })).status).toBe(200);
    expect((await api.call('GET', '/v1/transactions', { key })).status).toBe(401);
  });

  it('redirects to return_to with a one-time code bound to the browser that posted the response, redeemed once', async () => {
    const response = await idp.respond(await login(acme.id, '/console'), alice);
    const browser = new TestBrowser();
    const res = await browser.request('POST', `${api.baseUrl}/v1/sso/saml/acs`, {
      SAMLResponse: response.samlResponse,
    });
    expect(res.status, res.text).toBe(302);
    const location = new URL(res.location!);
    expect(`${location.origin}${location.pathname}`).toBe(`${api.baseUrl}/console`);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect([...fragment.keys()]).toEqual(['code']);
    const elsewhere = await new TestBrowser().postJson(`${api.baseUrl}/v1/sso/session`, { code: fragment.get('code') });
    expect(elsewhere.status).toBe(401);
    expect(await lastRefusal(acme)).toMatchObject({ reason: 'browser_mismatch', code: 1011 });
    // The code is used up by the attempt from another browser: its own browser must sign in again.
    const again = await browser.postJson(`${api.baseUrl}/v1/sso/session`, { code: fragment.get('code') });
    expect(JSON.parse(again.text).error).toMatchObject({ code: 1011, details: { reason: 'code_used' } });

    const second = await idp.respond(await login(acme.id, '/console'), alice);
    const res2 = await browser.request('POST', `${api.baseUrl}/v1/sso/saml/acs`, { SAMLResponse: second.samlResponse });
    const code = new URLSearchParams(new URL(res2.location!).hash.slice(1)).get('code');
    const redeemed = await browser.postJson(`${api.baseUrl}/v1/sso/session`, { code });
    expect(redeemed.status, redeemed.text).toBe(200);
    const issued = JSON.parse(redeemed.text);
    expect((await api.call('GET', '/v1/me', { key: { keyId: issued.key_id, secret: issued.secret } })).status).toBe(
      200,
    );
  });

  it('sends a refused browser back to return_to with the error in the fragment, audited', async () => {
    const response = await idp.respond(await login(acme.id, '/console'), alice, {
      audience: 'https://someone-else.example/sp',
    });
    const res = await post(response.samlResponse);
    expect(res.status, res.text).toBe(302);
    const location = new URL(res.location!);
    expect(`${location.origin}${location.pathname}`).toBe(`${api.baseUrl}/console`);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(Object.fromEntries(fragment)).toMatchObject({ error: 'SSO_TOKEN_INVALID', error_code: '1012' });
    expect(fragment.get('secret')).toBeNull();
    expect(await lastRefusal(acme)).toMatchObject({ reason: 'wrong_audience', code: 1012 });
  });

  it('refuses a return_to on another origin at login (400 1018), audited', async () => {
    const res = await new TestBrowser().get(
      `${api.baseUrl}/v1/sso/saml/login?tenant_id=${acme.id}&return_to=${encodeURIComponent('https://evil.example/')}`,
    );
    expect(res.status).toBe(400);
    expect(await lastRefusal(acme)).toMatchObject({ reason: 'return_to_not_allowed', code: 1018 });
  });
});

describe('attacks, each refused and audited', () => {
  it('an unsigned assertion (1012 unsigned)', async () => {
    const r = await answered(alice, { sign: 'response' });
    await expectRefused(r.samlResponse, 1012, 'unsigned');
  });

  it('an assertion signed by another key (1012 bad_signature)', async () => {
    const r = await answered(alice, { signingKey: forgerKey });
    await expectRefused(r.samlResponse, 1012, 'bad_signature');
  });

  it('signature wrapping: a second, unsigned assertion for another user beside the signed one (1012 bad_signature)', async () => {
    const r = await answered();
    const doc = new DOMParser().parseFromString(decode(r.samlResponse), 'text/xml');
    const signed = doc.getElementsByTagNameNS(NS_SAML, 'Assertion')[0]!;
    const evil = signed.cloneNode(true) as Element;
    evil.setAttribute('ID', '_evil');
    evil.removeChild(evil.getElementsByTagNameNS(NS_DS, 'Signature')[0]!);
    for (const el of Array.from(evil.getElementsByTagNameNS(NS_SAML, 'NameID')))
      el.textContent = 'mallory@acme.example';
    signed.parentNode!.insertBefore(evil, signed);
    await expectRefused(encode(new XMLSerializer().serializeToString(doc)), 1012, 'bad_signature');
  });

  it('signature wrapping: an unsigned assertion wrapping the signed one (1012 bad_signature)', async () => {
    const r = await answered();
    const doc = new DOMParser().parseFromString(decode(r.samlResponse), 'text/xml');
    const signed = doc.getElementsByTagNameNS(NS_SAML, 'Assertion')[0]!;
    const evil = signed.cloneNode(true) as Element;
    evil.setAttribute('ID', '_evil');
    evil.removeChild(evil.getElementsByTagNameNS(NS_DS, 'Signature')[0]!);
    doc.documentElement.replaceChild(evil, signed);
    evil.appendChild(signed);
    await expectRefused(encode(new XMLSerializer().serializeToString(doc)), 1012, 'bad_signature');
  });

  it('a comment inside the signed NameID (1012 malformed), audited in the tenant of the request', async () => {
    const user = { email: 'user@evil.example.acme.example', groups: [] };
    const r = await answered(user, { attributes: {} });
    const commented = decode(r.samlResponse).replace(
      '>user@evil.example.acme.example</saml:NameID>',
      '>user@evil.example<!---->.acme.example</saml:NameID>',
    );
    expect(commented).toContain('<!---->');
    await expectRefused(encode(commented), 1012, 'malformed');
  });

  it('another audience (1012 wrong_audience)', async () => {
    await expectRefused(
      (await answered(alice, { audience: 'https://other-sp.example/metadata' })).samlResponse,
      1012,
      'wrong_audience',
    );
  });

  it('another recipient (1012 wrong_recipient)', async () => {
    await expectRefused(
      (await answered(alice, { recipient: 'https://other-sp.example/acs', destination: null })).samlResponse,
      1012,
      'wrong_recipient',
    );
  });

  it('an expired assertion (1012 expired)', async () => {
    const past = new Date(Date.now() - 10 * 60_000);
    await expectRefused(
      (await answered(alice, { notBefore: new Date(past.getTime() - 60_000), notOnOrAfter: past })).samlResponse,
      1012,
      'expired',
    );
  });

  it('an assertion not yet valid (1012 not_yet_valid)', async () => {
    await expectRefused(
      (await answered(alice, { notBefore: new Date(Date.now() + 10 * 60_000) })).samlResponse,
      1012,
      'not_yet_valid',
    );
  });

  it('the same response posted twice: the replayed InResponseTo (1011 replayed)', async () => {
    const r = await answered();
    expect((await post(r.samlResponse)).status).toBe(200);
    await expectRefused(r.samlResponse, 1011, 'replayed');
  });

  it('a response to a request never made (1011 unknown_request)', async () => {
    const r = await answered(alice, { inResponseTo: `_${acme.id}.${'A'.repeat(43)}` });
    await expectRefused(r.samlResponse, 1011, 'unknown_request');
  });

  it('an unsolicited (IdP-initiated) response, audited in the tenant its audience names (1011 unsolicited)', async () => {
    await expectRefused((await answered(alice, { inResponseTo: null })).samlResponse, 1011, 'unsolicited');
  });

  it('a verified e-mail the tenant has no user for (403 1015 user_not_found), the e-mail audited', async () => {
    const res = await post(
      (await answered({ email: 'nobody@acme.example', groups: ['custody-approvers'] })).samlResponse,
    );
    expect(res.status).toBe(403);
    expect(JSON.parse(res.text).error.code).toBe(1015);
    expect(await lastRefusal(acme)).toMatchObject({ reason: 'user_not_found', email: 'nobody@acme.example' });
  });

  // Last: it leaves the connection with the new certificate only.
  it('a rotated IdP certificate: both accepted during the rotation, the old one refused after the update (1012 bad_signature)', async () => {
    const newKey = await makeSamlSigningKey('Acme IdP 2');
    await connect(acme, {
      idp_entity_id: idp.entityId,
      idp_sso_url: idp.ssoUrl,
      idp_certificate_pem: idpKey.cert + newKey.cert,
      allowed_email_domains: ['acme.example'],
      role_mapping: { 'custody-approvers': ['role_approver'] },
    });
    expect((await post((await answered(alice, { signingKey: newKey })).samlResponse)).status).toBe(200);
    expect((await post((await answered()).samlResponse)).status).toBe(200);
    const rotated = await connect(acme, {
      idp_entity_id: idp.entityId,
      idp_sso_url: idp.ssoUrl,
      idp_certificate_pem: newKey.cert,
      allowed_email_domains: ['acme.example'],
      role_mapping: { 'custody-approvers': ['role_approver'] },
    });
    expect(rotated.idp_certificates.map((c: { subject: string }) => c.subject)).toEqual([
      expect.stringContaining('Acme IdP 2'),
    ]);
    await expectRefused((await answered()).samlResponse, 1012, 'bad_signature');
    expect((await post((await answered(alice, { signingKey: newKey })).samlResponse)).status).toBe(200);
  });
});
