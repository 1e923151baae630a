import type { Store } from '../../ports/store.js';
import { keys } from '../../store/keys.js';
import { accessPatterns } from '../../store/access-patterns.js';
import { NotFoundError, ValidationError } from '../../errors/domain-errors.js';
import type { UnitOfWork } from '../unit-of-work.js';
import type { UseCaseContext } from '../context.js';
import { listPage, type PageRequest } from '../pagination.js';
import { hashSecret, newKeyId, newSecret } from './credential-secret.js';
import { asRecord, credentialItem, credentialKind, type CredentialRecord, type UserRecord } from './records.js';
import { loadUser } from './users.js';

/** A credential as the API shows it: never the secret, never its hash. */
export function credentialView(c: CredentialRecord) {
  return {
    key_id: c.key_id,
    kind: credentialKind(c),
    user_id: c.user_id,
    name: c.name,
    status: c.status,
    created_at: c.created_at,
    updated_at: c.updated_at,
    last_used_at: c.last_used_at,
    rotated_at: c.rotated_at,
    grace_until: c.grace_until,
    replaced_by: c.replaced_by,
    revoked_at: c.revoked_at,
    expires_at: c.expires_at ?? null,
  };
}

/**
 * A new credential record and its secret (shown once; only its hash is kept): the one shape of every credential,
 * an API key (`api_key`, no expiry, `provisioned` until first used) or an SSO session (`session`, active, expiring).
 */
export function newCredentialRecord(p: { kind: CredentialRecord['kind']; user: Pick<UserRecord, 'id' | 'tenant_id'>; name: string; status: CredentialRecord['status']; expiresAt: string | null; now: Date }) {
  const keyId = newKeyId();
  const secret = newSecret();
  const ts = p.now.toISOString();
  const record: CredentialRecord = {
    key_id: keyId,
    kind: p.kind,
    expires_at: p.expiresAt,
    tenant_id: p.user.tenant_id,
    user_id: p.user.id,
    name: p.name,
    status: p.status,
    secret_hash: hashSecret(keyId, secret),
    created_at: ts,
    updated_at: ts,
    last_used_at: null,
    rotated_at: null,
    grace_until: null,
    replaced_by: null,
    revoked_at: null,
    version: 1,
  };
  return { record, secret };
}

/** Stages a new API key for a user; the secret is returned here once and only its hash is stored. */
export function stageNewCredential(uow: UnitOfWork, user: Pick<UserRecord, 'id' | 'tenant_id'>, name: string, now: Date) {
  const { record, secret } = newCredentialRecord({ kind: 'api_key', user, name, status: 'provisioned', expiresAt: null, now });
  const keyId = record.key_id;
  uow.create(credentialItem(record));
  uow.audit({ tenantId: user.tenant_id, action: 'credential.created', resourceType: 'credential', resourceId: keyId, change: { user_id: user.id, name } });
  return { record, secret };
}

/** The SSO requirement (docs/sso.md): a user marked `sso_only` is a person who signs in, never the holder of an API key. */
function refuseKeysForSsoOnly(user: Pick<UserRecord, 'sso_only'>) {
  if (user.sso_only) throw new ValidationError('the user must sign in with single sign-on (sso_only); API keys cannot be issued to it', { guard: 'sso_only' });
}

/** A credential of the caller's tenant, or 404 (another tenant's key id reveals nothing). */
async function loadCredential(store: Store, tenantId: string, keyId: string) {
  const c = asRecord<CredentialRecord>(await store.get(keys.credential(keyId)));
  if (!c || c.tenant_id !== tenantId) throw new NotFoundError('credential');
  return c;
}

export async function createCredential(ctx: UseCaseContext, input: { user_id: string; name: string }) {
  const user = await loadUser(ctx.store, ctx.principal.tenantId, input.user_id);
  if (user.status !== 'active') throw new ValidationError('user is suspended');
  refuseKeysForSsoOnly(user);
  const { record, secret } = stageNewCredential(ctx.uow, user, input.name, ctx.now);
  return { ...credentialView(record), secret };
}

