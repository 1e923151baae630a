import { newId } from '../../shared/domain/ids.js';
import {
  NATIVE_TRANSFER,
  NO_CHAIN_FACTS,
  type TransactionRecord,
} from '../../shared/domain/transactions/transaction.js';

/** A realistic transaction record (a transfer waiting for two approvals), for tests and benchmarks of its storage. */
export function sampleTransaction(overrides: Partial<TransactionRecord> = {}): TransactionRecord {
  const at = '2026-11-21T10:00:00.000Z';
  return {
    ...NO_CHAIN_FACTS,
    ...NATIVE_TRANSFER,
    id: newId(),
    tenantId: newId(),
    externalId: `invoice-${newId()}`,
    sourceVaultId: newId(),
    sourceWalletId: newId(),
    destinationAddr: '0x8ba1f109551bd432803012645ac136ddd64dba72',
    assetId: newId(),
    amount: '1500000000000000000',
    gasLimit: 21000,
    status: 'SUBMITTED',
    note: 'supplier payment, November',
    metadata: { invoiceId: 'INV-2026-0042', cost_center: 'ops' },
    createdAt: at,
    updatedAt: at,
    initiator: { userId: newId(), keyId: 'pqck_0123456789abcdefghijkl' },
    policyDecision: {
      outcome: 'require_approval',
      approvals: 2,
      reasons: ['amount above 1 PQ needs two approvals'],
      evaluatedAt: at,
      policyIds: [newId()],
      checks: [],
    },
    approvals: [],
    approvalExpiresAt: '2026-11-22T10:00:00.000Z',
    expiresAt: null,
    screening: null,
    reservations: [{ counterId: newId(), amount: '1500000000000000000' }],
    version: 1,
    ...overrides,
  };
}

/**
 * A plain native transfer as POST /v1/transactions stores it with no policy: no external id, note, metadata,
 * approval expiry or reservation, an `allow` decision with nothing in it.
 */
export function plainNativeTransfer(overrides: Partial<TransactionRecord> = {}): TransactionRecord {
  const t = sampleTransaction({
    externalId: null,
    note: null,
    metadata: {},
    approvalExpiresAt: null,
    reservations: [],
    ...overrides,
  });
  return {
    ...t,
    policyDecision: {
      outcome: 'allow',
      approvals: 0,
      reasons: [],
      evaluatedAt: t.createdAt,
      policyIds: [],
      checks: [],
    },
  };
}
