import { v5 as uuidv5 } from 'uuid';
import type { VersionedItem } from '../../ports/store.js';
import * as z from '../../schemas/zod.js';
import { keys } from '../../store/keys.js';
import { schemaDecoder } from '../../store/decode.js';
import { optionalString } from '../../store/stored-schema.js';

/**
 * A deposit: a native transfer seen on chain to a registered wallet, or an ERC-20 `Transfer` log of a registered token
 * to a wallet of the token's tenant. One per (chain transaction, receiving wallet) for the native asset, per (chain
 * transaction, receiving wallet, asset, position of the Transfer) for a token: its id is derived from them, so scanning
 * a block twice finds the same id and records nothing new.
 *
 *   DETECTED   seen in a canonical block, fewer than CUSTODY_CONFIRMATION_DEPTH confirmations;
 *   CONFIRMED  reached the depth (final);
 *   REORGED    its block left the canonical chain and the transfer was not found again (a later scan that finds it in
 *              a new block makes it DETECTED again, in that block).
 */
export const DEPOSIT_STATUSES = ['DETECTED', 'CONFIRMED', 'REORGED'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

export type DepositRecord = {
  id: string;
  tenant_id: string;
  wallet_id: string;
  vault_id: string;
  asset_id: string;
  /** Sender and receiver, lowercase 0x. */
  from: string;
  to: string;
  /** Smallest unit, decimal string. */
  amount: string;
  chain_tx_hash: string;
  /** Token deposits: the Transfer log's index in its block (as last seen); null for native deposits. */
  log_index: number | null;
  block_number: number;
  /** The hash of the block it was seen in: a different hash at that height later is a reorg. */
  block_hash: string;
  /** head - block_number + 1 when last looked at (1 = in the head block). */
  confirmations: number;
  status: DepositStatus;
  detected_at: string;
  confirmed_at: string | null;
  updated_at: string;
  version: number;
};

/** Namespace of deposit ids (a fixed random UUID; never change it, ids derive from it). */
const DEPOSIT_NAMESPACE = '5f0c1d2e-8a3b-4c6d-9e7f-0a1b2c3d4e5f';

/** The deposit id of a transfer to a wallet: the same inputs always give the same id (UUIDv5). */
export const depositId = (chainTxHash: string, walletId: string): string =>
  uuidv5(`deposit:${chainTxHash.toLowerCase()}:${walletId}`, DEPOSIT_NAMESPACE);

/**
 * The deposit id of a token Transfer to a wallet: `ordinal` is its position among the Transfers of that contract to that
 * address in the transaction (token-transfers.ts), stable when a reorg mines the transaction again elsewhere.
 */
export const tokenDepositId = (chainTxHash: string, walletId: string, assetId: string, ordinal: number): string =>
  uuidv5(`deposit:${chainTxHash.toLowerCase()}:${walletId}:token:${assetId}:${ordinal}`, DEPOSIT_NAMESPACE);

export const depositItem = (d: DepositRecord): VersionedItem => ({
  ...keys.deposit(d.tenant_id, d.id),
  ...keys.depositIndexes(d),
  entity: 'deposit',
  ...d,
});

/** The pointer that keeps a DETECTED deposit on the scanner's work list until it is CONFIRMED or REORGED. */
export const pendingDepositItem = (d: Pick<DepositRecord, 'tenant_id' | 'id' | 'block_number'>) => ({
  ...keys.pendingDeposit(d.tenant_id, d.id),
  entity: 'deposit_pending',
  tenant_id: d.tenant_id,
  deposit_id: d.id,
  block_number: d.block_number,
});

const DepositItem = z.lazySchema(() =>
  z.object({
    id: z.string(),
    tenant_id: z.string(),
    wallet_id: z.string(),
    vault_id: z.string(),
    asset_id: z.string(),
    from: z.string(),
    to: z.string(),
    amount: z.string(),
    chain_tx_hash: z.string(),
    log_index: z.nullish(z.number()),
    block_number: z.number(),
    block_hash: z.string(),
    confirmations: z.number(),
    status: z.enum(DEPOSIT_STATUSES),
    detected_at: z.string(),
    confirmed_at: optionalString(),
    updated_at: z.string(),
    version: z.number(),
  }),
);
export const asDeposit: (item: Record<string, unknown>) => DepositRecord = schemaDecoder<DepositRecord>(
  'deposit',
  DepositItem,
);

/** The API shape (docs/deposits.md, "API"), in this key order. */
export function depositView(d: DepositRecord) {
  return {
    id: d.id,
    wallet_id: d.wallet_id,
    vault_id: d.vault_id,
    asset_id: d.asset_id,
    from: d.from,
    amount: d.amount,
    chain_tx_hash: d.chain_tx_hash,
    block_number: d.block_number,
    confirmations: d.confirmations,
    status: d.status,
    detected_at: d.detected_at,
    confirmed_at: d.confirmed_at,
  };
}

/** The `data` of `deposit.detected` / `deposit.confirmed` (the event catalog's deposit shape). */
export function depositEventData(d: DepositRecord) {
  // The view without what changes over the deposit's life (status, times), its id named as the catalog names it.
  const { id, status: _status, detected_at: _detected, confirmed_at: _confirmed, ...rest } = depositView(d);
  return { deposit_id: id, ...rest };
}
