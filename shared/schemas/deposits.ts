import * as z from 'zod';
import { paginationQuery, timestamp, uuid } from './common.js';
import { DEPOSIT_STATUSES } from '../domain/deposits/deposit-record.js';

/** Deposits (inbound native transfers to registered wallets) and wallet balances, snake_case as DESIGN.md 8 has them. */
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

export const Balance = z
  .object({ asset_id: uuid(), symbol: z.string(), amount: z.string().meta({ description: 'Integer amount in the asset\'s smallest unit, read from the chain now' }) })
  .meta({ id: 'Balance' });
export const BalanceList = z.object({ balances: z.array(Balance) });
