import type { VersionedItem } from '../../ports/store.js';
import { keys } from '../../store/keys.js';
import type { TxStatus } from './transition-table.js';

/** A transaction as the domain sees it: the fields of interface 2.1 (camelCase) plus what the pipeline needs to decide. */
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
  /** Fee fields (wei, decimal strings), set with the nonce on entering PENDING_SIGNATURE. */
  maxFeePerGas: string | null;
  maxPriorityFeePerGas: string | null;
  /** The pq-evm-v1 unsigned encoding (0x hex) and its digest (what the signer signs). */
  unsignedTx: string | null;
  digest: string | null;
  chainId: number | null;
  /** As encoded: a native transfer has to = destinationAddr and data = 0x. */
  to: string | null;
  data: string | null;
  /** The signed encoding (0x hex), set by the signature endpoint; what the broadcast step sends. */
  signedTx: string | null;
  status: TxStatus;
  failureReason: string | null;
  chainTxHash: string | null;
  blockNumber: number | null;
  /** The hash of the block the receipt was in when last read: a different one later is a reorg. */
  blockHash: string | null;
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

/**
 * A transfer's chain facts before it has any: the APPROVED step (nonce, fees, unsigned encoding), the signature
 * (signed encoding, hash) and the chain poller (block, confirmations, actual fee) set them later.
 */
export const NO_CHAIN_FACTS = {
  fee: null,
  gasLimit: null,
  nonce: null,
  maxFeePerGas: null,
  maxPriorityFeePerGas: null,
  unsignedTx: null,
  digest: null,
  chainId: null,
  to: null,
  data: null,
  signedTx: null,
  chainTxHash: null,
  blockNumber: null,
  blockHash: null,
  confirmations: null,
  broadcastAt: null,
  confirmedAt: null,
  failureReason: null,
} as const satisfies Partial<TransactionRecord>;

/** Distinct approvals the policy decision asks for (frozen at submission). */
export const approvalsRequired = (t: Pick<TransactionRecord, 'policyDecision'>) => t.policyDecision.approvals;
/** A screening-flagged transaction also needs one compliance officer's approval. */
export const complianceReviewRequired = (t: Pick<TransactionRecord, 'screening'>) => t.screening?.result === 'flagged';

/**
 * A transaction as stored: snake_case attributes like every other stored entity (the API's camelCase is the view's
 * business, `transactionView`). `transactionItem` and `asTransaction` are the only two places that know both
 * spellings; metadata keys are the caller's and stay as sent.
 */
export const transactionItem = (t: TransactionRecord): VersionedItem => ({
  ...keys.transaction(t.tenantId, t.id),
  ...keys.transactionIndexes(t),
  entity: 'transaction',
  id: t.id,
  tenant_id: t.tenantId,
  external_id: t.externalId,
  source_vault_id: t.sourceVaultId,
  source_wallet_id: t.sourceWalletId,
  destination_addr: t.destinationAddr,
  asset_id: t.assetId,
  amount: t.amount,
  fee: t.fee,
  gas_limit: t.gasLimit,
  nonce: t.nonce,
  max_fee_per_gas: t.maxFeePerGas,
  max_priority_fee_per_gas: t.maxPriorityFeePerGas,
  unsigned_tx: t.unsignedTx,
  digest: t.digest,
  chain_id: t.chainId,
  to: t.to,
  data: t.data,
  signed_tx: t.signedTx,
  status: t.status,
  failure_reason: t.failureReason,
  chain_tx_hash: t.chainTxHash,
  block_number: t.blockNumber,
  block_hash: t.blockHash,
  confirmations: t.confirmations,
  note: t.note,
  metadata: t.metadata,
  created_at: t.createdAt,
  updated_at: t.updatedAt,
  broadcast_at: t.broadcastAt,
  confirmed_at: t.confirmedAt,
  initiator: { user_id: t.initiator.userId, key_id: t.initiator.keyId },
  policy_decision: {
    outcome: t.policyDecision.outcome,
    approvals: t.policyDecision.approvals,
    reasons: t.policyDecision.reasons,
    evaluated_at: t.policyDecision.evaluatedAt,
    policy_ids: t.policyDecision.policyIds,
  },
  approvals: t.approvals.map((a) => ({ user_id: a.userId, key_id: a.keyId, decision: a.decision, compliance: a.compliance, reason: a.reason, decided_at: a.decidedAt })),
  approval_expires_at: t.approvalExpiresAt,
  screening: t.screening && { provider: t.screening.provider, result: t.screening.result, reason: t.screening.reason, checked_at: t.screening.checkedAt },
  reservations: t.reservations.map((r) => ({ counter_id: r.counterId, amount: r.amount })),
  version: t.version,
});

