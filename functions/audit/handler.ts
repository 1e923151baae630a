import { apiHandler } from '../../shared/http/api-handler.js';
import { auditRoutes } from '../../shared/http/routes/audit.js';
import { listEntries, verifyChain } from '../../shared/domain/audit/audit-log.js';

/** The caller's tenant audit chain: verify and list. */
export const handler = apiHandler(auditRoutes, {
  verifyAudit: async (req) => ({ body: await verifyChain(req.services.store, req.principal.tenantId) }),
  listAuditEntries: async (req) => ({ body: await listEntries({ store: req.services.store, cursors: req.cursors }, req.principal.tenantId, req.query) }),
});
