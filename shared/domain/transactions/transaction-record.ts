import { asStoredChecks, type StoredCheck } from '../policies/explanation.js';
import type { VersionedItem } from '../../ports/store.js';
import { keys } from '../../store/keys.js';
import { accessPatterns } from '../../store/access-patterns.js';
import { chainCall } from './chain-call.js';
import { TERMINAL, type ReplacementReason, type TxStatus } from './transition-table.js';
import type { TokenOperation } from '../tokens/templates.js';
import { subStatusAfter, type FailureCode, type SubStatus } from './sub-status.js';

/**
 * What a transaction does: a transfer (native, or of a token asset), a token operation (docs/tokens.md), or
 * `FILL_NONCE`, the service's zero-value self-transfer at a lost nonce (./nonce-gap.ts).
 */
export type TxOperation = TokenOperation | 'FILL_NONCE';
/** A contract call fixed at submission: `to` null is a contract creation with `data` as init code. No native value is sent. */
export type ContractCall = { to: string | null; data: string };

/** A transaction as the domain sees it: the fields of docs/transactions.md, "Reading" (camelCase) plus what the pipeline needs to decide. */
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
 * A transaction as stored: snake_case attributes like every other stored entity (the API's camelCase is the view's
 * business, `transactionView`). `transactionItem` and `asTransaction` are the only two places that know both
 * spellings; metadata keys are the caller's and stay as sent.
 *
 * Compact, since every change rewrites the whole item and pays for its size (one write unit per KiB, doubled inside
 * a transaction): nothing null, no empty list or map, nothing another attribute says: `operation` only when it is not
 * `TRANSFER`; `updated_at` and the decision's `evaluated_at` only when not `created_at`; a reservation of the
 * transaction's own amount as its counter id alone; `to`/`data` only when they differ from what the transaction asks
 * of the chain (`chainCall`, the one rule they were set from); the signed encoding as binary, not hex; the tenant and
 * its id and source vault not at all (their keys name them: `keys.transactionIdentity`).
 * `asTransaction` restores every omitted field, so the record (and its view) is the same as before compaction
 * (test/unit/transaction-record.test.ts). Its index entries, and what each list reads: keys.ts.
 */
export const transactionItem = (t: TransactionRecord): VersionedItem => {
  // What `to` and `data` are when not stored: the chain call once the unsigned encoding exists, else null.
  const call = t.unsignedTx !== null ? chainCall(t) : { to: null, data: null };
  return {
    ...keys.transaction(t.tenantId, t.id),
    ...keys.transactionIndexes({ ...t, open: !TERMINAL.has(t.status) }),
    entity: 'transaction',
    status: t.status,
    version: t.version,
    ...compact({
      external_id: t.externalId,
      source_wallet_id: t.sourceWalletId,
      destination_addr: t.destinationAddr,
      asset_id: t.assetId,
      operation: t.operation === 'TRANSFER' ? null : t.operation,
      token_id: t.tokenId,
      contract_call: t.contractCall && compact(t.contractCall),
      contract_address: t.contractAddress,
      amount: t.amount,
      fee: t.fee,
      gas_limit: t.gasLimit,
      nonce: t.nonce,
      max_fee_per_gas: t.maxFeePerGas,
      max_priority_fee_per_gas: t.maxPriorityFeePerGas,
      unsigned_tx: t.unsignedTx,
      digest: t.digest,
      chain_id: t.chainId,
      signed_tx: t.signedTx && asBytes(t.signedTx),
      failure_reason: t.failureReason,
      failure_code: t.failureCode,
      expires_at: t.expiresAt,
      sub_status: t.subStatus,
      chain_tx_hash: t.chainTxHash,
      block_number: t.blockNumber,
      block_hash: t.blockHash,
      confirmations: t.confirmations,
      note: t.note,
      metadata: t.metadata,
      created_at: t.createdAt,
      updated_at: t.updatedAt === t.createdAt ? null : t.updatedAt,
      broadcast_at: t.broadcastAt,
      confirmed_at: t.confirmedAt,
      initiator: { user_id: t.initiator.userId, key_id: t.initiator.keyId },
      policy_decision: compact({
        outcome: t.policyDecision.outcome,
        approvals: t.policyDecision.approvals,
        reasons: t.policyDecision.reasons,
        evaluated_at: t.policyDecision.evaluatedAt === t.createdAt ? null : t.policyDecision.evaluatedAt,
        policy_ids: t.policyDecision.policyIds,
        // The explanation (`checks`) is kept in the submission's audit entry, where the history reads it: on the item it
        // would take it over 1 KiB (a second write unit, doubled in the transaction) on every submission.
      }),
      approvals: t.approvals.map((a) =>
        compact({
          user_id: a.userId,
          key_id: a.keyId,
          decision: a.decision,
          compliance: a.compliance,
          reason: a.reason,
          decided_at: a.decidedAt,
        }),
      ),
      approval_expires_at: t.approvalExpiresAt,
      screening:
        t.screening &&
        compact({
          provider: t.screening.provider,
          result: t.screening.result,
          reason: t.screening.reason,
          checked_at: t.screening.checkedAt,
        }),
      // A reservation of the transaction's own amount (every one made at submission) is stored as its counter id alone.
      reservations: t.reservations.map((r) =>
        r.amount === t.amount ? r.counterId : { counter_id: r.counterId, amount: r.amount },
      ),
      replacements: t.replacements.map((r) =>
        compact({
          reason: r.reason,
          cancel: r.cancel || null,
          status: r.status,
          max_fee_per_gas: r.maxFeePerGas,
          max_priority_fee_per_gas: r.maxPriorityFeePerGas,
          hash: r.hash,
          replaces: r.replaces,
          requested_by: r.requestedBy,
          created_at: r.createdAt,
          rejection: r.rejection,
          payload: r.payload && {
            unsigned_tx: r.payload.unsignedTx,
            digest: r.payload.digest,
            gas_limit: r.payload.gasLimit,
            to: r.payload.to,
            value: r.payload.value,
            data: r.payload.data,
          },
        }),
      ),
      broadcast_block: t.broadcastBlock,
    }),
    // Set with the unsigned encoding from `chainCall`: stored only if they say something else (an explicit null included).
    ...(t.to === call.to ? {} : { to: t.to }),
    ...(t.data === call.data ? {} : { data: t.data }),
  };
};

