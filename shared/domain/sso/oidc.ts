import { createHash, randomBytes } from 'node:crypto';
import type { Store } from '../../ports/store.js';
import type { SecretBox } from '../../ports/secret-box.js';
import type { OidcClientSettings, OidcRelyingParty } from '../../ports/oidc.js';
import { InvalidUrlError } from '../../errors/domain-errors.js';
import type { UnitOfWork } from '../unit-of-work.js';
import {
  requireConnection,
  openConnectionSecret,
  sealConnectionSecrets,
  type SsoConnectionInput,
  type SsoConnectionRecord,
  type SsoMapping,
} from './connections.js';
import {
  binderCookieName,
  consumeLoginState,
  loginReturn,
  newLoginHandle,
  saveLoginState,
  tenantOfHandle,
  type LoginState,
} from './login-state.js';
import { checkLoginReturn } from './return-to.js';
import { ssoCookiePath } from './handoff.js';
import { completeSignIn, refusalRedirect, refuseSignIn, type SignInAnswer } from './sign-in.js';
import { refusal, SsoRefusalError } from './refusals.js';
import type { VerifiedIdentity } from './identity-mapping.js';

/**
 * OpenID Connect sign-in on the SSO core: `startOidcLogin` sends the browser to the provider (authorization code with
 * PKCE S256; `state` and `nonce` single use for 10 minutes), `finishOidcLogin` takes the callback, lets the relying
 * party redeem the code and validate the ID token (completed from UserInfo when it lacks a claim the mapping needs),
 * and ends in `completeSignIn` or `refuseSignIn`.
 */
export const OIDC_CALLBACK_PATH = '/v1/sso/oidc/callback';
export const DEFAULT_OIDC_SCOPES = ['openid', 'email', 'profile'] as const;

export type OidcSettings = { issuer: string; client_id: string; scopes: string[] };
export type OidcConnectionInput = {
  issuer: string;
  client_id: string;
  client_secret?: string;
  scopes?: string[];
} & Partial<SsoMapping>;

export type OidcDeps = { store: Store; box: SecretBox; rp: OidcRelyingParty; now: Date };

/**
 * The write of the tenant's OIDC connection as `PUT /v1/sso/oidc` received it, the client secret sealed (kept when not
 * sent again); `putConnection` then creates or replaces it, at once or when the governance quorum approves it.
 */
export async function oidcConnectionInput(
  box: SecretBox,
  tenantId: string,
  env: 'local' | 'production',
  input: OidcConnectionInput,
): Promise<SsoConnectionInput> {
  const issuer = input.issuer;
  if (env === 'production' && !issuer.startsWith('https://'))
    throw new InvalidUrlError('issuer must be an https URL in production');
  const { issuer: _i, client_id, client_secret, scopes, ...mapping } = input;
  const settings: OidcSettings = { issuer, client_id, scopes: scopes ?? [...DEFAULT_OIDC_SCOPES] };
  return {
    settings,
    sealed_secrets: await sealConnectionSecrets(box, tenantId, 'oidc', { client_secret }),
    required_secrets: ['client_secret'],
    mapping,
  };
}

async function clientSettings(box: SecretBox, c: SsoConnectionRecord): Promise<OidcClientSettings> {
  const s = c.settings as OidcSettings;
  return {
    issuer: s.issuer,
    clientId: s.client_id,
    clientSecret: await openConnectionSecret(box, c, 'client_secret'),
    scopes: s.scopes,
  };
}

const base64url = (b: Buffer) => b.toString('base64url');

export type LoginRedirect = { location: string; cookie: string };
/** What starts a browser sign-in (the login route's query). */
export type LoginStart = {
  tenantId: string;
  returnTo?: string;
  clientState?: string;
  codeChallenge?: string;
  baseUrl: string;
};

