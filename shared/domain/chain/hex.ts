import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';

/*
 * 0x hex and Keccak-256, the chain's encodings that need no ML-DSA: the JSON-RPC adapter reads and writes them, and
 * it must not pull the chain profile (ML-DSA, the transaction format) into the functions that only talk to the nodes
 * (meta's readiness, the chain poller). chain-profile.ts re-exports them.
 */

/** Keccak-256 as 0x-prefixed lowercase hex. */
export const keccak256Hex = (data: Uint8Array): string => `0x${bytesToHex(keccak_256(data))}`;

const HEX_RE = /^0x(?:[0-9a-fA-F]{2})*$/;
export const isHex = (s: string): boolean => HEX_RE.test(s);
/** 0x hex of exactly `bytes` bytes (a key or signature of a given parameter set). */
export const isHexOfBytes = (s: string, bytes: number): boolean => isHex(s) && s.length === 2 + 2 * bytes;
/** 0x hex to bytes; throws on malformed input (callers validate first with `isHex`). */
export function fromHex(s: string): Uint8Array {
  if (!isHex(s)) throw new Error('not 0x-prefixed hex of whole bytes');
  return hexToBytes(s.slice(2));
}
export const toHex = (b: Uint8Array): string => `0x${bytesToHex(b)}`;
