import { InvalidStateError, SignatureMismatchError, ValidationError } from '../../errors/domain-errors.js';
import type { Store } from '../../ports/store.js';
import { signingPayload } from '../chain/pq-evm-v1.js';
import { InvalidTxSignatureError, type ChainProfile, type PqEvmTx } from '../chain/chain-profile-rules.js';
import type { UnitOfWork } from '../unit-of-work.js';
import { readReceipt, receiptFeeCap } from '../receipts/receipt.js';
import { loadWallet } from '../wallets/wallet-record.js';
import { chainCall } from './chain-call.js';
import type { Replacement, TransactionRecord } from './transaction.js';
import { stageTransition } from './transition.js';
import { REPLACEABLE, type ReplacementReason } from './transition-table.js';
import { runInUnitOfWork } from '../unit-of-work.js';
import { keys } from '../../store/keys.js';
import { decodeTransaction } from './transaction-item.js';
import { stageTransactionWrite } from './transaction-store.js';
import { SignerTransientError } from './steps/signer-transient.js';
import type { StepDeps } from './steps/step.js';

/**
 * Replacement at the same nonce (docs/transactions.md, Replacements): a speed-up (the same call, higher fees), a cancel
 * after broadcast (a zero-value self-transfer, higher fees) or the poller's automatic repricing. A replacement is asked
 * for (its signing payload stored on the transaction, AWAITING_SIGNATURE), signed like the original (a callback
 * signer through the signing-payload and signature routes, remote and gRPC signers by the worker), then sent: the
 * transaction goes back to BROADCASTING with the replacement's bytes, and every hash it was sent under stays a
 * candidate the poller follows until one is mined. The first mined decides: CANCELLED if it is a cancel, else COMPLETED.
 */

/** A node replaces a pooled transaction only for at least this much more in both fee fields (geth's rule). */
export const REPLACEMENT_BUMP_PERCENT = 10n;
/** The least fee a replacement of `fee` may offer (rounded up, so it always passes the node's check). */
export const bumped = (fee: bigint) => (fee * (100n + REPLACEMENT_BUMP_PERCENT) + 99n) / 100n;
/** A zero-value self-transfer's gas. */
const CANCEL_GAS = 21_000;

export type Fees = { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };
export type AskedFees = { maxFeePerGas?: string; maxPriorityFeePerGas?: string };

/**
 * The fees of a replacement of `tx`: each asked one must be at least the current plus 10 % (400 1100 naming the
 * minimum); each omitted one is the current plus 10 %, or the node's estimate when that is higher. The tip never
 * exceeds the fee cap.
 */
export function replacementFees(
  tx: Pick<TransactionRecord, 'maxFeePerGas' | 'maxPriorityFeePerGas'>,
  asked: AskedFees,
  estimate: Fees | null,
): Fees {
  const min = {
    maxFeePerGas: bumped(BigInt(tx.maxFeePerGas ?? '0')),
    maxPriorityFeePerGas: bumped(BigInt(tx.maxPriorityFeePerGas ?? '0')),
  };
  const pick = (k: keyof Fees): bigint => {
    const v = asked[k];
    if (v === undefined) return estimate && estimate[k] > min[k] ? estimate[k] : min[k];
    if (BigInt(v) < min[k])
      throw new ValidationError(
        `${k} must be at least ${min[k]} wei (the current ${tx[k]} plus the node's replacement minimum of ${REPLACEMENT_BUMP_PERCENT} %)`,
        { field: k, minimum: min[k].toString() },
      );
    return BigInt(v);
  };
  const tip = pick('maxPriorityFeePerGas');
  let cap = pick('maxFeePerGas');
  if (tip > cap) {
    if (asked.maxFeePerGas !== undefined)
      throw new ValidationError(`maxPriorityFeePerGas (${tip}) must not exceed maxFeePerGas (${cap})`, {
        field: 'maxPriorityFeePerGas',
      });
    cap = tip;
  }
  return { maxFeePerGas: cap, maxPriorityFeePerGas: tip };
}

