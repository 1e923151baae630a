import { API_PORTS } from '../../shared/composition/api.js';
import { lazyDeps, type DepsOf } from '../../shared/composition/deps.js';
import { checkpointKey } from '../../shared/composition/checkpoint-signer.js';
import { apiHandler } from '../../shared/http/api-handler.js';
import { auditRoutes } from '../../shared/http/routes/audit.js';
import {
  addCosignature,
  entryInclusionProof,
  latestCheckpointNote,
  listCheckpoints,
  listEntries,
  logConsistencyProof,
  tenantLogKey,
  verifyAudit,
} from '../../shared/domain/audit/audit-log.js';
import { LOG_SIGNATURE_TYPE, verifierKey } from '../../shared/domain/audit/checkpoints.js';
import { ApiError } from '../../shared/errors/catalog.js';

/** The caller's tenant audit trail: verify, list entries and checkpoints, the checkpoint key. */
export const ports = { ...API_PORTS, checkpointKey };

export const makeHandler = (deps: DepsOf<typeof ports>) =>
  apiHandler(
    auditRoutes,
    {
      verifyAudit: async (req) => {
        const s = req.deps;
        return {
          body: await verifyAudit(
            s,
            await s.checkpointKey.publicKey(),
            req.principal.tenantId,
            s.clock.now(),
            s.config.CUSTODY_AUDIT_LAG_SECONDS,
          ),
        };
      },
      listAuditEntries: async (req) => ({
        body: await listEntries({ store: req.deps.store, cursors: req.cursors }, req.principal.tenantId, req.query),
      }),
      auditEntryProof: async (req) => {
        const proof = await entryInclusionProof(req.deps.store, req.principal.tenantId, req.params.id);
        if (proof === 'not_found') throw new ApiError('NOT_FOUND', 'audit entry not found');
        if (proof === 'not_sequenced') {
          const lag = req.deps.config.CUSTODY_AUDIT_LAG_SECONDS;
          throw new ApiError(
            'NOT_FOUND',
            "audit entry is not in a checkpoint yet: retry after the sequencer's lag",
            { retry_after_seconds: lag },
            { 'Retry-After': String(lag) },
          );
        }
        return { body: proof };
      },
      listAuditCheckpoints: async (req) => ({
        body: await listCheckpoints({ store: req.deps.store, cursors: req.cursors }, req.principal.tenantId, req.query),
      }),
      auditPublicKey: async (req) => {
        const pub = await req.deps.checkpointKey.publicKey();
        const log = tenantLogKey(pub, req.principal.tenantId);
        return {
          body: {
            key_id: pub.key_id,
            algorithm: pub.algorithm,
            public_key_pem: pub.public_key_pem,
            origin: log.name,
            verifier_key: verifierKey(log.name, LOG_SIGNATURE_TYPE, log.publicKey),
          },
        };
      },
      auditCheckpointNote: async (req) => {
        const latest = await latestCheckpointNote(req.deps.store, req.principal.tenantId);
        if (latest === undefined) throw new ApiError('NOT_FOUND', 'the audit log has no checkpoint yet');
        // The number names the checkpoint for POST /v1/audit/checkpoints/{number}/cosignatures.
        return {
          body: latest.note,
          headers: {
            'Content-Type': 'text/plain; charset=utf-8',
            'Cache-Control': 'no-store',
            'Audit-Checkpoint-Number': String(latest.number),
          },
          raw: true,
        };
      },
      auditConsistencyProof: async (req) => {
        const proof = await logConsistencyProof(req.deps.store, req.principal.tenantId, req.query.from, req.query.to);
        if (proof === 'out_of_range')
          throw new ApiError(
            'VALIDATION',
            "from and to must be tree sizes with from <= to <= the latest checkpoint's tree_size",
          );
        return { body: proof };
      },
      addAuditCosignature: async (req) => {
        const s = req.deps;
        const out = await addCosignature(
          s.store,
          req.principal.tenantId,
          req.params.number,
          req.body.cosignature,
          s.config.CUSTODY_AUDIT_WITNESS_KEYS,
        );
        if (out === 'not_found') throw new ApiError('NOT_FOUND', 'audit checkpoint not found');
        if (out === 'unknown_witness')
          throw new ApiError('VALIDATION', 'the cosignature is not by a configured witness key');
        if (out === 'invalid') throw new ApiError('VALIDATION', 'the cosignature does not verify over the checkpoint');
        return { body: out };
      },
    },
    deps,
  );

export const handler = makeHandler(lazyDeps(ports));
