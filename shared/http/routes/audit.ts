import { defineRoutes } from '../route.js';
import { AddCosignatureBody, AddedCosignature, AuditCheckpointNumberParam, AuditConsistencyProof, AuditConsistencyQuery, AuditCheckpointList, AuditEntryIdParam, AuditInclusionProof, AuditCheckpointsQuery, AuditEntriesQuery, AuditEntryList, AuditPublicKey, AuditVerify } from '../../schemas/audit.js';

export const auditRoutes = defineRoutes({
  verifyAudit: {
    operationId: 'verifyAudit', family: 'audit', method: 'GET', path: '/v1/audit/verify', tag: 'audit', auth: 'credential',
    permissions: ['audit:read'], summary: 'Verify the audit log', description: 'Recompute every entity chain and checkpoint of the tenant\'s audit trail and report the first problem.',
    success: { status: 200, schema: AuditVerify },
  },
  listAuditEntries: {
    operationId: 'listAuditEntries', family: 'audit', method: 'GET', path: '/v1/audit/entries', tag: 'audit', auth: 'credential',
    permissions: ['audit:read'], summary: 'List audit entries', description: 'List audit entries in commit-time (id) order (order=desc for newest first).',
    query: AuditEntriesQuery, success: { status: 200, schema: AuditEntryList },
  },
  auditEntryProof: {
    operationId: 'auditEntryProof', family: 'audit', method: 'GET', path: '/v1/audit/entries/{id}/proof', tag: 'audit', auth: 'credential',
    permissions: ['audit:read'], summary: 'Get an entry\'s inclusion proof', description: 'Prove one entry is in a signed checkpoint: the checkpoint and the RFC 6962 audit path to its root (404 with Retry-After until the sequencer reaches it).',
    params: AuditEntryIdParam, success: { status: 200, schema: AuditInclusionProof }, errors: ['NOT_FOUND'],
  },
  listAuditCheckpoints: {
    operationId: 'listAuditCheckpoints', family: 'audit', method: 'GET', path: '/v1/audit/checkpoints', tag: 'audit', auth: 'credential',
    permissions: ['audit:read'], summary: 'List audit checkpoints', description: 'List the tenant\'s signed audit checkpoints in number order.',
    query: AuditCheckpointsQuery, success: { status: 200, schema: AuditCheckpointList },
  },
  auditPublicKey: {
    operationId: 'auditPublicKey', family: 'audit', method: 'GET', path: '/v1/audit/public-key', tag: 'audit', auth: 'credential',
    permissions: ['audit:read'], summary: 'Get the audit signing key', description: 'The public key that verifies audit checkpoint signatures.',
    success: { status: 200, schema: AuditPublicKey },
  },
  auditCheckpointNote: {
    operationId: 'auditCheckpointNote', family: 'audit', method: 'GET', path: '/v1/audit/checkpoint', tag: 'audit', auth: 'credential',
    permissions: ['audit:read'], summary: 'Get the latest checkpoint note',
    description: 'The latest checkpoint of the tenant\'s log as a C2SP tlog-checkpoint signed note, with its witnesses\' cosignatures (404 before the first).',
    success: { status: 200, schema: null, contentType: 'text/plain; charset=utf-8' }, errors: ['NOT_FOUND'],
  },
  auditConsistencyProof: {
    operationId: 'auditConsistencyProof', family: 'audit', method: 'GET', path: '/v1/audit/proofs/consistency', tag: 'audit', auth: 'credential',
    permissions: ['audit:read'], summary: 'Get a consistency proof',
    description: 'Prove the log\'s tree of `from` leaves is a prefix of its tree of `to` leaves (RFC 6962 consistency proof).',
    query: AuditConsistencyQuery, success: { status: 200, schema: AuditConsistencyProof }, errors: ['VALIDATION'],
  },
  addAuditCosignature: {
    operationId: 'addAuditCosignature', family: 'audit', method: 'POST', path: '/v1/audit/checkpoints/{number}/cosignatures', tag: 'audit', auth: 'credential',
    permissions: ['audit:read'], summary: 'Add a witness cosignature',
    description: 'Add a witness\'s cosignature to a checkpoint: accepted only when it verifies with one of the configured witness keys (`CUSTODY_AUDIT_WITNESS_KEYS`).',
    params: AuditCheckpointNumberParam, body: AddCosignatureBody, success: { status: 200, schema: AddedCosignature }, errors: ['NOT_FOUND', 'VALIDATION'],
  },
});
