import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROLE_NAMES, roleId, type RoleName } from '../shared/domain/permissions/matrix.js';
import { startDevOidcProvider, type DevOidcProvider } from '../tools/dev-idp/oidc-provider.js';
import { startDevSamlIdp } from '../tools/dev-idp/saml-idp.js';

/**
 * `npm start -- --with-idp`: a development OpenID provider and a development SAML IdP beside the local stack, and a
 * demo tenant signed in through both: one user per role (`<role>@demo.example`, group `custody-<role>`), the OIDC and
 * the SAML connections mapping those groups to the roles. The tenant and its admin key are kept in
 * `<stateDir>/dev-idp.json`, so a restart reuses them (the providers get new ports: the connections are updated).
 * The providers sign in whoever is picked from a list: refused with CUSTODY_ENV=production.
 */
export const DEMO_DOMAIN = 'demo.example';
const GROUP = (role: RoleName) => `custody-${role}`;
const OIDC_CLIENT_ID = 'custody-local';

export type DevIdentityProviders = {
  tenantId: string;
  users: { email: string; role: RoleName }[];
  oidcIssuer: string;
  samlMetadataUrl: string;
  consoleUrl: string;
  oidcLoginUrl: string;
  samlLoginUrl: string;
  stop(): Promise<void>;
};

type DemoFile = { tenant_id: string; admin_key_id: string; admin_secret: string };
type Call = (
  method: string,
  pathname: string,
  body?: unknown,
) => Promise<{ status: number; body: Record<string, unknown> }>;

export class DevIdpRefusedError extends Error {}

/** Refuses the development providers in production, before anything starts. */
export function assertDevIdpAllowed(env: 'local' | 'production'): void {
  if (env === 'production') {
    throw new DevIdpRefusedError(
      '--with-idp is refused with CUSTODY_ENV=production: the development identity providers sign in anyone who picks a name from a list',
    );
  }
}

function caller(baseUrl: string, key: { keyId: string; secret: string }): Call {
  return async (method, pathname, body) => {
    const res = await fetch(`${baseUrl.replace('//localhost:', '//127.0.0.1:')}${pathname}`, {
      method,
      headers: {
        authorization: `Bearer ${key.keyId}:${key.secret}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  };
}

const expectOk = (what: string, res: { status: number; body: Record<string, unknown> }) => {
  if (res.status >= 300) throw new Error(`--with-idp: ${what} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

/** The demo tenant of an earlier start when its admin key still works, else a new one. */
async function demoTenant(
  baseUrl: string,
  operator: { keyId: string; secret: string },
  file: string,
): Promise<{ tenantId: string; admin: Call }> {
  try {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as DemoFile;
    const admin = caller(baseUrl, { keyId: saved.admin_key_id, secret: saved.admin_secret });
    if ((await admin('GET', '/v1/me')).status === 200) return { tenantId: saved.tenant_id, admin };
  } catch {
    // no file (first start) or an unreadable one: a new demo tenant
  }
  const op = caller(baseUrl, operator);
  const name = `demo-${randomBytes(3).toString('hex')}`;
  const created = expectOk(
    'creating the demo tenant',
    await op('POST', '/v1/tenants', { name, admin_email: `admin@${DEMO_DOMAIN}`, admin_name: 'Demo admin' }),
  );
  const cred = created.admin_credential as { key_id: string; secret: string };
  const tenantId = (created as { id: string }).id;
  const saved: DemoFile = { tenant_id: tenantId, admin_key_id: cred.key_id, admin_secret: cred.secret };
  writeFileSync(file, `${JSON.stringify(saved, null, 2)}\n`, { mode: 0o600 });
  return { tenantId, admin: caller(baseUrl, { keyId: cred.key_id, secret: cred.secret }) };
}

export async function startDevIdentityProviders(o: {
  baseUrl: string;
  operator: { keyId: string; secret: string };
  stateDir: string;
  env: 'local' | 'production';
}): Promise<DevIdentityProviders> {
  assertDevIdpAllowed(o.env);
  const { tenantId, admin } = await demoTenant(o.baseUrl, o.operator, path.join(o.stateDir, 'dev-idp.json'));
  const users = ROLE_NAMES.map((role) => ({ email: `${role}@${DEMO_DOMAIN}`, role }));
  for (const u of users) {
    if (u.role === 'admin') continue; // the tenant's first admin
    const res = await admin('POST', '/v1/users', {
      email: u.email,
      name: `Demo ${u.role}`,
      role_ids: [roleId(u.role)],
    });
    if (res.status !== 201 && res.status !== 409) expectOk(`creating ${u.email}`, res);
  }
  const idpUsers = users.map((u) => ({ email: u.email, name: `Demo ${u.role}`, groups: [GROUP(u.role)] }));
  const roleMapping = Object.fromEntries(ROLE_NAMES.map((r) => [GROUP(r), [roleId(r)]]));
  const mapping = { allowed_email_domains: [DEMO_DOMAIN], role_mapping: roleMapping };

  // The API's redirect URI follows the Host the browser used: register both loopback spellings.
  const port = new URL(o.baseUrl).port;
  const redirectUris = [...new Set([o.baseUrl, `http://localhost:${port}`, `http://127.0.0.1:${port}`])].map(
    (b) => `${b}/v1/sso/oidc/callback`,
  );
  const clientSecret = randomBytes(24).toString('base64url');
  let oidc: DevOidcProvider | undefined;
  let saml: Awaited<ReturnType<typeof startDevSamlIdp>> | undefined;
  try {
    oidc = await startDevOidcProvider({
      clients: [{ client_id: OIDC_CLIENT_ID, client_secret: clientSecret, redirect_uris: redirectUris }],
      users: idpUsers,
    });
    saml = await startDevSamlIdp({ users: idpUsers });
    expectOk(
      'PUT /v1/sso/oidc',
      await admin('PUT', '/v1/sso/oidc', {
        issuer: oidc.issuer,
        client_id: OIDC_CLIENT_ID,
        client_secret: clientSecret,
        scopes: ['openid', 'email', 'profile', 'groups'],
        ...mapping,
      }),
    );
    expectOk(
      'PUT /v1/sso/saml',
      await admin('PUT', '/v1/sso/saml', { idp_metadata_xml: saml.metadataXml, ...mapping }),
    );
  } catch (e) {
    await Promise.allSettled([oidc?.close(), saml?.close()]);
    throw e;
  }
  // The login URLs without return_to end in JSON (for curl); a browser signs in from the console, which starts the
  // sign-in with its own client_state.
  const q = `tenant_id=${tenantId}`;
  const o2 = oidc;
  const s2 = saml;
  return {
    tenantId,
    users,
    oidcIssuer: oidc.issuer,
    samlMetadataUrl: saml.metadataUrl,
    consoleUrl: `${o.baseUrl}/console?tenant_id=${tenantId}`,
    oidcLoginUrl: `${o.baseUrl}/v1/sso/oidc/login?${q}`,
    samlLoginUrl: `${o.baseUrl}/v1/sso/saml/login?${q}`,
    stop: async () => {
      await Promise.allSettled([o2.close(), s2.close()]);
    },
  };
}
