import type { Item, Store } from '../../ports/store.js';
import { keys } from '../../store/keys.js';
import type { UnitOfWork } from '../unit-of-work.js';

/**
 * A wallet's nonces (docs/transactions.md, "Signing"): one item per wallet, `next` (one above the highest nonce handed out) and `released`
 * (nonces handed out to transactions that ended before reaching the chain). Allocation reuses the lowest released
 * nonce first, so a cancelled or failed transaction never leaves a gap that would hold back the wallet's later
 * transactions; a released nonce the chain has already passed is dropped (something else used it), so a nonce on the
 * chain is never handed out again. The item is written version-guarded in the unit of work that moves the
 * transaction, so two transactions of a wallet can never take the same nonce.
 */
export type NonceState = { next: number; released: number[] };

export const EMPTY_NONCE_STATE: NonceState = { next: 0, released: [] };

/** The nonce for a new transaction and the wallet's state after it; `chainPending` is the node's pending nonce. */
export function allocateNonce(state: NonceState, chainPending: number): { nonce: number; state: NonceState } {
  const released = [...new Set(state.released)].filter((n) => n >= chainPending).sort((a, b) => a - b);
  const next = Math.max(state.next, chainPending);
  const reused = released.shift();
  if (reused !== undefined) return { nonce: reused, state: { next, released } };
  return { nonce: next, state: { next: next + 1, released } };
}

/** The wallet's state after a transaction holding `nonce` ended without reaching the chain. */
export function releaseNonce(state: NonceState, nonce: number): NonceState {
  if (nonce >= state.next || state.released.includes(nonce)) return state;
  return { next: state.next, released: [...state.released, nonce].sort((a, b) => a - b) };
}

/** A wallet's nonce item as read (null when the wallet never had a nonce), with its state. */
export type NonceItem = { state: NonceState; version: number | null };

export async function readNonceItem(store: Store, tenantId: string, walletId: string): Promise<NonceItem> {
  const item = await store.get(keys.walletNonce(tenantId, walletId), { consistent: true });
  if (!item) return { state: EMPTY_NONCE_STATE, version: null };
  return {
    state: { next: Number(item.next), released: ((item.released ?? []) as unknown[]).map(Number) },
    version: Number(item.version),
  };
}

/** The write of a wallet's new nonce state, guarded by the version read (created when there was none). */
export function nonceWrite(tenantId: string, walletId: string, read: NonceItem, state: NonceState): NonceWrite {
  const item = {
    ...keys.walletNonce(tenantId, walletId),
    entity: 'wallet_nonce',
    tenant_id: tenantId,
    wallet_id: walletId,
    next: state.next,
    released: state.released,
  };
  return read.version === null
    ? { kind: 'create', item: { ...item, version: 1 } }
    : { kind: 'replace', item: { ...item, version: read.version } };
}

export type NonceWrite = { kind: 'create'; item: Item } | { kind: 'replace'; item: Item & { version: number } };

export function stageNonceWrite(uow: UnitOfWork, w: NonceWrite): void {
  if (w.kind === 'create') uow.create(w.item);
  else uow.replace(w.item);
}

/** Gives a transaction's nonce back to its wallet, in the unit of work that ends the transaction. */
export async function stageNonceRelease(
  store: Store,
  uow: UnitOfWork,
  tenantId: string,
  walletId: string,
  nonce: number,
): Promise<void> {
  const read = await readNonceItem(store, tenantId, walletId);
  const state = releaseNonce(read.state, nonce);
  if (state !== read.state) stageNonceWrite(uow, nonceWrite(tenantId, walletId, read, state));
}
