import { ApiError } from '../errors/catalog.js';
import type { PqAlgorithm } from '../domain/chain/chain-profile.js';
import type { SignedReceipt } from '../domain/receipts/receipt.js';

/**
 * The signer port: the external party that holds private keys (the service never does). It creates key pairs for
 * generated wallets and signs transaction digests. Keys and signatures travel as 0x hex; the signer answers with an
 * opaque `keyRef` the service stores on the wallet and hands back when it needs a signature.
 *
 * Adapters: `remote` (HTTPS, shared/adapters/signer/http-signer.ts) and `grpc` (mutual TLS,
 * shared/adapters/signer/grpc-signer.ts); `makeSigner` (shared/adapters/signer/make-signer.ts) picks one.
 */
/** A signer's key reference: opaque to the service, at most 128 characters of `A-Za-z0-9._:-`. */
export const KEY_REF_RE = /^[A-Za-z0-9._:-]{1,128}$/;

export type GenerateKeyRequest = {
  tenantId: string;
  vaultId: string;
  walletLabel: string | null;
  algorithm: PqAlgorithm;
};
export type GeneratedKey = { publicKey: string; keyRef: string };

export type SignRequest = {
  keyRef: string;
  /** The 32 digest bytes of the signing payload, 0x hex; the signer signs them as the message. */
  digest: string;
  /** FIPS 204 context string (UTF-8; empty for none). */
  context: string;
  /** The wallet's parameter set: a signature of another size is refused as `permanent`. */
  algorithm: PqAlgorithm;
  /** For the signer's audit log and policy; the signature covers only the digest. */
  transactionId: string;
  tenantId: string;
  /** The pq-evm-v1 unsigned transaction (0x hex) whose Keccak-256 is `digest`: what the signer checks the receipt against. */
  unsignedTx: string;
  /** The transaction's policy receipt (domain/receipts/receipt.ts): a signer checks it before signing (docs/signer.md). */
  receipt: SignedReceipt;
};

/**
 * What a signing call came to. The signing step switches on `outcome`:
 * - `signed`: submit `signature` through the one signature path (it is verified there, like a callback signature).
 * - `key_not_held`: the signer does not hold this key; leave the transaction in PENDING_SIGNATURE for a callback.
 * - `transient`: unreachable, timed out, overloaded, refused the credential (it may be rotating): retry with backoff.
 * - `receipt_invalid`: the signer refused to sign because the policy receipt did not verify or does not cover the
 *   transaction (HTTPS 400 `receipt_invalid`; gRPC FAILED_PRECONDITION `receipt_invalid: ...`).
 * - `permanent`: the signer refused the request itself or answered something unusable; retrying the same request
 *   gets the same answer, so FAILED with a reason.
 * `reason` is for the log and `failureReason`; it never contains the token or key material.
 */
export type SignOutcome =
  | { outcome: 'signed'; signature: string }
  | { outcome: 'key_not_held'; reason: string }
  | { outcome: 'transient'; reason: string }
  | { outcome: 'permanent'; reason: string }
  /** The signer refused the policy receipt (or the transaction does not match it): FAILED `receipt_invalid`. */
  | { outcome: 'receipt_invalid'; reason: string };

export interface Signer {
  /** Throws `SignerUnavailableError` (503 1500) on any failure: key generation runs inside an API request. */
  generateKey(req: GenerateKeyRequest): Promise<GeneratedKey>;
  /** Never throws for a signer failure: the outcome says what happened (see `SignOutcome`). */
  sign(req: SignRequest): Promise<SignOutcome>;
}

/**
 * The signer could not be reached, timed out, refused the service, or answered something unusable. Answered as
 * 503 1500 (the upstream family of the catalog; clients retry 503 with backoff), with `upstream: "signer"`.
 */
export class SignerUnavailableError extends ApiError {
  override name = 'SignerUnavailableError';
  constructor(message = 'signer unavailable') {
    super('NODE_UNAVAILABLE', message, { upstream: 'signer' });
  }
}
