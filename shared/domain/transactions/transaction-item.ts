import type { Item, Store, VersionedItem, WriteOp } from '../../ports/store.js';
import { keys } from '../../store/keys.js';
import { accessPatterns } from '../../store/access-patterns.js';
import { chainCall } from './chain-call.js';
import { REPLACEMENT_REASONS, STATUSES, TERMINAL, type TxStatus } from './transition-table.js';
import { FAILURE_CODE_NAMES, SUB_STATUS_NAMES } from './sub-status.js';
import { asStoredChecks } from '../policies/explanation.js';
import type { Replacement, TransactionRecord, TxOperation } from './transaction.js';
import {
  bool,
  decodeItem,
  isMap,
  list,
  malformed,
  mapList,
  num,
  mapOf,
  oneOf,
  optNum,
  optMapOf,
  optOneOf,
  optStr,
  str,
  strList,
  strMap,
  within,
} from '../../store/decode.js';

/**
 * A transaction as stored: snake_case attributes like every other stored entity (the API's camelCase is the view's
 * business, `transactionView`). `transactionItem` and `decodeTransaction` are the only two places that know both
 * spellings; metadata keys are the caller's and stay as sent.
 *
 * Compact, since every change rewrites the whole item and pays for its size (one write unit per KiB, doubled inside
 * a transaction): nothing null, no empty list or map, nothing another attribute says: `operation` only when it is not
 * `TRANSFER`; `updated_at` and the decision's `evaluated_at` only when not `created_at`; a reservation of the
 * transaction's own amount as its counter id alone; `to`/`data` only when they differ from what the transaction asks
 * of the chain (`chainCall`, the one rule they were set from); the tenant and its id and source vault not at all
 * (their keys name them: `keys.transactionIdentity`); the signed encoding (an ML-DSA key and signature, 5 KB: most of
 * what the item would be from SIGNED on) not at all: it is an item of its own (`signedTxItem`), written with the move
 * that sets it (./transaction-store.ts, `stageTransactionWrite`).
 * `decodeTransaction` restores every omitted field but that one, so the record (and its view) is the same as before
 * compaction (test/unit/transaction-item.test.ts). Its index entries, and what each list reads: keys.ts.
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
    ...(t.auditHead?.version === t.version ? { audit_hash: t.auditHead.hash } : {}),
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
      failure_reason: t.failureReason,
      failure_code: t.failureCode,
      expires_at: t.expiresAt,
      sub_status: t.subStatus,
      worker_continues: t.workerContinues || null,
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
 * A transaction's signed encoding, in its own item beside it (`keys.transactionSigned`), as bytes (half its hex). Only
 * lowercase 0x hex of whole bytes (what the signing path makes) is converted, so reading it back gives the same string.
 */
export const signedTxItem = (tenantId: string, txId: string, signedTx: string): Item => ({
  ...keys.transactionSigned(tenantId, txId),
  entity: 'signed_tx',
  raw: /^0x([\da-f]{2})+$/.test(signedTx) ? new Uint8Array(Buffer.from(signedTx.slice(2), 'hex')) : signedTx,
});

/** The signed encoding a `signedTxItem` holds (or a transaction item written before it had its own item held). */
const signedEncoding = (item: Stored, attribute: string): string | null => {
  const v = item[attribute];
  return v instanceof Uint8Array ? `0x${Buffer.from(v).toString('hex')}` : optStr(item, attribute);
};

/** The signed encoding stored in a `signedTxItem`; null without one. */
export const decodeSignedTxItem = (item: Stored | undefined): string | null =>
  item ? decodeItem('signed transaction', item, (i) => signedEncoding(i, 'raw')) : null;

/** The attributes whose value says something: no null, no empty list, no empty map. */
function compact(o: Record<string, unknown>): Record<string, unknown> {
  // An empty list has no keys either; bytes (the signed encoding) have one per byte.
  return Object.fromEntries(
    Object.entries(o).filter(([, v]) => v != null && (typeof v !== 'object' || Object.keys(v).length > 0)),
  );
}

type Stored = Record<string, unknown>;
const OUTCOMES = ['allow', 'require_approval'] as const;
const DECISIONS = ['approved', 'rejected'] as const;
const SCREENING_RESULTS = ['clean', 'flagged', 'blocked'] as const;
const REPLACEMENT_STATUSES = ['AWAITING_SIGNATURE', 'BROADCAST', 'REJECTED'] as const;

