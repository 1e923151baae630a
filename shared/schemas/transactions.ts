import * as z from './zod.js';
import {
  described,
  address,
  amount,
  transferAmount,
  externalId,
  note,
  paginationQuery,
  reason,
  stringMetadata,
  timestamp,
  uuid,
  uint,
  nextCursor,
  createdAt,
  updatedAt,
} from './common.js';
import { REPLACEMENT_REASONS, STATUSES } from '../domain/transactions/transition-table.js';
import { TRANSACTION_OPERATIONS } from '../domain/tokens/operations.js';
import { FAILURE_CODE_NAMES, SUB_STATUS_NAMES } from '../domain/transactions/sub-status.js';
import { MAX_SIGNATURE_BYTES, PQ_ALGORITHMS } from '../domain/chain/ml-dsa-sizes.js';

/** Transactions are camelCase (docs/api-conventions.md, "Requests and answers"; fields: docs/transactions.md). */
export const CreateTransferBody = z.lazySchema(() =>
  z.withMeta(
    z.strictObject({
      sourceWalletId: described(uuid(), 'The wallet that pays (it must be active and in an active vault)'),
      destinationAddr: described(address(), 'The address paid'),
      assetId: described(uuid(), 'The asset sent (GET /v1/assets); the native coin or a registered token'),
      amount: described(
        transferAmount(),
        'In the asset\'s smallest unit (wei for the native coin), digits only: 1.5 of an 18-decimal asset is "1500000000000000000"; "1.5" is refused with the wei value it would be',
      ),
      externalId: described(
        z.optional(externalId()),
        'Your reference, unique in the tenant (409 1108 when reused); listing filters on it',
      ),
      note: described(z.optional(note()), 'Free text shown to approvers'),
      metadata: described(z.optional(stringMetadata()), 'Your string key-values, returned as sent'),
      expiresAt: z.withMeta(z.optional(z.iso.datetime({ offset: true })), {
        description:
          'If not signed by then, the transaction ends FAILED with failureCode EXPIRED Must be in the future.',
      }),
    }),
    { id: 'CreateTransfer' },
  ),
);

/** The fields a person deciding needs, read with the transaction (transaction-display.ts). */
const ON_READS =
  'On GET, the list and the approve, reject and cancel answers (not in the 201 of a submission, nor in webhooks).';
const person = () => ({
  name: z.withMeta(z.optional(z.nullable(z.string())), { description: `The user's name. ${ON_READS}` }),
  email: z.withMeta(z.optional(z.nullable(z.string())), { description: `The user's e-mail. ${ON_READS}` }),
});

