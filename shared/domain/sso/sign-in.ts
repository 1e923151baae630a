import type { Store } from '../../ports/store.js';
import { keys } from '../../store/keys.js';
import type { UnitOfWork } from '../unit-of-work.js';
import type { UseCaseContext } from '../context.js';
import { ValidationError } from '../../errors/domain-errors.js';
import { credentialItem, credentialKind, type CredentialRecord } from '../identity/records.js';
import { userView } from '../identity/users.js';
import { credentialView, newCredentialRecord } from '../identity/credentials.js';
import type { SsoConnectionRecord, SsoKind } from './connections.js';
import { mapIdentity, type VerifiedIdentity } from './identity-mapping.js';
import { SsoRefusalError } from './refusals.js';
import { redeemHandoff, stageHandoff, type HandoffRedemption } from './handoff.js';

/**
 * The end of every sign-in, whatever the method: the identity becomes a user (identity-mapping.ts), then
 * - in a browser (the sign-in named a `return_to`): a one-time code (handoff.ts) and a 302 to `return_to` with
 *   `#code=...` (and the `client_state` the page sent, echoed), the code bound to this browser; the page redeems it by
 *   `POST /v1/sso/session`. No credential is ever put in a URL;
 * - otherwise the caller gets the session as JSON (kind `session`, bearer `<key_id>:<secret>`, secret stored as a
 *   hash, `CUSTODY_SSO_SESSION_TTL`).
 * A refusal goes through `refuseSignIn`: one audit entry with its reason, and the catalog error as the answer.
 */
export type SignInDeps = { store: Store; uow: UnitOfWork; now: Date; sessionTtlSeconds: number };

/** Answer of a finished sign-in, in the shape a route returns (`ApiResult`). */
export type SignInAnswer = { status: 200 | 302; headers: Record<string, string>; body?: SessionIssued };
export type SessionIssued = { key_id: string; secret: string; expires_at: string; user: ReturnType<typeof userView> };

/** Headers of every answer that carries a session (or a link to one): never cached, never sent on as a Referer. */
export const SESSION_ANSWER_HEADERS = {
  'Cache-Control': 'no-store',
  Pragma: 'no-cache',
  'Referrer-Policy': 'no-referrer',
} as const;

/** Where a browser sign-in goes back to, and what it carries back (from its login state). */
export type SignInReturn = {
  returnTo: string | null;
  clientState: string | null;
  codeChallenge: string | null;
  baseUrl: string;
};

export async function completeSignIn(
  deps: SignInDeps,
  input: {
    connection: SsoConnectionRecord;
    identity: VerifiedIdentity;
    back: SignInReturn;
    extraHeaders?: Record<string, string>;
  },
): Promise<SignInAnswer> {
  const { uow, now } = deps;
  const c = input.connection;
  const mapped = await mapIdentity(deps.store, uow, c, input.identity, now);
  const signIn = { subject: input.identity.subject, user_created: mapped.created, roles_synced: mapped.rolesSynced };
  const { returnTo, clientState } = input.back;
  if (returnTo) {
    const { code, cookie } = stageHandoff(
      uow,
      {
        tenantId: c.tenant_id,
        userId: mapped.user.id,
        method: c.kind,
        signIn,
        codeChallenge: input.back.codeChallenge,
        baseUrl: input.back.baseUrl,
      },
      now,
    );
    const fragment = new URLSearchParams({ code, ...(clientState ? { client_state: clientState } : {}) });
    return {
      status: 302,
      headers: {
        ...SESSION_ANSWER_HEADERS,
        ...(input.extraHeaders ?? {}),
        'Set-Cookie': cookie,
        Location: `${returnTo}#${fragment}`,
      },
    };
  }
  const expiresAt = new Date(now.getTime() + deps.sessionTtlSeconds * 1000).toISOString();
  const { record: session, secret } = newCredentialRecord({
    kind: 'session',
    user: mapped.user,
    name: `sso:${c.kind}`,
    status: 'active',
    expiresAt,
    now,
  });
  const keyId = session.key_id;
  uow.create(credentialItem(session));
  uow.audit({
    tenantId: c.tenant_id,
    action: 'sso.signed_in',
    resourceType: 'credential',
    resourceId: keyId,
    change: {
      method: c.kind,
      user_id: mapped.user.id,
      email: mapped.user.email,
      role_ids: mapped.user.role_ids,
      ...signIn,
      expires_at: expiresAt,
    },
  });
  const headers = { ...SESSION_ANSWER_HEADERS, ...(input.extraHeaders ?? {}) };
  return { status: 200, headers, body: { key_id: keyId, secret, expires_at: expiresAt, user: userView(mapped.user) } };
}

