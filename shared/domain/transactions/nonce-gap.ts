import { newIdAt } from '../ids.js';
import { runInUnitOfWork } from '../unit-of-work.js';
import { nativeAssetId } from '../assets/asset-record.js';
import { walletFromItem, type WalletRecord } from '../wallets/wallet-record.js';
import { keys } from '../../store/keys.js';
import type { ConfirmDeps } from './confirm.js';
import { NO_CHAIN_FACTS, type TransactionRecord } from './transaction.js';
import { transactionItem } from './transaction-item.js';
import { nonceWrite, readNonceItem, stageNonceWrite, type NonceState } from './wallet-nonce.js';
import { writeSubStatus } from './sub-status-write.js';

/**
 * Nonce gaps (docs/transactions.md, "Nonce gaps"). A node mines an account's transactions in nonce order, so one whose
 * nonce is above the node's pending nonce (`eth_getTransactionCount` pending: mined, plus the pool's transactions that
 * continue it) waits for the nonces below it: it is marked NONCE_GAP. A missing nonce held by another open transaction
 * of the wallet (awaiting its signature, being broadcast) is only waited for. A missing nonce nobody holds any more, a
 * *lost* one (its transaction cancelled or failed after taking it, nothing mined at it: the wallet's `released` list),
 * is filled: a FILL_NONCE transaction (a zero-value self-transfer at that nonce) is created in APPROVED holding it,
 * taken out of `released` in the same write, and follows the pipeline from there (fees, balance, the wallet's signer,
 * broadcast, confirmation) like any transfer. A filler that ends before the chain has its nonce gives it back, so a
 * later run fills it again; a transfer that takes a released nonce first leaves nothing to fill.
 */
const SYSTEM = { type: 'system' as const, user_id: null, key_id: null, component: 'chain-poller' };
const AS_POLLER = { component: 'chain-poller', statuses: ['CONFIRMING'] } as const;

/** Whether a transaction at `nonce` waits on a missing earlier nonce, the node's pending nonce being `pending`. */
export const waitsOnGap = (nonce: number | null, pending: number) => nonce !== null && nonce > pending;

/** The nonces below `highest` that are lost (released by the wallet and not yet passed by the chain), lowest first. */
export const lostNonces = (state: NonceState, pending: number, highest: number): number[] =>
  [...new Set(state.released)].filter((n) => n >= pending && n < highest).sort((a, b) => a - b);

export type GapCheck = { gapped: Set<string>; filled: number; marked: number; cleared: number };

/**
 * Checks the wallets of unmined CONFIRMING transactions the node knows: marks (or clears) NONCE_GAP and fills the lost
 * nonces below them; a NODE_UNAVAILABLE mark is cleared too (the node answered for it this run). `txs` are those transactions as read this run.
 */
export async function checkNonceGaps(deps: ConfirmDeps, txs: TransactionRecord[]): Promise<GapCheck> {
  const out: GapCheck = { gapped: new Set(), filled: 0, marked: 0, cleared: 0 };
  const byWallet = new Map<string, TransactionRecord[]>();
  for (const t of txs) {
    const k = `${t.tenantId}/${t.sourceWalletId}`;
    byWallet.set(k, [...(byWallet.get(k) ?? []), t]);
  }
  for (const group of byWallet.values()) {
    const { tenantId, sourceWalletId } = group[0]!;
    const item = await deps.store.get(keys.wallet(tenantId, sourceWalletId));
    if (!item) continue; // no wallet to read the node's nonce of (nothing the service can sign for)
    const wallet = walletFromItem(item);
    const pending = await deps.chain.pendingNonce(wallet.address);
    const waiting = group.filter((t) => waitsOnGap(t.nonce, pending));
    for (const t of group) {
      const gap = waiting.includes(t);
      if (gap) out.gapped.add(t.id);
      if (gap && t.subStatus !== 'NONCE_GAP') {
        const why = `nonce ${t.nonce} waits on the node's next nonce ${pending}: an earlier nonce of the wallet is missing`;
        if (await writeSubStatus(deps, t, 'NONCE_GAP', why, AS_POLLER)) out.marked++;
      } else if (!gap && (t.subStatus === 'NONCE_GAP' || t.subStatus === 'NODE_UNAVAILABLE')) {
        // Read this run, in the pool and in order: neither a gap nor an unanswering node holds it now.
        const why =
          t.subStatus === 'NONCE_GAP' ? `the nonces below ${t.nonce} reached the node` : 'the node answers again';
        if (await writeSubStatus(deps, t, null, why, AS_POLLER)) out.cleared++;
      }
    }
    if (!waiting.length) continue;
    const highest = Math.max(...waiting.map((t) => t.nonce!));
    const nonces = await readNonceItem(deps.store, tenantId, sourceWalletId);
    for (const n of lostNonces(nonces.state, pending, highest)) {
      if (await fillNonce(deps, wallet, n, nativeAssetId(waiting[0]!.chainId!))) out.filled++;
    }
  }
  return out;
}

