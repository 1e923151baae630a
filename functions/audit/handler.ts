import '../../shared/app/checkpoint-wiring.js';
import { apiHandler } from '../../shared/http/api-handler.js';
import { auditRoutes } from '../../shared/http/routes/audit.js';
import { entryInclusionProof, listCheckpoints, listEntries, verifyAudit } from '../../shared/domain/audit/audit-log.js';
import { ApiError } from '../../shared/errors/catalog.js';

/** The caller's tenant audit trail: verify, list entries and checkpoints, the checkpoint key. */
export const handler = apiHandler(auditRoutes, {
  verifyAudit: async (req) => {
    const s = req.services;
    return { body: await verifyAudit(s.store, await s.checkpointSigner.publicKey(), req.principal.tenantId, s.clock.now(), s.config.CUSTODY_AUDIT_LAG_SECONDS) };
  },
  listAuditEntries: async (req) => ({ body: await listEntries({ store: req.services.store, cursors: req.cursors }, req.principal.tenantId, req.query) }),
  auditEntryProof: async (req) => {
    const proof = await entryInclusionProof(req.services.store, req.principal.tenantId, req.params.id);
    if (proof === 'not_found') throw new ApiError('NOT_FOUND', 'audit entry not found');
    if (proof === 'not_sequenced') {
      const lag = req.services.config.CUSTODY_AUDIT_LAG_SECONDS;
      throw new ApiError('NOT_FOUND', 'audit entry is not in a checkpoint yet: retry after the sequencer\'s lag', { retry_after_seconds: lag }, { 'Retry-After': String(lag) });
    }
    return { body: proof };
  },
  listAuditCheckpoints: async (req) => ({ body: await listCheckpoints({ store: req.services.store, cursors: req.cursors }, req.principal.tenantId, req.query) }),
  auditPublicKey: async (req) => ({ body: await req.services.checkpointSigner.publicKey() }),
});