export const Transaction = z.lazySchema(() =>
  z.withMeta(
    z.object({
      id: described(uuid(), 'The transaction id'),
      tenantId: described(uuid(), 'The tenant it belongs to'),
      externalId: described(z.nullable(z.string()), 'Your reference, or null'),
      sourceVaultId: described(uuid(), 'The vault of the paying wallet'),
      sourceWalletId: described(uuid(), 'The paying wallet'),
      destinationAddr: z.withMeta(z.nullable(z.string()), {
        description:
          'The destination; for a token operation (Beta) its counterparty or the token contract; null for DEPLOY_TOKEN',
      }),
      assetId: described(uuid(), 'The asset sent'),
      operation: z.withMeta(z.enum(TRANSACTION_OPERATIONS), {
        description:
          "`TRANSFER`, a token operation (Beta, docs/tokens.md), or `FILL_NONCE`: the service's zero-value self-transfer at a lost nonce of the wallet (docs/transactions.md, Nonce gaps)",
      }),
      tokenId: z.withMeta(z.nullable(uuid()), {
        description: 'The token a token operation acts on (Beta); null for transfers',
      }),
      amount: described(z.string(), "In the asset's smallest unit (wei for the native coin), digits only"),
      contractAddress: z.withMeta(z.nullable(z.string()), {
        description: 'The contract a completed DEPLOY_TOKEN created (Beta)',
      }),
      fee: described(z.nullable(z.string()), 'The fee paid or reserved, in wei; null until the gas is estimated'),
      gasLimit: described(z.nullable(uint()), 'The gas limit set when the transaction was built; null before'),
      nonce: described(z.nullable(uint()), "The source wallet's nonce the transaction uses; null until assigned"),
      status: described(z.enum(STATUSES), 'Where it is in its life cycle (docs/transactions.md)'),
      subStatus: z.withMeta(z.nullable(z.enum(SUB_STATUS_NAMES)), {
        description: 'Why an open transaction waits (docs/transactions.md, Sub-statuses); null once terminal',
      }),
      failureReason: described(z.nullable(z.string()), 'Why it failed; null unless FAILED'),
      failureCode: z.withMeta(z.nullable(z.enum(FAILURE_CODE_NAMES)), {
        description: 'Why it FAILED, machine-readable (docs/transactions.md, Failure codes); null otherwise',
      }),
      expiresAt: z.withMeta(z.nullable(timestamp()), {
        description: 'If not signed by then, it ends FAILED with failureCode EXPIRED',
      }),
      chainTxHash: described(z.nullable(z.string()), 'The chain transaction hash once signed; null before'),
      blockNumber: described(z.nullable(uint()), 'The block that includes it; null until mined'),
      confirmations: described(z.nullable(uint()), 'Blocks from its block to the head, both counted; null until mined'),
      note: described(z.nullable(z.string()), 'Your free text, or null'),
      metadata: described(z.record(z.string(), z.string()), 'Your string key-values'),
      createdAt: createdAt(),
      updatedAt: updatedAt(),
      broadcastAt: described(z.nullable(timestamp()), 'When it was sent to the chain; null before'),
      confirmedAt: described(z.nullable(timestamp()), 'When it reached the confirmation depth; null before'),
      initiatedBy: z.withMeta(z.object({ userId: described(z.string(), 'The user id'), ...person() }), {
        description: 'The user whose credential submitted the transfer (it may not approve it)',
      }),
      policyDecision: described(
        z.object({
          outcome: described(
            z.enum(['allow', 'require_approval']),
            '`allow`, or `require_approval` when a rule asked for approvals',
          ),
          approvalsRequired: described(uint(), 'Approvals the policies asked for'),
          reasons: described(z.array(z.string()), 'The rules that fired, in words'),
          policyIds: z.withMeta(z.array(z.string()), {
            description: "The policies evaluated (the vault's, at submission)",
          }),
          policies: z.withMeta(
            z.optional(
              z.array(
                z.object({
                  id: described(z.string(), 'The policy id'),
                  name: described(z.nullable(z.string()), 'Its name'),
                }),
              ),
            ),
            { description: `The policies evaluated, with their names. ${ON_READS}` },
          ),
        }),
        "The policies' verdict at submission",
      ),
      approvals: described(
        z.object({
          required: described(uint(), 'Approvals needed before signing'),
          complianceReviewRequired: described(z.boolean(), 'Whether a compliance officer must also approve'),
          expiresAt: described(
            z.nullable(timestamp()),
            'When an undecided transaction expires; null when no approval is pending',
          ),
          decisions: described(
            z.array(
              z.object({
                userId: described(z.string(), 'Who decided'),
                ...person(),
                decision: described(z.enum(['approved', 'rejected']), 'The decision'),
                compliance: described(z.boolean(), "A compliance officer's decision"),
                reason: described(z.nullable(z.string()), 'The reason given'),
                decidedAt: described(timestamp(), 'When'),
              }),
            ),
            'The approvals and rejections so far, oldest first',
          ),
        }),
        'Approvals needed and given',
      ),
      assetSymbol: z.withMeta(z.optional(z.nullable(z.string())), { description: `The asset's symbol. ${ON_READS}` }),
      assetDecimals: z.withMeta(z.optional(z.nullable(uint())), { description: `The asset's decimals. ${ON_READS}` }),
      amountFormatted: z.withMeta(z.optional(z.nullable(z.string())), {
        description: `\`amount\` in the asset's units (\`1.5\` for 1500000000000000000 wei of an 18-decimal asset). ${ON_READS}`,
      }),
      sourceVault: z.withMeta(
        z.optional(
          z.object({ id: described(uuid(), 'The vault id'), name: described(z.nullable(z.string()), 'Its name') }),
        ),
        { description: `The paying vault, by name. ${ON_READS}` },
      ),
      sourceWallet: z.withMeta(
        z.optional(
          z.object({
            id: described(uuid(), 'The wallet id'),
            label: described(z.nullable(z.string()), 'Its label'),
            address: described(z.nullable(z.string()), 'Its address'),
          }),
        ),
        { description: `The paying wallet, with its label and address. ${ON_READS}` },
      ),
      destinationName: z.withMeta(z.optional(z.nullable(z.string())), {
        description: `The name of the address-book entry with the destination's address (null: not in the book). ${ON_READS}`,
      }),
      destinationEntryId: z.withMeta(z.optional(z.nullable(z.string())), {
        description: `That address-book entry's id. ${ON_READS}`,
      }),
      destinationLookalike: z.withMeta(
        z.optional(
          z.nullable(
            z.object({
              entryId: described(z.string(), 'The entry it resembles'),
              name: described(z.string(), "That entry's name"),
              address: described(z.string(), "That entry's address"),
            }),
          ),
        ),
        {
          description: `A destination NOT in the address book that looks like an entry (same first 4 and last 4 hex characters after 0x, letter case aside): a possible address-poisoning look-alike, with the entry it resembles. ${ON_READS}`,
        },
      ),
      firstTimeDestination: z.withMeta(z.optional(z.nullable(z.boolean())), {
        description: `True when no other transfer from this vault to this destination has COMPLETED (a first payment there); null for an operation without a destination. ${ON_READS}`,
      }),
      screening: described(
        z.nullable(
          z.object({
            provider: described(z.string(), 'The provider'),
            result: described(z.enum(['clean', 'flagged', 'blocked']), 'The result'),
            reason: described(z.nullable(z.string()), 'Why'),
            checkedAt: described(timestamp(), 'When'),
          }),
        ),
        "The destination's screening result; null until screened",
      ),
      replacements: z.withMeta(
        z.array(
          z.object({
            hash: z.withMeta(z.nullable(z.string()), {
              description: "The replacement's chain hash; null while it awaits its signature",
            }),
            reason: described(
              z.enum(REPLACEMENT_REASONS),
              'SPEED_UP, CANCEL (after broadcast) or REPRICE (automatic, when stuck)',
            ),
            cancel: z.withMeta(z.boolean(), {
              description: 'A zero-value self-transfer: mined, it ends the transaction CANCELLED',
            }),
            status: z.withMeta(z.enum(['AWAITING_SIGNATURE', 'BROADCAST', 'REJECTED']), {
              description:
                'AWAITING_SIGNATURE (signing payload ready), BROADCAST (sent to a node), REJECTED (the node or the signer refused it: `rejection`)',
            }),
            maxFeePerGas: described(z.string(), 'Its max fee per gas, wei'),
            maxPriorityFeePerGas: described(z.string(), 'Its max priority fee per gas, wei'),
            replaces: z.withMeta(z.nullable(z.string()), { description: 'The candidate hash it replaces' }),
            createdAt: described(timestamp(), 'When it was requested'),
            rejection: described(z.nullable(z.string()), 'Why the node or the signer refused it; null unless REJECTED'),
          }),
        ),
        {
          description:
            'Replacements at the same nonce (speed-up, cancel after broadcast, automatic repricing), oldest first; `chainTxHash` is the candidate mined once one is (docs/transactions.md, Replacements)',
        },
      ),
    }),
    { id: 'Transaction' },
  ),
);

