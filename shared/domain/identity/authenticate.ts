import type { Store } from '../../ports/store.js';
import { keys } from '../../store/keys.js';
import { UnauthorizedError, CredentialRevokedError } from '../../errors/domain-errors.js';
import { permissionsOfRoles, type Permission } from '../permissions/matrix.js';
import { secretMatches } from './credential-secret.js';
import { asRecord, type CredentialRecord, type TenantRecord, type UserRecord } from './records.js';

/** Who is calling: resolved from the credential alone, never from anything else in the request. */
export type Principal = {
  tenantId: string;
  userId: string;
  keyId: string;
  isPlatform: boolean;
  permissions: Set<Permission>;
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
 * tenant or user: 1000. Revoked, or rotated past its grace period: 1002.
 */
export async function authenticate(store: Store, authorization: string | undefined, now: Date): Promise<Principal> {
  const parsed = parseBearer(authorization);
  if (!parsed) {
    secretMatches('pqck_none', 'none', undefined);
    throw new UnauthorizedError('missing or malformed Authorization header; expected Bearer <key_id>:<secret>');
  }
  const credential = asRecord<CredentialRecord>(await store.get(keys.credential(parsed.keyId), { consistent: false }));
  if (!secretMatches(parsed.keyId, parsed.secret, credential?.secret_hash) || !credential) {
    throw new UnauthorizedError('invalid credentials');
  }
  if (credential.status === 'revoked') throw new CredentialRevokedError('credential revoked');
  if (credential.status === 'rotated' && (!credential.grace_until || now.getTime() >= Date.parse(credential.grace_until))) {
    throw new CredentialRevokedError('credential rotated and its grace period has ended');
  }
  const [tenantItem, userItem] = await store.getMany([keys.tenant(credential.tenant_id), keys.user(credential.tenant_id, credential.user_id)]);
  const tenant = asRecord<TenantRecord>(tenantItem);
  const user = asRecord<UserRecord>(userItem);
  if (!tenant || tenant.status !== 'active') throw new UnauthorizedError('tenant suspended or unknown');
  if (!user || user.status !== 'active') throw new UnauthorizedError('user suspended or unknown');
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
