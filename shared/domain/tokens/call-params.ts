/**
 * The checks of the token call layer (calls.ts, erc20.ts): addresses, amounts and the error they throw. An address is
 * 0x and 20 bytes, lowercase, uppercase or with its EIP-55 checksum (shared/domain/chain/address.ts; answered
 * lowercase, as the rest of the service keeps addresses); amounts are decimal strings of the smallest unit, from 1 to
 * 2^256-1.
 */
import { addressProblem } from '../chain/address.js';

export { ADDRESS_RE } from '../chain/address.js';

export type Hex = `0x${string}`;

/** Parameters that do not fit the template or operation; the message says which and why. */
export class TokenCallError extends Error {
  override name = 'TokenCallError';
}

export const MAX_UINT256 = (1n << 256n) - 1n;
const AMOUNT_RE = /^(0|[1-9][0-9]*)$/;
const ZERO_ADDRESS = `0x${'00'.repeat(20)}`;

/** A non-zero address, lowercase. */
export function address(value: unknown, field: string): Hex {
  if (typeof value !== 'string' || addressProblem(value))
    throw new TokenCallError(`${field} must be a 0x address of 20 bytes (in mixed case, with its EIP-55 checksum)`);
  const a = value.toLowerCase() as Hex;
  if (a === ZERO_ADDRESS) throw new TokenCallError(`${field} must not be the zero address`);
  return a;
}

/** A positive uint256 amount from its decimal string. */
export function amount(value: unknown, field: string): bigint {
  if (typeof value !== 'string' || !AMOUNT_RE.test(value))
    throw new TokenCallError(`${field} must be a decimal string of the amount in the token's smallest unit`);
  return positive(BigInt(value), field);
}

export function positive(v: bigint, field: string): bigint {
  if (typeof v !== 'bigint' || v <= 0n) throw new TokenCallError(`${field} must be greater than 0`);
  if (v > MAX_UINT256) throw new TokenCallError(`${field} must be at most 2^256-1`);
  return v;
}
