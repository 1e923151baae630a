import { describe, expect, it } from 'vitest';
import { createPublicKey, verify as nodeVerify } from 'node:crypto';
import { ml_dsa65 } from '@noble/post-quantum/ml-dsa.js';
import {
  addressOf,
  checkReceipt,
  type PolicyKey,
  type ReceiptOnTheWire,
} from '../../tools/reference-signer/receipt-check.js';
import { encodeUnsignedTx, type PqEvmTx } from '../../shared/domain/chain/pq-evm-v1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { canonicalJson } from '../../shared/crypto/canonical-json.js';
import { RECEIPT_SIGNING_TAG } from '../../shared/domain/receipts/receipt.js';

/* The reference signer's check of a policy receipt (tools/reference-signer/receipt-check.ts): each mismatch between
   the receipt and the transaction decoded from the unsigned bytes is refused, and the receipt's ML-DSA-65 signature is
   also verified here with node:crypto, apart from the check's @noble/post-quantum. */
const policy = ml_dsa65.keygen(new Uint8Array(32).fill(7));
const other = ml_dsa65.keygen(new Uint8Array(32).fill(8));
const wallet = ml_dsa65.keygen(new Uint8Array(32).fill(9));
const sender = addressOf(wallet.publicKey);
const KEYS: PolicyKey[] = [{ keyId: 'policy-1', publicKey: policy.publicKey, validUntil: null }];
const now = new Date('2026-01-01T00:00:00Z');
const DEST = `0x${'ab'.repeat(20)}`;

const payload = (over: Record<string, unknown> = {}) => ({
  type: 'custody.policy-receipt.v1',
  tenant_id: 't',
  transaction_id: 'tx',
  source: { wallet_id: 'w', address: sender },
  destination: DEST,
  asset_id: 'a',
  amount: '1000',
  operation: 'TRANSFER',
  token_id: null,
  call: { to: DEST, value: '1000', data: '0x' },
  chain_id: 20803,
  max_fee_wei: (21_000n * 2_000_000_000n * 2n).toString(),
  policy: { outcome: 'allow', policy_ids: [], approvals_required: 0, checks: [] },
  approvals: [],
  screening: null,
  issued_at: '2025-12-31T23:00:00.000Z',
  expires_at: '2026-01-01T01:00:00.000Z',
  ...over,
});
function signed(p: Record<string, unknown>, secretKey = policy.secretKey, keyId = 'policy-1'): ReceiptOnTheWire {
  const text = canonicalJson(p);
  const signature = ml_dsa65.sign(new TextEncoder().encode(RECEIPT_SIGNING_TAG + text), secretKey);
  return {
    payload: text,
    key_id: keyId,
    algorithm: 'ML-DSA-65',
    signature: `0x${Buffer.from(signature).toString('hex')}`,
  };
}
const tx = (over: Partial<PqEvmTx> = {}): PqEvmTx => ({
  chainId: 20803n,
  nonce: 0n,
  maxPriorityFeePerGas: 1_000_000_000n,
  maxFeePerGas: 2_000_000_000n,
  gasLimit: 21_000n,
  to: DEST,
  value: 1000n,
  data: '0x',
  ...over,
});
const check = (
  receipt: ReceiptOnTheWire | null,
  t: PqEvmTx = tx(),
  o: { keys?: PolicyKey[]; at?: Date; digest?: Uint8Array; from?: string } = {},
) => {
  const unsignedTx = encodeUnsignedTx(t);
  return checkReceipt(o.keys ?? KEYS, {
    receipt,
    unsignedTx,
    digest: o.digest ?? keccak_256(unsignedTx),
    sender: o.from ?? sender,
    now: o.at ?? now,
  });
};

describe("the reference signer's receipt check", () => {
  it('accepts the transaction the receipt covers, and its signature verifies with node:crypto too', () => {
    const r = signed(payload());
    expect(check(r)).toBeNull();
    const key = createPublicKey({
      key: Buffer.from(policy.publicKey),
      format: 'raw-public',
      asymmetricKeyType: 'ml-dsa-65',
    });
    expect(
      nodeVerify(null, Buffer.from(RECEIPT_SIGNING_TAG + r.payload), key, Buffer.from(r.signature.slice(2), 'hex')),
    ).toBe(true);
  });

  it('refuses a request without a receipt', () => expect(check(null)).toBe('no policy receipt'));
  it('refuses a receipt of a key it is not configured with', () =>
    expect(check(signed(payload(), other.secretKey, 'other'))).toMatch(/not configured with/));
  it('refuses a receipt signed by another key under a configured key id', () =>
    expect(check(signed(payload(), other.secretKey))).toBe('receipt signature does not verify'));
  it('refuses a payload changed after signing', () => {
    const r = signed(payload());
    expect(check({ ...r, payload: r.payload.replace('"amount":"1000"', '"amount":"1001"') })).toBe(
      'receipt signature does not verify',
    );
  });
  it('refuses an expired receipt', () =>
    expect(check(signed(payload()), tx(), { at: new Date('2026-01-01T01:00:00Z') })).toMatch(/expired/));
  it('refuses a receipt of a retired key past its validity', () =>
    expect(
      check(signed(payload()), tx(), { keys: [{ ...KEYS[0]!, validUntil: new Date('2025-12-31T00:00:00Z') }] }),
    ).toMatch(/retired/));
  it('refuses another destination', () =>
    expect(check(signed(payload()), tx({ to: `0x${'cd'.repeat(20)}` }))).toMatch(/destination/));
  it('refuses another value', () => expect(check(signed(payload()), tx({ value: 1001n }))).toMatch(/value/));
  it('refuses other data', () => expect(check(signed(payload()), tx({ data: '0x01' }))).toMatch(/data/));
  it('refuses another chain id', () => expect(check(signed(payload()), tx({ chainId: 1n }))).toMatch(/chain id/));
  it("refuses a key other than the source wallet's", () =>
    expect(check(signed(payload()), tx(), { from: `0x${'11'.repeat(20)}` })).toMatch(/source wallet/));
  it('refuses a fee above the cap (a new receipt is needed)', () =>
    expect(check(signed(payload()), tx({ maxFeePerGas: 4_000_000_001n }))).toMatch(/above the receipt's cap/));
  it('accepts a speed-up within the cap', () =>
    expect(check(signed(payload()), tx({ maxFeePerGas: 4_000_000_000n }))).toBeNull());
  it('accepts a cancel (zero-value self-transfer) within the cap', () =>
    expect(check(signed(payload()), tx({ to: sender, value: 0n, maxFeePerGas: 3_000_000_000n }))).toBeNull());
  it('refuses a digest that is not the hash of the unsigned bytes', () =>
    expect(check(signed(payload()), tx(), { digest: new Uint8Array(32) })).toMatch(/digest/));
  it('refuses bytes that are not a pq-evm-v1 transaction', () => {
    const r = signed(payload());
    const junk = Uint8Array.of(0x02, 0xc0);
    expect(checkReceipt(KEYS, { receipt: r, unsignedTx: junk, digest: keccak_256(junk), sender, now })).toMatch(
      /type 0x50/,
    );
  });
});
