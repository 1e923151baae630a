import { RLP } from '@ethereumjs/rlp';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { mlDsaVerifier } from '../../shared/crypto/ml-dsa.js';

/**
 * The reference signer's check of a policy receipt before it signs (docs/signer.md, "What a signer checks"), written
 * apart from the service's code, as a third party's signer would be: the transaction is decoded from the unsigned
 * bytes it is asked to sign (RLP, @ethereumjs/rlp), never from the service's JSON, and the receipt is verified under
 * the policy keys this signer was configured with (never fetched while signing).
 *
 * Returns null when the signer may sign, else the reason it refuses (answered as `receipt_invalid`).
 */
export type PolicyKey = { keyId: string; publicKey: Uint8Array; validUntil: Date | null };

export type ReceiptOnTheWire = { payload: string; key_id: string; algorithm: string; signature: string };

export type SigningRequestFacts = {
  receipt: ReceiptOnTheWire | null | undefined;
  /** The pq-evm-v1 unsigned transaction: 0x50 || RLP([chainId, nonce, maxPriorityFeePerGas, maxFeePerGas, gasLimit, to, value, data, accessList]). */
  unsignedTx: Uint8Array;
  /** The 32 bytes the signer is asked to sign: must be Keccak-256 of `unsignedTx`. */
  digest: Uint8Array;
  /** The address of the key asked to sign: the last 20 bytes of Keccak-256 of its public key. */
  sender: string;
  now: Date;
};

export const RECEIPT_TAG = 'custody-policy-receipt-v1\n';
const TX_TYPE = 0x50;

const hex = (b: Uint8Array) => `0x${Buffer.from(b).toString('hex')}`;
const int = (b: Uint8Array) => (b.length === 0 ? 0n : BigInt(hex(b)));
const isDecimal = (v: unknown): v is string => typeof v === 'string' && /^(0|[1-9]\d*)$/.test(v);

/** The address of a public key: the last 20 bytes of its Keccak-256, 0x hex lowercase. */
export const addressOf = (publicKey: Uint8Array) => hex(keccak_256(publicKey).slice(-20));

type DecodedTx = {
  chainId: bigint;
  nonce: bigint;
  maxPriorityFeePerGas: bigint;
  maxFeePerGas: bigint;
  gasLimit: bigint;
  to: string | null;
  value: bigint;
  data: string;
};

function decodeUnsigned(bytes: Uint8Array): DecodedTx | string {
  if (bytes[0] !== TX_TYPE) return 'the unsigned transaction is not of type 0x50';
  let fields: unknown;
  try {
    fields = RLP.decode(bytes.subarray(1));
  } catch {
    return 'the unsigned transaction is not RLP';
  }
  if (
    !Array.isArray(fields) ||
    fields.length !== 9 ||
    !fields.slice(0, 8).every((f) => f instanceof Uint8Array) ||
    !Array.isArray(fields[8]) ||
    fields[8].length !== 0
  ) {
    return 'the unsigned transaction does not have the nine pq-evm-v1 fields';
  }
  const f = fields as Uint8Array[];
  if (f[5]!.length !== 0 && f[5]!.length !== 20) return "the unsigned transaction's to is not an address";
  return {
    chainId: int(f[0]!),
    nonce: int(f[1]!),
    maxPriorityFeePerGas: int(f[2]!),
    maxFeePerGas: int(f[3]!),
    gasLimit: int(f[4]!),
    to: f[5]!.length ? hex(f[5]!) : null,
    value: int(f[6]!),
    data: hex(f[7]!),
  };
}

export function checkReceipt(keys: readonly PolicyKey[], req: SigningRequestFacts): string | null {
  const r = req.receipt;
  if (!r || typeof r.payload !== 'string' || typeof r.signature !== 'string') return 'no policy receipt';
  if (r.algorithm !== 'ML-DSA-65') return `receipt algorithm ${String(r.algorithm)} is not ML-DSA-65`;
  const key = keys.find((k) => k.keyId === r.key_id);
  if (!key) return `receipt signed by key ${String(r.key_id)}, which this signer is not configured with`;
  if (key.validUntil && key.validUntil.getTime() <= req.now.getTime())
    return `receipt key ${key.keyId} is retired and no longer valid`;
  if (!/^0x([0-9a-f]{2})+$/i.test(r.signature)) return 'receipt signature is not hex';
  const verified = mlDsaVerifier().verify(
    'ML-DSA-65',
    key.publicKey,
    new TextEncoder().encode(RECEIPT_TAG + r.payload),
    Buffer.from(r.signature.slice(2), 'hex'),
    new Uint8Array(0),
  );
  if (!verified) return 'receipt signature does not verify';

  let p: Record<string, unknown>;
  try {
    p = JSON.parse(r.payload) as Record<string, unknown>;
  } catch {
    return 'receipt payload is not JSON';
  }
  const call = p.call as Record<string, unknown> | undefined;
  const source = p.source as Record<string, unknown> | undefined;
  if (
    p.type !== 'custody.policy-receipt.v1' ||
    !call ||
    !source ||
    typeof p.expires_at !== 'string' ||
    !isDecimal(p.max_fee_wei) ||
    !isDecimal(call.value) ||
    typeof call.data !== 'string' ||
    typeof p.chain_id !== 'number'
  ) {
    return 'receipt payload is not a custody.policy-receipt.v1';
  }
  const expires = Date.parse(p.expires_at);
  if (!(expires > req.now.getTime())) return `receipt expired at ${p.expires_at}`;

  if (hex(keccak_256(req.unsignedTx)) !== hex(req.digest))
    return 'the digest is not the Keccak-256 of the unsigned transaction';
  const tx = decodeUnsigned(req.unsignedTx);
  if (typeof tx === 'string') return tx;
  const sender = req.sender.toLowerCase();
  if (String(source.address).toLowerCase() !== sender) return "the signing key is not the receipt's source wallet";
  if (tx.chainId !== BigInt(p.chain_id)) return `chain id ${tx.chainId} is not the receipt's ${p.chain_id}`;
  // A cancel (a zero-value, data-less transfer to the wallet itself) moves nothing: allowed in place of the receipt's call.
  const cancel = tx.to === sender && tx.value === 0n && tx.data === '0x';
  if (!cancel) {
    const to = call.to === null ? null : String(call.to).toLowerCase();
    if (tx.to !== to) return 'destination (to) differs from the receipt';
    if (tx.value !== BigInt(call.value)) return 'value differs from the receipt';
    if (tx.data.toLowerCase() !== call.data.toLowerCase()) return 'data differs from the receipt';
  }
  const maxFee = tx.gasLimit * tx.maxFeePerGas;
  if (maxFee > BigInt(p.max_fee_wei))
    return `maximum fee ${maxFee} wei is above the receipt's cap ${String(p.max_fee_wei)}: a new receipt is needed`;
  return null;
}

/** Policy keys as published by `GET /v1/keys/policy` (or as the local stack hands them over), for `checkReceipt`. */
export function policyKeysFrom(
  published: readonly { key_id: string; public_key: string; valid_until?: string | null }[],
): PolicyKey[] {
  return published.map((k) => ({
    keyId: k.key_id,
    publicKey: new Uint8Array(Buffer.from(k.public_key.replace(/^0x/, ''), 'hex')),
    validUntil: k.valid_until ? new Date(k.valid_until) : null,
  }));
}
