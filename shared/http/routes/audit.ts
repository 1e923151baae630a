import { defineRoutes } from '../route.js';
import { AuditEntriesQuery, AuditEntryList, AuditVerify } from '../../schemas/identity.js';

export const auditRoutes = defineRoutes({
  verifyAudit: {
    operationId: 'verifyAudit', family: 'audit', method: 'GET', path: '/v1/audit/verify', tag: 'audit', auth: 'credential',
    permissions: ['audit:read'], summary: 'Recompute the tenant\'s audit hash chain and report the first broken entry',
    success: { status: 200, schema: AuditVerify },
  },
  listAuditEntries: {
    operationId: 'listAuditEntries', family: 'audit', method: 'GET', path: '/v1/audit/entries', tag: 'audit', auth: 'credential',
    permissions: ['audit:read'], summary: 'List audit entries in sequence order (order=desc for newest first)',
    query: AuditEntriesQuery, success: { status: 200, schema: AuditEntryList },
  },
});