/**
 * The signed encoding as bytes (half its hex): with an ML-DSA key and signature it is most of the item from SIGNED on,
 * and every later change rewrites it. Only lowercase 0x hex of whole bytes (what the signing path makes) is converted,
 * so reading it back gives the same string.
 */
const asBytes = (hex: string): Uint8Array | string =>
  /^0x([\da-f]{2})+$/.test(hex) ? new Uint8Array(Buffer.from(hex.slice(2), 'hex')) : hex;

/** The attributes whose value says something: no null, no empty list, no empty map. */
function compact(o: Record<string, unknown>): Record<string, unknown> {
  // An empty list has no keys either; bytes (the signed encoding) have one per byte.
  return Object.fromEntries(
    Object.entries(o).filter(([, v]) => v != null && (typeof v !== 'object' || Object.keys(v).length > 0)),
  );
}

type Stored = Record<string, unknown>;
const str = (v: unknown) => v as string;
const opt = <T = string>(v: unknown) => (v ?? null) as T | null;
const num = (v: unknown) => (v === undefined || v === null ? null : Number(v));

/** A stored transaction item as the domain record (every field `transactionItem` omitted restored). */
export function asTransaction(item: Stored): TransactionRecord {
  const initiator = item.initiator as Stored;
  const decision = item.policy_decision as Stored;
  const screening = item.screening as Stored | null | undefined;
  const contractCall = item.contract_call
    ? { to: opt((item.contract_call as Stored).to), data: str((item.contract_call as Stored).data) }
    : null;
  const destinationAddr = opt(item.destination_addr);
  const amount = str(item.amount);
  const unsignedTx = opt(item.unsigned_tx);
  const call = unsignedTx !== null ? chainCall({ contractCall, destinationAddr, amount }) : { to: null, data: null };
  const { tenantId, id, sourceVaultId } = keys.transactionIdentity(item);
  return {
    id,
    tenantId,
    externalId: opt(item.external_id),
    sourceVaultId,
    sourceWalletId: str(item.source_wallet_id),
    destinationAddr,
    assetId: str(item.asset_id),
    operation: (item.operation ?? 'TRANSFER') as TxOperation,
    tokenId: opt(item.token_id),
    contractCall,
    contractAddress: opt(item.contract_address),
    amount,
    fee: opt(item.fee),
    gasLimit: num(item.gas_limit),
    nonce: num(item.nonce),
    maxFeePerGas: opt(item.max_fee_per_gas),
    maxPriorityFeePerGas: opt(item.max_priority_fee_per_gas),
    unsignedTx,
    digest: opt(item.digest),
    chainId: num(item.chain_id),
    to: 'to' in item ? opt(item.to) : call.to,
    data: 'data' in item ? opt(item.data) : call.data,
    signedTx:
      item.signed_tx instanceof Uint8Array ? `0x${Buffer.from(item.signed_tx).toString('hex')}` : opt(item.signed_tx),
    status: item.status as TxStatus,
    subStatus: opt<SubStatus>(item.sub_status),
    failureReason: opt(item.failure_reason),
    failureCode: opt<FailureCode>(item.failure_code),
    expiresAt: opt(item.expires_at),
    chainTxHash: opt(item.chain_tx_hash),
    blockNumber: num(item.block_number),
    blockHash: opt(item.block_hash),
    confirmations: num(item.confirmations),
    note: opt(item.note),
    metadata: (item.metadata ?? {}) as Record<string, string>,
    createdAt: str(item.created_at),
    updatedAt: str(item.updated_at ?? item.created_at),
    broadcastAt: opt(item.broadcast_at),
    confirmedAt: opt(item.confirmed_at),
    initiator: { userId: str(initiator.user_id), keyId: str(initiator.key_id) },
    policyDecision: {
      outcome: decision.outcome as StoredDecision['outcome'],
      approvals: Number(decision.approvals),
      reasons: (decision.reasons ?? []) as string[],
      evaluatedAt: str(decision.evaluated_at ?? item.created_at),
      policyIds: (decision.policy_ids ?? []) as string[],
      checks: asStoredChecks(decision.checks),
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
    screening: screening
      ? {
          provider: str(screening.provider),
          result: screening.result as ScreeningResult['result'],
          reason: opt(screening.reason),
          checkedAt: str(screening.checked_at),
        }
      : null,
    reservations: ((item.reservations ?? []) as (Stored | string)[]).map((r) =>
      typeof r === 'string' ? { counterId: r, amount } : { counterId: str(r.counter_id), amount: str(r.amount) },
    ),
    replacements: ((item.replacements ?? []) as Stored[]).map(asReplacement),
    broadcastBlock: num(item.broadcast_block),
    version: Number(item.version),
  };
}

function asReplacement(r: Stored): Replacement {
  const p = r.payload as Stored | undefined;
  return {
    reason: r.reason as ReplacementReason,
    cancel: r.cancel === true,
    status: r.status as Replacement['status'],
    maxFeePerGas: str(r.max_fee_per_gas),
    maxPriorityFeePerGas: str(r.max_priority_fee_per_gas),
    hash: opt(r.hash),
    replaces: opt(r.replaces),
    requestedBy: opt(r.requested_by),
    createdAt: str(r.created_at),
    rejection: opt(r.rejection),
    payload: p
      ? {
          unsignedTx: str(p.unsigned_tx),
          digest: str(p.digest),
          gasLimit: Number(p.gas_limit),
          to: opt(p.to),
          value: str(p.value),
          data: str(p.data),
        }
      : null,
  };
}

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

/**
 * Where the transactions in `status` are listed (keys.ts, the status index): a pattern holding other statuses too,
 * so the reader keeps the items whose status is `status`. Open means not an ending (the transition table's TERMINAL).
 */
export const transactionsWithStatus = (tenantId: string, status: TxStatus) =>
  accessPatterns.transactionsWithStatus(tenantId, status, !TERMINAL.has(status));

/** The partitions that together hold each of the tenant's transactions once: the open ones, and one per ending. */
export const transactionsOfTenant = (tenantId: string) => accessPatterns.transactionsOfTenant(tenantId, [...TERMINAL]);

/** Why an open transaction waits (null once terminal): the named sub-status, else its status's default. */
export const currentSubStatus = (t: Pick<TransactionRecord, 'status' | 'subStatus'>): SubStatus | null =>
  subStatusAfter(t.status, t.subStatus);

/** The API shape (docs/transactions.md, "Reading"): its fields plus the approval and screening state to follow it. */
export function transactionView(t: TransactionRecord) {
  return {
    id: t.id,
    tenantId: t.tenantId,
    externalId: t.externalId,
    sourceVaultId: t.sourceVaultId,
    sourceWalletId: t.sourceWalletId,
    destinationAddr: t.destinationAddr,
    assetId: t.assetId,
    operation: t.operation,
    tokenId: t.tokenId,
    amount: t.amount,
    contractAddress: t.contractAddress,
    fee: t.fee,
    gasLimit: t.gasLimit,
    nonce: t.nonce,
    status: t.status,
    subStatus: currentSubStatus(t),
    failureReason: t.failureReason,
    failureCode: t.failureCode,
    expiresAt: t.expiresAt,
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
    policyDecision: {
      outcome: t.policyDecision.outcome,
      approvalsRequired: approvalsRequired(t),
      reasons: t.policyDecision.reasons,
      policyIds: t.policyDecision.policyIds,
    },
    approvals: {
      required: approvalsRequired(t),
      complianceReviewRequired: complianceReviewRequired(t),
      expiresAt: t.approvalExpiresAt,
      decisions: t.approvals.map((a) => ({
        userId: a.userId,
        decision: a.decision,
        compliance: a.compliance,
        reason: a.reason,
        decidedAt: a.decidedAt,
      })),
    },
    screening: t.screening,
    replacements: t.replacements.map((r) => ({
      hash: r.hash,
      reason: r.reason,
      cancel: r.cancel,
      status: r.status,
      maxFeePerGas: r.maxFeePerGas,
      maxPriorityFeePerGas: r.maxPriorityFeePerGas,
      replaces: r.replaces,
      createdAt: r.createdAt,
      rejection: r.rejection,
    })),
  };
}
