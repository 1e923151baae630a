import { keys } from '../../store/keys.js';
import { DuplicateExternalIdError } from '../../errors/domain-errors.js';
import type { UnitOfWork } from '../unit-of-work.js';
import { newId } from '../ids.js';
import { userItem, type UserRecord } from './records.js';

/**
 * Stages a new user with its uniqueness guards (email, and external id when given, unique in the tenant). Used by
 * tenant bootstrap here and by the users API.
 */
export function stageNewUser(
  uow: UnitOfWork,
  input: { tenantId: string; email: string; name: string; externalId?: string | null; roleIds: string[] },
  now: Date,
): UserRecord {
  const ts = now.toISOString();
  const user: UserRecord = {
    id: newId(),
    tenant_id: input.tenantId,
    email: input.email.toLowerCase(),
    name: input.name,
    external_id: input.externalId ?? null,
    status: 'active',
    role_ids: input.roleIds,
    created_at: ts,
    updated_at: ts,
    version: 1,
  };
  uow.create(userItem(user));
  uow.create({ ...keys.userEmail(user.tenant_id, user.email), entity: 'constraint', user_id: user.id }, () => new DuplicateExternalIdError('a user with this email exists in the tenant'));
  if (user.external_id) {
    uow.create({ ...keys.userExternalId(user.tenant_id, user.external_id), entity: 'constraint', user_id: user.id }, () => new DuplicateExternalIdError());
  }
  uow.audit({ tenantId: user.tenant_id, action: 'user.created', resourceType: 'user', resourceId: user.id, change: { email: user.email, name: user.name, role_ids: user.role_ids } });
  return user;
}
