import * as z from './zod.js';
import { paginationQuery, timestamp, uint, uuid, nextCursor, described } from './common.js';
import { DEPOSIT_STATUSES } from '../domain/deposits/deposit-record.js';

/** Deposits (inbound native and token transfers to registered wallets) and wallet balances, snake_case (docs/deposits.md, "API"). */
export const DepositListQuery = z.lazySchema(() =>
  z.extend(paginationQuery(), {
    wallet_id: described(z.optional(uuid()), 'Only deposits to this wallet'),
    vault_id: described(z.optional(uuid()), 'Only deposits to wallets of this vault'),
    status: described(z.optional(z.enum(DEPOSIT_STATUSES)), 'Only deposits in this status'),
  }),
);

export const Deposit = z.lazySchema(() =>
  z.withMeta(
    z.object({
      id: described(uuid(), 'The deposit id'),
      wallet_id: described(uuid(), 'The wallet that received it'),
      vault_id: described(uuid(), "The wallet's vault"),
      asset_id: described(uuid(), 'The asset received'),
      from: z.withMeta(z.string(), { description: 'Sender address, lowercase 0x' }),
      amount: z.withMeta(z.string(), { description: "Integer amount in the asset's smallest unit" }),
      chain_tx_hash: described(z.string(), 'The hash of the chain transaction that paid it'),
      block_number: described(z.int().check(z.nonnegative()), 'The block it was found in'),
      confirmations: z.withMeta(z.int().check(z.nonnegative()), {
        description: 'Blocks from its block to the head, both counted, when the scanner last looked',
      }),
      status: described(z.enum(DEPOSIT_STATUSES), '`DETECTED`, then `CONFIRMED` at enough confirmations, or `REORGED`'),
      detected_at: described(timestamp(), 'When the scanner found it'),
      confirmed_at: described(z.nullable(timestamp()), 'When it reached enough confirmations; null until then'),
    }),
    { id: 'Deposit' },
  ),
);
export const DepositList = z.lazySchema(() =>
  z.object({ deposits: described(z.array(Deposit()), 'One page of deposits'), next_cursor: nextCursor() }),
);

export const BalanceListQuery = paginationQuery;

export const Balance = z.lazySchema(() =>
  z.withMeta(
    z.object({
      asset_id: described(uuid(), 'The asset'),
      symbol: described(z.string(), "The asset's ticker"),
      decimals: described(uint(), "The asset's decimal places"),
      amount: z.withMeta(z.nullable(z.string()), {
        description: "Integer amount in the asset's smallest unit, read from the chain now; null when `error` is set",
      }),
      amount_formatted: z.withMeta(z.nullable(z.string()), {
        description: 'The same amount in the asset\'s units (`decimals` places), e.g. "1.5"; null when `error` is set',
      }),
      error: z.withMeta(
        z.nullable(
          z.object({
            code: described(uint(), 'The catalog error code'),
            type: described(z.string(), 'The catalog error type'),
            message: described(z.string(), 'What went wrong'),
          }),
        ),
        {
          description:
            "Why a token's balance could not be read (a node refused its `balanceOf` call, or answered something that is not an ERC-20 balance: 1501 CHAIN_ERROR); null when read",
        },
      ),
    }),
    { id: 'Balance' },
  ),
);
export const BalanceList = z.lazySchema(() =>
  z.object({
    balances: described(z.array(Balance()), 'One page of balances, one per asset'),
    next_cursor: nextCursor(),
  }),
);