type Stored = Record<string, unknown>;
const str = (v: unknown) => v as string;
const opt = <T = string>(v: unknown) => (v ?? null) as T | null;
const num = (v: unknown) => (v === undefined || v === null ? null : Number(v));

/** A stored transaction item as the domain record. */
export function asTransaction(item: Stored): TransactionRecord {
  const initiator = item.initiator as Stored;
  const decision = item.policy_decision as Stored;
  const screening = item.screening as Stored | null | undefined;
  return {
    id: str(item.id),
    tenantId: str(item.tenant_id),
    externalId: opt(item.external_id),
    sourceVaultId: str(item.source_vault_id),
    sourceWalletId: str(item.source_wallet_id),
    destinationAddr: str(item.destination_addr),
    assetId: str(item.asset_id),
    amount: str(item.amount),
    fee: opt(item.fee),
    gasLimit: num(item.gas_limit),
    nonce: num(item.nonce),
    maxFeePerGas: opt(item.max_fee_per_gas),
    maxPriorityFeePerGas: opt(item.max_priority_fee_per_gas),
    unsignedTx: opt(item.unsigned_tx),
    digest: opt(item.digest),
    chainId: num(item.chain_id),
    to: opt(item.to),
    data: opt(item.data),
    signedTx: opt(item.signed_tx),
    status: item.status as TxStatus,
    failureReason: opt(item.failure_reason),
    chainTxHash: opt(item.chain_tx_hash),
    blockNumber: num(item.block_number),
    blockHash: opt(item.block_hash),
    confirmations: num(item.confirmations),
    note: opt(item.note),
    metadata: (item.metadata ?? {}) as Record<string, string>,
    createdAt: str(item.created_at),
    updatedAt: str(item.updated_at),
    broadcastAt: opt(item.broadcast_at),
    confirmedAt: opt(item.confirmed_at),
    initiator: { userId: str(initiator.user_id), keyId: str(initiator.key_id) },
    policyDecision: {
      outcome: decision.outcome as StoredDecision['outcome'],
      approvals: Number(decision.approvals),
      reasons: decision.reasons as string[],
      evaluatedAt: str(decision.evaluated_at),
      policyIds: decision.policy_ids as string[],
    },
    approvals: ((item.approvals ?? []) as Stored[]).map((a) => ({
      userId: str(a.user_id),
      keyId: str(a.key_id),
      decision: a.decision as Approval['decision'],
      compliance: a.compliance as boolean,
      reason: opt(a.reason),
      decidedAt: str(a.decided_at),
    })),
    approvalExpiresAt: opt(item.approval_expires_at),
    screening: screening ? { provider: str(screening.provider), result: screening.result as ScreeningResult['result'], reason: opt(screening.reason), checkedAt: str(screening.checked_at) } : null,
    reservations: ((item.reservations ?? []) as Stored[]).map((r) => ({ counterId: str(r.counter_id), amount: str(r.amount) })),
    version: Number(item.version),
  };
}

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
    initiatedBy: { userId: t.initiator.userId },
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