/**
 * Creates the FILL_NONCE transaction for the lost nonce `n` of `wallet`, taking `n` out of the wallet's released
 * nonces (version-guarded) in the same unit of work, with its audit entry and `transaction.created`. Null when `n` is
 * no longer released (a transfer or another run took it).
 */
export async function fillNonce(
  deps: Pick<ConfirmDeps, 'store' | 'keys' | 'clock'>,
  wallet: WalletRecord,
  n: number,
  assetId: string,
): Promise<string | null> {
  const now = deps.clock.now();
  const ts = now.toISOString();
  return runInUnitOfWork(deps, { actor: SYSTEM, requestId: null, now }, async (uow) => {
    const read = await readNonceItem(deps.store, wallet.tenant_id, wallet.id);
    if (!read.state.released.includes(n)) return null;
    stageNonceWrite(
      uow,
      nonceWrite(wallet.tenant_id, wallet.id, read, {
        next: read.state.next,
        released: read.state.released.filter((r) => r !== n),
      }),
    );
    const tx: TransactionRecord = {
      ...NO_CHAIN_FACTS,
      id: newIdAt(now),
      tenantId: wallet.tenant_id,
      externalId: null,
      sourceVaultId: wallet.vault_id,
      sourceWalletId: wallet.id,
      destinationAddr: wallet.address,
      assetId,
      operation: 'FILL_NONCE',
      tokenId: null,
      contractCall: null,
      amount: '0',
      nonce: n,
      status: 'APPROVED',
      note: `fills the wallet's lost nonce ${n} so that its later transactions can be mined`,
      metadata: {},
      createdAt: ts,
      updatedAt: ts,
      initiator: { userId: 'system', keyId: SYSTEM.component },
      policyDecision: { outcome: 'allow', approvals: 0, reasons: [], evaluatedAt: ts, policyIds: [], checks: [] },
      approvals: [],
      approvalExpiresAt: null,
      expiresAt: null,
      screening: null,
      reservations: [],
      version: 1,
    };
    uow.create(transactionItem(tx));
    uow.audit({
      tenantId: tx.tenantId,
      action: 'transaction.created',
      resourceType: 'transaction',
      resourceId: tx.id,
      change: {
        status: tx.status,
        trigger: 'chain',
        operation: tx.operation,
        nonce: n,
        sourceWalletId: tx.sourceWalletId,
        destinationAddr: tx.destinationAddr,
        assetId,
        amount: tx.amount,
        externalId: null,
        policyDecision: tx.policyDecision,
      },
    });
    uow.event(
      tx.tenantId,
      'transaction.created',
      {
        transaction_id: tx.id,
        status: tx.status,
        source_wallet_id: tx.sourceWalletId,
        destination_addr: tx.destinationAddr,
        asset_id: assetId,
        amount: tx.amount,
        external_id: null,
        operation: tx.operation,
        token_id: null,
      },
      tx.id,
    );
    return tx.id;
  });
}
