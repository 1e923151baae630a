import * as z from './zod.js';
import { address, amount, transferAmount, externalId, note, paginationQuery, reason, stringMetadata, timestamp, uuid, uint } from './common.js';
import { REPLACEMENT_REASONS, STATUSES } from '../domain/transactions/transition-table.js';
import { TX_OPERATIONS } from '../domain/tokens/operations.js';
import { FAILURE_CODE_NAMES, SUB_STATUS_NAMES } from '../domain/transactions/sub-status.js';
import { MAX_SIGNATURE_BYTES, PQ_ALGORITHMS } from '../domain/chain/ml-dsa-sizes.js';

/** Transactions are camelCase (interface 2.1, 2.2). */
export const CreateTransferBody = z.lazySchema(() => z.withMeta(z.strictObject({
    sourceWalletId: uuid(),
    destinationAddr: address(),
    assetId: uuid(),
    amount: transferAmount(),
    externalId: z.optional(externalId()),
    note: z.optional(note()),
    metadata: z.optional(stringMetadata()),
    expiresAt: z.withMeta(z.optional(z.iso.datetime({ offset: true })), { description: 'If not signed by then, the transaction ends FAILED with failureCode EXPIRED Must be in the future.' }),
  }), { id: 'CreateTransfer' }));

/** The fields a person deciding needs, read with the transaction (transaction-display.ts). */
const ON_READS = 'On GET, the list and the approve, reject and cancel answers (not in the 201 of a submission, nor in webhooks).';
const person = () => ({
  name: z.withMeta(z.optional(z.nullable(z.string())), { description: `The user's name. ${ON_READS}` }),
  email: z.withMeta(z.optional(z.nullable(z.string())), { description: `The user's e-mail. ${ON_READS}` }),
});