/**
 * 400 1100 when a speed-up's fees pass the cap of the receipt the replacement is signed under (gas limit x max fee per
 * gas at most its `max_fee_wei`, docs/signer.md): a signer refuses it, so it is refused here, naming the most it may
 * offer, rather than accepted and then dropped. No receipt yet (none issued): nothing to check against.
 */
export async function assertWithinReceipt(
  store: Store,
  tx: Pick<TransactionRecord, 'tenantId' | 'id' | 'gasLimit'>,
  fees: Fees,
): Promise<void> {
  const receipt = tx.gasLimit ? await readReceipt(store, tx.tenantId, tx.id) : undefined;
  if (!receipt || !tx.gasLimit) return;
  const cap = receiptFeeCap(receipt);
  const most = cap / BigInt(tx.gasLimit);
  if (fees.maxFeePerGas > most)
    throw new ValidationError(
      `maxFeePerGas must be at most ${most} wei: the transaction's policy receipt caps gas limit x max fee at ${cap} wei, and a signer refuses a replacement above it`,
      { field: 'maxFeePerGas', maximum: most.toString() },
    );
}

const awaiting = (tx: TransactionRecord) => tx.replacements.find((r) => r.status === 'AWAITING_SIGNATURE');
/** The transaction is being cancelled: a cancel was sent, so later replacements (speed-ups of it, repricing) send the cancel again. */
export const cancelSent = (tx: TransactionRecord) => tx.replacements.some((r) => r.cancel && r.status === 'BROADCAST');
/** The mined candidate `hash` is a cancel. */
export const isCancelHash = (tx: TransactionRecord, hash: string) =>
  tx.replacements.some((r) => r.cancel && r.hash === hash);

/** 409 1301 unless a replacement can be asked for now. */
export function assertReplaceable(tx: TransactionRecord, reason: ReplacementReason) {
  if (!REPLACEABLE.has(tx.status) || tx.nonce === null || tx.chainId === null) {
    throw new InvalidStateError(
      `transaction is ${tx.status}; a replacement applies only after signing, while BROADCASTING or CONFIRMING`,
      { status: tx.status },
    );
  }
  if (tx.blockHash)
    throw new InvalidStateError('transaction is already mined; it waits only for confirmations', { status: tx.status });
  if (awaiting(tx))
    throw new InvalidStateError('a replacement of this transaction already awaits its signature', {
      status: tx.status,
    });
  if (reason === 'SPEED_UP' && cancelSent(tx))
    throw new InvalidStateError("the transaction is being cancelled: cancel again to raise the cancel's fees", {
      status: tx.status,
    });
}

/**
 * Stages the request for a replacement: its unsigned encoding and digest at the transaction's nonce, stored on the
 * transaction (AWAITING_SIGNATURE), with an audit entry and `transaction.replacement_requested`. No status change.
 */
export async function stageReplacementRequest(
  store: Store,
  uow: UnitOfWork,
  tx: TransactionRecord,
  r: { reason: ReplacementReason; fees: Fees; requestedBy: string | null; now: Date },
): Promise<TransactionRecord> {
  assertReplaceable(tx, r.reason);
  const cancel = r.reason === 'CANCEL' || cancelSent(tx);
  const call = cancel
    ? { to: (await loadWallet(store, tx.tenantId, tx.sourceWalletId)).address.toLowerCase(), value: 0n, data: '0x' }
    : chainCall(tx);
  const gasLimit = cancel ? CANCEL_GAS : (tx.gasLimit ?? CANCEL_GAS);
  const fields: PqEvmTx = {
    chainId: BigInt(tx.chainId!),
    nonce: BigInt(tx.nonce!),
    ...r.fees,
    gasLimit: BigInt(gasLimit),
    to: call.to,
    value: call.value,
    data: call.data,
  };
  const { unsignedTx, digest } = signingPayload(fields);
  const replacement: Replacement = {
    reason: r.reason,
    cancel,
    status: 'AWAITING_SIGNATURE',
    maxFeePerGas: r.fees.maxFeePerGas.toString(),
    maxPriorityFeePerGas: r.fees.maxPriorityFeePerGas.toString(),
    hash: null,
    replaces: tx.chainTxHash,
    requestedBy: r.requestedBy,
    createdAt: r.now.toISOString(),
    rejection: null,
    payload: { unsignedTx, digest, gasLimit, to: call.to, value: call.value.toString(), data: call.data },
  };
  const next: TransactionRecord = {
    ...tx,
    replacements: [...tx.replacements, replacement],
    updatedAt: r.now.toISOString(),
  };
  stageTransactionWrite(uow, next);
  const fees = {
    max_fee_per_gas: replacement.maxFeePerGas,
    max_priority_fee_per_gas: replacement.maxPriorityFeePerGas,
  };
  uow.audit({
    tenantId: tx.tenantId,
    action: 'transaction.replacement_requested',
    resourceType: 'transaction',
    resourceId: tx.id,
    change: { reason: r.reason, cancel, nonce: tx.nonce, digest, replaces: tx.chainTxHash, ...fees },
  });
  uow.event(
    tx.tenantId,
    'transaction.replacement_requested',
    { transaction_id: tx.id, reason: r.reason, nonce: tx.nonce!, digest, ...fees },
    tx.id,
  );
  return { ...next, version: tx.version + 1 };
}

