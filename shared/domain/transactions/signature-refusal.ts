import { InvalidStateError } from '../../errors/domain-errors.js';
import type { UseCaseContext } from '../context.js';
import { endIfExpired } from './expiry.js';
import { pendingReplacement, stageReplacementRefusal } from './replace.js';
import { moveChanges, type Move } from './steps/step.js';
import { transactionView } from './transaction-view.js';
import { loadTransaction } from './transaction-store.js';
import { canTransition } from './transition-table.js';
import { stageTransition } from './transition.js';

/**
 * A signer's refusal of a transaction's policy receipt (docs/signer.md, "Policy receipts"). A `remote` or `grpc`
 * signer answers it to the service's push (./steps/pending-signature.ts); a callback signer posts it
 * (`POST /v1/transactions/{id}/signature-refusal`). Either way the transaction ends FAILED `receipt_invalid` with the
 * signer's reason, or, for a replacement awaiting its signature, the replacement is recorded REJECTED.
 */

/** A callback signer's refusal (the body's schema: SignatureRefusalBody); `receipt_invalid` is its one code. */
export type SignatureRefusal = { code: 'receipt_invalid'; reason: string };

/** The recorded reason (`failureReason`, or a replacement's `rejection`) of a signer's refusal of the receipt. */
export const receiptRefusalReason = (signerReason: string) => `signer refused the policy receipt: ${signerReason}`;

/** The move that ends a transaction whose callback signer refused its receipt: the table allows it where a signature is awaited. */
const receiptRefusedMove = (signerReason: string): Move => ({
  to: 'FAILED',
  trigger: 'refusal',
  failureCode: 'receipt_invalid',
  changes: { failureReason: receiptRefusalReason(signerReason) },
});

/**
 * POST /v1/transactions/{id}/signature-refusal: 409 1301 unless a signature is awaited (PENDING_SIGNATURE, or a
 * replacement awaiting its signature); after the transaction's expiry it ends EXPIRED as a signature would (409 1301).
 * Staged in the request's unit of work: the move to FAILED with its audit entry, `transaction.status_changed` and
 * `transaction.failed`, or the replacement's rejection with its audit entry.
 */
export async function refuseSignature(ctx: UseCaseContext, txId: string, refusal: SignatureRefusal) {
  const tx = await loadTransaction(ctx.store, ctx.principal.tenantId, txId);
  const replacing = pendingReplacement(tx);
  if (replacing) {
    return {
      transaction: transactionView(
        stageReplacementRefusal(ctx.uow, tx, replacing.replacement, receiptRefusalReason(refusal.reason), ctx.now),
      ),
    };
  }
  const move = receiptRefusedMove(refusal.reason);
  // The transition table decides where the refusal's move may start; checked before expiry, which it must not end.
  if (!canTransition(tx.status, move.to, move.trigger)) {
    throw new InvalidStateError(`transaction is ${tx.status}; it is not waiting for a signature`, {
      status: tx.status,
    });
  }
  const ended = await endIfExpired(ctx, tx);
  if (ended) return ended;
  return {
    transaction: transactionView(
      await stageTransition(ctx.store, ctx.uow, tx, move.to, move.trigger, ctx.now, moveChanges(move)),
    ),
  };
}
