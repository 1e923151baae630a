import type { StoredCheck } from '../policies/explanation.js';
import type { ReplacementReason, TxStatus } from './transition-table.js';
import type { TokenOperation } from '../tokens/templates.js';
import { subStatusAfter, type FailureCode, type SubStatus } from './sub-status.js';

/*
 * The transaction record, as the domain reads and writes it, and the rules every reader shares. How it is stored:
 * ./transaction-item.ts (the compact item, its encoding and its decoder); how the API shows it: ./transaction-view.ts.
 */

/**
 * What a transaction does: a transfer (native, or of a token asset), a token operation (docs/tokens.md), or
 * `FILL_NONCE`, the service's zero-value self-transfer at a lost nonce (./nonce-gap.ts).
 */
export type TxOperation = TokenOperation | 'FILL_NONCE';
/** A contract call fixed at submission: `to` null is a contract creation with `data` as init code. No native value is sent. */
export type ContractCall = { to: string | null; data: string };

export type Approval = {
  userId: string;
  keyId: string;
  decision: 'approved' | 'rejected';
  compliance: boolean;
  reason: string | null;
  decidedAt: string;
};
export type ScreeningResult = {
  provider: string;
  result: 'clean' | 'flagged' | 'blocked';
  reason: string | null;
  checkedAt: string;
};
export type Reservation = { counterId: string; amount: string };
/**
 * A replacement at the transaction's nonce (./replace.ts): asked for (AWAITING_SIGNATURE, with the payload the signer
 * signs), then signed and sent (BROADCAST, `hash` set), or refused by the node (REJECTED, with its answer). `replaces`
 * is the candidate it replaces; every BROADCAST hash and every `replaces` is a candidate the poller follows.
 */
export type Replacement = {
  reason: ReplacementReason;
  /** A zero-value self-transfer (a cancel, or a later replacement of one): mined, it ends the transaction CANCELLED. */
  cancel: boolean;
  status: 'AWAITING_SIGNATURE' | 'BROADCAST' | 'REJECTED';
  maxFeePerGas: string;
  maxPriorityFeePerGas: string;
  hash: string | null;
  replaces: string | null;
  /** Who asked for it; null for the service's own repricing. */
  requestedBy: string | null;
  createdAt: string;
  rejection: string | null;
  /** What the signer signs, while AWAITING_SIGNATURE: the same nonce, the new fees (a CANCEL: 0 to the wallet itself). */
  payload: {
    unsignedTx: string;
    digest: string;
    gasLimit: number;
    to: string | null;
    value: string;
    data: string;
  } | null;
};
/** The policy engine's decision, frozen at submission (later policy edits do not change it). */
/** `checks`: what each rule that concerns the transfer said (policies/explanation.ts). */
export type StoredDecision = {
  outcome: 'allow' | 'require_approval';
  approvals: number;
  reasons: string[];
  evaluatedAt: string;
  policyIds: string[];
  checks: StoredCheck[];
};

/** A transaction as the domain sees it: the fields of docs/transactions.md, "Reading" (camelCase) plus what the pipeline needs to decide. */
export type TransactionRecord = {
  id: string;
  tenantId: string;
  externalId: string | null;
  sourceVaultId: string;
  sourceWalletId: string;
  /** The transfer's destination; for a token operation its counterparty (to, account, address) or the token contract; null for DEPLOY_TOKEN. */
  destinationAddr: string | null;
  assetId: string;
  /** `TRANSFER` for transfers (native or token asset); a token operation otherwise. */
  operation: TxOperation;
  /** The token a token operation acts on; null for every transfer through POST /v1/transactions (token assets included). */
  tokenId: string | null;
  /** Set at submission for a token operation or a token-asset transfer; null for a native transfer (see ./chain-call.ts). */
  contractCall: ContractCall | null;
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
  /**
   * Why it waits, when something other than its status's default says so (./sub-status.ts): set by the move or the
   * poller that saw the reason, cleared by the next move that names none. Null: the status's default.
   */
  subStatus: SubStatus | null;
  /**
   * Set by a worker run that commits this status and goes on from it itself, in the same message (its next step
   * must follow a commit): the stream router sends no message for it, and if the run stops short (a throw, a crash)
   * the message, redelivered, takes the transaction up from here (./advance.ts). Cleared by the next move.
   */
  workerContinues?: boolean;
  failureReason: string | null;
  /** Why it FAILED, machine-readable (./sub-status.ts FAILURE_CODES); null otherwise. */
  failureCode: FailureCode | null;
  /** If not signed by then, the transaction ends FAILED with `failureCode` EXPIRED (./expiry.ts). */
  expiresAt: string | null;
  chainTxHash: string | null;
  blockNumber: number | null;
  /** The hash of the block the receipt was in when last read: a different one later is a reorg. */
  blockHash: string | null;
  confirmations: number | null;
  /** The contract a DEPLOY_TOKEN created (from its receipt). */
  contractAddress: string | null;
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
  /** Replacements at the same nonce, oldest first (./replace.ts). */
  replacements: Replacement[];
  /** The chain head when the current candidate was sent: how long it has been pending, in blocks (repricing). */
  broadcastBlock: number | null;
  version: number;
  /**
   * The item's audit chain end as read, with the version it was read at: the next change chains on it without
   * reading the item again (unit-of-work.ts). Written back only while `version` is still that version.
   */
  auditHead?: { version: number; hash: string };
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
  failureCode: null,
  contractAddress: null,
  replacements: [] as Replacement[],
  subStatus: null,
  broadcastBlock: null,
} as const satisfies Partial<TransactionRecord>;

/** A native transfer: what POST /v1/transactions stores for the native asset. */
export const NATIVE_TRANSFER = {
  operation: 'TRANSFER',
  tokenId: null,
  contractCall: null,
} as const satisfies Partial<TransactionRecord>;

/** Distinct approvals the policy decision asks for (frozen at submission). */
export const approvalsRequired = (t: Pick<TransactionRecord, 'policyDecision'>) => t.policyDecision.approvals;
/** A screening-flagged transaction also needs one compliance officer's approval. */
export const complianceReviewRequired = (t: Pick<TransactionRecord, 'screening'>) => t.screening?.result === 'flagged';

/**
 * Every hash the transaction may be mined under: the current one, each replacement sent and each candidate one
 * replaced. Confirmation tracking reads a receipt for each until one is mined.
 */
export function candidateHashes(t: Pick<TransactionRecord, 'chainTxHash' | 'replacements'>): string[] {
  const all = [
    t.chainTxHash,
    ...t.replacements.flatMap((r) => (r.status === 'BROADCAST' ? [r.hash, r.replaces] : [r.replaces])),
  ];
  return [...new Set(all.filter((h): h is string => !!h))];
}

/** Why an open transaction waits (null once terminal): the named sub-status, else its status's default. */
export const currentSubStatus = (t: Pick<TransactionRecord, 'status' | 'subStatus'>): SubStatus | null =>
  subStatusAfter(t.status, t.subStatus);
