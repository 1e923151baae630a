import * as z from './zod.js';
import { paginationQuery, timestamp, uint, uuid, nextCursor } from './common.js';
import { DEPOSIT_STATUSES } from '../domain/deposits/deposit-record.js';

/** Deposits (inbound native and token transfers to registered wallets) and wallet balances, snake_case as DESIGN.md 8 has them. */
export const DepositListQuery = z.lazySchema(() => z.extend(paginationQuery(), {
  wallet_id: z.optional(uuid()),
  vault_id: z.optional(uuid()),
  status: z.optional(z.enum(DEPOSIT_STATUSES)),
}));

export const Deposit = z.lazySchema(() => z.withMeta(z.object({
    id: uuid(),
    wallet_id: uuid(),
    vault_id: uuid(),
    asset_id: uuid(),
    from: z.withMeta(z.string(), { description: 'Sender address, lowercase 0x' }),
    amount: z.withMeta(z.string(), { description: 'Integer amount in the asset\'s smallest unit' }),
    chain_tx_hash: z.string(),
    block_number: z.int().check(z.nonnegative()),
    confirmations: z.withMeta(z.int().check(z.nonnegative()), { description: 'Blocks from its block to the head, both counted, when the scanner last looked' }),
    status: z.enum(DEPOSIT_STATUSES),
    detected_at: timestamp(),
    confirmed_at: z.nullable(timestamp()),
  }), { id: 'Deposit' }));
export const DepositList = z.lazySchema(() => z.object({ deposits: z.array(Deposit()), next_cursor: nextCursor() }));

export const BalanceListQuery = paginationQuery;

export const Balance = z.lazySchema(() => z.withMeta(z.object({
    asset_id: uuid(),
    symbol: z.string(),
    decimals: uint(),
    amount: z.withMeta(z.nullable(z.string()), { description: 'Integer amount in the asset\'s smallest unit, read from the chain now; null when `error` is set' }),
    amount_formatted: z.withMeta(z.nullable(z.string()), { description: 'The same amount in the asset\'s units (`decimals` places), e.g. "1.5"; null when `error` is set' }),
    error: z.withMeta(z.nullable(z.object({ code: uint(), type: z.string(), message: z.string() })), { description: 'Why a token\'s balance could not be read (a node refused its `balanceOf` call, or answered something that is not an ERC-20 balance: 1501 CHAIN_ERROR); null when read' }),
  }), { id: 'Balance' }));
export const BalanceList = z.lazySchema(() => z.object({ balances: z.array(Balance()), next_cursor: nextCursor() }));
