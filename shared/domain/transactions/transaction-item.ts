import { asStoredChecks } from '../policies/explanation.js';
import type { VersionedItem } from '../../ports/store.js';
import { keys } from '../../store/keys.js';
import { accessPatterns } from '../../store/access-patterns.js';
import { chainCall } from './chain-call.js';
import { TERMINAL, type ReplacementReason, type TxStatus } from './transition-table.js';
import type { FailureCode, SubStatus } from './sub-status.js';
import type {
  Approval,
  Replacement,
  ScreeningResult,
  StoredDecision,
  TransactionRecord,
  TxOperation,
} from './transaction.js';

/**
 * A transaction as stored: snake_case attributes like every other stored entity (the API's camelCase is the view's
 * business, `transactionView`). `transactionItem` and `decodeTransaction` are the only two places that know both
 * spellings; metadata keys are the caller's and stay as sent.
 *
 * Compact, since every change rewrites the whole item and pays for its size (one write unit per KiB, doubled inside
 * a transaction): nothing null, no empty list or map, nothing another attribute says: `operation` only when it is not
 * `TRANSFER`; `updated_at` and the decision's `evaluated_at` only when not `created_at`; a reservation of the
 * transaction's own amount as its counter id alone; `to`/`data` only when they differ from what the transaction asks
 * of the chain (`chainCall`, the one rule they were set from); the signed encoding as binary, not hex; the tenant and
 * its id and source vault not at all (their keys name them: `keys.transactionIdentity`).
 * `decodeTransaction` restores every omitted field, so the record (and its view) is the same as before compaction
 * (test/unit/transaction-item.test.ts). Its index entries, and what each list reads: keys.ts.
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
export function decodeTransaction(item: Stored): TransactionRecord {
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
 * Where the transactions in `status` are listed (keys.ts, the status index): a pattern holding other statuses too,
 * so the reader keeps the items whose status is `status`. Open means not an ending (the transition table's TERMINAL).
 */
export const transactionsWithStatus = (tenantId: string, status: TxStatus) =>
  accessPatterns.transactionsWithStatus(tenantId, status, !TERMINAL.has(status));

/** The partitions that together hold each of the tenant's transactions once: the open ones, and one per ending. */
export const transactionsOfTenant = (tenantId: string) => accessPatterns.transactionsOfTenant(tenantId, [...TERMINAL]);
