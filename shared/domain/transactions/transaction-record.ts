import type { VersionedItem } from '../../ports/store.js';
import { asRecord, keys } from '../../store/keys.js';
import type { TxStatus } from './transition-table.js';

/** A transaction as stored: the fields of interface 2.1 (camelCase) plus what the pipeline needs to decide. */
export type Approval = { userId: string; keyId: string; decision: 'approved' | 'rejected'; compliance: boolean; reason: string | null; decidedAt: string };
export type ScreeningResult = { provider: string; result: 'clean' | 'flagged' | 'blocked'; reason: string | null; checkedAt: string };
export type Reservation = { counterId: string; amount: string };
/** The policy engine's decision, frozen at submission (later policy edits do not change it). */
export type StoredDecision = { outcome: 'allow' | 'require_approval'; approvals: number; reasons: string[]; evaluatedAt: string; policyIds: string[] };

export type TransactionRecord = {
  id: string;
  tenantId: string;
  externalId: string | null;
  sourceVaultId: string;
  sourceWalletId: string;
  destinationAddr: string;
  assetId: string;
  amount: string;
  fee: string | null;
  gasLimit: number | null;
  nonce: number | null;
  status: TxStatus;
  failureReason: string | null;
  chainTxHash: string | null;
  blockNumber: number | null;
  confirmations: number | null;
  note: string | null;
  metadata: Record<string, string>;
  createdAt: string;
  updatedAt: string;
  broadcastAt: string | null;
  confirmedAt: string | null;
  initiator: { userId: string; keyId: string };
  policyDecision: StoredDecision;
  approvals: Approval[];
  approvalExpiresAt: string | null;
  screening: ScreeningResult | null;
  reservations: Reservation[];
  version: number;
};

/** Distinct approvals the policy decision asks for (frozen at submission). */
export const approvalsRequired = (t: Pick<TransactionRecord, 'policyDecision'>) => t.policyDecision.approvals;
/** A screening-flagged transaction also needs one compliance officer's approval. */
export const complianceReviewRequired = (t: Pick<TransactionRecord, 'screening'>) => t.screening?.result === 'flagged';

export const transactionItem = (t: TransactionRecord): VersionedItem => ({ ...keys.transaction(t.tenantId, t.id), ...keys.transactionIndexes(t), entity: 'transaction', ...t });
export const asTransaction = (item: Record<string, unknown>): TransactionRecord => asRecord<TransactionRecord>(item);

/** The API shape: interface 2.1 plus the approval and screening state an integrator needs to follow it. */
export function transactionView(t: TransactionRecord) {
  return {
    id: t.id,
    tenantId: t.tenantId,
    externalId: t.externalId,
    sourceVaultId: t.sourceVaultId,
    sourceWalletId: t.sourceWalletId,
    destinationAddr: t.destinationAddr,
    assetId: t.assetId,
    amount: t.amount,
    fee: t.fee,
    gasLimit: t.gasLimit,
    nonce: t.nonce,
    status: t.status,
    failureReason: t.failureReason,
    chainTxHash: t.chainTxHash,
    blockNumber: t.blockNumber,
    confirmations: t.confirmations,
    note: t.note,
    metadata: t.metadata,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
    broadcastAt: t.broadcastAt,
    confirmedAt: t.confirmedAt,
    policyDecision: { outcome: t.policyDecision.outcome, approvalsRequired: approvalsRequired(t), reasons: t.policyDecision.reasons },
    approvals: {
      required: approvalsRequired(t),
      complianceReviewRequired: complianceReviewRequired(t),
      expiresAt: t.approvalExpiresAt,
      decisions: t.approvals.map((a) => ({ userId: a.userId, decision: a.decision, compliance: a.compliance, reason: a.reason, decidedAt: a.decidedAt })),
    },
    screening: t.screening,
  };
}
