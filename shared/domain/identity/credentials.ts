import type { Store } from '../../ports/store.js';
import { keys } from '../../store/keys.js';
import { accessPatterns } from '../../store/access-patterns.js';
import { NotFoundError, ValidationError } from '../../errors/domain-errors.js';
import type { UnitOfWork } from '../unit-of-work.js';
import type { UseCaseContext } from '../context.js';
import { listPage, type PageRequest } from '../pagination.js';
import { hashSecret, newKeyId, newSecret } from './credential-secret.js';
import { decodeCredential, credentialItem, credentialKind, type CredentialRecord, type UserRecord } from './records.js';
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
 * A new key id and secret, and the secret's hash (what is stored): the secret is shown once, to whoever asked for the
 * credential, and kept nowhere. A credential held for the governance quorum keeps only the key id and the hash in its
 * pending change.
 */
export function newCredentialMaterial() {
  const key_id = newKeyId();
  const secret = newSecret();
  return { key_id, secret, secret_hash: hashSecret(key_id, secret) };
}
export type CredentialMaterial = { key_id: string; secret_hash: string };

type NewCredential = {
  kind: CredentialRecord['kind'];
  user: Pick<UserRecord, 'id' | 'tenant_id'>;
  name: string;
  status: CredentialRecord['status'];
  expiresAt: string | null;
  now: Date;
};

function credentialRecord(p: NewCredential, m: CredentialMaterial): CredentialRecord {
  const ts = p.now.toISOString();
  return {
    key_id: m.key_id,
    kind: p.kind,
    expires_at: p.expiresAt,
    tenant_id: p.user.tenant_id,
    user_id: p.user.id,
    name: p.name,
    status: p.status,
    secret_hash: m.secret_hash,
    created_at: ts,
    updated_at: ts,
    last_used_at: null,
    rotated_at: null,
    grace_until: null,
    replaced_by: null,
    revoked_at: null,
    version: 1,
  };
}

/**
 * A new credential record and its secret (shown once; only its hash is kept): the one shape of every credential,
 * an API key (`api_key`, no expiry, `provisioned` until first used) or an SSO session (`session`, active, expiring).
 */
export function newCredentialRecord(p: NewCredential) {
  const m = newCredentialMaterial();
  return { record: credentialRecord(p, m), secret: m.secret };
}

function stageCredential(uow: UnitOfWork, record: CredentialRecord) {
  uow.create(credentialItem(record));
  uow.audit({
    tenantId: record.tenant_id,
    action: 'credential.created',
    resourceType: 'credential',
    resourceId: record.key_id,
    change: { user_id: record.user_id, name: record.name },
  });
}

/** Stages a new API key for a user; the secret is returned here once and only its hash is stored. */
export function stageNewCredential(
  uow: UnitOfWork,
  user: Pick<UserRecord, 'id' | 'tenant_id'>,
  name: string,
  now: Date,
) {
  const { record, secret } = newCredentialRecord({
    kind: 'api_key',
    user,
    name,
    status: 'provisioned',
    expiresAt: null,
    now,
  });
  stageCredential(uow, record);
  return { record, secret };
}

/** The SSO requirement (docs/sso.md): a user marked `sso_only` is a person who signs in, never the holder of an API key. */
function refuseKeysForSsoOnly(user: Pick<UserRecord, 'sso_only'>) {
  if (user.sso_only)
    throw new ValidationError('the user must sign in with single sign-on (sso_only); API keys cannot be issued to it', {
      guard: 'sso_only',
    });
}

/** A credential of the caller's tenant, or 404 (another tenant's key id reveals nothing). */
async function loadCredential(store: Store, tenantId: string, keyId: string) {
  const c = decodeCredential(await store.get(keys.credential(keyId)));
  if (!c || c.tenant_id !== tenantId) throw new NotFoundError('credential');
  return c;
}

export type CreateCredentialInput = { user_id: string; name: string };

/**
 * `POST /v1/credentials` with its key material made by the caller: the route makes it before the operation may wait
 * for the governance quorum, so the requester is shown the secret once, and the credential exists (with that hash)
 * only once the change applies.
 */
export async function createCredentialFrom(
  ctx: UseCaseContext,
  input: CreateCredentialInput,
  material: CredentialMaterial,
) {
  const user = await loadUser(ctx.store, ctx.principal.tenantId, input.user_id);
  if (user.status !== 'active') throw new ValidationError('user is suspended');
  refuseKeysForSsoOnly(user);
  const record = credentialRecord(
    { kind: 'api_key', user, name: input.name, status: 'provisioned', expiresAt: null, now: ctx.now },
    material,
  );
  stageCredential(ctx.uow, record);
  return credentialView(record);
}

