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

/**
 * The end of every sign-in, whatever the method: the identity becomes a user (identity-mapping.ts), the user gets a
 * session credential (kind `session`, bearer `<key_id>:<secret>`, secret stored as a hash, `CUSTODY_SSO_SESSION_TTL`),
 * and the browser is sent to `return_to` with the session in the URL fragment, or the caller gets it as JSON. A
 * refusal goes through `refuseSignIn`: one audit entry with its reason, and the catalog error as the answer.
 */
export type SignInDeps = { store: Store; uow: UnitOfWork; now: Date; sessionTtlSeconds: number };

/** Answer of a finished sign-in, in the shape a route returns (`ApiResult`). */
export type SignInAnswer = { status: 200 | 302; headers: Record<string, string>; body?: SessionIssued };
export type SessionIssued = { key_id: string; secret: string; expires_at: string; user: ReturnType<typeof userView> };

/** Headers of every answer that carries a session (or a link to one): never cached, never sent on as a Referer. */
export const SESSION_ANSWER_HEADERS = { 'Cache-Control': 'no-store', Pragma: 'no-cache', 'Referrer-Policy': 'no-referrer' } as const;

export async function completeSignIn(
  deps: SignInDeps,
  input: { connection: SsoConnectionRecord; identity: VerifiedIdentity; returnTo: string | null; extraHeaders?: Record<string, string> },
): Promise<SignInAnswer> {
  const { uow, now } = deps;
  const c = input.connection;
  const mapped = await mapIdentity(deps.store, uow, c, input.identity, now);
  const expiresAt = new Date(now.getTime() + deps.sessionTtlSeconds * 1000).toISOString();
  const { record: session, secret } = newCredentialRecord({ kind: 'session', user: mapped.user, name: `sso:${c.kind}`, status: 'active', expiresAt, now });
  const keyId = session.key_id;
  uow.create(credentialItem(session));
  uow.audit({
    tenantId: c.tenant_id,
    action: 'sso.signed_in',
    resourceType: 'credential',
    resourceId: keyId,
    change: { method: c.kind, user_id: mapped.user.id, email: mapped.user.email, subject: input.identity.subject, role_ids: mapped.user.role_ids, user_created: mapped.created, roles_synced: mapped.rolesSynced, expires_at: expiresAt },
  });
  const headers = { ...SESSION_ANSWER_HEADERS, ...(input.extraHeaders ?? {}) };
  if (input.returnTo) {
    const fragment = new URLSearchParams({ key_id: keyId, secret, expires_at: expiresAt, user_id: mapped.user.id });
    return { status: 302, headers: { ...headers, Location: `${input.returnTo}#${fragment}` } };
  }
  return { status: 200, headers, body: { key_id: keyId, secret, expires_at: expiresAt, user: userView(mapped.user) } };
}

/**
 * A refusal once the sign-in's `return_to` is known (its login state was consumed): the browser goes back there with
 * the error in the URL fragment (`#error=<type>&error_code=<code>&error_description=<message>`, which the console
 * shows) instead of a JSON error page; the refusal is audited all the same.
 */
export function refusalRedirect(returnTo: string, e: SsoRefusalError, extraHeaders: Record<string, string> = {}): SignInAnswer {
  const fragment = new URLSearchParams({ error: e.type, error_code: String(e.code), error_description: e.message });
  return { status: 302, headers: { ...SESSION_ANSWER_HEADERS, ...extraHeaders, Location: `${returnTo}#${fragment}` } };
}

/**
 * Records a refused sign-in (action `sso.sign_in_refused`, the reason and what the provider said of the identity) in
 * the tenant's audit log, when that tenant exists, and returns the error to answer. Nothing else is written.
 */
export async function refuseSignIn(
  deps: Pick<SignInDeps, 'store' | 'uow'>,
  input: { tenantId: string | undefined; kind: SsoKind; error: SsoRefusalError; identity?: Partial<Pick<VerifiedIdentity, 'email' | 'subject'>> },
): Promise<SsoRefusalError> {
  if (input.tenantId && (await deps.store.get(keys.tenant(input.tenantId)))) {
    deps.uow.audit({
      tenantId: input.tenantId,
      action: 'sso.sign_in_refused',
      resourceType: 'sso_connection',
      resourceId: input.kind,
      change: { reason: input.error.reason, code: input.error.code, type: input.error.type, email: input.identity?.email ?? null, subject: input.identity?.subject ?? null },
    });
  }
  return input.error;
}

/** Signs the calling session out (revoked: 401 1002 from now on). An API key is 400 1100: revoke keys with DELETE. */
export async function signOut(ctx: UseCaseContext) {
  const c = ctx.principal.credential;
  if (credentialKind(c) !== 'session') throw new ValidationError('only a session signs out; revoke an API key with DELETE /v1/credentials/{key_id}', { guard: 'not_a_session' });
  const ts = ctx.now.toISOString();
  const revoked: CredentialRecord = { ...c, status: 'revoked', revoked_at: ts, updated_at: ts };
  ctx.uow.replace(credentialItem(revoked));
  ctx.uow.audit({ tenantId: c.tenant_id, action: 'sso.signed_out', resourceType: 'credential', resourceId: c.key_id, change: { user_id: c.user_id, status: 'revoked' } });
  return credentialView({ ...revoked, version: c.version + 1 });
}
