import { spendAllowances } from '../domain/policies/spend-allowance.js';
import { readSettings } from './services.js';

/**
 * Sets the container's DAILY_LIMIT spend allowances from `CUSTODY_DAILY_LIMIT_ALLOWANCE` (and again when the local
 * stack or a test replaces the configuration). Imported, for its effect, by the entries of the functions that submit
 * transfers (functions/transactions, functions/tokens; the local stack runs those handlers), so the other functions
 * do not load the allowances (policies/spend-allowance.ts). An entry that submits without it fails loudly at its first
 * submission.
 */
readSettings((cfg) => spendAllowances.configure(cfg.CUSTODY_DAILY_LIMIT_ALLOWANCE));
