import { credentialItem, tenantItem, userItem, type TenantRecord } from '../../shared/domain/identity/records.js';

/**
 * One stored item of each identity kind every API request's authentication reads (tenant, user, credential), as the
 * service writes them: for the decoder tests and the decode benchmark.
 */
const at = '2026-11-21T10:00:00.000Z';

export const sampleTenantItem = (tenantId: string, over: Partial<TenantRecord> = {}) =>
  tenantItem({
    id: tenantId,
    name: 'Acme',
    status: 'active',
    ip_allowlist: null,
    metadata: {},
    is_platform: false,
    suspended_reason: null,
    notify_email: null,
    suspended_at: null,
    created_at: at,
    updated_at: at,
    version: 1,
    ...over,
  });

export const sampleUserItem = (tenantId: string, userId = 'u-1') =>
  userItem({
    id: userId,
    tenant_id: tenantId,
    email: 'ops@example.com',
    name: 'Ops',
    external_id: null,
    status: 'active',
    role_ids: ['r-1'],
    created_at: at,
    updated_at: at,
    version: 1,
  });

export const sampleCredentialItem = (tenantId: string, userId = 'u-1') =>
  credentialItem({
    key_id: 'k-1',
    kind: 'api_key',
    tenant_id: tenantId,
    user_id: userId,
    name: 'ci',
    status: 'active',
    secret_hash: 'ab'.repeat(32),
    created_at: at,
    updated_at: at,
    last_used_at: null,
    rotated_at: null,
    grace_until: null,
    replaced_by: null,
    revoked_at: null,
    version: 1,
  });