export const Transaction = z.lazySchema(() => z.withMeta(z.object({
    id: uuid(),
    tenantId: uuid(),
    externalId: z.nullable(z.string()),
    sourceVaultId: uuid(),
    sourceWalletId: uuid(),
    destinationAddr: z.withMeta(z.nullable(z.string()), { description: 'The destination; for a token operation (Beta) its counterparty or the token contract; null for DEPLOY_TOKEN' }),
    assetId: uuid(),
    operation: z.withMeta(z.enum(TX_OPERATIONS), { description: '`TRANSFER`, or a token operation (Beta, docs/tokens.md)' }),
    tokenId: z.withMeta(z.nullable(uuid()), { description: 'The token a token operation acts on (Beta); null for transfers' }),
    amount: z.string(),
    contractAddress: z.withMeta(z.nullable(z.string()), { description: 'The contract a completed DEPLOY_TOKEN created (Beta)' }),
    fee: z.nullable(z.string()),
    gasLimit: z.nullable(uint()),
    nonce: z.nullable(uint()),
    status: z.enum(STATUSES),
    subStatus: z.withMeta(z.nullable(z.enum(SUB_STATUS_NAMES)), { description: 'Why an open transaction waits (docs/transactions.md, Sub-statuses); null once terminal' }),
    failureReason: z.nullable(z.string()),
    failureCode: z.withMeta(z.nullable(z.enum(FAILURE_CODE_NAMES)), { description: 'Why it FAILED, machine-readable (docs/transactions.md, Failure codes); null otherwise' }),
    expiresAt: z.withMeta(z.nullable(timestamp()), { description: 'If not signed by then, it ends FAILED with failureCode EXPIRED' }),
    chainTxHash: z.nullable(z.string()),
    blockNumber: z.nullable(uint()),
    confirmations: z.nullable(uint()),
    note: z.nullable(z.string()),
    metadata: z.record(z.string(), z.string()),
    createdAt: timestamp(),
    updatedAt: timestamp(),
    broadcastAt: z.nullable(timestamp()),
    confirmedAt: z.nullable(timestamp()),
    initiatedBy: z.withMeta(z.object({ userId: z.string(), ...person() }), { description: 'The user whose credential submitted the transfer (it may not approve it)' }),
    policyDecision: z.object({
      outcome: z.enum(['allow', 'require_approval']),
      approvalsRequired: uint(),
      reasons: z.array(z.string()),
      policyIds: z.withMeta(z.array(z.string()), { description: 'The policies evaluated (the vault\'s, at submission)' }),
      policies: z.withMeta(z.optional(z.array(z.object({ id: z.string(), name: z.nullable(z.string()) }))), { description: `The policies evaluated, with their names. ${ON_READS}` }),
    }),
    approvals: z.object({
      required: uint(),
      complianceReviewRequired: z.boolean(),
      expiresAt: z.nullable(timestamp()),
      decisions: z.array(z.object({ userId: z.string(), ...person(), decision: z.enum(['approved', 'rejected']), compliance: z.boolean(), reason: z.nullable(z.string()), decidedAt: timestamp() })),
    }),
    assetSymbol: z.withMeta(z.optional(z.nullable(z.string())), { description: `The asset's symbol. ${ON_READS}` }),
    assetDecimals: z.withMeta(z.optional(z.nullable(uint())), { description: `The asset's decimals. ${ON_READS}` }),
    amountFormatted: z.withMeta(z.optional(z.nullable(z.string())), { description: `\`amount\` in the asset's units (\`1.5\` for 1500000000000000000 wei of an 18-decimal asset). ${ON_READS}` }),
    sourceVault: z.withMeta(z.optional(z.object({ id: uuid(), name: z.nullable(z.string()) })), { description: `The paying vault, by name. ${ON_READS}` }),
    sourceWallet: z.withMeta(z.optional(z.object({ id: uuid(), label: z.nullable(z.string()), address: z.nullable(z.string()) })), { description: `The paying wallet, with its label and address. ${ON_READS}` }),
    screening: z.nullable(z.object({ provider: z.string(), result: z.enum(['clean', 'flagged', 'blocked']), reason: z.nullable(z.string()), checkedAt: timestamp() })),
    replacements: z.withMeta(z.array(z.object({
      hash: z.withMeta(z.nullable(z.string()), { description: 'The replacement\'s chain hash; null while it awaits its signature' }),
      reason: z.enum(REPLACEMENT_REASONS),
      cancel: z.withMeta(z.boolean(), { description: 'A zero-value self-transfer: mined, it ends the transaction CANCELLED' }),
      status: z.withMeta(z.enum(['AWAITING_SIGNATURE', 'BROADCAST', 'REJECTED']), { description: 'AWAITING_SIGNATURE (signing payload ready), BROADCAST (sent to a node), REJECTED (the node refused it: `rejection`)' }),
      maxFeePerGas: z.string(),
      maxPriorityFeePerGas: z.string(),
      replaces: z.withMeta(z.nullable(z.string()), { description: 'The candidate hash it replaces' }),
      createdAt: timestamp(),
      rejection: z.nullable(z.string()),
    })), { description: 'Replacements at the same nonce (speed-up, cancel after broadcast, automatic repricing), oldest first; `chainTxHash` is the candidate mined once one is (docs/transactions.md, Replacements)' }),
  }), { id: 'Transaction' }));

/** POST /v1/transactions/{id}/speed-up: fees in wei; each omitted one is raised by the node's replacement minimum (10 %) or to the node's current estimate, whichever is higher. */
export const SpeedUpBody = z.lazySchema(() => z.strictObject({
  maxFeePerGas: z.withMeta(z.optional(amount()), { description: 'Wei per gas; at least the current maxFeePerGas plus 10 %' }),
  maxPriorityFeePerGas: z.withMeta(z.optional(amount()), { description: 'Wei per gas; at least the current maxPriorityFeePerGas plus 10 %, at most maxFeePerGas' }),
}));

export const TransactionList = z.lazySchema(() => z.object({ transactions: z.array(Transaction()), next_cursor: z.nullable(z.string()) }));