/**
 * A stored transaction item as the domain record (every field `transactionItem` omitted restored), each attribute
 * checked: a malformed item raises a MalformedItemError naming it (../../store/decode.ts). Hand-written field checks,
 * not a schema: the transaction worker decodes the item on every move (a few µs: bench/decode-items.ts).
 */
export const decodeTransaction = (item: Stored): TransactionRecord => decodeItem('transaction', item, readTransaction);

/**
 * A bookkeeping change of a stored transaction, set in place (an UpdateItem, not a rewrite of the whole item): a new
 * confirmation count with its update time, or a worker run's mark cleared. The version moves on and guards it (the
 * version `tx` was read at); no audit record goes with it, so the item's audit chain end is kept.
 */
export const transactionUpdateInPlace = (
  tx: Pick<TransactionRecord, 'tenantId' | 'id' | 'version'>,
  change: { confirmations: number; updatedAt: string } | { workerContinues: false },
): WriteOp => ({
  op: 'update',
  key: keys.transaction(tx.tenantId, tx.id),
  set: {
    ...('confirmations' in change ? { confirmations: change.confirmations, updated_at: change.updatedAt } : {}),
    version: tx.version + 1,
  },
  ...('workerContinues' in change ? { remove: ['worker_continues'] } : {}),
  condition: { type: 'version', version: tx.version },
});

function readTransaction(item: Stored): TransactionRecord {
  // From the item's keys; one that is not a transaction's (with its vault index) is refused there, naming its key.
  const { tenantId, id, sourceVaultId } = keys.transactionIdentity(item);
  const contractCall = optMapOf(item, 'contract_call', (c) => ({ to: optStr(c, 'to'), data: str(c, 'data') }));
  const destinationAddr = optStr(item, 'destination_addr');
  const amount = str(item, 'amount');
  const unsignedTx = optStr(item, 'unsigned_tx');
  const call = unsignedTx !== null ? chainCall({ contractCall, destinationAddr, amount }) : { to: null, data: null };
  const createdAt = str(item, 'created_at');
  return {
    id,
    tenantId,
    externalId: optStr(item, 'external_id'),
    sourceVaultId,
    sourceWalletId: str(item, 'source_wallet_id'),
    destinationAddr,
    assetId: str(item, 'asset_id'),
    operation: (optStr(item, 'operation') ?? 'TRANSFER') as TxOperation,
    tokenId: optStr(item, 'token_id'),
    contractCall,
    contractAddress: optStr(item, 'contract_address'),
    amount,
    fee: optStr(item, 'fee'),
    gasLimit: optNum(item, 'gas_limit'),
    nonce: optNum(item, 'nonce'),
    maxFeePerGas: optStr(item, 'max_fee_per_gas'),
    maxPriorityFeePerGas: optStr(item, 'max_priority_fee_per_gas'),
    unsignedTx,
    digest: optStr(item, 'digest'),
    chainId: optNum(item, 'chain_id'),
    to: 'to' in item ? optStr(item, 'to') : call.to,
    data: 'data' in item ? optStr(item, 'data') : call.data,
    // Not on the item (its own `signedTxItem`), unless the item was written before it was: then it is carried, and the
    // next write of the transaction moves it to its own item (./transaction-store.ts, `stageTransactionWrite`).
    signedTx: signedEncoding(item, 'signed_tx'),
    status: oneOf(item, 'status', STATUSES),
    subStatus: optOneOf(item, 'sub_status', SUB_STATUS_NAMES),
    ...(item.worker_continues === true ? { workerContinues: true } : {}),
    failureReason: optStr(item, 'failure_reason'),
    failureCode: optOneOf(item, 'failure_code', FAILURE_CODE_NAMES),
    expiresAt: optStr(item, 'expires_at'),
    chainTxHash: optStr(item, 'chain_tx_hash'),
    blockNumber: optNum(item, 'block_number'),
    blockHash: optStr(item, 'block_hash'),
    confirmations: optNum(item, 'confirmations'),
    note: optStr(item, 'note'),
    metadata: strMap(item, 'metadata'),
    createdAt,
    updatedAt: optStr(item, 'updated_at') ?? createdAt,
    broadcastAt: optStr(item, 'broadcast_at'),
    confirmedAt: optStr(item, 'confirmed_at'),
    initiator: mapOf(item, 'initiator', (i) => ({
      userId: str(i, 'user_id'),
      keyId: str(i, 'key_id'),
    })),
    policyDecision: mapOf(item, 'policy_decision', (d) => ({
      outcome: oneOf(d, 'outcome', OUTCOMES),
      approvals: num(d, 'approvals'),
      reasons: strList(d, 'reasons'),
      evaluatedAt: optStr(d, 'evaluated_at') ?? createdAt,
      policyIds: strList(d, 'policy_ids'),
      checks: asStoredChecks(d.checks),
    })),
    approvals: mapList(item, 'approvals', (a) => ({
      userId: str(a, 'user_id'),
      keyId: str(a, 'key_id'),
      decision: oneOf(a, 'decision', DECISIONS),
      compliance: bool(a, 'compliance'),
      reason: optStr(a, 'reason'),
      decidedAt: str(a, 'decided_at'),
    })),
    approvalExpiresAt: optStr(item, 'approval_expires_at'),
    screening: optMapOf(item, 'screening', (s) => ({
      provider: str(s, 'provider'),
      result: oneOf(s, 'result', SCREENING_RESULTS),
      reason: optStr(s, 'reason'),
      checkedAt: str(s, 'checked_at'),
    })),
    // A reservation of the transaction's own amount is stored as its counter id alone.
    reservations: list(item, 'reservations').map((r, i) =>
      typeof r === 'string'
        ? { counterId: r, amount }
        : isMap(r)
          ? within(`reservations[${i}]`, r, (m) => ({
              counterId: str(m, 'counter_id'),
              amount: str(m, 'amount'),
            }))
          : malformed(`reservations[${i}]`, 'not a reservation'),
    ),
    replacements: mapList(item, 'replacements', readReplacement),
    broadcastBlock: optNum(item, 'broadcast_block'),
    version: num(item, 'version'),
    ...(typeof item.audit_hash === 'string'
      ? { auditHead: { version: num(item, 'version'), hash: item.audit_hash } }
      : {}),
  };
}