/**
 * A refusal once the sign-in's `return_to` is known (its login state was consumed): the browser goes back there with
 * the error in the URL fragment (`#error=<type>&error_code=<code>&error_description=<message>`, and the page's
 * `client_state`, which the console shows) instead of a JSON error page; the refusal is audited all the same.
 */
export function refusalRedirect(
  back: Pick<SignInReturn, 'returnTo' | 'clientState'> & { returnTo: string },
  e: SsoRefusalError,
  extraHeaders: Record<string, string> = {},
): SignInAnswer {
  const fragment = new URLSearchParams({
    error: e.type,
    error_code: String(e.code),
    error_description: e.message,
    ...(back.clientState ? { client_state: back.clientState } : {}),
  });
  return {
    status: 302,
    headers: { ...SESSION_ANSWER_HEADERS, ...extraHeaders, Location: `${back.returnTo}#${fragment}` },
  };
}

/**
 * `POST /v1/sso/session`: a browser's one-time code (handoff.ts) for its session, as JSON. A refusal is audited in the
 * tenant the code names (`sso.sign_in_refused`, reason `code_unknown`, `code_used`, `code_expired`,
 * `browser_mismatch`) and answered 401 1011 (1016 for a user or tenant suspended since the sign-in).
 */
export async function exchangeSignInCode(
  deps: SignInDeps,
  input: { code: string; codeVerifier?: string; cookies: Record<string, string>; baseUrl: string },
): Promise<SignInAnswer | { error: SsoRefusalError }> {
  const where: HandoffRedemption = { tenantId: undefined, method: undefined };
  try {
    const { session, clearCookie } = await redeemHandoff(deps, input, where);
    return { status: 200, headers: { ...SESSION_ANSWER_HEADERS, 'Set-Cookie': clearCookie }, body: session };
  } catch (e) {
    if (!(e instanceof SsoRefusalError)) throw e;
    return { error: await refuseSignIn(deps, { tenantId: where.tenantId, kind: where.method ?? 'session', error: e }) };
  }
}

/**
 * Records a refused sign-in (action `sso.sign_in_refused`, the reason and what the provider said of the identity) in
 * the tenant's audit log, when that tenant exists, and returns the error to answer. Nothing else is written.
 */
export async function refuseSignIn(
  deps: Pick<SignInDeps, 'store' | 'uow'>,
  input: {
    tenantId: string | undefined;
    kind: SsoKind | 'session';
    error: SsoRefusalError;
    identity?: Partial<Pick<VerifiedIdentity, 'email' | 'subject'>>;
  },
): Promise<SsoRefusalError> {
  if (input.tenantId && (await deps.store.get(keys.tenant(input.tenantId)))) {
    deps.uow.audit({
      tenantId: input.tenantId,
      action: 'sso.sign_in_refused',
      resourceType: 'sso_connection',
      resourceId: input.kind,
      change: {
        reason: input.error.reason,
        code: input.error.code,
        type: input.error.type,
        email: input.identity?.email ?? null,
        subject: input.identity?.subject ?? null,
      },
    });
  }
  return input.error;
}

/** Signs the calling session out (revoked: 401 1002 from now on). An API key is 400 1100: revoke keys with DELETE. */
export async function signOut(ctx: UseCaseContext) {
  const c = ctx.principal.credential;
  if (credentialKind(c) !== 'session')
    throw new ValidationError('only a session signs out; revoke an API key with DELETE /v1/credentials/{key_id}', {
      guard: 'not_a_session',
    });
  const ts = ctx.now.toISOString();
  const revoked: CredentialRecord = { ...c, status: 'revoked', revoked_at: ts, updated_at: ts };
  ctx.uow.replace(credentialItem(revoked));
  ctx.uow.audit({
    tenantId: c.tenant_id,
    action: 'sso.signed_out',
    resourceType: 'credential',
    resourceId: c.key_id,
    change: { user_id: c.user_id, status: 'revoked' },
  });
  return credentialView({ ...revoked, version: c.version + 1 });
}