/** POST /v1/transactions/{id}/speed-up: fees in wei; each omitted one is raised by the node's replacement minimum (10 %) or to the node's current estimate, whichever is higher. */
export const SpeedUpBody = z.lazySchema(() =>
  z.strictObject({
    maxFeePerGas: z.withMeta(z.optional(amount()), {
      description: 'Wei per gas; at least the current maxFeePerGas plus 10 %',
    }),
    maxPriorityFeePerGas: z.withMeta(z.optional(amount()), {
      description: 'Wei per gas; at least the current maxPriorityFeePerGas plus 10 %, at most maxFeePerGas',
    }),
  }),
);

export const TransactionList = z.lazySchema(() =>
  z.object({ transactions: described(z.array(Transaction()), 'One page of transactions'), next_cursor: nextCursor() }),
);

export const TransactionListQuery = z.lazySchema(() =>
  z.extend(paginationQuery(), {
    status: described(z.optional(z.enum(STATUSES)), 'Only transactions in this status'),
    vault_id: described(z.optional(uuid()), 'Only transactions paid from this vault'),
    wallet_id: described(z.optional(uuid()), 'Only transactions paid from this wallet'),
    external_id: described(z.optional(externalId()), 'Only the transaction with this reference'),
    asset_id: z.withMeta(z.optional(uuid()), { description: 'Only transfers of this asset' }),
    ended: z.withMeta(z.optional(z.enum(['true', 'false'])), {
      description:
        '`true`: only transactions in an ending status (COMPLETED, FAILED, REJECTED, CANCELLED, BLOCKED); `false`: only open ones',
    }),
    created_after: z.withMeta(z.optional(z.iso.datetime({ offset: true })), {
      description: 'Only transactions created at or after this time',
    }),
    created_before: z.withMeta(z.optional(z.iso.datetime({ offset: true })), {
      description: 'Only transactions created before this time',
    }),
    stuck: z.withMeta(z.optional(z.enum(['true', 'false'])), {
      description:
        'Operator view: transactions in an automatic status or CONFIRMING that have not moved for CUSTODY_STUCK_AFTER_SECONDS',
    }),
  }),
);

