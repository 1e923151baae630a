import { InvalidStateError, SignatureMismatchError } from '../../errors/domain-errors.js';
import { chainCall } from './chain-call.js';
import { canTransition } from './transition-table.js';
import { InvalidTxSignatureError, type ChainProfile, type PqEvmTx } from '../chain/chain-profile-rules.js';
import type { UseCaseContext } from '../context.js';
import { loadWallet } from '../wallets/wallet-record.js';
import type { TransactionRecord } from './transaction.js';
import { transactionView } from './transaction-view.js';
import { loadTransaction } from './transaction-store.js';
import { stageTransition } from './transition.js';
import { endIfExpired } from './expiry.js';
import type { Move } from './steps/step.js';
import { pendingReplacement, stageReplacementSignature } from './replace.js';
import { readReceipt } from '../receipts/receipt.js';

/**
 * Signing (docs/transactions.md, "Signing"): the payload a signer signs and the one way into SIGNED. The payload exists only in
 * PENDING_SIGNATURE; a signature, whoever brings it (a callback signer through the API, or the service's own push to a
 * `remote`/`grpc` signer), goes through `acceptSignature`, which verifies it against the source wallet's key with the
 * chain profile (loading its ML-DSA first where the profile loads it on demand: the transaction worker's) and answers
 * the move to SIGNED with the signed encoding and its hash.
 */

function requirePendingSignature(
  tx: TransactionRecord,
): asserts tx is TransactionRecord & { unsignedTx: string; digest: string; nonce: number; chainId: number } {
  // The transition table says which status a signature may move (PENDING_SIGNATURE); the payload must exist too.
  if (
    !canTransition(tx.status, 'SIGNED', 'signature') ||
    tx.unsignedTx === null ||
    tx.nonce === null ||
    tx.chainId === null
  ) {
    throw new InvalidStateError(`transaction is ${tx.status}; it is not waiting for a signature`, {
      status: tx.status,
    });
  }
}

/** The signed fields of a transaction in PENDING_SIGNATURE, as stored when it got there. */
function txFields(tx: TransactionRecord & { nonce: number; chainId: number }): PqEvmTx {
  return {
    chainId: BigInt(tx.chainId),
    nonce: BigInt(tx.nonce),
    maxPriorityFeePerGas: BigInt(tx.maxPriorityFeePerGas ?? '0'),
    maxFeePerGas: BigInt(tx.maxFeePerGas ?? '0'),
    gasLimit: BigInt(tx.gasLimit ?? 0),
    to: tx.to,
    value: chainCall(tx).value,
    data: tx.data ?? '0x',
  };
}

/**
 * The one signature path: 409 1301 outside PENDING_SIGNATURE; 422 1302 when the signature does not verify against the
 * wallet's public key over the stored digest (nothing changes); else the move to SIGNED with `signedTx` and
 * `chainTxHash`. Writes nothing: the caller stages the move (the signature route, or the PENDING_SIGNATURE step's
 * runner).
 */
export async function acceptSignature(
  profile: ChainProfile,
  tx: TransactionRecord,
  walletPublicKey: string,
  signature: string,
): Promise<Move> {
  requirePendingSignature(tx);
  await profile.loadMlDsa();
  try {
    const { raw, hash } = profile.signedTransaction(txFields(tx), walletPublicKey, signature);
    return { to: 'SIGNED', trigger: 'signature', changes: { signedTx: raw, chainTxHash: hash } };
  } catch (e) {
    if (e instanceof InvalidTxSignatureError) throw new SignatureMismatchError();
    throw e;
  }
}

/**
 * GET /v1/transactions/{id}/signing-payload: what the signer signs, and the key it signs with; for a replacement
 * awaiting its signature (BROADCASTING or CONFIRMING), the replacement's payload, marked `replacement`. With the
 * transaction's policy receipt, which the signer checks against `unsigned_tx` before signing (null until issued).
 */
export async function signingPayloadOf(ctx: UseCaseContext, profile: ChainProfile, txId: string) {
  const tx = await loadTransaction(ctx.store, ctx.principal.tenantId, txId);
  // A replacement awaiting its signature (./replace.ts) is signed through the same route, with its own payload.
  const replacing = pendingReplacement(tx);
  if (!replacing) requirePendingSignature(tx);
  const [wallet, receipt] = await Promise.all([
    loadWallet(ctx.store, tx.tenantId, tx.sourceWalletId),
    readReceipt(ctx.store, tx.tenantId, tx.id),
  ]);
  const f = replacing ? replacing.fields : txFields(tx as Parameters<typeof txFields>[0]);
  return {
    transaction_id: tx.id,
    ...(replacing
      ? {
          replacement: {
            reason: replacing.replacement.reason,
            cancel: replacing.replacement.cancel,
            replaces: replacing.replacement.replaces,
          },
        }
      : {}),
    digest: replacing ? replacing.replacement.payload!.digest : tx.digest,
    unsigned_tx: replacing ? replacing.replacement.payload!.unsignedTx : tx.unsignedTx,
    nonce: tx.nonce,
    chain_id: tx.chainId,
    algorithm: wallet.algorithm,
    context: profile.context,
    public_key: wallet.public_key,
    receipt: receipt ?? null,
    tx: {
      chainId: tx.chainId,
      nonce: tx.nonce,
      maxPriorityFeePerGas: f.maxPriorityFeePerGas.toString(),
      maxFeePerGas: f.maxFeePerGas.toString(),
      gasLimit: Number(f.gasLimit),
      to: f.to,
      value: f.value.toString(),
      data: f.data,
    },
  };
}

/** POST /v1/transactions/{id}/signature: verified, then SIGNED in the request's unit of work (with audit and events). */
export async function submitSignature(ctx: UseCaseContext, profile: ChainProfile, txId: string, signature: string) {
  const tx = await loadTransaction(ctx.store, ctx.principal.tenantId, txId);
  if (pendingReplacement(tx)) {
    const wallet = await loadWallet(ctx.store, tx.tenantId, tx.sourceWalletId);
    return {
      transaction: transactionView(
        await stageReplacementSignature(ctx.store, ctx.uow, profile, tx, wallet.public_key, signature, ctx.now),
      ),
    };
  }
  requirePendingSignature(tx);
  // A signature after the transaction's expiry is refused, and the transaction ends FAILED EXPIRED (./expiry.ts).
  const ended = await endIfExpired(ctx, tx);
  if (ended) return ended;
  const wallet = await loadWallet(ctx.store, tx.tenantId, tx.sourceWalletId);
  const move = await acceptSignature(profile, tx, wallet.public_key, signature);
  const next = await stageTransition(ctx.store, ctx.uow, tx, move.to, move.trigger, ctx.now, move.changes);
  return { transaction: transactionView(next) };
}