export async function listCredentials(ctx: Pick<UseCaseContext, 'store' | 'principal' | 'cursors'>, page: PageRequest & { user_id?: string }) {
  const tenantId = ctx.principal.tenantId;
  const out = await listPage(
    ctx,
    { name: 'credentials', filters: { user_id: page.user_id }, pattern: accessPatterns.credentialsOfTenant(tenantId), newestFirst: true },
    page,
    (item) => !page.user_id || item.user_id === page.user_id,
  );
  return { credentials: out.items.map((i) => credentialView(asRecord<CredentialRecord>(i)!)), next_cursor: out.next_cursor };
}

/**
 * Rotation: a new credential for the same user, and the old one Rotated until the grace period ends (0 ends it at
 * once). Both are written in one change.
 */
export async function rotateCredential(
  ctx: UseCaseContext,
  input: { key_id: string; grace_period_seconds?: number; name?: string },
  grace: { defaultSeconds: number; maxSeconds: number },
) {
  const graceSeconds = input.grace_period_seconds ?? grace.defaultSeconds;
  if (graceSeconds > grace.maxSeconds) throw new ValidationError(`grace_period_seconds may be at most ${grace.maxSeconds}`);
  const old = await loadCredential(ctx.store, ctx.principal.tenantId, input.key_id);
  if (old.status === 'revoked' || old.status === 'rotated') throw new ValidationError(`credential is already ${old.status}`);
  if (credentialKind(old) === 'session') throw new ValidationError('a session cannot be rotated; sign in again', { guard: 'session' });
  const user = await loadUser(ctx.store, old.tenant_id, old.user_id);
  refuseKeysForSsoOnly(user);
  const { record, secret } = stageNewCredential(ctx.uow, user, input.name ?? old.name, ctx.now);
  const ts = ctx.now.toISOString();
  const graceUntil = new Date(ctx.now.getTime() + graceSeconds * 1000).toISOString();
  const rotated: CredentialRecord = { ...old, status: 'rotated', rotated_at: ts, grace_until: graceUntil, replaced_by: record.key_id, updated_at: ts };
  ctx.uow.replace(credentialItem(rotated));
  ctx.uow.audit({ tenantId: old.tenant_id, action: 'credential.rotated', resourceType: 'credential', resourceId: old.key_id, change: { replaced_by: record.key_id, grace_until: graceUntil } });
  return { ...credentialView(record), secret, rotated: credentialView({ ...rotated, version: old.version + 1 }) };
}

/**
 * A provisioned credential becomes active on its first use: a write guarded by its version, outside any unit of work
 * (authentication is not a change the caller asked for, so it is not audited). Losing a race to another first use is
 * fine: the other request made the same change.
 */
export async function markCredentialUsed(store: Store, c: CredentialRecord, now: Date): Promise<void> {
  if (c.status !== 'provisioned') return;
  const ts = now.toISOString();
  await store
    .write([{ op: 'put', item: credentialItem({ ...c, status: 'active', last_used_at: ts, updated_at: ts, version: c.version + 1 }), condition: { type: 'version', version: c.version } }])
    .catch(() => undefined);
}

export async function revokeCredential(ctx: UseCaseContext, keyId: string) {
  const c = await loadCredential(ctx.store, ctx.principal.tenantId, keyId);
  if (c.status === 'revoked') return credentialView(c);
  const ts = ctx.now.toISOString();
  const revoked: CredentialRecord = { ...c, status: 'revoked', revoked_at: ts, updated_at: ts };
  ctx.uow.replace(credentialItem(revoked));
  ctx.uow.audit({ tenantId: c.tenant_id, action: 'credential.revoked', resourceType: 'credential', resourceId: keyId, change: { status: 'revoked' } });
  return credentialView({ ...revoked, version: c.version + 1 });
}
