import * as z from 'zod';
import { paginationQuery, timestamp, uint, uuid } from './common.js';
import { DEPOSIT_STATUSES } from '../domain/deposits/deposit-record.js';

/** Deposits (inbound native and token transfers to registered wallets) and wallet balances, snake_case as DESIGN.md 8 has them. */
export const DepositListQuery = paginationQuery.extend({
  wallet_id: uuid().optional(),
  vault_id: uuid().optional(),
  status: z.enum(DEPOSIT_STATUSES).optional(),
});

export const Deposit = z
  .object({
    id: uuid(),
    wallet_id: uuid(),
    vault_id: uuid(),
    asset_id: uuid(),
    from: z.string().meta({ description: 'Sender address, lowercase 0x' }),
    amount: z.string().meta({ description: 'Integer amount in the asset\'s smallest unit' }),
    chain_tx_hash: z.string(),
    block_number: z.number().int().nonnegative(),
    confirmations: z.number().int().nonnegative().meta({ description: 'Blocks from its block to the head, both counted, when the scanner last looked' }),
    status: z.enum(DEPOSIT_STATUSES),
    detected_at: timestamp(),
    confirmed_at: timestamp().nullable(),
  })
  .meta({ id: 'Deposit' });
export const DepositList = z.object({ deposits: z.array(Deposit), next_cursor: z.string().nullable() });

export const BalanceListQuery = paginationQuery;

export const Balance = z
  .object({
    asset_id: uuid(),
    symbol: z.string(),
    decimals: uint(),
    amount: z.string().nullable().meta({ description: 'Integer amount in the asset\'s smallest unit, read from the chain now; null when `error` is set' }),
    amount_formatted: z.string().nullable().meta({ description: 'The same amount in the asset\'s units (`decimals` places), e.g. "1.5"; null when `error` is set' }),
    error: z
      .object({ code: uint(), type: z.string(), message: z.string() })
      .nullable()
      .meta({ description: 'Why a token\'s balance could not be read (a node refused its `balanceOf` call, or answered something that is not an ERC-20 balance: 1501 CHAIN_ERROR); null when read' }),
  })
  .meta({ id: 'Balance' });
export const BalanceList = z.object({ balances: z.array(Balance), next_cursor: z.string().nullable() });