export const DecisionBody = z.lazySchema(() =>
  z.strictObject({ reason: described(z.optional(reason()), 'Why, kept with the decision') }),
);

export const ScreeningEntryBody = z.lazySchema(() =>
  z.strictObject({
    address: address(),
    list: described(z.enum(['blocked', 'flagged']), 'The list to put it on'),
    reason: described(z.optional(reason()), 'Why'),
  }),
);
export const ScreeningEntry = z.lazySchema(() =>
  z.withMeta(
    z.object({
      address: described(z.string(), 'The address, lowercase'),
      list: described(
        z.enum(['blocked', 'flagged']),
        '`blocked` stops transfers to it; `flagged` needs a compliance approval',
      ),
      reason: described(z.nullable(z.string()), 'Why'),
      created_at: createdAt(),
    }),
    { id: 'ScreeningEntry' },
  ),
);
export const ScreeningEntryList = z.lazySchema(() =>
  z.object({ entries: described(z.array(ScreeningEntry()), 'One page of entries'), next_cursor: nextCursor() }),
);
export const AddressParam = z.lazySchema(() => z.object({ address: described(address(), 'The screened address') }));

/** The signing payload (docs/transactions.md, "Signing") plus the source wallet's public key, so a signer can find its key. */
/** A policy receipt as signed (docs/signer.md, "Policy receipts"). */
export const PolicyReceipt = z.lazySchema(() =>
  z.withMeta(
    z.object({
      payload: z.withMeta(z.string(), { description: 'Canonical JSON, as signed' }),
      key_id: described(z.string(), 'The policy key that signed it (GET /v1/keys/policy)'),
      algorithm: described(z.enum(['ML-DSA-65']), 'The signature algorithm (FIPS 204)'),
      signature: z.withMeta(z.string(), {
        description: 'ML-DSA-65 over "custody-policy-receipt-v1\\n" || payload, 0x hex',
      }),
    }),
    { id: 'PolicyReceipt' },
  ),
);

