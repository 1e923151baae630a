import * as z from 'zod';
import { address, amount, externalId, note, paginationQuery, reason, stringMetadata, timestamp, uuid, uint } from './common.js';
import { STATUSES } from '../domain/transactions/transition-table.js';
import { isHex, MAX_SIGNATURE_BYTES, PQ_ALGORITHMS } from '../domain/chain/chain-profile.js';

/** Transactions are camelCase (interface 2.1, 2.2). */
export const CreateTransferBody = z
  .object({
    sourceWalletId: uuid(),
    destinationAddr: address(),
    assetId: uuid(),
    amount: amount({ positive: true }),
    externalId: externalId().optional(),
    note: note().optional(),
    metadata: stringMetadata().optional(),
  })
  .strict()
  .meta({ id: 'CreateTransfer' });

export const Transaction = z
  .object({
    id: uuid(),
    tenantId: uuid(),
    externalId: z.string().nullable(),
    sourceVaultId: uuid(),
    sourceWalletId: uuid(),
    destinationAddr: z.string(),
    assetId: uuid(),
    amount: z.string(),
    fee: z.string().nullable(),
    gasLimit: uint().nullable(),
    nonce: uint().nullable(),
    status: z.enum(STATUSES),
    failureReason: z.string().nullable(),
    chainTxHash: z.string().nullable(),
    blockNumber: uint().nullable(),
    confirmations: uint().nullable(),
    note: z.string().nullable(),
    metadata: z.record(z.string(), z.string()),
    createdAt: timestamp(),
    updatedAt: timestamp(),
    broadcastAt: timestamp().nullable(),
    confirmedAt: timestamp().nullable(),
    initiatedBy: z.object({ userId: z.string() }).meta({ description: 'The user whose credential submitted the transfer (it may not approve it)' }),
    policyDecision: z.object({ outcome: z.enum(['allow', 'require_approval']), approvalsRequired: uint(), reasons: z.array(z.string()) }),
    approvals: z.object({
      required: uint(),
      complianceReviewRequired: z.boolean(),
      expiresAt: timestamp().nullable(),
      decisions: z.array(z.object({ userId: z.string(), decision: z.enum(['approved', 'rejected']), compliance: z.boolean(), reason: z.string().nullable(), decidedAt: timestamp() })),
    }),
    screening: z.object({ provider: z.string(), result: z.enum(['clean', 'flagged', 'blocked']), reason: z.string().nullable(), checkedAt: timestamp() }).nullable(),
  })
  .meta({ id: 'Transaction' });

export const TransactionList = z.object({ transactions: z.array(Transaction), next_cursor: z.string().nullable() });

export const TransactionListQuery = paginationQuery.extend({
  status: z.enum(STATUSES).optional(),
  vault_id: uuid().optional(),
  wallet_id: uuid().optional(),
  external_id: externalId().optional(),
  stuck: z.enum(['true', 'false']).optional().meta({ description: 'Operator view: transactions in an automatic status or CONFIRMING that have not moved for CUSTODY_STUCK_AFTER_SECONDS' }),
});

export const DecisionBody = z.object({ reason: reason().optional() }).strict();

export const ScreeningEntryBody = z
  .object({ address: address(), list: z.enum(['blocked', 'flagged']), reason: reason().optional() })
  .strict();
export const ScreeningEntry = z.object({ address: z.string(), list: z.enum(['blocked', 'flagged']), reason: z.string().nullable(), created_at: timestamp() }).meta({ id: 'ScreeningEntry' });
export const ScreeningEntryList = z.object({ entries: z.array(ScreeningEntry), next_cursor: z.string().nullable() });
export const AddressParam = z.object({ address: address() });

/** The signing payload (DESIGN.md 8) plus the source wallet's public key, so a signer can find its key. */
export const SigningPayload = z
  .object({
    transaction_id: uuid(),
    digest: z.string().meta({ description: 'Keccak-256 of unsigned_tx (0x, 32 bytes): the message the signer signs with ML-DSA' }),
    unsigned_tx: z.string().meta({ description: 'pq-evm-v1 unsigned encoding, 0x hex (docs/chain-profile.md)' }),
    nonce: uint(),
    chain_id: uint(),
    algorithm: z.enum(PQ_ALGORITHMS),
    context: z.string().meta({ description: 'FIPS 204 context string (empty for none)' }),
    public_key: z.string().meta({ description: "The source wallet's ML-DSA public key, 0x hex" }),
    tx: z.object({
      chainId: uint(),
      nonce: uint(),
      maxPriorityFeePerGas: z.string(),
      maxFeePerGas: z.string(),
      gasLimit: uint(),
      to: z.string().nullable(),
      value: z.string(),
      data: z.string(),
    }),
  })
  .meta({ id: 'SigningPayload' });

export const SignatureBody = z
  .object({
    signature: z
      .string()
      .refine((s) => s.length <= 2 + 2 * MAX_SIGNATURE_BYTES, { message: 'signature is longer than any ML-DSA parameter set allows' })
      .refine((s) => isHex(s) && s.length > 2, { message: 'signature must be 0x-prefixed hex' })
      .meta({ pattern: '^0x([0-9a-fA-F]{2})+$', description: 'ML-DSA signature over the digest, 0x hex' }),
  })
  .strict()
  .meta({ id: 'SignatureSubmission' });