/** The binder cookie: sent back only to the SSO paths, never readable by scripts, and only on top-level navigations. */
export function binderCookie(handle: string, value: string, baseUrl: string, maxAgeSeconds: number): string {
  const secure = baseUrl.startsWith('https://') ? '; Secure' : '';
  return `${binderCookieName(handle)}=${value}; Path=${ssoCookiePath(baseUrl)}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

/**
 * The start of a sign-in: checks `return_to`, asks the provider for its authorization URL (discovery), then stores the
 * login state. A provider that cannot be reached is 502 1502 with nothing stored.
 */
export async function startOidcLogin(deps: OidcDeps, input: LoginStart): Promise<LoginRedirect> {
  const c = await requireConnection(deps.store, input.tenantId, 'oidc');
  const back = checkLoginReturn(input, input.baseUrl, c.allowed_return_origins);
  const handle = newLoginHandle(input.tenantId);
  const nonce = base64url(randomBytes(32));
  const codeVerifier = base64url(randomBytes(32));
  const codeChallenge = base64url(createHash('sha256').update(codeVerifier).digest());
  const location = await deps.rp.authorizationUrl(await clientSettings(deps.box, c), {
    redirectUri: input.baseUrl + OIDC_CALLBACK_PATH,
    state: handle,
    nonce,
    codeChallenge,
  });
  const { binder } = await saveLoginState(
    deps.store,
    { handle, tenantId: input.tenantId, kind: 'oidc', data: { nonce, code_verifier: codeVerifier }, back },
    deps.now,
  );
  return { location, cookie: binderCookie(handle, binder, input.baseUrl, 600) };
}

/** `email_verified` as providers send it; Entra ID sends none, and `xms_edov` (domain owner verified) stands for it. */
function emailVerified(claims: Record<string, unknown>): boolean {
  const v = claims.email_verified ?? claims.xms_edov;
  return v === true || v === 'true' || v === 1 || v === '1';
}

const EMAIL_CLAIMS = ['email', 'email_verified', 'xms_edov'] as const;

/** The e-mail and a statement of its verification, both in one set of claims. */
const hasEmailPair = (claims: Record<string, unknown>) =>
  typeof claims.email === 'string' && (claims.email_verified !== undefined || claims.xms_edov !== undefined);

/**
 * Whether the ID token lacks a claim the identity mapping needs: the e-mail and its verification, and the role claim
 * when the connection maps roles. With the code flow a provider may send the claims of the `email`, `profile` and
 * `groups` scopes from its UserInfo endpoint only, not in the ID token (OpenID Connect Core 5.4): `oidc-provider` with
 * its defaults does, and so do Okta's org server and Keycloak without "Add to ID token".
 */
export function needsUserInfo(
  claims: Record<string, unknown>,
  c: Pick<SsoConnectionRecord, 'role_claim' | 'role_mapping'>,
): boolean {
  if (!hasEmailPair(claims)) return true;
  return Object.keys(c.role_mapping).length > 0 && claims[c.role_claim] === undefined;
}

/**
 * The ID token's claims completed from UserInfo. Its `sub` must be the ID token's (the relying party checks it; this is
 * the rule's one statement in the domain): a UserInfo answer about someone else is refused (1012). The ID token keeps
 * every claim it has, except that the e-mail and its verification are one statement: both come from the ID token
 * when it carries both, else both from UserInfo, so a verification is never read beside another source's address.
 */
export function withUserInfo(idToken: Record<string, unknown>, info: Record<string, unknown>): Record<string, unknown> {
  if (typeof info.sub !== 'string' || info.sub !== idToken.sub) {
    throw refusal(
      'SSO_TOKEN_INVALID',
      'userinfo_subject_mismatch',
      "the identity provider's UserInfo answer is for another subject than the ID token",
    );
  }
  const merged: Record<string, unknown> = { ...info, ...idToken };
  if (!hasEmailPair(idToken)) {
    for (const k of EMAIL_CLAIMS) {
      if (info[k] === undefined) delete merged[k];
      else merged[k] = info[k];
    }
  }
  return merged;
}

export function identityFromIdToken(claims: Record<string, unknown>): VerifiedIdentity {
  return {
    email: typeof claims.email === 'string' ? claims.email : undefined,
    emailVerified: emailVerified(claims),
    subject: String(claims.sub ?? ''),
    name: typeof claims.name === 'string' ? claims.name : undefined,
    claims,
  };
}

/**
 * The callback: the state (single use, this browser's), the code exchange and ID token checks, the identity mapping,
 * and the session. Every refusal is audited in the tenant the state names and answered with its catalog error.
 */
export async function finishOidcLogin(
  deps: OidcDeps & { uow: UnitOfWork; sessionTtlSeconds: number },
  input: { query: Record<string, string | undefined>; cookies: Record<string, string>; baseUrl: string },
): Promise<SignInAnswer | { error: SsoRefusalError }> {
  const handle = input.query.state ?? '';
  let tenantId = tenantOfHandle(handle);
  let identity: VerifiedIdentity | undefined;
  const clear: Record<string, string> = handle ? { 'Set-Cookie': binderCookie(handle, '', input.baseUrl, 0) } : {};
  let state: LoginState | undefined;
  try {
    if (!handle) throw refusal('SSO_STATE_INVALID', 'state_missing', 'the callback carries no state');
    state = await consumeLoginState(
      deps.store,
      { handle, kind: 'oidc', binder: input.cookies[binderCookieName(handle)] },
      deps.now,
    );
    tenantId = state.tenant_id;
    const c = await requireConnection(deps.store, state.tenant_id, 'oidc');
    const callbackUrl = `${input.baseUrl}${OIDC_CALLBACK_PATH}?${new URLSearchParams(Object.entries(input.query).filter((e): e is [string, string] => e[1] !== undefined))}`;
    const settings = await clientSettings(deps.box, c);
    const redeemed = await deps.rp.redeem(settings, {
      callbackUrl,
      redirectUri: input.baseUrl + OIDC_CALLBACK_PATH,
      state: handle,
      nonce: state.data.nonce!,
      codeVerifier: state.data.code_verifier!,
    });
    let claims = redeemed.claims;
    if (needsUserInfo(claims, c)) {
      const info = await deps.rp.userInfo(settings, {
        accessToken: redeemed.accessToken,
        subject: String(claims.sub ?? ''),
      });
      if (info) claims = withUserInfo(claims, info);
    }
    identity = identityFromIdToken(claims);
    // A browser sign-in's answer sets the code's cookie; the login's binder cookie, of a consumed state, just expires.
    const back = loginReturn(state, input.baseUrl);
    return await completeSignIn(deps, { connection: c, identity, back, extraHeaders: back.returnTo ? {} : clear });
  } catch (e) {
    if (!(e instanceof SsoRefusalError)) throw e;
    const refused = await refuseSignIn(deps, { tenantId, kind: 'oidc', error: e, identity });
    return state?.return_to
      ? refusalRedirect({ returnTo: state.return_to, clientState: state.client_state ?? null }, refused, clear)
      : { error: refused };
  }
}

/** Audits a refused start of a sign-in (unknown connection, return_to, provider down) in the tenant, when it exists. */
export async function refuseOidcLogin(deps: { store: Store; uow: UnitOfWork }, tenantId: string, e: SsoRefusalError) {
  return refuseSignIn(deps, { tenantId, kind: 'oidc', error: e });
}