export const SigningPayload = z.lazySchema(() =>
  z.withMeta(
    z.object({
      transaction_id: described(uuid(), 'The transaction to sign'),
      replacement: z.withMeta(
        z.optional(
          z.object({
            reason: described(z.enum(REPLACEMENT_REASONS), 'SPEED_UP, CANCEL or REPRICE'),
            cancel: described(z.boolean(), 'A zero-value self-transfer that cancels the transaction'),
            replaces: described(z.nullable(z.string()), 'The candidate hash it replaces'),
          }),
        ),
        {
          description:
            'Present when the payload is a replacement at the same nonce (speed-up, cancel after broadcast, repricing) awaiting its signature',
        },
      ),
      digest: z.withMeta(z.string(), {
        description: 'Keccak-256 of unsigned_tx (0x, 32 bytes): the message the signer signs with ML-DSA',
      }),
      unsigned_tx: z.withMeta(z.string(), {
        description: 'pq-evm-v1 unsigned encoding, 0x hex (docs/chain-profile.md)',
      }),
      nonce: described(uint(), 'The nonce the transaction uses'),
      chain_id: described(uint(), 'The chain id the signature commits to'),
      algorithm: described(z.enum(PQ_ALGORITHMS), "The ML-DSA parameter set of the wallet's key"),
      context: z.withMeta(z.string(), { description: 'FIPS 204 context string (empty for none)' }),
      public_key: z.withMeta(z.string(), { description: "The source wallet's ML-DSA public key, 0x hex" }),
      receipt: z.withMeta(z.nullable(PolicyReceipt()), {
        description: 'Checked by the signer before signing; null until issued',
      }),
      tx: described(
        z.object({
          chainId: described(uint(), 'The chain id'),
          nonce: described(uint(), "The sender's nonce"),
          maxPriorityFeePerGas: described(z.string(), 'EIP-1559 priority fee per gas, in wei'),
          maxFeePerGas: described(z.string(), 'EIP-1559 maximum fee per gas, in wei'),
          gasLimit: described(uint(), 'The gas limit'),
          to: described(
            z.nullable(z.string()),
            'The recipient (the destination, or a contract); null for a deployment',
          ),
          value: described(z.string(), 'Wei sent with the call'),
          data: described(z.string(), 'Call data, 0x hex (0x for a plain transfer)'),
        }),
        "The transaction's fields",
      ),
    }),
    { id: 'SigningPayload' },
  ),
);

/**
 * 0x hex of at least one whole byte: the check and the document's `pattern` in one regex. Not chain/hex.ts's `isHex`:
 * that module carries Keccak (@noble/hashes, 8 KiB), which would load with this schema at every cold start.
 */
const SIGNATURE_HEX_RE = /^0x([0-9a-fA-F]{2})+$/;

export const SignatureBody = z.lazySchema(() =>
  z.withMeta(
    z.strictObject({
      signature: z.withMeta(
        z.string().check(
          z.refine((s) => s.length <= 2 + 2 * MAX_SIGNATURE_BYTES, {
            message: 'signature is longer than any ML-DSA parameter set allows',
          }),
          z.refine((s) => SIGNATURE_HEX_RE.test(s), { message: 'signature must be 0x-prefixed hex' }),
        ),
        { pattern: SIGNATURE_HEX_RE.source, description: 'ML-DSA signature over the digest, 0x hex' },
      ),
    }),
    { id: 'SignatureSubmission' },
  ),
);

/** A callback signer's refusal to sign (docs/signer.md, "Policy receipts"). */
export const SignatureRefusalBody = z.lazySchema(() =>
  z.withMeta(
    z.strictObject({
      code: described(
        z.enum(['receipt_invalid']),
        'Why the signer refuses: receipt_invalid, the policy receipt does not cover the payload',
      ),
      reason: described(reason().check(z.minLength(1)), 'The check that failed, one line (stored as failureReason)'),
    }),
    { id: 'SignatureRefusal' },
  ),
);

