/*
 * 0x hex, the chain's text encoding of bytes: no hashing, no dependency (Node's Buffer does the conversion), so the
 * request schemas that check hex (shared/schemas/wallets.ts, through chain-profile-rules.ts) carry nothing more.
 * Keccak-256 is ./keccak.ts. chain-profile-rules.ts and chain-profile.ts re-export these.
 */

const HEX_RE = /^0x(?:[0-9a-fA-F]{2})*$/;
export const isHex = (s: string): boolean => HEX_RE.test(s);
/** 0x hex of exactly `bytes` bytes (a key or signature of a given parameter set). */
export const isHexOfBytes = (s: string, bytes: number): boolean => isHex(s) && s.length === 2 + 2 * bytes;
/** 0x hex to bytes (a Uint8Array of its own); throws on malformed input (callers validate first with `isHex`). */
export function fromHex(s: string): Uint8Array {
  if (!isHex(s)) throw new Error('not 0x-prefixed hex of whole bytes');
  return new Uint8Array(Buffer.from(s.slice(2), 'hex'));
}
/** Bytes as 0x-prefixed lowercase hex. */
export const toHex = (b: Uint8Array): string =>
  `0x${Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('hex')}`;
