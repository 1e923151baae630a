import { createHash, randomBytes } from 'node:crypto';
import type { Store } from '../../ports/store.js';
import * as z from '../../schemas/zod.js';
import { keys } from '../../store/keys.js';
import { schemaDecoder } from '../../store/decode.js';
import { anyMap, optionalString } from '../../store/stored-schema.js';
import { constantTimeEqual, sha256Hex } from '../../crypto/hashing.js';
import type { UnitOfWork } from '../unit-of-work.js';
import { credentialItem, decodeTenant, decodeUser } from '../identity/records.js';
import { newCredentialRecord } from '../identity/credentials.js';
import { userView } from '../identity/users.js';
import type { SsoKind } from './connections.js';
import { newLoginHandle, tenantOfHandle } from './login-state.js';
import { refusal } from './refusals.js';

/**
 * The hand-off of a finished browser sign-in. No credential ever travels in a URL: the sign-in's redirect carries a
 * one-time code (`#code=...`), and the page it lands on exchanges that code by `POST /v1/sso/session` for the session.
 *
 * A code is `<tenant id>.<43 random base64url chars>` (the tenant part only says where to audit a refusal), stored
 * under its SHA-256, valid `HANDOFF_TTL_SECONDS`, single use, and bound to the browser that finished the sign-in:
 * - by a cookie set with the redirect (HttpOnly, SameSite=Lax, sent only to the SSO routes), for the service's own
 *   console: a code carried to another browser is useless there;
 * - or, for an integrator's front end on another origin (which cannot present the service's cookie), by PKCE
 *   (RFC 7636 S256): the front end sends `code_challenge` when it starts the sign-in and `code_verifier` with the code.
 * A code that is unknown, used, late, or presented without its binding is refused (401 1011) and audited, and it is
 * used up all the same. The session itself is created at the exchange, so nothing secret is stored in the meantime.
 */
export const HANDOFF_TTL_SECONDS = 60;

export type HandoffRecord = {
  tenant_id: string;
  user_id: string;
  method: SsoKind;
  binder_hash: string;
  /** S256 of the front end's `code_verifier` (base64url), when it gave one; then no cookie is needed. */
  code_challenge: string | null;
  /** What the `sso.signed_in` audit entry records of the verified identity. */
  sign_in: Record<string, unknown>;
  created_at: string;
  use: 'outstanding' | 'used';
};

const HandoffItem = z.lazySchema(() =>
  z.object({
    tenant_id: z.string(),
    user_id: z.string(),
    method: z.enum(['oidc', 'saml']),
    binder_hash: z.string(),
    code_challenge: optionalString(),
    sign_in: anyMap(),
    created_at: z.string(),
    use: z.enum(['outstanding', 'used']),
  }),
);
export const decodeHandoff = schemaDecoder<HandoffRecord>('sso_handoff', HandoffItem);

const random = () => randomBytes(32).toString('base64url');
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** The cookie that binds one code to this browser (named per code: several sign-ins may be under way). */
export const handoffCookieName = (code: string) => `custody_sso_code_${sha256Hex(code).slice(0, 16)}`;

/** The path under which the browser sends the SSO cookies back: the SSO routes of this deployment (stage included). */
export const ssoCookiePath = (baseUrl: string) => `${new URL(baseUrl).pathname.replace(/\/+$/, '')}/v1/sso`;

