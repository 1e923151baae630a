import http from 'node:http';
import { generateKeyPairSync } from 'node:crypto';
import type { AddressInfo } from 'node:net';
// oidc-provider ships no type declarations; this module is its only user and keeps the use narrow.
// @ts-expect-error no declaration file
import Provider from 'oidc-provider';

/**
 * A development and test OpenID provider (`oidc-provider`, a certified implementation) on a local port: real
 * discovery, JWKS, authorization endpoint with PKCE, token endpoint, ID tokens signed with an RSA key made at start.
 * Sign-in is a trivial form listing the configured users (no password): a browser or a test picks one by POSTing
 * `email` to `/interaction/<uid>/login`. Consent is granted automatically. Never for production: it signs anyone in.
 *
 * Claims as `oidc-provider` ships (OpenID Connect Core 5.4): with the code flow the ID token carries `sub` and the
 * protocol claims only, and `email`, `email_verified`, `name` and `groups` come from the UserInfo endpoint. With
 * `claimsInIdToken` the granted scopes' claims go into the ID token as well (as Okta or Keycloak can be set up to do).
 * `userInfoRequests()` counts the UserInfo requests served.
 */
export type DevOidcUser = { email: string; email_verified?: boolean; groups?: string[]; name?: string };
export type DevOidcClient = { client_id: string; client_secret: string; redirect_uris: string[] };
export type DevOidcProvider = {
  issuer: string;
  port: number;
  userInfoRequests: () => number;
  close: () => Promise<void>;
};

type Ctx = {
  oidc: {
    client: { clientId: string };
    session: { accountId: string; grantIdFor(id: string): string | undefined };
    result?: { consent?: { grantId?: string } };
    provider: { Grant: GrantCtor };
  };
};
type GrantCtor = {
  new (o: { clientId: string; accountId: string }): Grant;
  find(id: string): Promise<Grant | undefined>;
};
type Grant = { addOIDCScope(s: string): void; addOIDCClaims(c: string[]): void; save(): Promise<string> };

/** oidc-provider's UserInfo route (its default). */
const USERINFO_PATH = '/me';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startDevOidcProvider(opts: {
  port?: number;
  host?: string;
  clients: DevOidcClient[];
  users: DevOidcUser[];
  claimsInIdToken?: boolean;
}): Promise<DevOidcProvider> {
  const host = opts.host ?? '127.0.0.1';
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://${host}:${port}`;
  const users = new Map(opts.users.map((u) => [u.email.toLowerCase(), u]));
  // Browsers hold a form's submission to form-action through its redirects too: the sign-in form's POST ends, after
  // the provider's redirects, at a client's redirect URI, so those origins are allowed beside the provider's own.
  const formTargets = [...new Set(opts.clients.flatMap((c) => c.redirect_uris.map((u) => new URL(u).origin)))].join(
    ' ',
  );
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: `dev-${port}`, alg: 'RS256', use: 'sig' };

  const provider = new Provider(issuer, {
    clients: opts.clients.map((c) => ({
      ...c,
      response_types: ['code'],
      grant_types: ['authorization_code'],
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    jwks: { keys: [jwk] },
    cookies: { keys: [`dev-oidc-${port}-${Math.random()}`] },
    scopes: ['openid', 'email', 'profile', 'groups'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], groups: ['groups'] },
    conformIdTokenClaims: !opts.claimsInIdToken,
    pkce: { required: () => true },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx: unknown, id: string) => {
      const u = users.get(id);
      if (!u) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          email: u.email,
          email_verified: u.email_verified ?? true,
          groups: u.groups ?? [],
          name: u.name ?? u.email,
        }),
      };
    },
    // Consent is implied: every requested scope and claim is granted.
    loadExistingGrant: async (ctx: Ctx) => {
      const o = ctx.oidc;
      const grantId = o.result?.consent?.grantId ?? o.session.grantIdFor(o.client.clientId);
      if (grantId) return o.provider.Grant.find(grantId);
      const grant = new o.provider.Grant({ clientId: o.client.clientId, accountId: o.session.accountId });
      grant.addOIDCScope('openid email profile groups');
      grant.addOIDCClaims(['email', 'email_verified', 'name', 'groups']);
      await grant.save();
      return grant;
    },
  });
  const app = provider.callback();
  let userInfoRequests = 0;

  server.on('request', async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', issuer);
    if (url.pathname === USERINFO_PATH) userInfoRequests++;
    const m = /^\/interaction\/([^/]+)(\/login)?$/.exec(url.pathname);
    if (!m) return app(req, res);
    try {
      if (req.method === 'GET' && !m[2]) {
        const details = await provider.interactionDetails(req, res);
        const buttons = [...users.values()]
          .map(
            (u) =>
              `<button type="submit" name="email" value="${escapeHtml(u.email)}">${escapeHtml(u.email)} (${escapeHtml((u.groups ?? []).join(', ') || 'no groups')})</button>`,
          )
          .join('<br>');
        res.writeHead(200, {
          'Content-Type': 'text/html; charset=utf-8',
          'Content-Security-Policy': `default-src 'none'; form-action 'self' ${formTargets}`,
        });
        res.end(
          `<!doctype html><title>Development sign-in</title><h1>Development OpenID provider</h1><p>Sign in as:</p><form method="post" action="/interaction/${escapeHtml(details.uid)}/login">${buttons}<p><input name="custom" type="email" placeholder="or another e-mail"></p></form>`,
        );
        return;
      }
      if (req.method === 'POST' && m[2]) {
        const body = await new Promise<string>((resolve) => {
          let b = '';
          req.on('data', (c: Buffer) => (b += c.toString('utf8')));
          req.on('end', () => resolve(b));
        });
        const form = new URLSearchParams(body);
        const email = (form.get('email') || form.get('custom') || '').toLowerCase();
        if (!users.has(email)) {
          res.writeHead(400, { 'Content-Type': 'text/plain' });
          res.end('unknown user');
          return;
        }
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: email } },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      res.writeHead(405).end();
    } catch (e) {
      res.writeHead(400, { 'Content-Type': 'text/plain' });
      res.end(`interaction failed: ${(e as Error).message}`);
    }
  });

  return {
    issuer,
    port,
    userInfoRequests: () => userInfoRequests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