/** The replacement awaiting its signature, and its fields as signed, or null when there is none. */
export function pendingReplacement(tx: TransactionRecord): { replacement: Replacement; fields: PqEvmTx } | null {
  const r = awaiting(tx);
  if (!r?.payload || tx.nonce === null || tx.chainId === null) return null;
  const p = r.payload;
  return {
    replacement: r,
    fields: {
      chainId: BigInt(tx.chainId),
      nonce: BigInt(tx.nonce),
      maxFeePerGas: BigInt(r.maxFeePerGas),
      maxPriorityFeePerGas: BigInt(r.maxPriorityFeePerGas),
      gasLimit: BigInt(p.gasLimit),
      to: p.to,
      value: BigInt(p.value),
      data: p.data,
    },
  };
}

/**
 * Verifies a replacement's signature against the wallet's key (422 1302, nothing changes) and stages it: the
 * transaction carries the replacement's bytes, hash and fees; a CONFIRMING one goes back to BROADCASTING (the worker
 * sends it), a BROADCASTING one is sent by the broadcast already under way. Audit entry and `transaction.replaced`.
 */
export async function stageReplacementSignature(
  store: Store,
  uow: UnitOfWork,
  profile: ChainProfile,
  tx: TransactionRecord,
  walletPublicKey: string,
  signature: string,
  now: Date,
): Promise<TransactionRecord> {
  const pending = pendingReplacement(tx);
  if (!pending)
    throw new InvalidStateError(`transaction is ${tx.status}; it is not waiting for a signature`, {
      status: tx.status,
    });
  await profile.loadMlDsa();
  let signed: { raw: string; hash: string };
  try {
    signed = profile.signedTransaction(pending.fields, walletPublicKey, signature);
  } catch (e) {
    if (e instanceof InvalidTxSignatureError) throw new SignatureMismatchError();
    throw e;
  }
  const r = pending.replacement;
  const done: Replacement = { ...r, status: 'BROADCAST', hash: signed.hash, payload: null };
  const changes: Partial<TransactionRecord> = {
    replacements: tx.replacements.map((x) => (x === r ? done : x)),
    signedTx: signed.raw,
    chainTxHash: signed.hash,
    unsignedTx: r.payload!.unsignedTx,
    digest: r.payload!.digest,
    maxFeePerGas: r.maxFeePerGas,
    maxPriorityFeePerGas: r.maxPriorityFeePerGas,
    fee: (BigInt(r.payload!.gasLimit) * BigInt(r.maxFeePerGas)).toString(),
    subStatus: null,
  };
  const fees = { max_fee_per_gas: r.maxFeePerGas, max_priority_fee_per_gas: r.maxPriorityFeePerGas };
  uow.event(
    tx.tenantId,
    'transaction.replaced',
    { transaction_id: tx.id, reason: r.reason, chain_tx_hash: signed.hash, replaces: r.replaces, ...fees },
    tx.id,
  );
  if (tx.status === 'CONFIRMING')
    return stageTransition(
      store,
      uow,
      tx,
      'BROADCASTING',
      'replacement',
      now,
      changes,
      `replacement ${r.reason}: ${signed.hash} replaces ${r.replaces ?? '?'}`,
    );
  const next: TransactionRecord = { ...tx, ...changes, updatedAt: now.toISOString() };
  stageTransactionWrite(uow, next);
  uow.audit({
    tenantId: tx.tenantId,
    action: 'transaction.replaced',
    resourceType: 'transaction',
    resourceId: tx.id,
    change: { reason: r.reason, chain_tx_hash: signed.hash, replaces: r.replaces, ...fees },
  });
  return { ...next, version: tx.version + 1 };
}

