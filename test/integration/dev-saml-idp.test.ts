import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authnRequestRedirect,
  parseIdpMetadata,
  spEndpoints,
  validatePostResponse,
  type SamlConnectionConfig,
} from '../../shared/adapters/sso/saml-service-provider.js';
import { resetConfig } from '../../shared/config.js';
import { startDevSamlIdp } from '../../tools/dev-idp/saml-idp.js';

/*
 * The development SAML IdP over real HTTP, as a browser meets it: metadata, the user list on the SSO endpoint,
 * and the auto-posting form whose signed response the service provider accepts.
 */

const users = [
  { email: 'approver@dev.example', groups: ['approvers'] },
  { email: 'viewer@dev.example', groups: ['viewers'] },
];
let idp: Awaited<ReturnType<typeof startDevSamlIdp>>;
let cfg: SamlConnectionConfig;

beforeAll(async () => {
  idp = await startDevSamlIdp({ users });
  const meta = parseIdpMetadata(await (await fetch(idp.metadataUrl)).text());
  cfg = {
    ...spEndpoints('http://127.0.0.1:1', 'tnt_dev'),
    idpEntityId: meta.entityId,
    idpSsoUrl: meta.ssoUrl,
    idpCertificatesPem: meta.certificatesPem,
  };
});
afterAll(async () => {
  await idp?.close();
});

const hidden = (html: string, name: string) =>
  html
    .match(new RegExp(`name="${name}" value="([^"]*)"`))?.[1]
    ?.replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

describe('the development SAML IdP over HTTP', () => {
  it('serves metadata the service provider can be configured from', () => {
    expect(cfg.idpEntityId).toBe(idp.metadataUrl);
    expect(cfg.idpSsoUrl).toBe(`${idp.url}/sso`);
  });

  it('lists its users for an AuthnRequest, then posts a signed response for the chosen one that the SP accepts', async () => {
    const { url, requestId } = await authnRequestRedirect(cfg, { relayState: 'back-to-console' });
    const list = await (await fetch(url)).text();
    for (const u of users) expect(list).toContain(u.email);
    const choice = list.match(/href="([^"]*login_as=approver[^"]*)"/)![1]!.replace(/&amp;/g, '&');

    const form = await (await fetch(new URL(choice, idp.url))).text();
    expect(form).toContain(`action="${cfg.acsUrl}"`);
    expect(hidden(form, 'RelayState')).toBe('back-to-console');
    const outstanding = new Set([requestId]);
    const result = await validatePostResponse(cfg, hidden(form, 'SAMLResponse')!, {
      consumeRequestId: async (id) => outstanding.delete(id),
    });
    expect(result).toEqual({
      ok: true,
      requestId,
      identity: {
        email: 'approver@dev.example',
        emailVerified: true,
        groups: ['approvers'],
        nameId: 'approver@dev.example',
      },
    });
  });

  it('refuses to start with CUSTODY_ENV=production', async () => {
    process.env.CUSTODY_ENV = 'production';
    resetConfig();
    try {
      await expect(startDevSamlIdp({ users })).rejects.toThrow(/CUSTODY_ENV=production/);
    } finally {
      delete process.env.CUSTODY_ENV;
      resetConfig();
    }
  });

  it('answers 400 to an SSO request it cannot read and 404 elsewhere', async () => {
    expect((await fetch(`${idp.url}/sso?SAMLRequest=garbage&login_as=approver@dev.example`)).status).toBe(400);
    expect((await fetch(`${idp.url}/nothing`)).status).toBe(404);
  });
});
