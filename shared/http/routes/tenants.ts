import { defineRoutes } from '../route.js';
import { CreateTenantBody, SuspendTenantBody, Tenant, TenantCreated, TenantList, TenantListQuery, UpdateTenantBody } from '../../schemas/tenants.js';
import { emptyObject, IdParam } from '../../schemas/common.js';

export const tenantRoutes = defineRoutes({
  createTenant: {
    operationId: 'createTenant', family: 'tenants', method: 'POST', path: '/v1/tenants', tag: 'tenants', auth: 'credential',
    permissions: ['tenants:create'], platformOnly: true,
    summary: 'Create a tenant', description: 'Create a tenant (platform operators) with its first admin (admin_email, required) and that admin\'s credential.',
    body: CreateTenantBody, secretInAnswer: true, success: { status: 201, schema: TenantCreated },
  },
  listTenants: {
    operationId: 'listTenants', family: 'tenants', method: 'GET', path: '/v1/tenants', tag: 'tenants', auth: 'credential',
    permissions: ['tenants:read'], platformOnly: true, summary: 'List tenants', description: 'List tenants (platform operators).',
    query: TenantListQuery, success: { status: 200, schema: TenantList },
  },
  getTenant: {
    operationId: 'getTenant', family: 'tenants', method: 'GET', path: '/v1/tenants/{id}', tag: 'tenants', auth: 'credential',
    permissions: ['tenants:read'], summary: 'Get a tenant', description: 'Get a tenant (its own admin, or a platform operator).',
    params: IdParam, success: { status: 200, schema: Tenant },
  },
  updateTenant: {
    operationId: 'updateTenant', family: 'tenants', method: 'PUT', path: '/v1/tenants/{id}', tag: 'tenants', auth: 'credential',
    permissions: ['tenants:update'], summary: 'Update a tenant', description: 'Update name, ip_allowlist (or ipAllowList) and metadata.',
    params: IdParam, body: UpdateTenantBody, deferrable: true, success: { status: 200, schema: Tenant },
  },
  suspendTenant: {
    operationId: 'suspendTenant', family: 'tenants', method: 'POST', path: '/v1/tenants/{id}/suspend', tag: 'tenants', auth: 'credential',
    permissions: ['tenants:update'], platformOnly: true, summary: 'Suspend a tenant', description: 'Suspend a tenant: its credentials stop working, its transactions stop moving.',
    params: IdParam, body: SuspendTenantBody, success: { status: 200, schema: Tenant },
  },
  reactivateTenant: {
    operationId: 'reactivateTenant', family: 'tenants', method: 'POST', path: '/v1/tenants/{id}/reactivate', tag: 'tenants', auth: 'credential',
    permissions: ['tenants:update'], platformOnly: true, summary: 'Reactivate a tenant', description: 'Reactivate a suspended tenant.',
    params: IdParam, body: emptyObject, success: { status: 200, schema: Tenant },
  },
});