/**
 * A signer refused the replacement awaiting its signature (a `remote` or `grpc` answer, or a callback signer's
 * refusal): it is recorded REJECTED with the rejection, with its audit entry; the transaction keeps following the
 * candidates it has. Version-guarded like every transaction write.
 */
export function stageReplacementRefusal(
  uow: UnitOfWork,
  tx: TransactionRecord,
  replacement: Replacement,
  rejection: string,
  now: Date,
): TransactionRecord {
  const refused = tx.replacements.map((r) =>
    r === replacement ? { ...r, status: 'REJECTED' as const, payload: null, rejection } : r,
  );
  const next: TransactionRecord = { ...tx, replacements: refused, updatedAt: now.toISOString() };
  stageTransactionWrite(uow, next);
  uow.audit({
    tenantId: tx.tenantId,
    action: 'transaction.replacement_refused',
    resourceType: 'transaction',
    resourceId: tx.id,
    change: { reason: replacement.reason, rejection },
  });
  return { ...next, version: tx.version + 1 };
}

/**
 * The worker's part for a replacement awaiting its signature in `remote` and `grpc` modes: pushes its digest to the
 * signer with the wallet's key reference (as the PENDING_SIGNATURE step does for the original) and stages the
 * signature through `stageReplacementSignature`. Callback mode, a wallet without a key reference or a signer that
 * does not hold the key leave it waiting for a posted signature; a transient failure throws (the message comes back).
 */
export async function signPendingReplacement(
  deps: StepDeps,
  tenantId: string,
  txId: string,
): Promise<'signed' | 'waiting' | 'refused' | 'none'> {
  const now = deps.clock.now();
  return runInUnitOfWork(deps, { actor: SYSTEM, requestId: null, now }, async (uow) => {
    const item = await deps.store.get(keys.transaction(tenantId, txId), { consistent: true });
    if (!item) return 'none' as const;
    const tx = decodeTransaction(item);
    const pending = pendingReplacement(tx);
    if (!pending) return 'none' as const;
    if (!deps.signer) return 'waiting' as const;
    const wallet = await loadWallet(deps.store, tx.tenantId, tx.sourceWalletId);
    if (!wallet.signer_key_ref) return 'waiting' as const;
    // The replacement is signed under the transaction's receipt: the signer allows a cancel, or the same call, with fees
    // within the receipt's cap (docs/signer.md); above it the signer refuses and the replacement is dropped.
    const receipt = await readReceipt(deps.store, tx.tenantId, tx.id);
    if (!receipt) return 'waiting' as const;
    const payload = pending.replacement.payload!;
    const out = await deps.signer.sign({
      keyRef: wallet.signer_key_ref,
      digest: payload.digest,
      context: deps.profile.context,
      algorithm: wallet.algorithm,
      transactionId: tx.id,
      tenantId: tx.tenantId,
      unsignedTx: payload.unsignedTx,
      receipt,
    });
    if (out.outcome === 'transient') throw new SignerTransientError(`signer unavailable: ${out.reason}`);
    if (out.outcome === 'key_not_held') return 'waiting' as const;
    if (out.outcome === 'permanent' || out.outcome === 'receipt_invalid') {
      stageReplacementRefusal(uow, tx, pending.replacement, `signer refused: ${out.reason}`, now);
      return 'refused' as const;
    }
    await stageReplacementSignature(deps.store, uow, deps.profile, tx, wallet.public_key, out.signature, now);
    return 'signed' as const;
  });
}

const SYSTEM = { type: 'system' as const, user_id: null, key_id: null, component: 'transaction-worker' };
