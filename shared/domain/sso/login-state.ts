import { randomBytes } from 'node:crypto';
import type { Store } from '../../ports/store.js';
import { WriteConflictError } from '../../ports/store.js';
import * as z from '../../schemas/zod.js';
import { keys } from '../../store/keys.js';
import { schemaDecoder } from '../../store/decode.js';
import { optionalString } from '../../store/stored-schema.js';
import { constantTimeEqual, sha256Hex } from '../../crypto/hashing.js';
import type { SsoKind } from './connections.js';
import { refusal } from './refusals.js';

/**
 * Outstanding sign-ins. A handle (the OIDC `state`, a SAML request id) is `<tenant id>.<43 random base64url chars>`:
 * the tenant part lets a refusal of an unknown handle still be audited in that tenant; the random part is the secret.
 * Stored under the handle's SHA-256 with what the callback needs (nonce, PKCE verifier, return_to) and the hash of a
 * browser binder (a cookie set at login, so a callback link sent to someone else's browser is refused). Single use:
 * the callback deletes it with a condition, so of two callbacks with one handle only one proceeds. Valid 10 minutes,
 * checked on read; DynamoDB's TTL removes abandoned ones.
 */
export const LOGIN_STATE_TTL_SECONDS = 600;

export type LoginState = {
  tenant_id: string;
  kind: SsoKind;
  /** Kind-specific: `nonce`, `code_verifier` (OIDC); `request_id` (SAML). */
  data: Record<string, string>;
  return_to: string | null;
  /** What the page that started the sign-in gave, echoed back to it (`client_state`) or checked at the code's exchange. */
  client_state?: string | null;
  code_challenge?: string | null;
  binder_hash: string;
  created_at: string;
};

const LoginStateItem = z.lazySchema(() =>
  z.object({
    tenant_id: z.string(),
    kind: z.enum(['oidc', 'saml']),
    data: z.record(z.string(), z.string()),
    return_to: optionalString(),
    client_state: optionalString(),
    code_challenge: optionalString(),
    binder_hash: z.string(),
    created_at: z.string(),
  }),
);
export const decodeLoginState = schemaDecoder<LoginState>('sso_login_state', LoginStateItem);

const random = () => randomBytes(32).toString('base64url');

export function newLoginHandle(tenantId: string): string {
  return `${tenantId}.${random()}`;
}

/** The tenant named by a handle (not proof of anything: only where to audit a refusal). */
export function tenantOfHandle(handle: string): string | undefined {
  const m = /^([0-9a-f-]{36})\.[A-Za-z0-9_-]{43}$/.exec(handle);
  return m?.[1];
}

/** The name of the binder cookie of one handle (several sign-ins may be under way in one browser). */
export const binderCookieName = (handle: string) => `custody_sso_${sha256Hex(handle).slice(0, 16)}`;

/** Where a browser sign-in returns, with what its page gave at the start (see handoff.ts). */
export type LoginReturn = { returnTo: string | null; clientState: string | null; codeChallenge: string | null };

/** The return of a stored sign-in, for `completeSignIn`. */
export const loginReturn = (s: LoginState, baseUrl: string) => ({
  returnTo: s.return_to,
  clientState: s.client_state ?? null,
  codeChallenge: s.code_challenge ?? null,
  baseUrl,
});

/** Stores a new sign-in; returns the browser binder to set as a cookie. Nothing else is written. */
export async function saveLoginState(
  store: Store,
  input: { handle: string; tenantId: string; kind: SsoKind; data: Record<string, string>; back: LoginReturn },
  now: Date,
): Promise<{ binder: string }> {
  const binder = random();
  const state: LoginState = {
    tenant_id: input.tenantId,
    kind: input.kind,
    data: input.data,
    return_to: input.back.returnTo,
    client_state: input.back.clientState,
    code_challenge: input.back.codeChallenge,
    binder_hash: sha256Hex(binder),
    created_at: now.toISOString(),
  };
  const ttl = Math.floor(now.getTime() / 1000) + LOGIN_STATE_TTL_SECONDS;
  await store.write([
    {
      op: 'put',
      item: {
        ...keys.ssoLoginState(sha256Hex(input.handle)),
        entity: 'sso_login_state',
        ...state,
        use: 'outstanding',
        ttl,
      },
      condition: { type: 'notExists' },
    },
  ]);
  return { binder };
}

/**
 * Takes a sign-in out of the store (once): unknown, already used, of another kind or older than 10 minutes is 1011;
 * so is a binder that is missing or not the one set at login (the state is used up all the same).
 */
export async function consumeLoginState(
  store: Store,
  input: { handle: string; kind: SsoKind; binder: string | undefined },
  now: Date,
): Promise<LoginState> {
  const key = keys.ssoLoginState(sha256Hex(input.handle));
  const state = decodeLoginState(await store.get(key, { consistent: true }));
  if (!state || state.kind !== input.kind)
    throw refusal(
      'SSO_STATE_INVALID',
      'state_unknown_or_used',
      'unknown or already used sign-in state; start the sign-in again',
    );
  try {
    await store.write([{ op: 'delete', key, condition: { type: 'exists' } }]);
  } catch (e) {
    if (e instanceof WriteConflictError)
      throw refusal(
        'SSO_STATE_INVALID',
        'state_unknown_or_used',
        'unknown or already used sign-in state; start the sign-in again',
      );
    throw e;
  }
  if (now.getTime() - Date.parse(state.created_at) > LOGIN_STATE_TTL_SECONDS * 1000) {
    throw refusal('SSO_STATE_INVALID', 'state_expired', 'the sign-in took longer than 10 minutes; start it again');
  }
  if (!input.binder || !constantTimeEqual(sha256Hex(input.binder), state.binder_hash)) {
    throw refusal(
      'SSO_STATE_INVALID',
      'browser_mismatch',
      'the sign-in was started in another browser; start it again here',
    );
  }
  return state;
}

/**
 * Uses up a SAML request (its id is `_<handle>`): unlike `consumeLoginState` the state is kept, marked used, until its
 * TTL, so a second response naming it is told apart (`replayed`) from a forged id (`unknown`). No browser binder:
 * the IdP's cross-site POST does not carry the SameSite=Lax cookie (docs/sso.md, "Binding a SAML sign-in to the
 * browser"). Unknown, of another kind or older than 10 minutes is `unknown`.
 */
export async function consumeSamlRequest(
  store: Store,
  handle: string,
  now: Date,
): Promise<LoginState | 'unknown' | 'replayed'> {
  const key = keys.ssoLoginState(sha256Hex(handle));
  const item = await store.get(key, { consistent: true });
  const state = decodeLoginState(item);
  if (!state || state.kind !== 'saml') return 'unknown';
  if (item?.use !== 'outstanding') return 'replayed';
  try {
    await store.write([
      {
        op: 'update',
        key,
        set: { use: 'used', used_at: now.toISOString() },
        condition: { type: 'equals', attribute: 'use', value: 'outstanding' },
      },
    ]);
  } catch (e) {
    if (e instanceof WriteConflictError) return 'replayed';
    throw e;
  }
  if (now.getTime() - Date.parse(state.created_at) > LOGIN_STATE_TTL_SECONDS * 1000) return 'unknown';
  return state;
}
