import type { Config } from '../config.js';
import { spendAllowances } from '../domain/policies/spend-allowance.js';

/**
 * Points the container's DAILY_LIMIT spend allowances (shared/domain/policies/spend-allowance.ts) at the function's
 * `CUSTODY_DAILY_LIMIT_ALLOWANCE`, read at the first lease taken. Called where the functions that submit transfers
 * (transactions, tokens) build their handler, so the other functions do not load the allowances.
 */
export function spendAllowancesFrom(d: { readonly config: Config }): void {
  spendAllowances.configure(() => d.config.CUSTODY_DAILY_LIMIT_ALLOWANCE);
}