const HistoryPerson = z.lazySchema(() =>
  z.object({
    userId: described(z.string(), 'The user id'),
    name: z.withMeta(z.nullable(z.string()), { description: "The user's name now (null when the user is gone)" }),
    email: z.withMeta(z.nullable(z.string()), { description: "The user's e-mail now (null when the user is gone)" }),
  }),
);
export const TransactionHistoryEntry = z.lazySchema(() =>
  z.withMeta(
    z.object({
      id: z.withMeta(z.string(), {
        description: 'The audit entry this history entry is read from (GET /v1/audit/entries?resource_id=)',
      }),
      timestamp: described(timestamp(), 'When the change was committed'),
      action: z.withMeta(z.string(), {
        description:
          '`transaction.created`, `transaction.status_changed` or `transaction.approved` (an approval that did not yet complete the count)',
      }),
      fromStatus: described(z.nullable(z.enum(STATUSES)), 'The status before the change (null on creation)'),
      toStatus: z.withMeta(z.nullable(z.enum(STATUSES)), {
        description: 'The status the change left the transaction in (null for an approval that moved nothing)',
      }),
      trigger: z.withMeta(z.nullable(z.string()), {
        description:
          'What caused the change: `submission`, `worker`, `screening`, `approval`, `rejection`, `cancel`, `expiry`, `signature`, `broadcast`, `chain`, `failure`',
      }),
      actor: described(
        z.object({
          type: described(z.enum(['user', 'system']), '`user` or `system`'),
          userId: described(z.nullable(z.string()), "The acting user's id (null for the service)"),
          keyId: described(z.nullable(z.string()), 'The credential the user acted with'),
          name: described(z.nullable(z.string()), "The user's name now"),
          email: described(z.nullable(z.string()), "The user's e-mail now"),
          component: z.withMeta(z.nullable(z.string()), {
            description: 'For a system actor, the service component: `transaction-worker`, `chain-poller`, ...',
          }),
        }),
        'Who made the change',
      ),
      requestId: z.withMeta(z.nullable(z.string()), {
        description: "The API request that made the change (null for the service's own steps)",
      }),
      reason: z.withMeta(z.nullable(z.string()), {
        description: 'The reason given with a decision or cancellation, or why the service moved it (a reorg)',
      }),
      failureReason: described(z.nullable(z.string()), 'Why it failed, when the change failed it'),
      decision: z.withMeta(
        z.nullable(
          z.object({
            decision: described(z.enum(['approved', 'rejected']), '`approved` or `rejected`'),
            user: described(HistoryPerson(), 'Who decided'),
            reason: described(z.nullable(z.string()), 'The reason given'),
            compliance: described(z.boolean(), "Whether it was a compliance officer's decision"),
            approvalsReceived: described(z.nullable(uint()), 'Approvals counted after this decision'),
            approvalsRequired: described(z.nullable(uint()), 'Approvals needed'),
          }),
        ),
        { description: 'The approval or rejection this change recorded' },
      ),
      screening: z.withMeta(
        z.nullable(
          z.object({
            provider: described(z.string(), 'The provider'),
            result: described(z.string(), 'The result'),
            reason: described(z.nullable(z.string()), 'Why'),
            checkedAt: described(z.nullable(timestamp()), 'When'),
          }),
        ),
        { description: 'The screening result this change recorded' },
      ),
      chain: z.withMeta(z.nullable(z.record(z.string(), z.unknown())), {
        description:
          'The chain facts this change set: `nonce`, `gasLimit`, `fee`, `maxFeePerGas`, `chainId`, `chainTxHash`, `blockNumber`, `blockHash`, `confirmations`, `contractAddress`',
      }),
      policyDecision: z.withMeta(z.nullable(z.record(z.string(), z.unknown())), {
        description:
          'On the creation: the policy decision frozen at submission (outcome, approvals required, reasons, policy ids, and `policyVersions`: each policy evaluated, `{policyId, version}`, the version it had then)',
      }),
      events: z.withMeta(z.array(z.string()), { description: 'The events the change emitted' }),
    }),
    { id: 'TransactionHistoryEntry' },
  ),
);
export const TransactionHistory = z.lazySchema(() =>
  z.withMeta(
    z.object({
      history: described(z.array(TransactionHistoryEntry()), 'Its changes, in commit order'),
      next_cursor: nextCursor(),
    }),
    { id: 'TransactionHistory' },
  ),
);
