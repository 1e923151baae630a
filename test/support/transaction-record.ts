import {
  NATIVE_TRANSFER,
  NO_CHAIN_FACTS,
  type TransactionRecord,
} from '../../shared/domain/transactions/transaction.js';
import type { TxStatus } from '../../shared/domain/transactions/transition-table.js';

/** A transaction record for unit tests (what submission stores), with the given status and changes. */
export function transactionRecord(status: TxStatus, over: Partial<TransactionRecord> = {}): TransactionRecord {
  const at = '2026-03-01T12:00:00.000Z';
  return {
    ...NO_CHAIN_FACTS,
    ...NATIVE_TRANSFER,
    id: 'tx_1',
    tenantId: 'tnt_1',
    externalId: null,
    sourceVaultId: 'vlt_1',
    sourceWalletId: 'wlt_1',
    destinationAddr: '0x00000000000000000000000000000000000000aa',
    assetId: 'ast_1',
    amount: '10',
    status,
    note: null,
    metadata: {},
    createdAt: at,
    updatedAt: at,
    initiator: { userId: 'usr_1', keyId: 'key_1' },
    policyDecision: { outcome: 'allow', approvals: 0, reasons: [], evaluatedAt: at, policyIds: [], checks: [] },
    approvals: [],
    approvalExpiresAt: null,
    expiresAt: null,
    screening: null,
    reservations: [],
    version: 1,
    ...over,
  };
}
