import { apiHandler } from '../../shared/http/api-handler.js';
import { auditRoutes } from '../../shared/http/routes/audit.js';
import { listCheckpoints, listEntries, verifyAudit } from '../../shared/domain/audit/audit-log.js';

/** The caller's tenant audit trail: verify, list entries and checkpoints, the checkpoint key. */
export const handler = apiHandler(auditRoutes, {
  verifyAudit: async (req) => {
    const s = req.services;
    return { body: await verifyAudit(s.store, await s.checkpointSigner.publicKey(), req.principal.tenantId, s.clock.now(), s.config.CUSTODY_AUDIT_LAG_SECONDS) };
  },
  listAuditEntries: async (req) => ({ body: await listEntries({ store: req.services.store, cursors: req.cursors }, req.principal.tenantId, req.query) }),
  listAuditCheckpoints: async (req) => ({ body: await listCheckpoints({ store: req.services.store, cursors: req.cursors }, req.principal.tenantId, req.query) }),
  auditPublicKey: async (req) => ({ body: await req.services.checkpointSigner.publicKey() }),
});