export async function listCredentials(
  ctx: Pick<UseCaseContext, 'store' | 'principal' | 'cursors'>,
  page: PageRequest & { user_id?: string },
) {
  const tenantId = ctx.principal.tenantId;
  const out = await listPage(
    ctx,
    {
      name: 'credentials',
      filters: { user_id: page.user_id },
      pattern: accessPatterns.credentialsOfTenant(tenantId),
      newestFirst: true,
    },
    page,
    (item) => !page.user_id || item.user_id === page.user_id,
  );
  return {
    credentials: out.items.map((i) => credentialView(decodeCredential(i))),
    next_cursor: out.next_cursor,
  };
}

export type RotateCredentialInput = { key_id: string; grace_period_seconds?: number; name?: string };
export type GraceLimits = { defaultSeconds: number; maxSeconds: number };

/** The user a credential of the caller's tenant belongs to (404 for an unknown key id or another tenant's). */
export async function credentialOwner(ctx: Pick<UseCaseContext, 'store' | 'principal'>, keyId: string) {
  const c = await loadCredential(ctx.store, ctx.principal.tenantId, keyId);
  return { user_id: c.user_id };
}

/**
 * Rotation: a new credential for the same user, and the old one Rotated until the grace period ends (0 ends it at
 * once). Both are written in one change. The new key material is made by the caller (the route), as for a creation.
 */
export async function rotateCredentialFrom(
  ctx: UseCaseContext,
  input: RotateCredentialInput,
  grace: GraceLimits,
  material: CredentialMaterial,
) {
  const graceSeconds = input.grace_period_seconds ?? grace.defaultSeconds;
  if (graceSeconds > grace.maxSeconds)
    throw new ValidationError(`grace_period_seconds may be at most ${grace.maxSeconds}`);
  const old = await loadCredential(ctx.store, ctx.principal.tenantId, input.key_id);
  if (old.status === 'revoked' || old.status === 'rotated')
    throw new ValidationError(`credential is already ${old.status}`);
  if (credentialKind(old) === 'session')
    throw new ValidationError('a session cannot be rotated; sign in again', { guard: 'session' });
  const user = await loadUser(ctx.store, old.tenant_id, old.user_id);
  refuseKeysForSsoOnly(user);
  const record = credentialRecord(
    { kind: 'api_key', user, name: input.name ?? old.name, status: 'provisioned', expiresAt: null, now: ctx.now },
    material,
  );
  stageCredential(ctx.uow, record);
  const ts = ctx.now.toISOString();
  const graceUntil = new Date(ctx.now.getTime() + graceSeconds * 1000).toISOString();
  const rotated: CredentialRecord = {
    ...old,
    status: 'rotated',
    rotated_at: ts,
    grace_until: graceUntil,
    replaced_by: record.key_id,
    updated_at: ts,
  };
  ctx.uow.replace(credentialItem(rotated));
  ctx.uow.audit({
    tenantId: old.tenant_id,
    action: 'credential.rotated',
    resourceType: 'credential',
    resourceId: old.key_id,
    change: { replaced_by: record.key_id, grace_until: graceUntil },
  });
  return { ...credentialView(record), rotated: credentialView({ ...rotated, version: old.version + 1 }) };
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
    .write([
      {
        op: 'put',
        item: credentialItem({ ...c, status: 'active', last_used_at: ts, updated_at: ts, version: c.version + 1 }),
        condition: { type: 'version', version: c.version },
      },
    ])
    .catch(() => undefined);
}

export async function revokeCredential(ctx: UseCaseContext, keyId: string) {
  const c = await loadCredential(ctx.store, ctx.principal.tenantId, keyId);
  if (c.status === 'revoked') return credentialView(c);
  const ts = ctx.now.toISOString();
  const revoked: CredentialRecord = { ...c, status: 'revoked', revoked_at: ts, updated_at: ts };
  ctx.uow.replace(credentialItem(revoked));
  ctx.uow.audit({
    tenantId: c.tenant_id,
    action: 'credential.revoked',
    resourceType: 'credential',
    resourceId: keyId,
    change: { status: 'revoked' },
  });
  return credentialView({ ...revoked, version: c.version + 1 });
}