function handoffCookie(code: string, value: string, baseUrl: string, maxAgeSeconds: number): string {
  const secure = baseUrl.startsWith('https://') ? '; Secure' : '';
  return `${handoffCookieName(code)}=${value}; Path=${ssoCookiePath(baseUrl)}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

/** Stages a new code for a verified sign-in; answers it and the `Set-Cookie` header that binds it to this browser. */
export function stageHandoff(
  uow: UnitOfWork,
  input: {
    tenantId: string;
    userId: string;
    method: SsoKind;
    signIn: Record<string, unknown>;
    codeChallenge: string | null;
    baseUrl: string;
  },
  now: Date,
): { code: string; cookie: string } {
  const code = newLoginHandle(input.tenantId);
  const binder = random();
  const record: HandoffRecord = {
    tenant_id: input.tenantId,
    user_id: input.userId,
    method: input.method,
    binder_hash: sha256Hex(binder),
    code_challenge: input.codeChallenge,
    sign_in: input.signIn,
    created_at: now.toISOString(),
    use: 'outstanding',
  };
  const ttl = Math.floor(now.getTime() / 1000) + HANDOFF_TTL_SECONDS * 10;
  uow.create({ ...keys.ssoHandoff(sha256Hex(code)), entity: 'sso_handoff', ...record, ttl });
  return { code, cookie: handoffCookie(code, binder, input.baseUrl, HANDOFF_TTL_SECONDS) };
}

export type HandoffRedemption = { tenantId: string | undefined; method: SsoKind | undefined };
export type RedeemedSession = { key_id: string; secret: string; expires_at: string; user: ReturnType<typeof userView> };

/**
 * Redeems a code for a session credential (kind `session`, `sessionTtlSeconds`), staging the code's use, the
 * credential and the `sso.signed_in` entry in one unit of work. Every refusal is an SsoRefusalError (1011, or 1016 for
 * a user or tenant suspended since); `where` is filled as soon as the code's tenant is known, for the refusal's audit.
 */
export async function redeemHandoff(
  deps: { store: Store; uow: UnitOfWork; now: Date; sessionTtlSeconds: number },
  input: { code: string; codeVerifier?: string; cookies: Record<string, string>; baseUrl: string },
  where: HandoffRedemption,
): Promise<{ session: RedeemedSession; clearCookie: string }> {
  const { store, uow, now } = deps;
  const unknown = () => refusal('SSO_STATE_INVALID', 'code_unknown', 'unknown sign-in code; start the sign-in again');
  where.tenantId = tenantOfHandle(input.code);
  if (!where.tenantId) throw unknown();
  const key = keys.ssoHandoff(sha256Hex(input.code));
  const item = await store.get(key, { consistent: true });
  const h = decodeHandoff(item);
  if (!item || !h || h.tenant_id !== where.tenantId) throw unknown();
  where.method = h.method;
  if (h.use !== 'outstanding')
    throw refusal('SSO_STATE_INVALID', 'code_used', 'this sign-in code was already used; start the sign-in again');
  // Used up from here on, whatever follows (a late code, or one from another browser, cannot be tried again).
  uow.put(
    { ...item, use: 'used', used_at: now.toISOString() },
    { type: 'equals', attribute: 'use', value: 'outstanding' },
    () => refusal('SSO_STATE_INVALID', 'code_used', 'this sign-in code was already used; start the sign-in again'),
  );
  if (now.getTime() - Date.parse(h.created_at) > HANDOFF_TTL_SECONDS * 1000) {
    throw refusal(
      'SSO_STATE_INVALID',
      'code_expired',
      `the sign-in code is valid ${HANDOFF_TTL_SECONDS} seconds; start the sign-in again`,
    );
  }
  const bound = h.code_challenge
    ? typeof input.codeVerifier === 'string' && constantTimeEqual(s256(input.codeVerifier), h.code_challenge)
    : (() => {
        const binder = input.cookies[handoffCookieName(input.code)];
        return !!binder && constantTimeEqual(sha256Hex(binder), h.binder_hash);
      })();
  if (!bound) {
    const what = h.code_challenge
      ? 'code_verifier does not match the code_challenge of the sign-in'
      : 'the sign-in was finished in another browser';
    throw refusal('SSO_STATE_INVALID', 'browser_mismatch', `${what}; start the sign-in again here`);
  }
  const [tenantItem, userItem] = await store.getMany([keys.tenant(h.tenant_id), keys.user(h.tenant_id, h.user_id)]);
  const tenant = decodeTenant(tenantItem);
  const user = decodeUser(userItem);
  if (!tenant || tenant.status !== 'active')
    throw refusal('SSO_USER_SUSPENDED', 'tenant_suspended', 'the tenant is suspended');
  if (!user || user.status !== 'active') throw refusal('SSO_USER_SUSPENDED', 'user_suspended', 'the user is suspended');

  const expiresAt = new Date(now.getTime() + deps.sessionTtlSeconds * 1000).toISOString();
  const { record: session, secret } = newCredentialRecord({
    kind: 'session',
    user,
    name: `sso:${h.method}`,
    status: 'active',
    expiresAt,
    now,
  });
  uow.create(credentialItem(session));
  uow.audit({
    tenantId: h.tenant_id,
    action: 'sso.signed_in',
    resourceType: 'credential',
    resourceId: session.key_id,
    change: {
      ...h.sign_in,
      method: h.method,
      user_id: user.id,
      email: user.email,
      role_ids: user.role_ids,
      expires_at: expiresAt,
      handoff: h.code_challenge ? 'pkce' : 'cookie',
    },
  });
  return {
    session: { key_id: session.key_id, secret, expires_at: expiresAt, user: userView(user) },
    clearCookie: handoffCookie(input.code, '', input.baseUrl, 0),
  };
}

/** A `code_challenge` as RFC 7636 S256 makes it: 43 base64url characters. */
export const CODE_CHALLENGE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
