import http from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';

/**
 * A small OpenID provider that mints the ID tokens a real provider will not: real discovery, JWKS and token
 * endpoints over HTTP; its authorization endpoint answers at once with a code. `next` says what the next token is:
 * signed by an unknown key, `alg: none`, for another audience, expired, with another nonce, or with other claims (a
 * claim set to `undefined` is left out), and what its UserInfo endpoint answers to that token's access token.
 */
export type HostileMode = 'ok' | 'unknown_key' | 'alg_none' | 'wrong_audience' | 'expired' | 'nonce_mismatch';
export type HostileOidc = {
  issuer: string;
  clientId: string;
  next: { mode: HostileMode; claims?: Record<string, unknown>; userinfo?: Record<string, unknown> };
  close: () => Promise<void>;
};

export async function startHostileOidc(clientId = 'hostile-client'): Promise<HostileOidc> {
  const key = await generateKeyPair('RS256');
  const stranger = await generateKeyPair('RS256');
  const publicJwk = { ...(await exportJWK(key.publicKey)), kid: 'known', alg: 'RS256', use: 'sig' };
  const codes = new Map<string, { nonce: string }>();
  const accessTokens = new Set<string>();
  const server = http.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const self: HostileOidc = {
    issuer,
    clientId,
    next: { mode: 'ok' },
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };

  const sign = async (claims: Record<string, unknown>, signer: CryptoKey, kid: string) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid }).sign(signer);
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

  async function idToken(nonce: string): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const { mode, claims } = self.next;
    const body: Record<string, unknown> = {
      iss: issuer,
      sub: 'hostile-subject',
      aud: mode === 'wrong_audience' ? 'another-client' : clientId,
      iat: mode === 'expired' ? now - 7200 : now,
      exp: mode === 'expired' ? now - 3600 : now + 300,
      nonce: mode === 'nonce_mismatch' ? 'not-the-nonce' : nonce,
      email: 'someone@hostile.example',
      email_verified: true,
      ...claims,
    };
    if (mode === 'alg_none') return `${b64({ alg: 'none', typ: 'JWT' })}.${b64(body)}.`;
    if (mode === 'unknown_key') return sign(body, stranger.privateKey, 'known');
    return sign(body, key.privateKey, 'known');
  }

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
    res.end(JSON.stringify(body));
  };

  server.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', async () => {
      if (url.pathname === '/.well-known/openid-configuration') {
        return json(res, 200, {
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          userinfo_endpoint: `${issuer}/userinfo`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256', 'none'],
          token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
          code_challenge_methods_supported: ['S256'],
        });
      }
      if (url.pathname === '/jwks') return json(res, 200, { keys: [publicJwk] });
      if (url.pathname === '/authorize') {
        const code = randomBytes(16).toString('hex');
        codes.set(code, { nonce: url.searchParams.get('nonce') ?? '' });
        const back = new URL(url.searchParams.get('redirect_uri')!);
        back.searchParams.set('code', code);
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        res.writeHead(302, { Location: back.toString() });
        return res.end();
      }
      if (url.pathname === '/token' && req.method === 'POST') {
        const code = new URLSearchParams(raw).get('code') ?? '';
        const grant = codes.get(code);
        codes.delete(code);
        if (!grant) return json(res, 400, { error: 'invalid_grant' });
        const accessToken = randomBytes(16).toString('hex');
        accessTokens.add(accessToken);
        return json(res, 200, {
          access_token: accessToken,
          token_type: 'Bearer',
          expires_in: 300,
          id_token: await idToken(grant.nonce),
        });
      }
      if (url.pathname === '/userinfo') {
        const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
        if (!token || !accessTokens.has(token)) return json(res, 401, { error: 'invalid_token' });
        return json(
          res,
          200,
          self.next.userinfo ?? { sub: 'hostile-subject', email: 'someone@hostile.example', email_verified: true },
        );
      }
      res.writeHead(404).end();
    });
  });
  return self;
}
