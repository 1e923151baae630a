import type { Item, Store } from '../../ports/store.js';
import { keys, type Key } from '../../store/keys.js';
import { UnauthorizedError, CredentialRevokedError } from '../../errors/domain-errors.js';
import { ApiError } from '../../errors/catalog.js';
import { permissionsOfRoles, type Permission } from '../permissions/matrix.js';
import { secretMatches } from './credential-secret.js';
import { credentialOwners, type CredentialOwners } from './credential-owners.js';
import {
  credentialKind,
  decodeCredential,
  decodeTenant,
  decodeUser,
  type CredentialRecord,
  type TenantRecord,
  type UserRecord,
} from './records.js';

/** Who is calling: resolved from the credential alone, never from anything else in the request. */
export type Principal = {
  tenantId: string;
  userId: string;
  keyId: string;
  isPlatform: boolean;
  permissions: ReadonlySet<Permission>;
  tenant: TenantRecord;
  user: UserRecord;
  credential: CredentialRecord;
};

/** Splits `Bearer <key_id>:<secret>` (the scheme in any case, RFC 7235 section 2.1); anything else is undefined. */
export function parseBearer(header: string | undefined): { keyId: string; secret: string } | undefined {
  if (!header) return undefined;
  const m = /^Bearer +([^\s:]{1,128}):([^\s:]{1,256})$/i.exec(header.trim());
  return m ? { keyId: m[1]!, secret: m[2]! } : undefined;
}

/**
 * Interface section 5: look the key id up (one read), compare the secret's hash in constant time (spending the same
 * work when the key is unknown), then resolve tenant and user. Unknown key, bad secret, malformed header, suspended
 * tenant or user: 1000. Revoked (a session signed out), or rotated past its grace period: 1002. A session past its
 * expiry: 1004. An API key of a user who must use single sign-on (`sso_only`): 1005.
 */
export async function authenticate(store: Store, authorization: string | undefined, now: Date): Promise<Principal> {
  return (await authenticateAndRead(store, authorization, now)).principal;
}

/**
 * `authenticate`, reading `alsoRead(tenantId)` (items of the caller's tenant the request needs next, such as its
 * idempotency record) in the same batch as the tenant and the user: the request saves a round trip. The items are
 * answered in the order asked (undefined where missing), and only to an authenticated caller.
 *
 * A key id this container authenticated before (`owners`, credential-owners.ts: key id -> tenant and user, which never
 * change) is read in ONE batch with its tenant, its user and those items, and then checked exactly as below, on what
 * that batch read (consistently). A credential read that no longer names the tenant and user kept (deleted, or
 * another owner) drops the entry and takes the long path; so does every key id not kept: the credential first (one
 * read, the same secret comparison work whether or not it exists), then its tenant and user with the items.
 */
export async function authenticateAndRead(
  store: Store,
  authorization: string | undefined,
  now: Date,
  alsoRead: (tenantId: string) => Key[] = () => [],
  owners: CredentialOwners = credentialOwners,
): Promise<{ principal: Principal; also: (Item | undefined)[] }> {
  const parsed = parseBearer(authorization);
  if (!parsed) {
    secretMatches('pqck_none', 'none', undefined);
    throw new UnauthorizedError('missing or malformed Authorization header; expected Bearer <key_id>:<secret>');
  }
  const owner = owners.get(parsed.keyId);
  if (owner) {
    const [credentialItem, tenantItem, userItem, ...also] = await store.getMany([
      keys.credential(parsed.keyId),
      keys.tenant(owner.tenantId),
      keys.user(owner.tenantId, owner.userId),
      ...alsoRead(owner.tenantId),
    ]);
    const credential = decodeCredential(credentialItem);
    const sameOwner = credential?.tenant_id === owner.tenantId && credential.user_id === owner.userId;
    if (!sameOwner) owners.forget(parsed.keyId);
    if (!credential || sameOwner) {
      checkCredential(parsed, credential, now);
      return { principal: resolve(credential, tenantItem, userItem, now), also };
    }
  }
  const credential = decodeCredential(await store.get(keys.credential(parsed.keyId), { consistent: false }));
  checkCredential(parsed, credential, now);
  const [tenantItem, userItem, ...also] = await store.getMany([
    keys.tenant(credential.tenant_id),
    keys.user(credential.tenant_id, credential.user_id),
    ...alsoRead(credential.tenant_id),
  ]);
  const principal = resolve(credential, tenantItem, userItem, now);
  owners.learn(parsed.keyId, { tenantId: principal.tenantId, userId: principal.userId });
  return { principal, also };
}

/** The secret (compared in constant time, with the same work when the credential is missing), revocation and rotation. */
function checkCredential(
  parsed: { keyId: string; secret: string },
  credential: CredentialRecord | undefined,
  now: Date,
): asserts credential is CredentialRecord {
  if (!secretMatches(parsed.keyId, parsed.secret, credential?.secret_hash) || !credential) {
    throw new UnauthorizedError('invalid credentials');
  }
  if (credential.status === 'revoked') throw new CredentialRevokedError('credential revoked');
  if (
    credential.status === 'rotated' &&
    (!credential.grace_until || now.getTime() >= Date.parse(credential.grace_until))
  ) {
    throw new CredentialRevokedError('credential rotated and its grace period has ended');
  }
}

/** Tenant and user status, session expiry, `sso_only`: the principal of a credential that passed `checkCredential`. */
function resolve(
  credential: CredentialRecord,
  tenantItem: Item | undefined,
  userItem: Item | undefined,
  now: Date,
): Principal {
  const tenant = decodeTenant(tenantItem);
  const user = decodeUser(userItem);
  if (!tenant || tenant.status !== 'active') throw new UnauthorizedError('tenant suspended or unknown');
  if (!user || user.status !== 'active') throw new UnauthorizedError('user suspended or unknown');
  const kind = credentialKind(credential);
  if (kind === 'session' && (!credential.expires_at || now.getTime() >= Date.parse(credential.expires_at))) {
    throw new ApiError('SESSION_EXPIRED', 'session expired; sign in again');
  }
  if (kind === 'api_key' && user.sso_only)
    throw new ApiError('SSO_REQUIRED', 'this user must sign in with single sign-on; API keys of the user are refused');
  return {
    tenantId: tenant.id,
    userId: user.id,
    keyId: credential.key_id,
    isPlatform: tenant.is_platform,
    permissions: permissionsOfRoles(user.role_ids),
    tenant,
    user,
    credential,
  };
}