export const TransactionListQuery = z.lazySchema(() => z.extend(paginationQuery(), {
  status: z.optional(z.enum(STATUSES)),
  vault_id: z.optional(uuid()),
  wallet_id: z.optional(uuid()),
  external_id: z.optional(externalId()),
  stuck: z.withMeta(z.optional(z.enum(['true', 'false'])), { description: 'Operator view: transactions in an automatic status or CONFIRMING that have not moved for CUSTODY_STUCK_AFTER_SECONDS' }),
}));

export const DecisionBody = z.lazySchema(() => z.strictObject({ reason: z.optional(reason()) }));

export const ScreeningEntryBody = z.lazySchema(() => z.strictObject({ address: address(), list: z.enum(['blocked', 'flagged']), reason: z.optional(reason()) }));
export const ScreeningEntry = z.lazySchema(() => z.withMeta(z.object({ address: z.string(), list: z.enum(['blocked', 'flagged']), reason: z.nullable(z.string()), created_at: timestamp() }), { id: 'ScreeningEntry' }));
export const ScreeningEntryList = z.lazySchema(() => z.object({ entries: z.array(ScreeningEntry()), next_cursor: z.nullable(z.string()) }));
export const AddressParam = z.lazySchema(() => z.object({ address: address() }));

/** The signing payload (DESIGN.md 8) plus the source wallet's public key, so a signer can find its key. */
/** A policy receipt as signed (docs/signer.md, "Policy receipts"). */
export const PolicyReceipt = z.lazySchema(() => z.withMeta(z.object({
    payload: z.withMeta(z.string(), { description: 'Canonical JSON, as signed' }),
    key_id: z.string(),
    algorithm: z.enum(['ML-DSA-65']),
    signature: z.withMeta(z.string(), { description: 'ML-DSA-65 over "custody-policy-receipt-v1\\n" || payload, 0x hex' }),
  }), { id: 'PolicyReceipt' }));

export const SigningPayload = z.lazySchema(() => z.withMeta(z.object({
    transaction_id: uuid(),
    replacement: z.withMeta(z.optional(z.object({ reason: z.enum(REPLACEMENT_REASONS), cancel: z.boolean(), replaces: z.nullable(z.string()) })), { description: 'Present when the payload is a replacement at the same nonce (speed-up, cancel after broadcast, repricing) awaiting its signature' }),
    digest: z.withMeta(z.string(), { description: 'Keccak-256 of unsigned_tx (0x, 32 bytes): the message the signer signs with ML-DSA' }),
    unsigned_tx: z.withMeta(z.string(), { description: 'pq-evm-v1 unsigned encoding, 0x hex (docs/chain-profile.md)' }),
    nonce: uint(),
    chain_id: uint(),
    algorithm: z.enum(PQ_ALGORITHMS),
    context: z.withMeta(z.string(), { description: 'FIPS 204 context string (empty for none)' }),
    public_key: z.withMeta(z.string(), { description: "The source wallet's ML-DSA public key, 0x hex" }),
    receipt: z.withMeta(z.nullable(PolicyReceipt()), { description: 'Checked by the signer before signing; null until issued' }),
    tx: z.object({
      chainId: uint(),
      nonce: uint(),
      maxPriorityFeePerGas: z.string(),
      maxFeePerGas: z.string(),
      gasLimit: uint(),
      to: z.nullable(z.string()),
      value: z.string(),
      data: z.string(),
    }),
  }), { id: 'SigningPayload' }));

/**
 * 0x hex of at least one whole byte: the check and the document's `pattern` in one regex. Not chain/hex.ts's `isHex`:
 * that module carries Keccak (@noble/hashes, 8 KiB), which would load with this schema at every cold start.
 */
const SIGNATURE_HEX_RE = /^0x([0-9a-fA-F]{2})+$/;

