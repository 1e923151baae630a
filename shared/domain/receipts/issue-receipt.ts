import { WriteConflictError, type Store } from '../../ports/store.js';
import type { PolicySigner } from '../../ports/policy-signer.js';
import type { KeyProvider } from '../../ports/key-provider.js';
import { chainCall } from '../transactions/chain-call.js';
import type { TransactionRecord } from '../transactions/transaction.js';
import { asStoredChecks } from '../policies/explanation.js';
import { creationIntent, intentMismatch, type CreationIntent } from './creation-intent.js';
import {
  FEE_CAP_MULTIPLIER,
  readReceipt,
  RECEIPT_TYPE,
  receiptItem,
  receiptMessage,
  receiptText,
  type ReceiptPayload,
  type SignedReceipt,
} from './receipt.js';

/**
 * Issuing a transaction's policy receipt (./receipt.ts), once, when it waits for its signature (PENDING_SIGNATURE: its
 * policies, approvals and screening passed, its nonce and fees set). The transaction must still be what its submitter
 * asked for (./creation-intent.ts); the receipt's intent (destination, amount, asset, operation, the chain call) is
 * taken from the creation record, not from the table. Stored beside the transaction, written once: a second issuer
 * (a redelivered message) meets it at its conditional write and uses it.
 */
export type ReceiptDeps = {
  store: Store;
  /** The service keys, for the creation record's MAC. */
  keys: KeyProvider;
  policySigner: PolicySigner;
  receiptTtlSeconds: number;
};

export type ReceiptOutcome = { receipt: SignedReceipt } | { invalid: string };

export async function ensureReceipt(
  deps: ReceiptDeps,
  tx: TransactionRecord,
  wallet: { address: string },
  now: Date,
): Promise<ReceiptOutcome> {
  // Issued at most once: the write below is conditional, and a second issuer (a redelivered message) that meets the
  // first's receipt uses it. Not read first: a receipt already there is the rare case, and reading for it every time
  // cost a read per transfer.
  const found = await creationIntent(deps, tx.tenantId, tx.id);
  if ('problem' in found) return { invalid: found.problem };
  const mismatch = intentMismatch(tx, found.intent);
  if (mismatch) return { invalid: mismatch };
  const text = receiptText(receiptPayload(tx, found.intent, wallet, now, deps.receiptTtlSeconds));
  const { keyId, signature } = await deps.policySigner.sign(receiptMessage(text));
  const receipt: SignedReceipt = {
    payload: text,
    key_id: keyId,
    algorithm: 'ML-DSA-65',
    signature: `0x${Buffer.from(signature).toString('hex')}`,
  };
  try {
    await deps.store.write([
      { op: 'put', item: receiptItem(tx.tenantId, tx.id, receipt), condition: { type: 'notExists' } },
    ]);
  } catch (e) {
    if (!(e instanceof WriteConflictError)) throw e;
    const first = await readReceipt(deps.store, tx.tenantId, tx.id);
    if (first) return { receipt: first };
    throw e;
  }
  return { receipt };
}

/** The receipt of a transaction in PENDING_SIGNATURE whose intent matched its creation record. */
export function receiptPayload(
  tx: TransactionRecord,
  intent: CreationIntent,
  wallet: { address: string },
  now: Date,
  ttlSeconds: number,
): ReceiptPayload {
  const call = chainCall({
    contractCall: intent.contractCall,
    destinationAddr: intent.destinationAddr,
    amount: intent.amount,
  });
  const lifetimeEnd = now.getTime() + ttlSeconds * 1000;
  const expiresAt =
    tx.expiresAt && Date.parse(tx.expiresAt) < lifetimeEnd ? tx.expiresAt : new Date(lifetimeEnd).toISOString();
  const decision = intent.policyDecision;
  return {
    type: RECEIPT_TYPE,
    tenant_id: tx.tenantId,
    transaction_id: tx.id,
    source: { wallet_id: intent.sourceWalletId, address: wallet.address.toLowerCase() },
    destination: intent.destinationAddr?.toLowerCase() ?? null,
    asset_id: intent.assetId,
    amount: intent.amount,
    operation: intent.operation,
    token_id: intent.tokenId,
    call: { to: call.to, value: call.value.toString(), data: call.data.toLowerCase() },
    chain_id: tx.chainId ?? 0,
    max_fee_wei: (BigInt(tx.gasLimit ?? 0) * BigInt(tx.maxFeePerGas ?? '0') * FEE_CAP_MULTIPLIER).toString(),
    policy: {
      outcome: String(decision.outcome ?? tx.policyDecision.outcome),
      policy_ids: Array.isArray(decision.policyIds) ? decision.policyIds.map(String) : tx.policyDecision.policyIds,
      approvals_required: Number(decision.approvals ?? tx.policyDecision.approvals),
      checks: asStoredChecks(decision.checks),
    },
    approvals: tx.approvals.map((a) => ({
      user_id: a.userId,
      decision: a.decision,
      compliance: a.compliance,
      decided_at: a.decidedAt,
    })),
    screening: tx.screening && {
      provider: tx.screening.provider,
      result: tx.screening.result,
      reason: tx.screening.reason,
      checked_at: tx.screening.checkedAt,
    },
    issued_at: now.toISOString(),
    expires_at: expiresAt,
  };
}
