import { keccak_256 } from '@noble/hashes/sha3.js';
import { toHex } from './hex.js';

/*
 * Keccak-256, the chain's hash (addresses, transaction hashes, event topics), without ML-DSA: the JSON-RPC adapter
 * uses it, and must not pull the chain profile (ML-DSA, the transaction format) into the functions that only talk to
 * the nodes (meta's readiness, the chain poller). chain-profile.ts re-exports it.
 */

/** Keccak-256 as 0x-prefixed lowercase hex. */
export const keccak256Hex = (data: Uint8Array): string => toHex(keccak_256(data));
