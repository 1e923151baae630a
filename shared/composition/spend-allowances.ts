import type { Config } from '../config.js';
import { SpendAllowances } from '../domain/policies/spend-allowance.js';

/**
 * The container's DAILY_LIMIT spend allowances (shared/domain/policies/spend-allowance.ts), reading the function's
 * `CUSTODY_DAILY_LIMIT_ALLOWANCE` at each lease: the `spendAllowances` port of the functions that submit transfers
 * (transactions, tokens) and of the policy dry run (policies), built at first use; the others do not declare it.
 */
export const spendAllowancesFrom = (d: { readonly config: Config }): SpendAllowances =>
  new SpendAllowances(() => d.config.CUSTODY_DAILY_LIMIT_ALLOWANCE);