function readReplacement(r: Stored): Replacement {
  return {
    reason: oneOf(r, 'reason', REPLACEMENT_REASONS),
    cancel: r.cancel != null && bool(r, 'cancel'),
    status: oneOf(r, 'status', REPLACEMENT_STATUSES),
    maxFeePerGas: str(r, 'max_fee_per_gas'),
    maxPriorityFeePerGas: str(r, 'max_priority_fee_per_gas'),
    hash: optStr(r, 'hash'),
    replaces: optStr(r, 'replaces'),
    requestedBy: optStr(r, 'requested_by'),
    createdAt: str(r, 'created_at'),
    rejection: optStr(r, 'rejection'),
    payload: optMapOf(r, 'payload', (q) => ({
      unsignedTx: str(q, 'unsigned_tx'),
      digest: str(q, 'digest'),
      gasLimit: num(q, 'gas_limit'),
      to: optStr(q, 'to'),
      value: str(q, 'value'),
      data: str(q, 'data'),
    })),
  };
}

/**
 * Where the transactions in `status` are listed (keys.ts, the status index): a pattern holding other statuses too,
 * so the reader keeps the items whose status is `status`. Open means not an ending (the transition table's TERMINAL).
 */
export const transactionsWithStatus = (tenantId: string, status: TxStatus) =>
  accessPatterns.transactionsWithStatus(tenantId, status, !TERMINAL.has(status));

/**
 * The tenant's open transactions (every open status shares one partition, oldest first), a page at a time, until
 * `maxRead` items were read: what the stuck view, the re-drive of stalled transactions and a tenant's resumption
 * look through. The items are decoded by the caller, after filtering on `status`.
 */
export async function* openTransactionPages(
  store: Store,
  tenantId: string,
  maxRead = Infinity,
): AsyncGenerator<Item[]> {
  let startKey: Record<string, unknown> | undefined;
  let read = 0;
  do {
    const page = await store.query({
      pattern: accessPatterns.transactionsWithStatus(tenantId, 'OPEN', true),
      limit: 200,
      startKey,
    });
    read += page.items.length;
    yield page.items;
    startKey = page.lastKey;
  } while (startKey && read < maxRead);
}

/** The partitions that together hold each of the tenant's transactions once: the open ones, and one per ending. */
export const transactionsOfTenant = (tenantId: string) => accessPatterns.transactionsOfTenant(tenantId, [...TERMINAL]);
