import type { TokenOperation } from './templates.js';

/**
 * Every operation a transaction can carry (docs/tokens.md, "Operations and their params"): `TRANSFER` (the default: a native or token-asset transfer,
 * or a token's own transfer from its admin wallet) and the token operations. `DEPLOY_TOKEN` comes only from
 * POST /v1/tokens, the allowlist ones only from the allowlist routes; the rest from POST /v1/tokens/{id}/operations.
 */
export const TX_OPERATIONS = [
  'TRANSFER',
  'DEPLOY_TOKEN',
  'MINT',
  'BURN',
  'GRANT_ROLE',
  'REVOKE_ROLE',
  'PAUSE',
  'UNPAUSE',
  'FREEZE',
  'UNFREEZE',
  'UPDATE_COMPLIANCE',
  'ALLOWLIST_ADD',
  'ALLOWLIST_REMOVE',
] as const satisfies readonly TokenOperation[];

/**
 * What a transaction record can carry: the operations above and `FILL_NONCE`, the service's own zero-value
 * self-transfer at a wallet's lost nonce (docs/transactions.md, "Nonce gaps"). Never submitted, never a policy's.
 */
export const TRANSACTION_OPERATIONS = [...TX_OPERATIONS, 'FILL_NONCE'] as const;

/** What POST /v1/tokens/{id}/operations accepts. */
export const REQUESTED_OPERATIONS = [
  'MINT',
  'BURN',
  'TRANSFER',
  'GRANT_ROLE',
  'REVOKE_ROLE',
  'PAUSE',
  'UNPAUSE',
  'FREEZE',
  'UNFREEZE',
  'UPDATE_COMPLIANCE',
] as const satisfies readonly TokenOperation[];
export type RequestedOperation = (typeof REQUESTED_OPERATIONS)[number];

/** Operations whose `amount` (token units) counts against MAX_AMOUNT and DAILY_LIMIT. */
export const AMOUNT_OPERATIONS: ReadonlySet<TokenOperation> = new Set(['MINT', 'BURN', 'TRANSFER']);

/** The address a token operation acts on (its counterparty): checked by address rules and screening; null when none. */
export function operationCounterparty(operation: TokenOperation, params: Record<string, unknown>): string | null {
  const v =
    operation === 'MINT' || operation === 'TRANSFER'
      ? params.to
      : operation === 'ALLOWLIST_ADD' || operation === 'ALLOWLIST_REMOVE'
        ? params.address
        : params.account;
  return typeof v === 'string' ? v.toLowerCase() : null;
}

/** What a completed operation does to the token's status (PAUSE / UNPAUSE); undefined: nothing. */
export const STATUS_AFTER: Partial<Record<TokenOperation, 'ACTIVE' | 'PAUSED'>> = {
  PAUSE: 'PAUSED',
  UNPAUSE: 'ACTIVE',
};
