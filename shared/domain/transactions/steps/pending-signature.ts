import { SignatureMismatchError } from '../../../errors/domain-errors.js';
import { logger } from '../../../logger.js';
import { loadWallet } from '../../wallets/wallet-record.js';
import { acceptSignature } from '../signing.js';
import { receiptRefusalReason } from '../signature-refusal.js';
import { defineStep, type Move } from './step.js';

/** What the push to the signer came to (a transient failure throws instead: the message comes back). */
type Facts =
  | { kind: 'wait'; why: string }
  | { kind: 'signed'; move: Move }
  | { kind: 'failed'; code: 'signer_refused' | 'signature_invalid' | 'receipt_invalid'; reason: string };

import { SignerTransientError } from './signer-transient.js';
export { SignerTransientError };

/**
 * PENDING_SIGNATURE: first the transaction's policy receipt (../../receipts/issue-receipt.ts), issued once in every
 * mode: a transaction that no longer matches its submission's authenticated record gets none and ends FAILED
 * `receipt_invalid`, whatever signer would have been asked. Then, in `remote` and `grpc` modes: pushes the digest, the
 * unsigned transaction and the receipt to the signer with the wallet's key reference and submits its signature through `acceptSignature` (the path callback signatures take) -> SIGNED. It waits, writing
 * nothing, in `callback` mode (no push signer), for a wallet without a signer key reference, and when the signer
 * answers that it does not hold the key: a callback signature can still come. A transient failure throws (the message
 * is redelivered with backoff, then dead-lettered and shown by the `stuck` view); a permanent refusal, or a signature
 * that does not verify, ends it FAILED with the reason; a signer that refuses the receipt, FAILED `receipt_invalid`.
 */
export const pendingSignatureStep = defineStep<Facts>({
  status: 'PENDING_SIGNATURE',
  summary:
    'Issues the policy receipt (FAILED receipt_invalid when the transaction no longer matches its submission), then asks the remote or gRPC signer for the signature and submits it (SIGNED); waits in callback mode or when the signer does not hold the key; FAILED when the signer refuses.',
  reads: [
    "the submission's audit record (its MAC), the policy key",
    "the signer (CUSTODY_SIGNER_TYPE remote or grpc) with the wallet's signer_key_ref",
    'the chain profile (signature check)',
  ],
  moves: [
    { to: 'SIGNED', trigger: 'signature' },
    { to: 'FAILED', trigger: 'failure' },
  ],
  emits: [],
  commitBefore: true,
  read: async (deps, tx) => {
    const wallet = await loadWallet(deps.store, tx.tenantId, tx.sourceWalletId);
    // Issuing (the creation record's MAC check, the policy key) is a chunk of its own: replace.ts imports this module
    // for SignerTransientError, and the transactions function, which never issues receipts, should not carry it.
    const { ensureReceipt } = await import('../../receipts/issue-receipt.js');
    const issued = await ensureReceipt(
      {
        store: deps.store,
        keys: deps.keys,
        policySigner: deps.receipts.signer,
        receiptTtlSeconds: deps.receipts.ttlSeconds,
      },
      tx,
      wallet,
      deps.clock.now(),
    );
    if ('invalid' in issued)
      return { kind: 'failed', code: 'receipt_invalid', reason: `no policy receipt: ${issued.invalid}` };
    if (!deps.signer) return { kind: 'wait', why: 'callback mode: the signer posts the signature' };
    if (!wallet.signer_key_ref) return { kind: 'wait', why: 'the wallet has no signer key reference' };
    const out = await deps.signer.sign({
      keyRef: wallet.signer_key_ref,
      digest: tx.digest ?? '',
      context: deps.profile.context,
      algorithm: wallet.algorithm,
      transactionId: tx.id,
      tenantId: tx.tenantId,
      unsignedTx: tx.unsignedTx ?? '',
      receipt: issued.receipt,
    });
    switch (out.outcome) {
      case 'key_not_held':
        logger.info('signer does not hold the key; waiting for a callback signature', {
          transaction_id: tx.id,
          reason: out.reason,
        });
        return { kind: 'wait', why: out.reason };
      case 'transient':
        throw new SignerTransientError(`signer unavailable: ${out.reason}`);
      case 'permanent':
        return { kind: 'failed', code: 'signer_refused', reason: `signer refused: ${out.reason}` };
      case 'receipt_invalid':
        return { kind: 'failed', code: 'receipt_invalid', reason: receiptRefusalReason(out.reason) };
      case 'signed':
        try {
          return { kind: 'signed', move: await acceptSignature(deps.profile, tx, wallet.public_key, out.signature) };
        } catch (e) {
          if (e instanceof SignatureMismatchError)
            return {
              kind: 'failed',
              code: 'signature_invalid',
              reason: "signer answered a signature that does not verify against the wallet's key",
            };
          throw e;
        }
    }
  },
  decide: (_tx, f) => {
    if (f.kind === 'wait') return { wait: f.why };
    if (f.kind === 'failed')
      return { to: 'FAILED', trigger: 'failure', failureCode: f.code, changes: { failureReason: f.reason } };
    return f.move;
  },
  cases: [
    { kind: 'wait', why: 'callback mode' },
    {
      kind: 'signed',
      move: { to: 'SIGNED', trigger: 'signature', changes: { signedTx: '0x50', chainTxHash: `0x${'ab'.repeat(32)}` } },
    },
    { kind: 'failed', code: 'signer_refused', reason: 'signer refused: unknown key algorithm' },
    {
      kind: 'failed',
      code: 'receipt_invalid',
      reason: "no policy receipt: destination differs from the submission's record",
    },
  ],
});
