import { keccak_256 } from '@noble/hashes/sha3.js';

/*
 * The one rule for an address the service is sent: `0x` and 40 hex digits, and, when its letters are in mixed case,
 * the EIP-55 checksum that case encodes. All-lowercase and all-uppercase carry no checksum and are taken as they are;
 * mixed case with a wrong checksum is refused, since a one-letter typo in a checksummed address is what the checksum
 * exists to catch. The request schemas (shared/schemas/common.ts) and the token operation params read it here.
 */

/** 0x and 40 hex digits, in any letter case: the shape of an address. */
export const ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/;

/** The EIP-55 spelling of an address of the right shape: hex digit i upper-cased when nibble i of keccak256(lowercase hex) is 8 or more. */
export function checksumAddress(address: string): string {
  const hex = address.slice(2).toLowerCase();
  const hash = keccak_256(new TextEncoder().encode(hex));
  let out = '0x';
  for (let i = 0; i < 40; i++) {
    const nibble = i % 2 === 0 ? hash[i >> 1]! >> 4 : hash[i >> 1]! & 0x0f;
    out += nibble >= 8 ? hex[i]!.toUpperCase() : hex[i]!;
  }
  return out;
}

/** What is wrong with an address as sent: `shape` (not 0x + 40 hex digits), `checksum` (mixed case, wrong EIP-55), or null. */
export function addressProblem(value: string): 'shape' | 'checksum' | null {
  if (!ADDRESS_RE.test(value)) return 'shape';
  const digits = value.slice(2);
  if (digits === digits.toLowerCase() || digits === digits.toUpperCase()) return null;
  return value === checksumAddress(value) ? null : 'checksum';
}

/** The messages of the two refusals (400 1102), one wording wherever an address comes in. */
export const ADDRESS_MESSAGES = {
  shape: 'must be 0x followed by 40 hex characters',
  checksum:
    'has mixed-case letters that are not its EIP-55 checksum (a typo?); send it with its checksum, or all in lowercase',
} as const;