export const SignatureBody = z.lazySchema(() => z.withMeta(z.strictObject({
    signature: z.withMeta(z.string().check(
        z.refine((s) => s.length <= 2 + 2 * MAX_SIGNATURE_BYTES, { message: 'signature is longer than any ML-DSA parameter set allows' }),
        z.refine((s) => SIGNATURE_HEX_RE.test(s), { message: 'signature must be 0x-prefixed hex' }),
      ), { pattern: SIGNATURE_HEX_RE.source, description: 'ML-DSA signature over the digest, 0x hex' }),
  }), { id: 'SignatureSubmission' }));

const HistoryPerson = z.lazySchema(() => z.object({
    userId: z.string(),
    name: z.withMeta(z.nullable(z.string()), { description: 'The user\'s name now (null when the user is gone)' }),
    email: z.withMeta(z.nullable(z.string()), { description: 'The user\'s e-mail now (null when the user is gone)' }),
  }));
export const TransactionHistoryEntry = z.lazySchema(() => z.withMeta(z.object({
    id: z.withMeta(z.string(), { description: 'The audit entry this history entry is read from (GET /v1/audit/entries?resource_id=)' }),
    timestamp: timestamp(),
    action: z.withMeta(z.string(), { description: '`transaction.created`, `transaction.status_changed` or `transaction.approved` (an approval that did not yet complete the count)' }),
    fromStatus: z.nullable(z.enum(STATUSES)),
    toStatus: z.withMeta(z.nullable(z.enum(STATUSES)), { description: 'The status the change left the transaction in (null for an approval that moved nothing)' }),
    trigger: z.withMeta(z.nullable(z.string()), { description: 'What caused the change: `submission`, `worker`, `screening`, `approval`, `rejection`, `cancel`, `expiry`, `signature`, `broadcast`, `chain`, `failure`' }),
    actor: z.object({
      type: z.enum(['user', 'system']),
      userId: z.nullable(z.string()),
      keyId: z.nullable(z.string()),
      name: z.nullable(z.string()),
      email: z.nullable(z.string()),
      component: z.withMeta(z.nullable(z.string()), { description: 'For a system actor, the service component: `transaction-worker`, `chain-poller`, ...' }),
    }),
    requestId: z.withMeta(z.nullable(z.string()), { description: 'The API request that made the change (null for the service\'s own steps)' }),
    reason: z.withMeta(z.nullable(z.string()), { description: 'The reason given with a decision or cancellation, or why the service moved it (a reorg)' }),
    failureReason: z.nullable(z.string()),
    decision: z.withMeta(z.nullable(z.object({
      decision: z.enum(['approved', 'rejected']),
      user: HistoryPerson(),
      reason: z.nullable(z.string()),
      compliance: z.boolean(),
      approvalsReceived: z.nullable(uint()),
      approvalsRequired: z.nullable(uint()),
    })), { description: 'The approval or rejection this change recorded' }),
    screening: z.withMeta(z.nullable(z.object({ provider: z.string(), result: z.string(), reason: z.nullable(z.string()), checkedAt: z.nullable(timestamp()) })), { description: 'The screening result this change recorded' }),
    chain: z.withMeta(z.nullable(z.record(z.string(), z.unknown())), { description: 'The chain facts this change set: `nonce`, `gasLimit`, `fee`, `maxFeePerGas`, `chainId`, `chainTxHash`, `blockNumber`, `blockHash`, `confirmations`, `contractAddress`' }),
    policyDecision: z.withMeta(z.nullable(z.record(z.string(), z.unknown())), { description: 'On the creation: the policy decision frozen at submission (outcome, approvals required, reasons, policy ids)' }),
    events: z.withMeta(z.array(z.string()), { description: 'The events the change emitted' }),
  }), { id: 'TransactionHistoryEntry' }));
export const TransactionHistory = z.lazySchema(() => z.withMeta(z.object({ history: z.array(TransactionHistoryEntry()), next_cursor: z.nullable(z.string()) }), { id: 'TransactionHistory' }));
