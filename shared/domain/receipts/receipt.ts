import { canonicalJson } from '../../crypto/canonical-json.js';
import { keys } from '../../store/keys.js';
import type { Item, Store } from '../../ports/store.js';
import type { StoredCheck } from '../policies/explanation.js';

/**
 * The policy receipt (docs/signer.md, "Policy receipts"): the service's signed statement that one transaction, as its
 * submitter asked for it, passed its policies, approvals and screening, and within which bounds a signer may sign it.
 * A signer checks it before signing, against the transaction it is asked to sign (decoded from the unsigned bytes),
 * so a change made in the table after the policy decision never reaches the chain signed.
 *
 * The payload is canonical JSON (shared/crypto/canonical-json.ts: keys sorted by UTF-16 code units, no whitespace,
 * integers that may exceed 2^53 as decimal strings, addresses lowercase 0x hex); it travels as the very text signed,
 * so a verifier never re-serialises it. The signature is ML-DSA-65 (pure, empty context) over
 *
 *   "custody-policy-receipt-v1\n" || UTF-8(payload)
 */
export const RECEIPT_TYPE = 'custody.policy-receipt.v1';
export const RECEIPT_SIGNING_TAG = 'custody-policy-receipt-v1\n';

/** How far a replacement's fees may go before the transaction needs a new receipt: the cap is this times the first maximum fee. */
export const FEE_CAP_MULTIPLIER = 2n;

export type ReceiptPayload = {
  type: typeof RECEIPT_TYPE;
  tenant_id: string;
  transaction_id: string;
  source: { wallet_id: string; address: string };
  /** The transfer's destination (a token operation's counterparty), as submitted; null for a deployment. */
  destination: string | null;
  asset_id: string;
  /** In the asset's smallest unit, decimal. */
  amount: string;
  /** `TRANSFER`, or the token operation. */
  operation: string;
  token_id: string | null;
  /** What the signed transaction must do on chain: `to` (null: a contract creation), `value` (wei, decimal) and `data` (0x hex). */
  call: { to: string | null; value: string; data: string };
  chain_id: number;
  /** The most the transaction (or a replacement of it) may pay: gas limit x max fee per gas must not exceed it (wei, decimal). */
  max_fee_wei: string;
  policy: { outcome: string; policy_ids: string[]; approvals_required: number; checks: StoredCheck[] };
  approvals: { user_id: string; decision: string; compliance: boolean; decided_at: string }[];
  screening: { provider: string; result: string; reason: string | null; checked_at: string } | null;
  issued_at: string;
  expires_at: string;
};

/** A receipt as it travels: the signed text, the key that signed it and the signature (0x hex). */
export type SignedReceipt = { payload: string; key_id: string; algorithm: 'ML-DSA-65'; signature: string };

/** The canonical text of a payload: what is signed and sent. */
export const receiptText = (p: ReceiptPayload): string => canonicalJson(p);

/** The bytes the policy key signs for a receipt's text. */
export const receiptMessage = (payload: string): Uint8Array => new TextEncoder().encode(RECEIPT_SIGNING_TAG + payload);

/** The stored receipt item: beside the transaction, in its partition; written once. */
export const receiptItem = (tenantId: string, txId: string, r: SignedReceipt): Item => ({
  ...keys.transactionReceipt(tenantId, txId),
  entity: 'receipt',
  payload: r.payload,
  key_id: r.key_id,
  algorithm: r.algorithm,
  signature: new Uint8Array(Buffer.from(r.signature.slice(2), 'hex')),
});

/** A stored receipt item read back (decoded, not cast): undefined when absent, an error when malformed. */
export function asSignedReceipt(item: Item | undefined): SignedReceipt | undefined {
  if (!item) return undefined;
  const { payload, key_id: keyId, algorithm, signature } = item;
  if (
    typeof payload !== 'string' ||
    typeof keyId !== 'string' ||
    algorithm !== 'ML-DSA-65' ||
    !(signature instanceof Uint8Array)
  ) {
    throw new Error(`malformed receipt item ${String(item.pk)}`);
  }
  return { payload, key_id: keyId, algorithm, signature: `0x${Buffer.from(signature).toString('hex')}` };
}

/** A transaction's receipt, if issued. */
export async function readReceipt(store: Store, tenantId: string, txId: string): Promise<SignedReceipt | undefined> {
  return asSignedReceipt(await store.get(keys.transactionReceipt(tenantId, txId), { consistent: true }));
}

/** The receipt's `max_fee_wei` (gas limit x max fee per gas a signer allows), read from its payload; an error when malformed. */
export function receiptFeeCap(r: SignedReceipt): bigint {
  const cap = (JSON.parse(r.payload) as { max_fee_wei?: unknown }).max_fee_wei;
  if (typeof cap !== 'string' || !/^\d+$/.test(cap)) throw new Error('malformed receipt payload: max_fee_wei');
  return BigInt(cap);
}
