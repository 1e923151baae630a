import type { TxStatus } from './transition-table.js';

/**
 * Why an open transaction waits (docs/transactions.md, "Sub-statuses"): one list, shown on the transaction
 * (`subStatus`, null once terminal), in the `stuck=true` view, and in `transaction.status_changed` when it changes.
 * Each status has a default (`subStatusOf`); the chain poller and the broadcast path set the others when they see
 * the reason on the chain or the node (a move writes the one it means; a move that names none gets the default).
 */
export const SUB_STATUSES = {
  AWAITING_PROCESSING: 'Accepted; the worker has not taken it yet (SUBMITTED, QUEUED).',
  AWAITING_SCREENING: 'Waiting for the screening provider (PENDING_AML_SCREENING).',
  AWAITING_APPROVAL: 'Waiting for approvals or a compliance review (PENDING_AUTHORIZATION).',
  AWAITING_NONCE: "Approved; waiting for its wallet's nonce, fees and the unsigned transaction (APPROVED).",
  AWAITING_SIGNATURE: "Waiting for the signer's signature (PENDING_SIGNATURE).",
  AWAITING_BROADCAST: 'Signed; waiting to be sent to a node (SIGNED, BROADCASTING).',
  AWAITING_CONFIRMATIONS: "In the node's pool or in a block, waiting for CUSTODY_CONFIRMATION_DEPTH (CONFIRMING).",
  PENDING_ON_CHAIN_UNDERPRICED:
    'In the pool, but paying less than the node now asks, and repricing is capped (CONFIRMING).',
  NONCE_GAP:
    "Its nonce is above the wallet's next nonce on chain: an earlier nonce is missing; the poller repairs it (CONFIRMING).",
  NODE_UNAVAILABLE: 'No node answered the last broadcast or check; retried (BROADCASTING, CONFIRMING).',
  STALLED:
    'Not moved for CUSTODY_REDRIVE_AFTER_SECONDS in a status the worker moves on by itself (its message failed again and again, or was lost): the chain poller sends it to the worker again (SUBMITTED to BROADCASTING).',
  DROPPED_FROM_POOL:
    'The node no longer knows the transaction (a restarted or evicting node); the poller sends the signed bytes again (CONFIRMING).',
} as const;

export type SubStatus = keyof typeof SUB_STATUSES;
export const SUB_STATUS_NAMES = Object.keys(SUB_STATUSES) as [SubStatus, ...SubStatus[]];

const DEFAULT: Record<TxStatus, SubStatus | null> = {
  SUBMITTED: 'AWAITING_PROCESSING',
  QUEUED: 'AWAITING_PROCESSING',
  PENDING_AML_SCREENING: 'AWAITING_SCREENING',
  PENDING_AUTHORIZATION: 'AWAITING_APPROVAL',
  APPROVED: 'AWAITING_NONCE',
  PENDING_SIGNATURE: 'AWAITING_SIGNATURE',
  SIGNED: 'AWAITING_BROADCAST',
  BROADCASTING: 'AWAITING_BROADCAST',
  CONFIRMING: 'AWAITING_CONFIRMATIONS',
  COMPLETED: null,
  REJECTED: null,
  BLOCKED: null,
  FAILED: null,
  CANCELLED: null,
};

/** The sub-status a transaction has on entering `status` when the move names no other (null: terminal). */
export const subStatusOf = (status: TxStatus): SubStatus | null => DEFAULT[status];

/** The sub-status a move leaves: the one it names when the target status is open, else the default. */
export const subStatusAfter = (to: TxStatus, named: SubStatus | null | undefined): SubStatus | null =>
  DEFAULT[to] === null ? null : (named ?? DEFAULT[to]);

/**
 * Why a transaction FAILED, machine-readable (beside the human `failureReason`; docs/transactions.md, "Failure
 * codes"). Also the `reason` dimension of the `transfersFailed` metric.
 */
export const FAILURE_CODES = {
  insufficient_funds: "The wallet's balance (native, or the token's) does not cover the amount and the maximum fee.",
  simulation_reverted: 'The contract call would revert (eth_call before any nonce was taken).',
  signer_refused: 'The remote or gRPC signer refused to sign for good.',
  receipt_invalid: 'No policy receipt (changed since submission), or the signer refused it.',
  signature_invalid: "The signer answered a signature that does not verify against the wallet's key.",
  not_signed: 'No signed bytes to broadcast.',
  nonce_too_low: 'The node says the nonce was already used on chain by another transaction.',
  broadcast_rejected: 'The node refused the signed transaction (invalid, underpriced, insufficient funds for gas...).',
  reverted: 'Mined, but reverted on chain (the fee is spent).',
  expired: 'Not signed by its `expiresAt`: ended before any nonce was used (approvals given before do not carry over).',
} as const;

export type FailureCode = keyof typeof FAILURE_CODES;
export const FAILURE_CODE_NAMES = Object.keys(FAILURE_CODES) as [FailureCode, ...FailureCode[]];
